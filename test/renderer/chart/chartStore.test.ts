import { afterEach, describe, expect, it } from 'vitest';
import {
  applyCandle,
  CANDLES_KEPT,
  mergeCandles,
  spanOfCandles,
  STREAM_SLACK,
  useCandles,
} from '../../../src/renderer/features/chart/chartStore';
import {
  changePercent,
  headRangeMemo,
  rangeOf,
  visibleCandles,
} from '../../../src/renderer/features/chart/candles';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { Candle, CandleSeries, ChartInterval } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';

afterEach(() => {
  setDesk(undefined);
  useCandles.setState(useCandles.getInitialState(), true);
});

const HOUR = 3_600_000;
const candle = (i: number, close = `${100 + i}`): Candle => ({
  time: i * HOUR,
  open: '100',
  close,
  high: '200',
  low: '50',
  stockVolume: '1',
  moneyVolume: close,
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => candle(from + k));
const series = (candles: Candle[], interval: ChartInterval = '1h'): CandleSeries => ({
  market: 'BTC_USDT',
  interval,
  candles,
  fetchedAt: 1,
});

describe('mergeCandles', () => {
  it('orders by time, the newer answer wins a shared time, and keeps the newest CANDLES_KEPT', () => {
    expect(mergeCandles([candle(1), candle(2, '7')], [candle(2, '9'), candle(3)])).toEqual([
      candle(1),
      candle(2, '9'),
      candle(3),
    ]);
    const many = mergeCandles(range(0, CANDLES_KEPT), range(CANDLES_KEPT, CANDLES_KEPT + 5));
    expect(many).toHaveLength(CANDLES_KEPT);
    expect(many[0]!.time).toBe(5 * HOUR);
  });
});

describe('the chart’s candles', () => {
  it('loadOlder prepends the page before the first candle, once at a time, until none is left', async () => {
    let answer = range(100, 200);
    const fake = fakeDesk({
      'trade.candles': async (input) =>
        series((input as { before?: number }).before === undefined ? range(200, 300) : answer),
    });
    setDesk(fake.desk);
    await useCandles.getState().load({ market: 'BTC_USDT', interval: '1h' });
    await Promise.all([useCandles.getState().loadOlder(), useCandles.getState().loadOlder()]);
    expect(fake.callsTo('trade.candles')).toEqual([
      { market: 'BTC_USDT', interval: '1h' },
      { market: 'BTC_USDT', interval: '1h', before: 200 * HOUR },
    ]);
    expect(useCandles.getState().data!.candles).toEqual(range(100, 300));
    answer = [];
    await useCandles.getState().loadOlder();
    expect(useCandles.getState().exhausted).toBe(true);
    await useCandles.getState().loadOlder();
    expect(fake.callsTo('trade.candles')).toHaveLength(3);
  });

  it('refreshLatest merges the newest candles without dropping the older ones scrolled back to', async () => {
    let latest = range(200, 300);
    const fake = fakeDesk({
      'trade.candles': async (input) =>
        series((input as { before?: number }).before === undefined ? latest : range(100, 200)),
    });
    setDesk(fake.desk);
    await useCandles.getState().load({ market: 'BTC_USDT', interval: '1h' });
    await useCandles.getState().loadOlder();
    latest = [...range(201, 299), candle(299, '42'), candle(300)];
    await useCandles.getState().refreshLatest();
    const candles = useCandles.getState().data!.candles;
    expect(candles).toHaveLength(201);
    expect(candles[0]).toEqual(candle(100));
    expect(candles.slice(-2)).toEqual([candle(299, '42'), candle(300)]);
  });

  it('an older page that answers after another interval was chosen is dropped', async () => {
    let release: (value: CandleSeries) => void = () => undefined;
    const fake = fakeDesk({
      'trade.candles': async (input) => {
        const { before, interval } = input as { before?: number; interval: ChartInterval };
        if (before !== undefined) return new Promise<CandleSeries>((r) => (release = r));
        return series(range(200, 300), interval);
      },
    });
    setDesk(fake.desk);
    await useCandles.getState().load({ market: 'BTC_USDT', interval: '1h' });
    const older = useCandles.getState().loadOlder();
    await useCandles.getState().load({ market: 'BTC_USDT', interval: '5m' });
    release(series(range(100, 200)));
    await older;
    expect(useCandles.getState().data).toEqual(series(range(200, 300), '5m'));
  });
});

describe('a pushed candle', () => {
  it('changes the last candle or adds the next, only for the market and interval shown', async () => {
    setDesk(fakeDesk({ 'trade.candles': async () => series(range(200, 300)) }).desk);
    await useCandles.getState().load({ market: 'BTC_USDT', interval: '1h' });
    applyCandle({ market: 'BTC_USDT', interval: '1h', candle: candle(299, '7') });
    applyCandle({ market: 'BTC_USDT', interval: '1h', candle: candle(300) });
    applyCandle({ market: 'BTC_USDT', interval: '5m', candle: candle(301) });
    applyCandle({ market: 'ETH_USDT', interval: '1h', candle: candle(302) });
    const candles = useCandles.getState().data!.candles;
    expect(candles).toHaveLength(101);
    expect(candles.slice(-2)).toEqual([candle(299, '7'), candle(300)]);
  });

  it('an older candle is merged in at its time; the held ones are never changed in place', async () => {
    setDesk(fakeDesk({ 'trade.candles': async () => series(range(200, 300)) }).desk);
    await useCandles.getState().load({ market: 'BTC_USDT', interval: '1h' });
    const before = useCandles.getState().data!.candles;
    applyCandle({ market: 'BTC_USDT', interval: '1h', candle: candle(250, '7') });
    applyCandle({ market: 'BTC_USDT', interval: '1h', candle: candle(299, '8') });
    const candles = useCandles.getState().data!.candles;
    expect(candles).toHaveLength(100);
    expect(candles[50]).toEqual(candle(250, '7'));
    expect(candles.at(-1)).toEqual(candle(299, '8'));
    expect(before).toEqual(range(200, 300));
  });

  it('beyond CANDLES_KEPT the oldest go a slack at once, not one per new candle', async () => {
    setDesk(fakeDesk({ 'trade.candles': async () => series(range(0, CANDLES_KEPT)) }).desk);
    await useCandles.getState().load({ market: 'BTC_USDT', interval: '1h' });
    const push = (i: number) =>
      applyCandle({ market: 'BTC_USDT', interval: '1h', candle: candle(i) });
    for (let i = CANDLES_KEPT; i < CANDLES_KEPT + STREAM_SLACK; i++) push(i);
    let candles = useCandles.getState().data!.candles;
    expect(candles).toHaveLength(CANDLES_KEPT + STREAM_SLACK);
    expect(candles[0]!.time).toBe(0);
    push(CANDLES_KEPT + STREAM_SLACK);
    candles = useCandles.getState().data!.candles;
    expect(candles).toHaveLength(CANDLES_KEPT);
    expect(candles[0]!.time).toBe((STREAM_SLACK + 1) * HOUR);
    expect(candles.at(-1)).toEqual(candle(CANDLES_KEPT + STREAM_SLACK));
  });
});

describe('the text alternative', () => {
  it('the visible candles are the chart’s logical range, clipped to the data', () => {
    const all = range(0, 10);
    expect(visibleCandles(all, null)).toEqual([]);
    expect(visibleCandles(all, { from: 2.4, to: 5.6 })).toEqual(range(3, 6));
    expect(visibleCandles(all, { from: -30, to: 40 })).toEqual(all);
    expect(visibleCandles(all, { from: 11, to: 20 })).toEqual([]);
  });

  it('range and change are exact decimals: first open to last close, in percent', () => {
    const candles: Candle[] = [
      { ...candle(0), open: '0.1', high: '0.3', low: '0.1' },
      { ...candle(1), high: '0.35', low: '0.05', close: '0.2' },
    ];
    expect(changePercent(candles)).toEqual({ high: '0.35', low: '0.05', change: '100.00' });
    expect(changePercent([{ ...candle(0), open: '3', close: '2' }]).change).toBe('-33.33');
  });

  it('with the range of all but the last given, the last candle still widens it', () => {
    const candles: Candle[] = [
      { ...candle(0), open: '0.1', high: '0.3', low: '0.1' },
      { ...candle(1), high: '0.35', low: '0.05', close: '0.2' },
      { ...candle(2), high: '0.4', low: '0.06', close: '0.3' },
    ];
    const head = rangeOf(candles.slice(0, -1));
    expect(head).toEqual({ high: '0.35', low: '0.05' });
    expect(changePercent(candles, head)).toEqual(changePercent(candles));
    expect(changePercent(candles, head)).toEqual({ high: '0.4', low: '0.05', change: '200.00' });
  });

  it('the head range is read again only when a candle but the last is another one', () => {
    const range = headRangeMemo();
    let reads = 0;
    const counted = { ...candle(1), low: '50' };
    Object.defineProperty(counted, 'high', {
      get: () => {
        reads++;
        return '300';
      },
    });
    expect(range([candle(0)])).toBeUndefined();
    const head = [candle(0), counted];
    expect(range([...head, candle(2)])).toEqual({ high: '300', low: '50' });
    const readOnce = reads;
    // The last moves (a tick): the same answer, the head candles not read again.
    expect(range([...head, { ...candle(2), high: '999' }])).toEqual({ high: '300', low: '50' });
    expect(reads).toBe(readOnce);
    // A candle but the last replaced (a merge): read again.
    expect(range([head[0]!, { ...candle(1), low: '1' }, candle(2)])).toEqual({
      high: '200',
      low: '1',
    });
  });
});

describe('the panel’s view of the candles', () => {
  it('keeps the series it answered while only the last candle moves (a tick)', () => {
    const select = spanOfCandles();
    const first = series(range(0, 3));
    expect(select({ data: first })).toBe(first);
    // A tick: the same candles, the last one's close moved.
    const ticked = series([...range(0, 2), candle(2, '150')]);
    expect(select({ data: ticked })).toBe(first);
    // A new candle, older ones, another interval or market: the new series.
    const next = series(range(0, 4));
    expect(select({ data: next })).toBe(next);
    const older = series(range(-1, 4));
    expect(select({ data: older })).toBe(older);
    const day = series(range(-1, 4), '1d');
    expect(select({ data: day })).toBe(day);
    const eth = { ...day, market: 'ETH_USDT' };
    expect(select({ data: eth })).toBe(eth);
    expect(select({})).toBeUndefined();
  });
});
