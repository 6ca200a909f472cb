import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Client } from '@exchange-desk/demo-exchange/testing';
import type { DemoExchange } from '@exchange-desk/demo-exchange';
import { indexCloses, marketsFor, priceSeries } from '../../../src/main/portfolioHistory/prices';
import type { DailyClose } from '../../../src/main/portfolioHistory/records';
import { demoHoldings } from '../../main/portfolioHistory/fixtures';

/**
 * Public market data as the reference has it (http-v4.yaml, http-v1.yaml): the fee list, the order
 * book and its depth, recent trades and candles, with their error bodies.
 */
type Rec = Record<string, unknown>;
let ex: DemoExchange;
let client: Client;
beforeAll(async () => ({ ex, client } = await start({ casing: 'spec' })));
afterAll(() => ex.stop());

const NOT_AVAILABLE = { market: ['Market is not available.'] };

describe('GET /api/v4/public/fee', () => {
  it('crypto: flat deposit and withdraw fees and limits; fiat: per payment provider', async () => {
    const r = await client.get<Record<string, Rec>>('/api/v4/public/fee');
    expect(r.status).toBe(200);
    const assets = await client.get<Record<string, Rec>>('/api/v4/public/assets');
    expect(Object.keys(r.json).sort()).toEqual(Object.keys(assets.json).sort());
    expect(r.json.BTC).toEqual({
      is_depositable: true,
      is_withdrawal: true,
      is_api_withdrawal: true,
      is_api_depositable: true,
      ticker: 'BTC',
      name: 'Bitcoin',
      providers: [],
      withdraw: { max_amount: '0', min_amount: '0.0001', fixed: '0.0002', flex: null },
      deposit: { max_amount: '0', min_amount: '0.0001', fixed: null, flex: null },
    });
    expect(r.json.DOT).toMatchObject({ is_depositable: true, is_withdrawal: false });
    expect(r.json.EUR).toEqual({
      is_api_withdrawal: true,
      is_api_depositable: true,
      ticker: 'EUR',
      name: 'Euro',
      providers: ['SEPA', 'VISAMASTER'],
      withdraw: {
        SEPA: {
          is_withdrawal: true,
          is_api_withdrawal: true,
          ticker: 'SEPA',
          name: 'EUR SEPA',
          max_amount: '14500',
          min_amount: '10',
          fixed: null,
          flex: { percent: '0.05', min_fee: '3', max_fee: '7.25' },
        },
        VISAMASTER: expect.objectContaining({ ticker: 'VISAMASTER', is_withdrawal: true }),
      },
      deposit: {
        SEPA: {
          is_depositable: true,
          is_api_depositable: true,
          ticker: 'SEPA',
          name: 'EUR SEPA',
          max_amount: '14500',
          min_amount: '10',
          fixed: null,
          flex: { percent: '0.05', min_fee: '3', max_fee: '7.25' },
        },
        VISAMASTER: expect.objectContaining({ ticker: 'VISAMASTER', is_depositable: true }),
      },
    });
  });

  it('is the fee every withdrawal in the deposit/withdraw history paid', async () => {
    const fees = (
      await client.get<Record<string, { withdraw: { fixed: string } }>>('/api/v4/public/fee')
    ).json;
    const page = await client.post<{ records: { ticker: string; method: number; fee: string }[] }>(
      '/api/v4/main-account/history',
      { transactionMethod: 2, limit: 100 },
    );
    expect(page.json.records.length).toBe(100);
    for (const r of page.json.records) expect(r.fee, r.ticker).toBe(fees[r.ticker]?.withdraw.fixed);
  });
});

describe('GET /api/v4/public/orderbook/{market} and /orderbook/depth/{market}', () => {
  it('limit 0 or none gives every level (at most 100); errors are flat field bags', async () => {
    const all = await client.get<{ asks: string[][]; bids: string[][] }>(
      '/api/v4/public/orderbook/BTC_USDT',
    );
    const zero = await client.get<{ asks: string[][] }>(
      '/api/v4/public/orderbook/BTC_USDT?limit=0',
    );
    expect(zero.json.asks).toEqual(all.json.asks);
    expect(all.json.asks.length).toBeGreaterThan(10);
    // Levels beyond 10 are taken as 10, not refused.
    expect((await client.get('/api/v4/public/orderbook/BTC_USDT?level=50')).status).toBe(200);
    for (const [path, body] of [
      ['/api/v4/public/orderbook/NOPE', NOT_AVAILABLE],
      // Listed, but not tradable.
      ['/api/v4/public/orderbook/DOT_USDT', NOT_AVAILABLE],
      ['/api/v4/public/orderbook/BTC_USDT?level=x', { level: ['The level must be an integer.'] }],
      ['/api/v4/public/orderbook/BTC_USDT?limit=x', { limit: ['The limit must be an integer.'] }],
      [
        '/api/v4/public/orderbook/BTC_USDT?limit=101',
        { limit: ['The limit may not be greater than 100.'] },
      ],
    ] as const) {
      const r = await client.get(path);
      expect([r.status, r.json], path).toEqual([422, body]);
    }
  });

  it('depth: the levels within 2 % of the last price, as an order book', async () => {
    const r = await client.get<{
      ticker_id: string;
      timestamp: number;
      asks: string[][];
      bids: string[][];
    }>('/api/v4/public/orderbook/depth/ETH_USDT');
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['ticker_id', 'timestamp', 'asks', 'bids']);
    expect(r.json.ticker_id).toBe('ETH_USDT');
    const last = new Decimal(
      (await client.get<Record<string, { last_price: string }>>('/api/v4/public/ticker')).json
        .ETH_USDT!.last_price,
    );
    expect(r.json.asks.length).toBeGreaterThan(0);
    expect(r.json.bids.length).toBeGreaterThan(0);
    for (const [price] of [...r.json.asks, ...r.json.bids]) {
      expect(new Decimal(price!).minus(last).abs().lte(last.times('0.02'))).toBe(true);
    }
    const book = await client.get<{ asks: string[][] }>('/api/v4/public/orderbook/ETH_USDT');
    expect(r.json.asks).toEqual(
      book.json.asks.filter(([p]) => new Decimal(p!).lte(last.times('1.02'))),
    );
    for (const market of ['NOPE', 'DOT_USDT']) {
      const bad = await client.get(`/api/v4/public/orderbook/depth/${market}`);
      expect([bad.status, bad.json]).toEqual([422, NOT_AVAILABLE]);
    }
  });
});

describe('GET /api/v4/public/trades/{market}', () => {
  type Trade = {
    tradeID: number;
    price: string;
    quote_volume: string;
    base_volume: string;
    trade_timestamp: number;
    type: string;
    rpi: boolean;
  };
  const trades = (query = '') => client.get<Trade[]>(`/api/v4/public/trades/BTC_USDT${query}`);

  it('the 100 most recent trades, newest first, with the reference fields', async () => {
    const r = await trades();
    expect(r.status).toBe(200);
    expect(r.json).toHaveLength(100);
    expect(Object.keys(r.json[0]!)).toEqual([
      'tradeID',
      'price',
      'quote_volume',
      'base_volume',
      'trade_timestamp',
      'type',
      'rpi',
    ]);
    const now = Date.now() / 1000;
    for (const [i, t] of r.json.entries()) {
      expect(Number.isInteger(t.tradeID) && Number.isInteger(t.trade_timestamp)).toBe(true);
      expect(t.trade_timestamp).toBeLessThanOrEqual(now + 1);
      if (i > 0) expect(t.trade_timestamp).toBeLessThanOrEqual(r.json[i - 1]!.trade_timestamp);
      // quote_volume is the stock (BTC) amount, base_volume the money (USDT) amount.
      expect(new Decimal(t.base_volume).eq(new Decimal(t.quote_volume).times(t.price))).toBe(true);
      expect(['buy', 'sell']).toContain(t.type);
      expect(t.rpi).toBe(false);
    }
    expect(new Set(r.json.map((t) => t.tradeID)).size).toBe(100);
    // The same answer while the walk stands still.
    expect((await trades()).json).toEqual(r.json);
  });

  it('filters by type; the account’s own trades are on the tape', async () => {
    const sells = await trades('?type=sell');
    expect(sells.json).toHaveLength(100);
    expect(sells.json.every((t) => t.type === 'sell')).toBe(true);
    const order = await client.post<Rec>('/api/v4/order/stock_market', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.002',
    });
    const deals = ex.engine.state.deals.filter((d) => d.orderId === order.json.order_id);
    const tape = (await trades('?type=buy')).json;
    for (const d of deals) {
      expect(tape).toContainEqual({
        tradeID: d.id,
        price: d.price,
        quote_volume: d.amount,
        base_volume: d.deal,
        trade_timestamp: Math.floor(d.time),
        type: 'buy',
        rpi: false,
      });
    }
    const bad = await client.get('/api/v4/public/trades/BTC_USDT?type=both');
    expect([bad.status, bad.json]).toEqual([422, { type: ["Type should be 'sell' or 'buy'."] }]);
    const unknown = await client.get('/api/v4/public/trades/NOPE');
    expect([unknown.status, unknown.json]).toEqual([422, NOT_AVAILABLE]);
  });
});

describe('GET /api/v1/public/kline', () => {
  type Candle = [number, string, string, string, string, string, string];
  const kline = (query: string) =>
    client.get<{ success: boolean; message: unknown; result: Candle[] | null }>(
      `/api/v1/public/kline?${query}`,
    );

  it('candles of the walk: [time, open, close, high, low, stock volume, money volume]', async () => {
    const r = await kline('market=BTC_USDT&interval=1h&limit=24');
    expect(r.status).toBe(200);
    expect([r.json.success, r.json.message]).toEqual([true, null]);
    const candles = r.json.result!;
    expect(candles).toHaveLength(24);
    const now = Math.floor(Date.now() / 1000);
    for (const [i, [time, open, close, high, low, stock, money]] of candles.entries()) {
      expect(time % 3600).toBe(0);
      if (i > 0) expect(time - candles[i - 1]![0]).toBe(3600);
      const h = new Decimal(high);
      const l = new Decimal(low);
      for (const p of [open, close]) expect(h.gte(p) && l.lte(p)).toBe(true);
      expect(new Decimal(stock).gt(0) && new Decimal(money).gt(0)).toBe(true);
    }
    // The last candle is the current hour, and closes at the last trade's price.
    expect(candles[23]![0]).toBe(now - (now % 3600));
    const trades = await client.get<{ price: string }[]>('/api/v4/public/trades/BTC_USDT');
    expect(candles[23]![2]).toBe(trades.json[0]!.price);
    // start/end pick a window; the same window gives the same candles.
    const from = candles[2]![0];
    const to = candles[5]![0];
    const window = await kline(`market=BTC_USDT&interval=1h&start=${from}&end=${to}`);
    expect(window.json.result).toEqual(candles.slice(2, 6));
  });

  it('months are calendar months; the default interval is 1h over a week', async () => {
    const months = await kline('market=ETH_USDT&interval=1M&limit=3');
    const times = months.json.result!.map(([t]) => new Date(t * 1000));
    expect(times).toHaveLength(3);
    for (const t of times) expect([t.getUTCDate(), t.getUTCHours()]).toEqual([1, 0]);
    const byDefault = await kline('market=ETH_USDT');
    expect(byDefault.json.result!.length).toBeGreaterThanOrEqual(168);
    expect(byDefault.json.result!.length).toBeLessThanOrEqual(169);
  });

  it.each([
    ['frozen', true],
    ['live', false],
  ])(
    '1d with %s prices: a close every day of the past year for each held asset, in USDT and in BTC',
    async (_mode, freezePrices) => {
      const own = await start({ casing: 'spec', freezePrices });
      try {
        const s = own.ex.engine.state;
        const held = Object.entries(demoHoldings(s))
          .filter(([, amount]) => !new Decimal(amount).isZero())
          .map(([ticker]) => ticker);
        expect(held).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDT', 'TRX', 'ADA', 'BNB']));
        const listed = (
          await own.client.get<{ name: string; tradesEnabled: boolean }[]>('/api/v4/public/markets')
        ).json
          .filter((m) => m.tradesEnabled)
          .map((m) => m.name);
        const nowSec = Math.floor(Date.now() / 1000);
        const today = nowSec - (nowSec % 86_400);
        const start = today - 365 * 86_400;
        for (const quote of ['USDT', 'BTC']) {
          const markets = marketsFor(held, quote, listed);
          expect(markets.length, quote).toBeGreaterThan(5);
          const closes: DailyClose[] = [];
          for (const market of markets) {
            const r = await own.client.get<{ result: Candle[] | null }>(
              `/api/v1/public/kline?market=${market}&interval=1d&start=${start}&limit=1440`,
            );
            const candles = r.json.result!;
            // Every day from a year ago to today (tomorrow, had midnight passed since), at midnight
            // UTC, each a real candle.
            const times = candles.map(([time]) => time);
            expect(times, market).toEqual(times.map((_, i) => start + i * 86_400));
            expect([366, 367], market).toContain(times.length);
            for (const [, open, close, high, low] of candles) {
              expect(new Decimal(close).gt(0), market).toBe(true);
              for (const p of [open, close]) {
                expect(new Decimal(high).gte(p) && new Decimal(low).lte(p), market).toBe(true);
              }
            }
            // The walk moves over the year (the frozen one too: only the present stands still).
            expect(new Set(candles.map((c) => c[2])).size, market).toBeGreaterThan(100);
            for (const [time, , close] of candles) closes.push({ market, day: time * 1000, close });
          }
          // Priced as the chart prices them: every held asset, every day, but USDC (no market).
          const index = indexCloses(closes);
          for (const ticker of held) {
            const series = priceSeries(index, ticker, quote);
            if (ticker === 'USDC') {
              expect(series, quote).toBeUndefined();
              continue;
            }
            for (let day = start; day <= today; day += 86_400) {
              expect(series?.(day * 1000), `${ticker} in ${quote} on ${day}`).toBeDefined();
            }
          }
        }
      } finally {
        await own.ex.stop();
      }
    },
  );

  it('refuses with HTTP 200, success false and a field map', async () => {
    for (const [query, message] of [
      ['market=NOPE', NOT_AVAILABLE],
      ['market=DOT_USDT', NOT_AVAILABLE],
      ['interval=1h', { market: ['The market field is required.'] }],
      ['market=BTC_USDT&start=2000&end=1000', { end: ['End field must be greater then start.'] }],
      ['market=BTC_USDT&interval=2m', { interval: ['The selected interval is invalid.'] }],
      ['market=BTC_USDT&limit=1441', { limit: ['The limit may not be greater than 1440.'] }],
    ] as const) {
      const r = await kline(query);
      expect([r.status, r.json], query).toEqual([200, { success: false, message, result: null }]);
    }
  });
});
