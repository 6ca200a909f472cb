import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { ExchangeApi } from '../../../src/main/exchange/api';
import { ExchangeClient } from '../../../src/main/exchange/client';
import { fetchAllFlexPayments, fetchAllTransfers } from '../../../src/main/exchange/paging';
import { parseConditionalPage, parseOcoOrders } from '../../../src/main/exchange/schemas';
import { DEMO_MINING_ACCOUNT } from '@exchange-desk/demo-exchange';
import { errorOf, setup, startProxy, teardown, unlimitedPacer, type Setup } from './helpers';

/** Every endpoint of ExchangeApi against the demo exchange, in both response casings. */
describe.each(CASINGS)('every endpoint, %s casing', (casing) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ casing }, { pacer: unlimitedPacer() });
  });
  afterAll(() => teardown(s));

  it('public: ping, time, markets, ticker, assets, order book', async () => {
    expect(await s.api.ping()).toBe('pong');
    const time = await s.api.time();
    expect(Math.abs(time - Date.now())).toBeLessThan(5_000);
    const markets = await s.api.markets();
    const btc = markets.find((m) => m.name === 'BTC_USDT');
    expect(btc).toMatchObject({ stock: 'BTC', money: 'USDT', minAmount: '0.0001' });
    expect(markets.find((m) => m.name === 'DOT_USDT')?.tradesEnabled).toBe(false);
    const ticker = await s.api.ticker();
    expect(Object.keys(ticker)).toContain('BTC_USDT');
    const assets = await s.api.assets();
    expect(Object.keys(assets)).toEqual(expect.arrayContaining(['BTC', 'USDT']));
    expect(assets.USDT).toMatchObject({
      memo: { deposit: false, withdraw: false },
      networks: { deposits: ['ERC20', 'TRC20', 'BEP20', 'SOL'], default: 'ERC20' },
      limits: { deposit: { SOL: { min: '10', max: '1000000' } } },
      confirmations: { TRC20: 20 },
    });
    expect(assets.XRP?.memo).toEqual({ deposit: true, withdraw: true });
    expect(assets.EUR?.providers).toEqual({
      deposits: ['SEPA', 'VISAMASTER'],
      withdraws: ['SEPA', 'VISAMASTER'],
    });
    const book = await s.api.orderBook('BTC_USDT', { limit: 5 });
    expect(book.asks.length).toBeGreaterThan(0);
    expect(book.bids.length).toBeGreaterThan(0);
    expect(Number(book.asks[0]![0])).toBeGreaterThan(Number(book.bids[0]![0]));
  });

  it('balances: main and trade account, whole and per ticker', async () => {
    const main = await s.api.mainBalance();
    expect(main.USDT).toBe('12000');
    const one = await s.api.mainBalance('BTC');
    expect(one.BTC).toBe('0.25');
    const trade = await s.api.tradeBalance();
    expect(trade.ETH?.available).toBe('12.5');
    // With a ticker: the one balance, keyed by it; a zero one too (the whole list leaves it out).
    expect(await s.api.tradeBalance('ETH')).toEqual({ ETH: trade.ETH });
    expect(trade).not.toHaveProperty('USDC');
    expect(await s.api.tradeBalance('USDC')).toEqual({ USDC: { available: '0', freeze: '0' } });
    // The main balance lists every currency; an unknown ticker is a zero balance.
    expect(main.EUR).toBe('0');
    expect(await s.api.mainBalance('NOPE')).toEqual({ NOPE: '0' });
  });

  it('orders: create (limit), active orders by client order id, cancel, history', async () => {
    const [market] = (await s.api.markets()).filter((m) => m.name === 'BTC_USDT');
    const book = await s.api.orderBook(market!.name, { limit: 1 });
    // A resting buy well below the best bid.
    const price = (Number(book.bids[0]![0]) * 0.8).toFixed(2);
    const clientOrderId = `ep-${casing}-rest`;
    const order = await s.api.createOrder({
      kind: 'limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price,
      clientOrderId,
    });
    expect(order).toMatchObject({ market: 'BTC_USDT', side: 'buy', clientOrderId, price });
    const active = await s.api.activeOrders({ market: 'BTC_USDT', clientOrderId });
    expect(active.map((o) => o.orderId)).toEqual([order.orderId]);
    const canceled = await s.api.cancelOrder('BTC_USDT', { clientOrderId });
    expect(canceled.orderId).toBe(order.orderId);
    expect(await s.api.activeOrders({ market: 'BTC_USDT', clientOrderId })).toEqual([]);

    const filled = await s.api.createOrder({
      kind: 'stock_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      clientOrderId: `ep-${casing}-fill`,
    });
    expect(filled.dealStock).toBe('0.001');
    const history = await s.api.orderHistory({
      market: 'BTC_USDT',
      clientOrderId: `ep-${casing}-fill`,
    });
    expect(history.BTC_USDT?.map((o) => o.orderId)).toEqual([filled.orderId]);
    const money = await s.api.createOrder({
      kind: 'market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '10',
      clientOrderId: `ep-${casing}-money`,
    });
    expect(Number(money.dealMoney)).toBeGreaterThan(0);
    expect(Number(money.dealMoney)).toBeLessThanOrEqual(10);
  });

  it('deals: executed-history by market and keyed, one order’s deals; history by status', async () => {
    const clientOrderId = `ep-${casing}-deals`;
    const order = await s.api.createOrder({
      kind: 'stock_market',
      market: 'ETH_USDT',
      side: 'sell',
      amount: '0.5',
      clientOrderId,
    });
    const byMarket = await s.api.executedDeals({ market: 'ETH_USDT', limit: 100 });
    expect(Object.keys(byMarket)).toEqual(['ETH_USDT']);
    const mine = byMarket.ETH_USDT!.filter((d) => d.orderId === order.orderId);
    expect(mine.length).toBeGreaterThan(0);
    expect(
      mine.every((d) => d.role === 'taker' && d.side === 'sell' && d.feeAsset === 'USDT'),
    ).toBe(true);
    const total = (field: 'amount' | 'fee') =>
      mine.reduce((sum, d) => sum.plus(d[field]), new Decimal(0)).toFixed();
    expect(total('amount')).toBe(order.dealStock);
    expect(total('fee')).toBe(order.dealFee);
    const keyed = await s.api.executedDeals({ clientOrderId });
    expect(keyed).toEqual({ ETH_USDT: mine });
    const page = await s.api.orderDeals(order.orderId);
    expect(page.records.map((d) => d.dealId)).toEqual(mine.map((d) => d.dealId));
    expect(page.records[0]).toMatchObject({ clientOrderId, rpi: false });
    expect((await s.api.orderDeals(1)).records).toEqual([]);
    const unknown = await errorOf(s.api.executedDeals({ clientOrderId: 'no-such-order' }));
    expect([unknown.kind, unknown.code, unknown.fields]).toEqual([
      'validation',
      30,
      { orderHistory: ['OrderHistory was not found.'] },
    ]);
    const filled = await s.api.orderHistory({ status: 'FILLED', limit: 500 });
    expect(
      Object.values(filled)
        .flat()
        .every((o) => o.status === 'FILLED'),
    ).toBe(true);
    expect(filled.ETH_USDT?.find((o) => o.orderId === order.orderId)?.feeAsset).toBe('USDT');
  });

  it('public market data: fees, order book depth, trades, kline', async () => {
    const fees = await s.api.fees();
    expect(fees.BTC?.withdraw).toMatchObject({ enabled: true, fixed: '0.0002' });
    expect(fees.EUR?.providers.map((p) => p.id)).toEqual(['SEPA', 'VISAMASTER']);
    const depth = await s.api.orderBookDepth('BTC_USDT');
    expect(depth.tickerId).toBe('BTC_USDT');
    expect(depth.asks.length).toBeGreaterThan(0);
    const trades = await s.api.trades('BTC_USDT', { type: 'buy' });
    expect(trades).toHaveLength(100);
    expect(trades.every((t) => t.side === 'buy')).toBe(true);
    const candles = await s.api.kline('BTC_USDT', { interval: '15m', limit: 8 });
    expect(candles).toHaveLength(8);
    expect(candles[1]!.time - candles[0]!.time).toBe(15 * 60_000);
    const refused = await errorOf(s.api.kline('BTC_USDT', { interval: '7m' }));
    expect([refused.kind, refused.fields]).toEqual([
      'validation',
      { interval: ['The selected interval is invalid.'] },
    ]);
    const missing = await errorOf(s.api.trades('NOPE_USDT'));
    expect([missing.status, missing.kind, missing.fields]).toEqual([
      422,
      'validation',
      { market: ['Market is not available.'] },
    ]);
  });

  it('conditional and OCO orders on both path aliases give the same answer', async () => {
    const viaSpec = await s.api.conditionalOrders({ limit: 10 });
    const viaDeployed = await s.client.signedPost(
      '/api/v4/conditional-orders',
      { limit: 10 },
      parseConditionalPage,
    );
    expect(viaDeployed).toEqual(viaSpec);
    expect(viaSpec.limit).toBe(10);
    const ocoSpec = await s.api.ocoOrders({ limit: 10 });
    const ocoDeployed = await s.client.signedPost(
      '/api/v4/oco-orders',
      { limit: 10 },
      parseOcoOrders,
    );
    expect(ocoDeployed).toEqual(ocoSpec);
    const paths = s.ex.requestLog().map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v4/orders/conditional',
        '/api/v4/conditional-orders',
        '/api/v4/orders/oco',
        '/api/v4/oco-orders',
      ]),
    );
  });

  it('deposit/withdraw history pages', async () => {
    const page = await s.api.depositWithdrawHistory({ offset: 0, limit: 5 });
    expect(page.total).toBe(2500);
    expect(page.records).toHaveLength(5);
    const next = await s.api.depositWithdrawHistory({ offset: 5, limit: 5 });
    expect(next.records[0]).not.toEqual(page.records[0]);
    const deposits = await s.api.depositWithdrawHistory({ transactionMethod: 1, limit: 20 });
    expect(deposits.total).toBeLessThan(2500);
  });

  it('all 2,500 history records through fetchAllTransfers', async () => {
    const all = await fetchAllTransfers(s.api, {});
    expect(all).toMatchObject({ total: 2500, capped: false });
    expect(all.records).toHaveLength(2500);
    expect(new Set(all.records.map((r) => JSON.stringify(r))).size).toBe(2500);
    const first = await s.api.depositWithdrawHistory({ offset: 0, limit: 3 });
    expect(all.records.slice(0, 3)).toEqual(first.records);
  });

  it("smart flex investments: the server's numeric statuses read as ACTIVE/CLOSED, and filter", async () => {
    const all = (await s.api.flexInvestments()).records;
    expect(all.map((i) => [i.currency, i.status]).sort()).toEqual([
      ['BTC', 'CLOSED'],
      ['USDT', 'ACTIVE'],
    ]);
    const closed = await s.api.flexInvestments({ status: 'CLOSED' });
    expect(closed.records.map((i) => i.currency)).toEqual(['BTC']);
    const active = await s.api.flexInvestments({ status: 'ACTIVE', ticker: 'USDT' });
    expect(active.records.map((i) => i.status)).toEqual(['ACTIVE']);
    expect((await s.api.flexInvestments({ ticker: 'ETH' })).records).toEqual([]);
    const error = await errorOf(s.api.flexInvestments({ plan: 'no-such-plan' }));
    expect([error.status, error.kind, error.fields]).toEqual([
      400,
      'validation',
      { plan: ['The selected plan is invalid.'] },
    ]);
  });

  it('smart flex: plans, invest, investments, close', async () => {
    const plans = await s.api.flexPlans();
    const plan = plans.find((p) => p.ticker === 'USDT');
    expect(plan).toBeDefined();
    const before = (await s.api.mainBalance('USDT')).USDT;
    const invested = async () =>
      (await s.api.flexInvestments({ limit: 100 })).records
        .filter((i) => i.planId === plan!.id && i.status === 'ACTIVE')
        .reduce((sum, i) => sum + Number(i.invested), 0);
    const investedBefore = await invested();
    const tx = await s.api.flexInvest(plan!.id, plan!.minInvestment, false);
    expect(tx.transactionId).toMatch(/\S/);
    expect(await invested()).toBeCloseTo(investedBefore + Number(plan!.minInvestment), 6);
    expect(Number((await s.api.mainBalance('USDT')).USDT)).toBeCloseTo(
      Number(before) - Number(plan!.minInvestment),
      6,
    );
    const closed = await s.api.flexClose(plan!.id);
    expect(closed.transactionId).toMatch(/\S/);
    // Closing returns everything invested in the plan to the main account.
    expect(Number((await s.api.mainBalance('USDT')).USDT)).toBeCloseTo(
      Number(before) + investedBefore,
      6,
    );
    expect(await invested()).toBe(0);
  });

  it('smart flex payment history: pages, filters, all 100 seeded payments', async () => {
    const first = await s.api.flexPayments({ limit: 5 });
    expect([first.limit, first.offset, first.records.length]).toEqual([5, 0, 5]);
    const payment = first.records[0]!;
    expect(payment).toEqual({
      transactionId: expect.stringMatching(/\S/),
      investmentId: expect.stringMatching(/\S/),
      planId: expect.stringMatching(/\S/),
      currency: expect.stringMatching(/^[A-Z]+$/),
      amount: expect.stringMatching(/^\d+\.\d+$/),
      createdAt: expect.any(Number),
    });
    const byInvestment = await s.api.flexPayments({ investment: payment.investmentId, limit: 100 });
    expect(new Set(byInvestment.records.map((p) => p.investmentId))).toEqual(
      new Set([payment.investmentId]),
    );
    const one = await s.api.flexPayments({ transaction: payment.transactionId });
    expect(one.records).toEqual([payment]);
    const all = await fetchAllFlexPayments(s.api);
    expect(all.capped).toBe(false);
    expect(all.payments).toHaveLength(100);
    expect(all.payments.slice(0, 5)).toEqual(first.records);
    await expect(s.api.flexPayments({ investment: 'nope' })).rejects.toMatchObject({
      kind: 'validation',
      fields: { investment: ['The selected investment is invalid.'] },
    });
  });

  it('mining hashrate', async () => {
    const to = Math.floor(Date.now() / 1000);
    const series = await s.api.hashrate({
      account: DEMO_MINING_ACCOUNT,
      from: to - 6 * 3600,
      to,
      interval: '1h',
    });
    expect(series.account).toBe(DEMO_MINING_ACCOUNT);
    expect(series.points.length).toBeGreaterThan(0);
    const unknown = await errorOf(
      s.api.hashrate({ account: 'nobody', from: to - 3600, to, interval: '1h' }),
    );
    expect(unknown.kind).toBe('validation');
    expect(unknown.fields.account).toEqual(['Account not found']);
  });

  it('sub-accounts: list, block, unblock', async () => {
    const page = await s.api.subAccounts({ limit: 10 });
    expect(page.records.length).toBeGreaterThan(0);
    const sub = page.records[0]!;
    expect(await s.api.blockSubAccount(sub.id)).toBe(true);
    const blocked = await s.api.subAccounts({ limit: 10 });
    expect(blocked.records.find((r) => r.id === sub.id)?.status).toBe('blocked');
    expect(await s.api.unblockSubAccount(sub.id)).toBe(true);
    const back = await s.api.subAccounts({ limit: 10 });
    expect(back.records.find((r) => r.id === sub.id)?.status).toBe('active');
  });

  it('§4 path fallback: spec path 404 → deployed path, remembered for the base URL', async () => {
    const proxy = await startProxy(s.ex.url, ['/api/v4/orders/conditional', '/api/v4/orders/oco']);
    const client = new ExchangeClient({
      baseUrl: proxy.url,
      credentials: async () => ({ apiKey: s.ex.apiKey, apiSecret: s.ex.apiSecret }),
      pacer: unlimitedPacer(),
    });
    const api = new ExchangeApi(client);
    try {
      const first = await api.conditionalOrders({ limit: 5 });
      expect(first.limit).toBe(5);
      expect(proxy.paths).toEqual(['/api/v4/orders/conditional', '/api/v4/conditional-orders']);
      proxy.paths.length = 0;
      await api.conditionalOrders({ limit: 5 });
      expect(proxy.paths).toEqual(['/api/v4/conditional-orders']);

      proxy.paths.length = 0;
      await api.ocoOrders({ limit: 5 });
      await api.ocoOrders({ limit: 5 });
      expect(proxy.paths).toEqual([
        '/api/v4/orders/oco',
        '/api/v4/oco-orders',
        '/api/v4/oco-orders',
      ]);
      // Against the demo directly (serves the spec path) nothing is learned.
      const since = s.ex.requestLog().at(-1)?.id ?? 0;
      await s.api.conditionalOrders({ limit: 5 });
      expect(s.ex.requestLog(since).map((e) => e.path)).toEqual(['/api/v4/orders/conditional']);
    } finally {
      client.close();
      await proxy.stop();
    }
  });
});
