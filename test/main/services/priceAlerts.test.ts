import { describe, expect, it } from 'vitest';
import { AppEvents } from '../../../src/main/core/events';
import type { ExchangeApi } from '../../../src/main/exchange/api';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import {
  alertNotification,
  PriceAlertBook,
  PriceAlertService,
} from '../../../src/main/services/priceAlerts';
import { priceAlertInput } from '../../../src/shared/contract';
import { DeskFailure } from '../../../src/shared/errors';
import type {
  Market,
  PriceAlert,
  PriceAlertFired,
  PriceAlertSpec,
  Ticker,
} from '../../../src/shared/model';

const T0 = 1_800_000_000_000;

const alert = (over: Partial<PriceAlert> = {}): PriceAlert => ({
  id: 1,
  createdAt: T0,
  market: 'BTC_USDT',
  direction: 'above',
  price: '50000',
  repeat: 'once',
  note: '',
  state: 'armed',
  firedAt: null,
  firedPrice: null,
  ...over,
});

const states = (book: PriceAlertBook, prices: Record<string, string>) =>
  book.evaluate(prices, T0).map((c) => `${c.alert.id}:${c.to}`);

describe('PriceAlertBook: evaluation', () => {
  it('fires an alert above at or over its price, not under it', () => {
    const book = new PriceAlertBook([alert()]);
    expect(states(book, { BTC_USDT: '49999.99' })).toEqual([]);
    expect(states(book, { BTC_USDT: '50000.00' })).toEqual(['1:fired']);
  });

  it('fires an alert below at or under its price, not over it', () => {
    const book = new PriceAlertBook([alert({ direction: 'below', price: '0.1' })]);
    expect(states(book, { BTC_USDT: '0.10000001' })).toEqual([]);
    expect(states(book, { BTC_USDT: '0.1' })).toEqual(['1:fired']);
  });

  it('compares decimals exactly: a price one unit past the 18th place is past it', () => {
    const book = new PriceAlertBook([alert({ price: '0.300000000000000001' })]);
    // As floats 0.1 + 0.2 and 0.3 are not what they say; as decimals these are exact.
    expect(states(book, { BTC_USDT: '0.3' })).toEqual([]);
    expect(states(book, { BTC_USDT: '0.300000000000000001' })).toEqual(['1:fired']);
  });

  it('fires "once" one time: staying over, or crossing back and over again, fires no more', () => {
    const book = new PriceAlertBook([alert()]);
    expect(states(book, { BTC_USDT: '50001' })).toEqual(['1:fired']);
    expect(states(book, { BTC_USDT: '50002' })).toEqual([]);
    expect(states(book, { BTC_USDT: '49000' })).toEqual([]);
    expect(states(book, { BTC_USDT: '51000' })).toEqual([]);
  });

  it('re-arms "every time" when the price crosses back (not at the price), and fires again', () => {
    const book = new PriceAlertBook([alert({ repeat: 'every' })]);
    expect(states(book, { BTC_USDT: '50000' })).toEqual(['1:fired']);
    expect(states(book, { BTC_USDT: '50000' })).toEqual([]);
    expect(states(book, { BTC_USDT: '49999' })).toEqual(['1:armed']);
    expect(states(book, { BTC_USDT: '49998' })).toEqual([]);
    expect(states(book, { BTC_USDT: '50100' })).toEqual(['1:fired']);
  });

  it('looks only at the markets a message names, and ignores a price that is not a number', () => {
    const book = new PriceAlertBook([alert(), alert({ id: 2, market: 'ETH_USDT', price: '10' })]);
    expect(states(book, { ETH_USDT: 'NaN', LTC_USDT: '99999999' })).toEqual([]);
    expect(states(book, { ETH_USDT: '11', BTC_USDT: '1' })).toEqual(['2:fired']);
  });

  it('names as live markets those whose alerts a price can still change', () => {
    const book = new PriceAlertBook([
      alert({ state: 'fired' }),
      alert({ id: 2, market: 'ETH_USDT', state: 'fired', repeat: 'every' }),
      alert({ id: 3, market: 'LTC_USDT' }),
    ]);
    expect(book.markets()).toEqual(['ETH_USDT', 'LTC_USDT']);
  });
});

const MARKETS = [
  { name: 'BTC_USDT', stock: 'BTC', money: 'USDT', moneyPrec: 2 },
  { name: 'ETH_USDT', stock: 'ETH', money: 'USDT', moneyPrec: 2 },
] as Market[];

function setUp() {
  const store = HistoryStore.open(undefined);
  const events = new AppEvents();
  const fired: PriceAlertFired[][] = [];
  const changed: string[] = [];
  const notified: Array<[string, string]> = [];
  events.subscribe((name, payload) => {
    if (name === 'priceAlerts.fired') fired.push(payload as PriceAlertFired[]);
    if (name === 'priceAlerts.changed')
      changed.push(...(payload as PriceAlert[]).map((a) => `${a.id}:${a.state}`));
  });
  const state = { now: T0, locked: false, ticker: {} as Ticker, tickerReads: 0, profile: 'p1' };
  const api = {
    markets: async () => MARKETS,
    ticker: async () => (state.tickerReads++, state.ticker),
  } as unknown as ExchangeApi;
  const service = new PriceAlertService({
    store: store.priceAlerts,
    active: () => ({ id: state.profile, api }),
    isLocked: () => state.locked,
    events,
    notify: (title, body) => (notified.push([title, body]), true),
    pollIntervalMs: 10_000,
    now: () => state.now,
  });
  service.start();
  const streamPrices = (prices: Record<string, string>) =>
    events.emit('stream.prices', { prices, at: state.now });
  const setTicker = (prices: Record<string, string>) => {
    state.ticker = Object.fromEntries(
      Object.entries(prices).map(([m, lastPrice]) => [
        m,
        { lastPrice, quoteVolume: '0', baseVolume: '0', change: '0', isFrozen: false },
      ]),
    );
  };
  return { store, service, fired, changed, notified, state, streamPrices, setTicker };
}

const spec = (over: Partial<PriceAlertSpec> = {}): PriceAlertSpec => ({
  market: 'BTC_USDT',
  direction: 'above',
  price: '50000',
  repeat: 'once',
  note: '',
  ...over,
});

/** Lets the notification's market read settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PriceAlertService', () => {
  it('fires from the stream: the page is told, a notification shown, the state kept', async () => {
    const t = setUp();
    await t.service.add(spec({ note: 'take profit' }));
    t.streamPrices({ BTC_USDT: '49999.99' });
    expect(t.fired).toEqual([]);
    t.streamPrices({ BTC_USDT: '50000.5' });
    await settle();
    expect(t.fired).toHaveLength(1);
    expect(t.fired[0]![0]).toMatchObject({ price: '50000.5', at: T0 });
    expect(t.fired[0]![0]!.alert).toMatchObject({ state: 'fired', firedPrice: '50000.5' });
    expect(t.notified).toEqual([
      ['BTC/USDT above 50,000.00', 'Last price 50,000.50 · take profit'],
    ]);
    expect(t.service.list().alerts[0]).toMatchObject({ state: 'fired', firedAt: T0 });
    t.streamPrices({ BTC_USDT: '50001' });
    expect(t.fired).toHaveLength(1);
  });

  it('polls the ticker for a market the stream has not priced within the interval', async () => {
    const t = setUp();
    t.setTicker({ ETH_USDT: '101', BTC_USDT: '1' });
    // Added: checked at once, the ticker read for it (the stream has not priced ETH_USDT).
    await t.service.add(spec({ direction: 'below', price: '100', market: 'ETH_USDT' }));
    await settle();
    expect(t.state.tickerReads).toBe(1);
    expect(t.fired).toEqual([]);
    t.setTicker({ ETH_USDT: '99', BTC_USDT: '1' });
    await t.service.poll();
    expect(t.state.tickerReads).toBe(2);
    expect(t.fired.map((f) => f[0]!.price)).toEqual(['99']);
  });

  it('does not poll while the stream prices the market; polls again once it went quiet', async () => {
    const t = setUp();
    t.streamPrices({ BTC_USDT: '100' });
    await t.service.add(spec({ repeat: 'every' }));
    await settle();
    t.state.now += 9_999;
    await t.service.poll();
    expect(t.state.tickerReads).toBe(0);
    // The stream is down: no price for a whole interval, the ticker stands in.
    t.state.now += 1;
    t.setTicker({ BTC_USDT: '60000' });
    await t.service.poll();
    expect(t.state.tickerReads).toBe(1);
    expect(t.fired).toHaveLength(1);
    // Back under: armed again, the page told (no notice).
    t.streamPrices({ BTC_USDT: '100' });
    expect(t.changed).toEqual(['1:fired', '1:armed']);
    expect(t.fired).toHaveLength(1);
  });

  it('checks an alert as it is added against the last price seen: already past, it fires', async () => {
    const t = setUp();
    t.streamPrices({ BTC_USDT: '50000' });
    const { alerts } = await t.service.add(spec({ price: '49000' }));
    expect(alerts[0]).toMatchObject({ state: 'fired', firedPrice: '50000' });
    expect(t.fired).toHaveLength(1);
    expect(t.state.tickerReads).toBe(0);
  });

  it('reads no ticker when no alert can change, and evaluates nothing while locked', async () => {
    const t = setUp();
    await t.service.poll();
    expect(t.state.tickerReads).toBe(0);
    await t.service.add(spec());
    await settle();
    expect(t.state.tickerReads).toBe(1);
    t.state.locked = true;
    t.streamPrices({ BTC_USDT: '60000' });
    await t.service.poll();
    expect(t.state.tickerReads).toBe(1);
    expect(t.fired).toEqual([]);
  });

  it('keeps alerts per profile', async () => {
    const t = setUp();
    await t.service.add(spec());
    t.state.profile = 'p2';
    expect(t.service.list().alerts).toEqual([]);
    t.streamPrices({ BTC_USDT: '60000' });
    expect(t.fired).toEqual([]);
    t.state.profile = 'p1';
    t.streamPrices({ BTC_USDT: '60000' });
    expect(t.fired).toHaveLength(1);
  });

  it('edits an alert (armed again) and removes one', async () => {
    const t = setUp();
    const { alerts } = await t.service.add(spec());
    t.streamPrices({ BTC_USDT: '60000' });
    const id = alerts[0]!.id;
    const edited = await t.service.edit(id, spec({ price: '70000', note: 'higher' }));
    expect(edited.alerts).toEqual([
      expect.objectContaining({
        id,
        price: '70000',
        note: 'higher',
        state: 'armed',
        firedAt: null,
      }),
    ]);
    t.streamPrices({ BTC_USDT: '69999' });
    expect(t.fired).toHaveLength(1);
    t.streamPrices({ BTC_USDT: '70000' });
    expect(t.fired).toHaveLength(2);
    expect(t.service.remove(id).alerts).toEqual([]);
    expect(() => t.service.remove(id)).toThrow(DeskFailure);
  });

  it('refuses an unknown market and more places than the tick, under their fields', async () => {
    const t = setUp();
    const refusal = (s: PriceAlertSpec) =>
      t.service.add(s).then(
        () => undefined,
        (e: DeskFailure) => e.fields,
      );
    expect(await refusal(spec({ market: 'DOGE_EUR' }))).toEqual({
      market: ['Choose a market this exchange lists.'],
    });
    expect(await refusal(spec({ price: '50000.001' }))).toEqual({
      price: ['Enter the price with at most 2 decimal places: BTC_USDT moves in steps of 0.01.'],
    });
    expect(t.service.list().alerts).toEqual([]);
  });
});

describe('priceAlertInput', () => {
  const fields = (input: unknown) => {
    const parsed = priceAlertInput.safeParse(input);
    return parsed.success ? {} : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  const good = { market: 'BTC_USDT', direction: 'above', price: '50000', repeat: 'once' };

  it('takes a well-formed alert, the note empty by default', () => {
    expect(priceAlertInput.parse(good)).toEqual({ ...good, note: '' });
  });

  it('refuses a price of 0 or not a number, a long note, a bad market, under each field', () => {
    expect(fields({ ...good, price: '0' })).toEqual([['price', 'Enter a price above 0.']]);
    expect(fields({ ...good, price: '-1' })).toEqual([
      ['price', 'Enter the price as a number, e.g. 0.5.'],
    ]);
    expect(fields({ ...good, price: 'abc' })).toContainEqual([
      'price',
      'Enter the price as a number, e.g. 0.5.',
    ]);
    expect(fields({ ...good, note: 'x'.repeat(201) })).toEqual([
      ['note', 'Use at most 200 characters.'],
    ]);
    expect(fields({ ...good, market: 'btc' })).toEqual([['market', 'Choose a market.']]);
    expect(fields({ ...good, direction: 'sideways' })).toEqual([
      ['direction', 'Choose above or below.'],
    ]);
  });
});

describe('alertNotification', () => {
  it('writes prices at the market tick, or as they are without the market list', () => {
    const fired = { alert: alert({ direction: 'below', price: '1234.5' }), price: '1234', at: T0 };
    expect(alertNotification(fired, MARKETS)).toEqual([
      'BTC/USDT below 1,234.50',
      'Last price 1,234.00',
    ]);
    expect(alertNotification(fired, undefined)).toEqual([
      'BTC/USDT below 1234.5',
      'Last price 1234',
    ]);
  });
});
