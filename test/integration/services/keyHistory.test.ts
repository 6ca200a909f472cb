import Decimal from 'decimal.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { startMainCore } from '../../support/core';
import { Client } from '@exchange-desk/demo-exchange/testing';
import {
  HISTORY_WINDOW_SECONDS,
  historyEarliest,
  historyWindows,
} from '../../../src/shared/executed';
import * as keyHistory from '../../../src/main/services/keyHistory';
import type { ExchangeApi } from '../../../src/main/exchange/api';
import type {
  ApiDealsPage,
  ApiOrdersPage,
  CsvExport,
  ExecutedOrder,
  OrderDealsView,
} from '../../../src/shared/model';

const DAY = 86_400;
const nowSec = () => Math.floor(Date.now() / 1000);
/** The newest window: the 31 days up to now. */
const lastWindow = () => ({ from: nowSec() - HISTORY_WINDOW_SECONDS, to: nowSec() });

describe('history windows', () => {
  it('split six months into windows of at most 31 days, newest first, sharing their boundaries', () => {
    const to = 1_700_000_000;
    const from = to - 182 * DAY;
    const windows = historyWindows({ from, to });
    expect(windows).toHaveLength(6);
    expect(windows[0]!.to).toBe(to);
    expect(windows.at(-1)!.from).toBe(from);
    for (const [i, w] of windows.entries()) {
      expect(w.to - w.from).toBeLessThanOrEqual(HISTORY_WINDOW_SECONDS);
      if (i > 0) expect(w.to).toBe(windows[i - 1]!.from);
    }
    expect(historyWindows({ from: to, to })).toEqual([{ from: to, to }]);
  });

  it('a window up to now keeps the current second: what finished earlier in it is within', () => {
    // Asked at 12:00:00.900 for the window up to now (the next whole second, as the tab asks).
    const nowMs = Date.UTC(2026, 10, 24, 12, 0, 0, 900);
    const to = Math.ceil(nowMs / 1000);
    const window = keyHistory.clampWindow({ from: to - DAY, to }, nowMs);
    expect(window.to * 1000).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 24, 12, 0, 0, 400));
    // Later than that is the future: clamped.
    expect(keyHistory.clampWindow({ from: to - DAY, to: to + 60 }, nowMs).to).toBe(to);
  });

  it('reach back to 00:00 UTC six months ago', () => {
    expect(historyEarliest(Date.UTC(2026, 10, 24, 15, 30))).toBe(Date.UTC(2026, 4, 24) / 1000);
  });
});

/** An exchange answering `total` executed orders of BTC_USDT per query, recording what it was asked. */
function stubApi(total: number) {
  const asked: Record<string, unknown>[] = [];
  const filled = { price: '1', amount: '1', dealStock: '1', dealMoney: '1', dealFee: '0' };
  const order = (i: number): ExecutedOrder => ({
    ...filled,
    orderId: total - i,
    clientOrderId: '',
    market: 'BTC_USDT',
    side: i % 2 ? 'sell' : 'buy',
    type: 'limit',
    timestamp: Date.now() - i * 1000,
  });
  const api = {
    async orderHistory(q: { offset?: number; limit?: number }) {
      asked.push(q);
      const start = q.offset ?? 0;
      const n = Math.max(0, Math.min(q.limit ?? 50, total - start));
      return { BTC_USDT: Array.from({ length: n }, (_, k) => order(start + k)) };
    },
  } as unknown as ExchangeApi;
  return { api, asked };
}

describe('keyHistory service paging', () => {
  it('pages a window by offset, 500 a request, until a short page', async () => {
    const { api, asked } = stubApi(1203);
    const page = await keyHistory.orders(api, lastWindow());
    expect(page.records).toHaveLength(1203);
    expect(page.capped).toBe(false);
    expect(asked.map((q) => q.offset)).toEqual([0, 500, 1000]);
    expect(asked.every((q) => q.limit === 500)).toBe(true);
  });

  it('stops at the window cap and says so', async () => {
    const { api, asked } = stubApi(keyHistory.WINDOW_CAP + 700);
    const page = await keyHistory.orders(api, lastWindow());
    expect(page.records).toHaveLength(keyHistory.WINDOW_CAP);
    expect(page.capped).toBe(true);
    expect(asked).toHaveLength(keyHistory.WINDOW_CAP / 500);
  });

  it('keeps a window within the six months and now, and filters the side', async () => {
    const { api, asked } = stubApi(10);
    const page = await keyHistory.orders(api, {
      from: historyEarliest(Date.now()) - 10 * DAY,
      to: historyEarliest(Date.now()) + 20 * DAY,
      side: 'sell',
    });
    expect(page.from).toBe(page.earliest);
    expect(asked[0]).toMatchObject({ startDate: page.earliest });
    expect(page.records.map((o) => o.side)).toEqual(Array(5).fill('sell'));
  });

  it('an export walks the range window by window, each at most 31 days, each record once', async () => {
    const { api, asked } = stubApi(3);
    const to = nowSec();
    const result = await keyHistory.exportOrdersCsv(api, { from: to - 150 * DAY, to }, undefined);
    expect(asked).toHaveLength(5);
    for (const q of asked) {
      expect((q.endDate as number) - (q.startDate as number)).toBeLessThanOrEqual(
        HISTORY_WINDOW_SECONDS,
      );
    }
    expect(asked[0]!.endDate).toBe(to);
    expect(asked.at(-1)!.startDate).toBe(to - 150 * DAY);
    // The stub answers the same three orders for every window: written once.
    expect(result.rows).toBe(3);
  });
});

describe.each(CASINGS)('%s casing, against the demo exchange', (casing) => {
  async function setUp() {
    const { core, call } = await startMainCore({ demoExchange: { casing } });
    const client = new Client(core.demoExchange);
    const direct = (path: string, fields: Record<string, unknown>) =>
      client.post(path, fields, {
        key: core.demoExchange.apiKey,
        secret: core.demoExchange.apiSecret,
      });
    return { core, call, direct };
  }
  const idOf = (r: Record<string, unknown>) => Number(r.id ?? r.orderId ?? r.order_id);

  it('executed orders of a window, market and side are exactly the exchange’s', async () => {
    const { call, direct } = await setUp();
    const window = lastWindow();
    const page = await call<ApiOrdersPage>('keyHistory.orders', {
      ...window,
      market: 'BTC_USDT',
      side: 'buy',
    });
    const answer = await direct('/api/v4/trade-account/order/history', {
      market: 'BTC_USDT',
      startDate: window.from,
      endDate: window.to,
      limit: 500,
    });
    const theirs = (answer.json as Record<string, Record<string, unknown>[]>).BTC_USDT ?? [];
    const expected = theirs.filter((r) => r.side === 'buy').map(idOf);
    expect(expected.length).toBeGreaterThan(0);
    expect(page.records.map((o) => o.orderId)).toEqual(expected);
    expect(page.records.every((o) => o.market === 'BTC_USDT' && o.side === 'buy')).toBe(true);
    expect(page.earliest).toBe(historyEarliest(page.fetchedAt));
  });

  it('deals of a window are the exchange’s; an order’s deals add up to what it filled', async () => {
    const { call } = await setUp();
    const deals = await call<ApiDealsPage>('keyHistory.deals', lastWindow());
    expect(deals.records.length).toBeGreaterThan(0);
    const times = deals.records.map((d) => d.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const orders = await call<ApiOrdersPage>('keyHistory.orders', lastWindow());
    const order = orders.records.find((o) => o.dealStock !== '0')!;
    const detail = await call<OrderDealsView>('keyHistory.orderDeals', {
      orderId: order.orderId,
    });
    expect(detail.deals.length).toBeGreaterThan(0);
    const filled = detail.deals.reduce((sum, d) => sum.add(d.amount), new Decimal(0));
    expect(filled.eq(order.dealStock)).toBe(true);
  });

  it('a client order id no order has lists nothing, without an error', async () => {
    const { call } = await setUp();
    const window = { ...lastWindow(), clientOrderId: 'no-such-order' };
    expect((await call<ApiOrdersPage>('keyHistory.orders', window)).records).toEqual([]);
    expect((await call<ApiDealsPage>('keyHistory.deals', window)).records).toEqual([]);
  });

  it('CSV rows are the records, with units', async () => {
    const { call } = await setUp();
    const to = nowSec();
    const range = { from: to - 90 * DAY, to, market: 'BTC_USDT' };
    const orders = await call<CsvExport>('keyHistory.exportOrdersCsv', range);
    const rows = parse(orders.csv!, { columns: true }) as Record<string, string>[];
    const listed = await call<ApiOrdersPage>('keyHistory.orders', lastWindow());
    const btc = listed.records.filter((o) => o.market === 'BTC_USDT');
    expect(rows.map((r) => Number(r['Order id']))).toEqual(btc.map((o) => o.orderId));
    expect(rows[0]).toMatchObject({ 'Amount unit': 'BTC', 'Total unit': 'USDT' });

    const deals = await call<CsvExport>('keyHistory.exportDealsCsv', range);
    const dealRows = parse(deals.csv!, { columns: true }) as Record<string, string>[];
    const listedDeals = await call<ApiDealsPage>('keyHistory.deals', {
      ...lastWindow(),
      market: 'BTC_USDT',
    });
    expect(dealRows.map((r) => Number(r['Deal id']))).toEqual(
      listedDeals.records.map((d) => d.dealId),
    );
    expect(dealRows[0]!['Time (ISO 8601, UTC)']).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('refuses a window longer than 31 days and a range longer than six months, sending nothing', async () => {
    const { core, call } = await setUp();
    const before = core.demoExchange.requestLog().at(-1)?.id ?? 0;
    const to = nowSec();
    await expect(call('keyHistory.orders', { from: to - 32 * DAY, to })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      fields: { from: [expect.any(String)] },
    });
    await expect(
      call('keyHistory.exportDealsCsv', { from: to - 200 * DAY, to }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(
      call('keyHistory.deals', { ...lastWindow(), clientOrderId: 'a b' }),
    ).rejects.toMatchObject({ fields: { clientOrderId: [expect.any(String)] } });
    const sent = core.demoExchange
      .requestLog(before)
      .filter((r) => r.path.startsWith('/api/v4/trade-account'));
    expect(sent).toEqual([]);
  });
});
