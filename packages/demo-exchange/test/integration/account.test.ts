import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Client, type ErrorBody } from './helpers';
import { CASINGS } from '../../src/fields';
import type { DemoExchange } from '../../src/server';
import { outageWindow } from '../../src/hashrate';

describe.each(CASINGS)('%s casing', (casing) => {
  type Rec = Record<string, unknown>;
  let ex: DemoExchange;
  let client: Client;
  beforeAll(async () => ({ ex, client } = await start({ casing })));
  afterAll(() => ex.stop());

  interface Transfer {
    ticker: string;
    network: string | null;
    method: number;
    amount: string;
    memo: string;
    fee: string;
    confirmations: { required: number };
  }

  /** The whole seeded deposit/withdraw history, as main-account/history pages it. */
  async function allTransfers(): Promise<Transfer[]> {
    const all: Transfer[] = [];
    for (let offset = 0; offset < 2500; offset += 100) {
      const page = await client.post<{ records: Transfer[] }>('/api/v4/main-account/history', {
        offset,
        limit: 100,
      });
      all.push(...page.json.records);
    }
    return all;
  }

  describe('public endpoints', () => {
    it('ping, time, markets, ticker, assets, orderbook', async () => {
      expect((await client.get('/api/v4/public/ping')).json).toEqual(['pong']);
      const time = await client.get<{ time: number }>('/api/v4/public/time');
      expect(Math.abs(time.json.time - Date.now() / 1000)).toBeLessThan(5);
      const markets = await client.get<Rec[]>('/api/v4/public/markets');
      expect(markets.json.length).toBeGreaterThanOrEqual(10);
      expect(markets.json[0]).toMatchObject({
        name: 'BTC_USDT',
        stock: 'BTC',
        money: 'USDT',
        stockPrec: '6',
        moneyPrec: '2',
        makerFee: '0.1',
        takerFee: '0.1',
        minAmount: '0.0001',
        minTotal: '5',
        tradesEnabled: true,
        type: 'spot',
      });
      const ticker = await client.get<Record<string, Rec>>('/api/v4/public/ticker');
      expect(ticker.json.ETH_BTC).toMatchObject({
        last_price: expect.any(String),
        quote_volume: expect.any(String),
        base_volume: expect.any(String),
        change: expect.any(String),
        isFrozen: false,
      });
      const assets = await client.get<Record<string, Rec>>('/api/v4/public/assets');
      expect(Object.keys(assets.json)).toHaveLength(14);
      expect(assets.json.EUR).toMatchObject({ name: 'Euro', currency_precision: 2 });
      expect(assets.json.BTC).toMatchObject({
        name: 'Bitcoin',
        can_deposit: true,
        can_withdraw: true,
        currency_precision: 8,
      });
      const book = await client.get<{ ticker_id: string; asks: string[][]; bids: string[][] }>(
        '/api/v4/public/orderbook/ETH_USDT?limit=10&level=2',
      );
      expect(book.json.ticker_id).toBe('ETH_USDT');
      expect(book.json.asks).toHaveLength(10);
      expect(Number(book.json.asks[0]?.[0])).toBeGreaterThan(Number(book.json.bids[0]?.[0]));
      const unknown = await client.get('/api/v4/public/orderbook/NOPE');
      expect([unknown.status, unknown.json]).toEqual([
        422,
        { market: ['Market is not available.'] },
      ]);
      // An unknown route: the deployed server's gateway answers 404 with an empty body
      // (http-v4.yaml); the specification's public error form otherwise.
      const nothing = await client.get('/api/v4/public/nothing');
      expect([nothing.status, nothing.text]).toEqual([
        404,
        casing === 'deployed'
          ? ''
          : JSON.stringify({ success: false, message: 'Not found', params: [] }),
      ]);
    });

    it('assets: networks, per-network limits, confirmations and memo flags; fiat has providers', async () => {
      const assets = await client.get<Record<string, Rec>>('/api/v4/public/assets');
      expect(assets.json.BTC).toEqual({
        name: 'Bitcoin',
        unified_cryptoasset_id: 1,
        can_withdraw: true,
        can_deposit: true,
        min_withdraw: '0.0001',
        max_withdraw: '0',
        maker_fee: '0.1',
        taker_fee: '0.1',
        min_deposit: '0.0001',
        max_deposit: '0',
        currency_precision: 8,
        is_memo: false,
        memo: { deposit: false, withdraw: false },
        networks: {
          deposits: ['BTC', 'LIGHTNING'],
          withdraws: ['BTC', 'LIGHTNING'],
          default: 'BTC',
        },
        limits: {
          deposit: { BTC: { min: '0.0001' }, LIGHTNING: { min: '0.0001', max: '0.5' } },
          withdraw: { BTC: { min: '0.0001' }, LIGHTNING: { min: '0.0001', max: '0.5' } },
        },
        confirmations: { BTC: 2, LIGHTNING: 2 },
      });
      expect(assets.json.XRP).toMatchObject({
        is_memo: true,
        memo: { deposit: true, withdraw: true },
      });
      // Withdrawals closed: no withdraw networks, no withdraw limits.
      expect(assets.json.DOT).toMatchObject({
        can_withdraw: false,
        networks: { deposits: ['DOT'], default: 'DOT' },
        limits: { deposit: { DOT: { min: '1' } }, withdraw: {} },
      });
      expect(assets.json.DOT?.networks).not.toHaveProperty('withdraws');
      // Fiat: payment providers (the network value for fiat), which are its networks too (no
      // default), no confirmations.
      const providers = { deposits: ['SEPA', 'VISAMASTER'], withdraws: ['SEPA', 'VISAMASTER'] };
      expect(assets.json.EUR).toMatchObject({
        name: 'Euro',
        currency_precision: 2,
        providers,
        networks: providers,
        limits: { deposit: { SEPA: { min: '10', max: '14500' } } },
      });
      expect(assets.json.EUR?.networks).not.toHaveProperty('default');
      expect(assets.json.EUR).not.toHaveProperty('confirmations');
      expect(assets.json.USD).toHaveProperty('providers');
      for (const [ticker, a] of Object.entries(assets.json)) {
        if (ticker !== 'EUR' && ticker !== 'USD') expect(a, ticker).not.toHaveProperty('providers');
      }
    });

    it("the deposit/withdraw history keeps to the assets' networks, limits, confirmations and memos", async () => {
      type Limits = Record<string, { min: string; max?: string }>;
      type Asset = {
        networks: { deposits?: string[]; withdraws?: string[] };
        limits: { deposit: Limits; withdraw: Limits };
        confirmations: Record<string, number>;
        is_memo: boolean;
      };
      const assets = (await client.get<Record<string, Asset>>('/api/v4/public/assets')).json;
      const all = await allTransfers();
      expect(all).toHaveLength(2500);
      for (const r of all) {
        const a = assets[r.ticker]!;
        const where = `${r.ticker} ${r.network} ${r.method} ${r.amount}`;
        const direction = r.method === 1 ? 'deposit' : 'withdraw';
        const listed = (r.method === 1 ? a.networks.deposits : a.networks.withdraws) ?? [];
        // A record without a network name belongs to an asset of one network.
        const network = r.network ?? (listed.length === 1 ? listed[0]! : '?');
        expect(listed, where).toContain(network);
        const limits = a.limits[direction][network]!;
        expect(new Decimal(r.amount).gte(limits.min), where).toBe(true);
        if (limits.max !== undefined)
          expect(new Decimal(r.amount).lte(limits.max), where).toBe(true);
        expect(r.confirmations.required, where).toBe(a.confirmations[network]);
        expect(r.memo !== '', where).toBe(a.is_memo);
      }
    });

    it('the price walk is deterministic per seed and advances with the control endpoint', async () => {
      const first = (
        await client.get<Record<string, { last_price: string }>>('/api/v4/public/ticker')
      ).json.BTC_USDT?.last_price;
      const other = await start({ casing, seed: 42 });
      try {
        const same = (
          await other.client.get<Record<string, { last_price: string }>>('/api/v4/public/ticker')
        ).json.BTC_USDT?.last_price;
        expect(same).toBe(first);
        await other.client.control('POST', '/advance-price', { steps: 600 });
        const moved = (
          await other.client.get<Record<string, { last_price: string }>>('/api/v4/public/ticker')
        ).json.BTC_USDT?.last_price;
        expect(moved).not.toBe(first);
      } finally {
        await other.ex.stop();
      }
    });
  });

  describe('POST /api/v4/main-account/balance', () => {
    const P = '/api/v4/main-account/balance';
    it('main_balance of every currency (zero ones too), or of one ticker', async () => {
      const r = await client.post<Record<string, { main_balance: string }>>(P);
      const assets = await client.get<Record<string, Rec>>('/api/v4/public/assets');
      expect(Object.keys(r.json).sort()).toEqual(Object.keys(assets.json).sort());
      expect(r.json.EUR).toEqual({ main_balance: '0' });
      expect(r.json.USDT).toEqual({ main_balance: '12000' });
      const one = await client.post(P, { ticker: 'USDT' });
      expect(one.json).toEqual({ main_balance: '12000' });
    });

    it('an unknown ticker is a zero balance; a ticker that is not a string is code 0', async () => {
      const unknown = await client.post(P, { ticker: 'NOPE' });
      expect([unknown.status, unknown.json]).toEqual([200, { main_balance: '0' }]);
      const bad = await client.post(P, { ticker: ['BTC'] });
      expect([bad.status, bad.json]).toEqual([
        422,
        { code: 0, message: 'Validation failed', errors: { ticker: ['validation.string'] } },
      ]);
    });
  });

  describe('POST /api/v4/main-account/history', () => {
    const P = '/api/v4/main-account/history';
    it('pages ~2,500 records of both methods, newest first, with every record field', async () => {
      const r = await client.post<{ limit: number; offset: number; total: number; records: Rec[] }>(
        P,
        { limit: 100 },
      );
      expect(r.json).toMatchObject({ limit: 100, offset: 0, total: 2500 });
      const rec = r.json.records[0] as Rec;
      for (const k of [
        'address',
        'unique_id',
        'createdAt',
        'currency',
        'ticker',
        'method',
        'amount',
        'description',
        'memo',
        'fee',
        'status',
        'network',
        'transactionHash',
        'transaction_id',
        'details',
        'confirmations',
      ]) {
        expect(rec, k).toHaveProperty(k);
      }
      expect(rec.details).toMatchObject({
        partial: {
          requestAmount: expect.any(String),
          processedAmount: expect.any(String),
          processedFee: expect.any(String),
          normalizeTransaction: expect.any(String),
        },
      });
      const times = r.json.records.map((x) => x.createdAt as number);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(new Set(r.json.records.map((x) => x.method))).toEqual(new Set([1, 2]));
      expect(new Set(r.json.records.map((x) => x.network)).size).toBeGreaterThan(4);
    });

    it('filters by method, ticker, status, addresses', async () => {
      const deposits = await client.post<{ total: number; records: Rec[] }>(P, {
        transactionMethod: 1,
        ticker: 'USDT',
        status: [3, 7],
      });
      expect(deposits.json.total).toBeGreaterThan(10);
      expect(
        deposits.json.records.every(
          (x) => x.method === 1 && x.ticker === 'USDT' && [3, 7].includes(x.status as number),
        ),
      ).toBe(true);
      const address = deposits.json.records[0]?.address as string;
      const byAddr = await client.post<{ records: Rec[] }>(P, { addresses: [address] });
      expect(byAddr.json.records.length).toBeGreaterThan(0);
      expect(byAddr.json.records.every((x) => x.address === address)).toBe(true);
    });

    it('limit/offset bounds, more than 20 addresses, status invalid for method: 422 code 30', async () => {
      const cases: [Rec, string][] = [
        [{ limit: 0 }, 'limit'],
        [{ limit: 501 }, 'limit'],
        [{ offset: -1 }, 'offset'],
        [{ offset: 10001 }, 'offset'],
        [{ offset: 9990, limit: 50 }, 'offset'],
        [{ addresses: Array.from({ length: 21 }, (_, i) => `a${i}`) }, 'addresses'],
        [{ transactionMethod: 1, status: [18] }, 'status'],
        [{ transactionMethod: 3 }, 'transactionMethod'],
      ];
      for (const [fields, key] of cases) {
        const r = await client.post<ErrorBody>(P, fields);
        expect(
          [r.status, r.json.code, r.json.message, Object.keys(r.json.errors ?? {})],
          key,
        ).toEqual([422, 30, 'Validation failed', [key]]);
      }
    });
  });

  describe('smart-flex', () => {
    const plans = () =>
      client.post<
        {
          id: string;
          ticker: string;
          minInvestment: string;
          maxInvestment: string;
          maxRate: string;
        }[]
      >('/api/v4/main-account/smart-flex/plans');
    it('lists 3 plans and the investments (one active, status 1; one closed, status 0)', async () => {
      const p = await plans();
      expect(p.json).toHaveLength(3);
      expect(Object.keys(p.json[0] ?? {})).toEqual([
        'id',
        'ticker',
        'minInvestment',
        'maxInvestment',
        'maxRate',
      ]);
      const inv = await client.post<{ data: Rec[]; limit: number; offset: number }>(
        '/api/v4/main-account/smart-flex/investments',
      );
      expect(inv.json.data.map((i) => i.status).sort()).toEqual([0, 1]);
      expect(inv.json.limit).toBe(100);
      expect(Object.keys(inv.json.data[0] ?? {})).toEqual([
        'id',
        'planId',
        'currency',
        'invested',
        'withAutoReinvest',
        'status',
        'createdAt',
        'updatedAt',
      ]);
    });

    it('filters investments by investmentStatus (1 active, 0 closed), ticker, plan and investment', async () => {
      const P = '/api/v4/main-account/smart-flex/investments';
      const list = async (fields: Rec) =>
        (await client.post<{ data: Rec[] }>(P, fields)).json.data.map((i) => [
          i.currency,
          i.status,
        ]);
      const seeded = ex.engine.state.flexInvestments;
      const active = seeded.find((i) => i.status === 'ACTIVE')!;
      const closed = seeded.find((i) => i.status === 'CLOSED')!;
      expect(await list({ investmentStatus: 1 })).toEqual([[active.currency, 1]]);
      expect(await list({ investmentStatus: 0 })).toEqual([[closed.currency, 0]]);
      expect(await list({ investmentStatus: '0' })).toEqual([[closed.currency, 0]]);
      expect(await list({ ticker: closed.currency })).toEqual([[closed.currency, 0]]);
      expect(await list({ plan: active.planId })).toEqual([[active.currency, 1]]);
      expect(await list({ investment: closed.id })).toEqual([[closed.currency, 0]]);
      expect(await list({ ticker: 'ETH' })).toEqual([]);
      const bad = await client.post<ErrorBody>(P, {
        investmentStatus: 'ACTIVE',
        ticker: 'NOPE',
        plan: 'no-such-plan',
        investment: 'no-such-investment',
      });
      expect([bad.status, bad.json]).toEqual([
        400,
        {
          code: 0,
          message: 'Validation failed',
          errors: {
            investmentStatus: ['The selected investment status is invalid.'],
            ticker: ['The selected ticker is invalid.'],
            plan: ['The selected plan is invalid.'],
            investment: ['The selected investment is invalid.'],
          },
        },
      ]);
    });

    it('invest and close: transaction ids; balances move', async () => {
      const [usdt] = (await plans()).json;
      const before = (
        await client.post<{ main_balance: string }>('/api/v4/main-account/balance', {
          ticker: 'USDT',
        })
      ).json.main_balance;
      const r = await client.post<{ data: { transaction_id: string } }>(
        '/api/v4/main-account/smart-flex/investments/invest',
        { plan: usdt?.id, amount: '100', withReinvest: false },
      );
      expect(r.status).toBe(casing === 'deployed' ? 201 : 200);
      expect(r.json.data.transaction_id).toEqual(expect.any(String));
      const after = (
        await client.post<{ main_balance: string }>('/api/v4/main-account/balance', {
          ticker: 'USDT',
        })
      ).json.main_balance;
      expect(Number(before) - Number(after)).toBe(100);
      const closed = await client.post<{ data: { transaction_id: string } }>(
        '/api/v4/main-account/smart-flex/investments/close',
        { plan: usdt?.id },
      );
      expect([closed.status, typeof closed.json.data.transaction_id]).toEqual([
        casing === 'deployed' ? 201 : 200,
        'string',
      ]);
    });

    it('validation (code 0) and inner validation (code 2)', async () => {
      const [usdt, btc] = (await plans()).json;
      const I = '/api/v4/main-account/smart-flex/investments/invest';
      const e = async (path: string, fields: Rec) => {
        const r = await client.post<ErrorBody>(path, fields);
        return [r.status, r.json.code, r.json.message, r.json.errors];
      };
      expect(await e(I, { amount: '10' })).toEqual([
        422,
        0,
        'Validation failed',
        { plan: ['validation.required'] },
      ]);
      expect(await e(I, { plan: usdt?.id, amount: 'ten' })).toEqual([
        422,
        0,
        'Validation failed',
        { amount: ['validation.numeric'] },
      ]);
      expect(await e(I, { plan: usdt?.id, amount: '100001' })).toEqual([
        400,
        2,
        'Inner validation failed',
        { amount: [expect.stringMatching(/greater than 100000/)] },
      ]);
      expect(await e(I, { plan: usdt?.id, amount: '1' })).toEqual([
        400,
        2,
        'Inner validation failed',
        { amount: [expect.stringMatching(/at least 10/)] },
      ]);
      expect(await e(I, { plan: usdt?.id, amount: '99999' })).toEqual([
        400,
        2,
        'Inner validation failed',
        { balance: [expect.any(String)] },
      ]);
      expect(await e(I, { plan: '00000000-0000-4000-8000-000000000000', amount: '10' })).toEqual([
        400,
        2,
        'Inner validation failed',
        { plan: [expect.any(String)] },
      ]);
      const C = '/api/v4/main-account/smart-flex/investments/close';
      expect(await e(C, {})).toEqual([
        422,
        0,
        'Validation failed',
        { plan: ['validation.required'] },
      ]);
      // The BTC plan's only investment is CLOSED.
      expect(await e(C, { plan: btc?.id })).toEqual([
        400,
        2,
        'Inner validation failed',
        { investment: [expect.any(String)] },
      ]);
    });
  });

  describe('smart-flex without lending access', () => {
    it('answers 403 on every smart-flex endpoint', async () => {
      const other = await start({ casing, lendingAccess: false });
      try {
        for (const path of [
          '/api/v4/main-account/smart-flex/plans',
          '/api/v4/main-account/smart-flex/investments',
          '/api/v4/main-account/smart-flex/investments/payment-history',
        ]) {
          const r = await other.client.post<ErrorBody>(path);
          expect([r.status, r.json.code, r.json.message]).toEqual([
            403,
            0,
            expect.stringMatching(/^You don't have permission to use this endpoint/),
          ]);
        }
        expect((await other.client.post('/api/v4/main-account/balance')).status).toBe(200);
      } finally {
        await other.ex.stop();
      }
    });
  });

  describe('POST /api/v4/mining/hashrate', () => {
    const P = '/api/v4/mining/hashrate';
    type Result = {
      data: {
        account: string;
        hashrate: { timestamp: number; hashrate: string; rejectRate: number }[];
      };
    };
    it('serves 5m, 1h and 24h series, with the outage at its documented place', async () => {
      const now = Math.floor(Date.now() / 1000);
      const r5 = await client.post<Result>(P, {
        account: 'demo-miner',
        interval: '5m',
        from: now - 3600,
        to: now,
      });
      expect(r5.json.data.account).toBe('demo-miner');
      expect(r5.json.data.hashrate.length).toBeGreaterThanOrEqual(11);
      expect(r5.json.data.hashrate[0]).toEqual({
        timestamp: expect.any(Number),
        hashrate: expect.stringMatching(/^\d+$/),
        rejectRate: expect.any(Number),
      });
      const r1 = await client.post<Result>(P, {
        account: 'demo-miner',
        interval: '1h',
        from: now - 86400 * 2,
        to: now,
      });
      expect(r1.json.data.hashrate.every((p) => p.timestamp % 3600 === 0)).toBe(true);
      const year = await client.post<Result>(P, {
        account: 'demo-miner',
        interval: '24h',
        from: now - 366 * 86400,
        to: now,
      });
      expect(year.json.data.hashrate.length).toBeGreaterThanOrEqual(365);
      const outage = outageWindow(now);
      const o = await client.post<Result>(P, {
        account: 'demo-miner',
        interval: '1h',
        from: outage.from,
        to: outage.to - 1,
      });
      expect(o.json.data.hashrate.map((p) => p.hashrate)).toEqual(['0', '0', '0', '0', '0', '0']);
      const disabled = await client.post<Result>(P, { account: 'demo-miner-off' });
      expect([disabled.status, disabled.json.data.hashrate]).toEqual([200, []]);
    });

    it('incorrect timestamp: 422 {code:422, message}', async () => {
      const now = Math.floor(Date.now() / 1000);
      for (const fields of [
        { from: now, to: now - 10 },
        { from: now + 3600, to: now + 7200 },
        { interval: '5m', from: now - 8 * 86400, to: now },
        { interval: '1h', from: now - 91 * 86400, to: now },
      ]) {
        const r = await client.post(P, { account: 'demo-miner', ...fields });
        expect([r.status, r.json]).toEqual([422, { code: 422, message: 'Incorrect timestamp' }]);
      }
    });

    it('unknown account and bad interval: 400 code 0', async () => {
      const r = await client.post(P, { account: 'someone' });
      expect([r.status, r.json]).toEqual([
        400,
        { code: 0, message: 'Validation failed', errors: { account: ['Account not found'] } },
      ]);
      const i = await client.post<ErrorBody>(P, { account: 'demo-miner', interval: '2h' });
      expect([i.status, i.json.code, Object.keys(i.json.errors ?? {})]).toEqual([
        400,
        0,
        ['interval'],
      ]);
    });
  });

  describe('sub-accounts', () => {
    it('lists 3 (one blocked), blocks and unblocks; errors', async () => {
      const list = await client.post<{
        offset: number;
        limit: number;
        data: { id: string; status: string }[];
      }>('/api/v4/sub-account/list');
      expect(list.json.data).toHaveLength(3);
      expect(list.json.data.filter((s) => s.status === 'blocked')).toHaveLength(1);
      const active = list.json.data.find((s) => s.status === 'active');
      const b = await client.post('/api/v4/sub-account/block', { id: active?.id });
      expect([b.status, b.json]).toEqual([200, {}]);
      const after = await client.post<{ data: { id: string; status: string }[] }>(
        '/api/v4/sub-account/list',
      );
      expect(after.json.data.find((s) => s.id === active?.id)?.status).toBe('blocked');
      expect((await client.post('/api/v4/sub-account/unblock', { id: active?.id })).status).toBe(
        200,
      );
      const missing = await client.post<ErrorBody>('/api/v4/sub-account/block', {});
      expect([missing.status, missing.json.code, Object.keys(missing.json.errors ?? {})]).toEqual([
        422,
        30,
        ['id'],
      ]);
      const unknown = await client.post<ErrorBody>('/api/v4/sub-account/block', {
        id: '00000000-0000-4000-8000-000000000000',
      });
      expect([unknown.status, unknown.json.code, unknown.json.message]).toEqual([
        400,
        2,
        'Inner validation failed',
      ]);
    });
  });
});

/** The payment history in the default (deployed) casing: its fields are the reference's. */
describe('POST /api/v4/main-account/smart-flex/investments/payment-history', () => {
  const P = '/api/v4/main-account/smart-flex/investments/payment-history';
  const DAY = 86_400;
  type Payment = {
    createdAt: number;
    planId: string;
    investmentId: string;
    currency: string;
    amount: string;
    transaction_id: string;
    actionType: number;
  };
  type Page = { data: Payment[]; limit: number; offset: number };
  // An exchange of its own: the tests above close the seeded ACTIVE investment.
  type Rec = Record<string, unknown>;
  let own: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => (own = await start()));
  afterAll(() => own.ex.stop());
  const page = (fields: Rec = {}) => own.client.post<Page>(P, fields);
  const seeded = () => own.ex.engine.state.flexInvestments;
  const planOf = (planId: string) => own.ex.engine.state.flexPlans.find((p) => p.id === planId)!;

  it('answers the reference fields of DAILY_EARNING records, newest first, 50 by default', async () => {
    const r = await page();
    expect(r.status).toBe(200);
    expect([r.json.limit, r.json.offset, r.json.data.length]).toEqual([50, 0, 50]);
    expect(Object.keys(r.json.data[0]!)).toEqual([
      'createdAt',
      'planId',
      'investmentId',
      'currency',
      'amount',
      'transaction_id',
      'actionType',
    ]);
    expect(new Set(r.json.data.map((p) => p.actionType))).toEqual(new Set([4]));
    const times = r.json.data.map((p) => p.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('holds one payment a day of each seeded investment, at its plan rate on the invested amount', async () => {
    const all = (await page({ limit: 100 })).json.data;
    expect(all).toHaveLength(100);
    expect((await page({ limit: 100, offset: 100 })).json.data).toEqual([]);
    const active = seeded().find((i) => i.status === 'ACTIVE')!;
    const closed = seeded().find((i) => i.status === 'CLOSED')!;
    const ofActive = all.filter((p) => p.investmentId === active.id).reverse();
    // Every full day from creation until now, 1500 USDT at 12 % a year, cut to USDT's 6 places.
    expect(ofActive.map((p) => p.createdAt)).toEqual(
      Array.from({ length: 40 }, (_, k) => active.createdAt + (k + 1) * DAY),
    );
    expect(planOf(active.planId).maxRate).toBe('0.12');
    expect(new Set(ofActive.map((p) => p.amount))).toEqual(new Set(['0.49315']));
    expect(new Set(ofActive.map((p) => [p.planId, p.currency].join()))).toEqual(
      new Set([[active.planId, 'USDT'].join()]),
    );
    // The closed one earned until it was closed: 0.1 BTC at 2.5 %, cut to BTC's 8 places.
    const ofClosed = all.filter((p) => p.investmentId === closed.id);
    expect(ofClosed).toHaveLength(60);
    expect(Math.max(...ofClosed.map((p) => p.createdAt))).toBe(closed.updatedAt);
    expect(new Set(ofClosed.map((p) => p.amount))).toEqual(new Set(['0.00000684']));
    expect(new Set(all.map((p) => p.transaction_id)).size).toBe(100);
  });

  it('pages with limit and offset, and filters by plan, investment, transaction and dates', async () => {
    const all = (await page({ limit: 100 })).json.data;
    const second = await page({ limit: 30, offset: 30 });
    expect([second.json.limit, second.json.offset]).toEqual([30, 30]);
    expect(second.json.data).toEqual(all.slice(30, 60));
    const closed = seeded().find((i) => i.status === 'CLOSED')!;
    const byPlan = (await page({ plan: closed.planId, limit: 100 })).json.data;
    expect(byPlan).toEqual(all.filter((p) => p.planId === closed.planId));
    const byInvestment = (await page({ investment: closed.id, limit: 100 })).json.data;
    expect(byInvestment).toEqual(all.filter((p) => p.investmentId === closed.id));
    const one = all[7]!;
    expect((await page({ transaction: one.transaction_id })).json.data).toEqual([one]);
    const from = all[20]!.createdAt;
    const to = all[10]!.createdAt;
    const inRange = (await page({ dateFrom: from, dateTo: to, limit: 100 })).json.data;
    expect(inRange).toEqual(all.filter((p) => p.createdAt >= from && p.createdAt <= to));
    expect(inRange.length).toBeGreaterThanOrEqual(11);
  });

  it('refuses bad fields with the reference messages (HTTP 400, code 0)', async () => {
    const e = async (fields: Rec) => {
      const r = await own.client.post<ErrorBody>(P, fields);
      return [r.status, r.json.code, r.json.message, r.json.errors];
    };
    const failed = (errors: Rec) => [400, 0, 'Validation failed', errors];
    expect(await e({ plan: '00000000-0000-4000-8000-000000000000' })).toEqual(
      failed({ plan: ['The selected plan is invalid.'] }),
    );
    expect(await e({ investment: 'inv-nope', transaction: 42 })).toEqual(
      failed({
        investment: ['The selected investment is invalid.'],
        transaction: ['The selected transaction is invalid.'],
      }),
    );
    expect(await e({ dateFrom: 'yesterday', dateTo: -1 })).toEqual(
      failed({ dateFrom: ['The date from is invalid.'], dateTo: ['The date to is invalid.'] }),
    );
    expect(await e({ limit: 'many', offset: -1 })).toEqual(
      failed({
        limit: ['The limit must be an integer.'],
        offset: ['The offset must be at least 0.'],
      }),
    );
    expect(await e({ limit: 101 })).toEqual(
      failed({ limit: ['The limit may not be greater than 100.'] }),
    );
  });
});
