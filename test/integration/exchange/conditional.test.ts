import { CASINGS } from '@exchange-desk/demo-exchange';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NonceSource } from '../../../src/main/exchange/nonce';
import type { ConditionalLeg } from '../../../src/shared/model';
import { errorOf, setup, teardown, unlimitedPacer, type Setup } from './helpers';

/**
 * The client's functions for stop orders, modify, cancel-all, the kill-switch and the OCO/OTO
 * cancels against the demo exchange, in both response casings: what each sends is accepted and
 * what each answers parses into the domain model. Prices move through the engine, time through the
 * injected clock.
 */
describe.each(CASINGS)('conditional orders through the client, %s casing', (casing) => {
  const clock = { ms: Date.now() };
  let s: Setup;
  beforeAll(async () => {
    // The client's window nonces run on the same clock as the exchange.
    s = await setup(
      { casing, now: () => clock.ms },
      { pacer: unlimitedPacer(), nonces: new NonceSource(() => clock.ms) },
    );
  });
  afterAll(() => teardown(s));
  beforeEach(() => {
    s.ex.reset();
    s.ex.engine.setPrice('BTC_USDT', '64000');
  });

  it('stop-limit and stop-market orders: created, listed with their activation, triggered', async () => {
    const stop = await s.api.createOrder({
      kind: 'stop_limit',
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.01',
      price: '62900',
      activationPrice: '63000',
      clientOrderId: `sl-${casing}`,
    });
    expect(stop).toMatchObject({
      type: 'stop limit',
      price: '62900',
      activationPrice: '63000',
      activationCondition: 'lte',
      activated: false,
      clientOrderId: `sl-${casing}`,
    });
    const buy = await s.api.createOrder({
      kind: 'stop_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '50',
      activationPrice: '65000',
      clientOrderId: `sm-${casing}`,
    });
    expect(buy).toMatchObject({ type: 'stop market', amount: '50', activationCondition: 'gte' });
    const active = await s.api.activeOrders({ market: 'BTC_USDT', limit: 100 });
    expect(active.find((o) => o.orderId === stop.orderId)).toEqual(stop);
    expect(active.find((o) => o.orderId === buy.orderId)?.activationPrice).toBe('65000');

    s.ex.engine.setPrice('BTC_USDT', '63000');
    const history = await s.api.orderHistory({
      market: 'BTC_USDT',
      clientOrderId: `sl-${casing}`,
    });
    expect(history.BTC_USDT?.[0]).toMatchObject({ orderId: stop.orderId, dealStock: '0.01' });
    s.ex.engine.setPrice('BTC_USDT', '65000');
    const ids = (await s.api.activeOrders({ market: 'BTC_USDT', limit: 100 })).map(
      (o) => o.orderId,
    );
    expect(ids).not.toContain(stop.orderId);
    expect(ids).not.toContain(buy.orderId);
  });

  it('modifyOrder: a replacement with a new id; a refusal is a validation error by field', async () => {
    const order = await s.api.createOrder({
      kind: 'limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '40000',
      clientOrderId: `mod-${casing}`,
    });
    const moved = await s.api.modifyOrder(
      'BTC_USDT',
      { orderId: order.orderId },
      { price: '41000' },
    );
    expect(moved).toMatchObject({
      price: '41000',
      amount: '0.01',
      clientOrderId: `mod-${casing}`,
    });
    expect(moved.orderId).not.toBe(order.orderId);
    const bigger = await s.api.modifyOrder(
      'BTC_USDT',
      { clientOrderId: `mod-${casing}` },
      { amount: '0.02', stp: 'cancel_both' },
    );
    expect(bigger).toMatchObject({ amount: '0.02', stp: 'cancel_both' });
    const poor = await errorOf(
      s.api.modifyOrder('BTC_USDT', { orderId: bigger.orderId }, { amount: '100' }),
    );
    expect([poor.kind, poor.status, poor.code, poor.fields]).toEqual([
      'validation',
      422,
      10,
      { amount: ['Not enough balance'] },
    ]);
    const gone = await errorOf(s.api.modifyOrder('BTC_USDT', { orderId: 1 }, { price: '1' }));
    expect([gone.status, gone.code, gone.fields]).toEqual([
      400,
      2,
      { orderId: ['Unexecuted order was not found.'] },
    ]);
  });

  it('cancelAllOrders: by market, none for other order types, then everything', async () => {
    expect(await s.api.cancelAllOrders({ types: ['margin'] })).toBe(true);
    expect((await s.api.activeOrders({ market: 'ETH_USDT' })).length).toBeGreaterThan(0);
    expect(await s.api.cancelAllOrders({ market: 'ETH_USDT', types: ['spot'] })).toBe(true);
    expect(await s.api.activeOrders({ market: 'ETH_USDT' })).toEqual([]);
    expect((await s.api.activeOrders({ market: 'BTC_USDT' })).length).toBeGreaterThan(0);
    expect(await s.api.cancelAllOrders()).toBe(true);
    expect(await s.api.activeOrders({ limit: 100 })).toEqual([]);
    expect((await s.api.conditionalOrders({ limit: 100 })).total).toBe(0);
    const bad = await errorOf(s.api.cancelAllOrders({ market: 'NOPE_USDT' }));
    expect([bad.code, bad.fields]).toEqual([31, { market: ['Market is not available'] }]);
  });

  it('setKillSwitch and killSwitchStatus: a timer in ms; when it passes the market is canceled', async () => {
    const startMs = Math.floor(clock.ms / 1000) * 1000;
    const timer = await s.api.setKillSwitch('BTC_USDT', 30);
    expect(timer).toEqual({
      market: 'BTC_USDT',
      startTime: startMs,
      cancellationTime: startMs + 30_000,
    });
    const scoped = await s.api.setKillSwitch('ETH_USDT', 600, ['spot', 'margin']);
    expect(scoped?.types).toEqual(['spot', 'margin']);
    expect(await s.api.killSwitchStatus('BTC_USDT')).toEqual([timer]);
    expect(await s.api.setKillSwitch('ETH_USDT', null)).toBeNull();
    clock.ms += 30_000;
    expect(await s.api.activeOrders({ market: 'BTC_USDT' })).toEqual([]);
    expect(await s.api.killSwitchStatus()).toEqual([]);
    expect((await s.api.activeOrders({ market: 'ETH_USDT' })).length).toBeGreaterThan(0);
    const short = await errorOf(s.api.setKillSwitch('BTC_USDT', 4));
    expect([short.code, short.fields]).toEqual([
      30,
      { timeout: ['Timeout should be at least 5.'] },
    ]);
  });

  it('cancelOco answers the OCO with its legs canceled; cancelOto and the OTO primary’s link', async () => {
    const [oco] = await s.api.ocoOrders({ market: 'BTC_USDT' });
    const canceled = await s.api.cancelOco('BTC_USDT', { orderId: oco!.id });
    expect(canceled.id).toBe(oco!.id);
    const legs: ConditionalLeg[] = [canceled.stopLoss, canceled.takeProfit];
    expect(legs.map((l) => l.status)).toEqual(['CANCELED', 'CANCELED']);
    expect(canceled.stopLoss).toMatchObject({ activationPrice: '58000', activated: false });
    expect(await s.api.ocoOrders({ market: 'BTC_USDT' })).toEqual([]);
    const again = await errorOf(s.api.cancelOco('BTC_USDT', { orderId: oco!.id }));
    expect([again.code, again.fields]).toEqual([
      2,
      { orderId: ['Unexecuted order was not found.'] },
    ]);

    const page = await s.api.conditionalOrders({ market: 'XRP_USDT' });
    const oto = page.records.find((r) => r.kind === 'oto');
    if (oto?.kind !== 'oto') throw new Error('no seeded OTO on XRP_USDT');
    const primary = (await s.api.activeOrders({ market: 'XRP_USDT', limit: 100 })).find(
      (o) => o.orderId === oto.conditionalOrder.orderId,
    );
    expect(primary?.oto).toEqual({ otoId: oto.id, stopLossPrice: '0.5', takeProfitPrice: '0.7' });
    expect(await s.api.cancelOto('XRP_USDT', oto.id)).toBe(true);
    expect((await s.api.conditionalOrders({ market: 'XRP_USDT' })).records).toEqual([]);
    const missing = await errorOf(s.api.cancelOto('XRP_USDT', oto.id));
    expect([missing.code, missing.fields]).toEqual([
      2,
      { otoId: ['Unexecuted order was not found.'] },
    ]);
  });
});
