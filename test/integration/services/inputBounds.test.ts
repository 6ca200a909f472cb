import { describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { startMainCore } from '../../support/core';

/**
 * Unbounded or meaningless inputs never reach the exchange signed: each is refused in main under
 * its field (INVALID_INPUT), and the demo exchange's request log shows no request for it.
 */
describe.each(CASINGS)('%s casing', (casing) => {
  async function setUp() {
    const { core, call } = await startMainCore({ demoExchange: { casing } });
    const before = core.demoExchange.requestLog().at(-1)?.id ?? 0;
    const sent = () =>
      core.demoExchange
        .requestLog(before)
        .filter((r) => r.path !== '/api/v4/public/ping' && r.path !== '/api/v4/public/time');
    return { core, call, sent };
  }

  const order = (over: Record<string, unknown>) => ({
    kind: 'stock_market',
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.001',
    ...over,
  });

  describe('order amounts and markets', () => {
    it.each([
      ['0', '0', /above 0/],
      ['0.0', '0.0', /above 0/],
      ['0.00000000', '0.00000000', /above 0/],
      ['of 100,000 digits', '1'.repeat(100_000), /at most 64 characters/],
      ['of 31 integer digits', '1'.repeat(31), /at most 30 digits before the point/],
      ['of 31 fraction digits', `0.${'1'.repeat(31)}`, /30 after it/],
      ['1e5', '1e5', /as a number/],
      ['-1', '-1', /as a number/],
    ])('amount %s is refused under its field, nothing is sent', async (_label, amount, message) => {
      const { call, sent } = await setUp();
      await expect(call('orders.place', order({ amount }))).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        fields: { amount: expect.arrayContaining([expect.stringMatching(message)]) },
      });
      expect(sent()).toEqual([]);
    });

    it('a limit price of 0 is refused under the price', async () => {
      const { call, sent } = await setUp();
      await expect(
        call('orders.place', order({ kind: 'limit', price: '0.000' })),
      ).rejects.toMatchObject({ fields: { price: [expect.stringMatching(/a price above 0/)] } });
      expect(sent()).toEqual([]);
    });

    it('leading zeros are not sent: "00.001" at "0990000" goes out as "0.001" at "990000"', async () => {
      const { call, sent } = await setUp();
      await call(
        'orders.place',
        order({ kind: 'limit', side: 'sell', amount: '00.001', price: '0990000' }),
      );
      const [placed] = sent().filter((r) => r.path.includes('/order/'));
      expect(placed?.body).toMatchObject({ amount: '0.001', price: '990000' });
    });

    it('a 200,000-character market name is refused without a request', async () => {
      const { call, sent } = await setUp();
      const market = `${'A'.repeat(100_000)}_${'B'.repeat(99_999)}`;
      await expect(call('orders.place', order({ market }))).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        fields: { market: [expect.any(String)] },
      });
      await expect(call('orders.active', { market })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
      await expect(call('orders.partnerHistory', { market })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
      expect(sent()).toEqual([]);
    });
  });

  describe('hashrate ranges', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const range = (over: Record<string, unknown>) => ({
      account: 'demo-miner',
      from: now() - 86_400,
      to: now(),
      interval: '24h',
      ...over,
    });

    it('from 1970 is refused under the start, with no request (it made 2,969)', async () => {
      const { call, sent } = await setUp();
      await expect(
        call('mining.hashrate', range({ from: 0, interval: '5m' })),
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        fields: { from: expect.arrayContaining([expect.stringMatching(/2009 or later/)]) },
      });
      expect(sent()).toEqual([]);
    });

    it('no fan-out beyond what a year at 5 minutes needs', async () => {
      const { call, sent } = await setUp();
      const fiveYears = 5 * 366 * 86_400;
      await expect(
        call('mining.hashrate', range({ from: now() - fiveYears, interval: '5m' })),
      ).rejects.toMatchObject({ fields: { from: [expect.stringMatching(/at most 371 days/)] } });
      expect(sent()).toEqual([]);
      // A year at 5 minutes is fine: 53 requests.
      const year = await call<{ points: unknown[] }>(
        'mining.hashrate',
        range({ from: now() - 365 * 86_400, interval: '5m' }),
      );
      expect(year.points.length).toBeGreaterThan(0);
      const requests = sent().filter((r) => r.path.includes('hashrate'));
      expect(requests.length).toBeLessThanOrEqual(53);
    });

    it('a far-future end is refused under the end (it answered INTERNAL)', async () => {
      const { call, sent } = await setUp();
      for (const channel of ['mining.hashrate', 'mining.exportCsv']) {
        await expect(call(channel, range({ to: 9_000_000_000 }))).rejects.toMatchObject({
          code: 'INVALID_INPUT',
          fields: { to: expect.arrayContaining([expect.any(String)]) },
        });
        await expect(call(channel, range({ to: now() + 30 * 86_400 }))).rejects.toMatchObject({
          code: 'INVALID_INPUT',
          fields: { to: expect.arrayContaining([expect.stringMatching(/not in the future/)]) },
        });
      }
      expect(sent()).toEqual([]);
    });
  });
});
