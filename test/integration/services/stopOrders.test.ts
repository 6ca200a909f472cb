import { describe, expect, it } from 'vitest';
import { REGION_REFUSED_MESSAGE } from '../../../src/main/exchange/errors';
import type { Core } from '../../../src/main/core/core';
import type { PlacementOutcome } from '../../../src/shared/model';
import { startMainCore } from '../../support/core';

/**
 * Issue 17 point 1: stop-limit and stop-market orders placed through main (orders.place) against
 * the demo exchange, the same path as the other kinds (client order id, journal, reconciliation);
 * point 5: a demo exchange for an EU account refuses with HTTP 453 what EU accounts may not place.
 */

const find = (core: Core, clientOrderId: string) => {
  const { active, history } = core.demoExchange.engine.state;
  return [...active, ...history].find((o) => o.clientOrderId === clientOrderId);
};
const isActive = (core: Core, clientOrderId: string) =>
  core.demoExchange.engine.state.active.some((o) => o.clientOrderId === clientOrderId);

describe('stop orders through main', () => {
  it('a stop-limit buy rests with its activation price, then triggers and fills when the price rises to it', async () => {
    const { core, call } = await startMainCore({ demoExchange: { freezePrices: true } });
    core.demoExchange.engine.setPrice('BTC_USDT', '60000');
    const input = {
      kind: 'stop_limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      activationPrice: '61000',
      price: '62000',
      clientOrderId: 'stop-limit-1',
    };
    const placed = await call<PlacementOutcome>('orders.place', input);
    expect(placed).toMatchObject({
      outcome: 'placed',
      clientOrderId: 'stop-limit-1',
      reconciled: false,
    });
    const order = find(core, 'stop-limit-1')!;
    expect(order).toMatchObject({ type: 'stop limit', activationPrice: '61000', price: '62000' });
    expect(isActive(core, 'stop-limit-1')).toBe(true);
    const active =
      await call<{ clientOrderId?: string; activationPrice?: string }[]>('orders.active');
    expect(JSON.stringify(active)).toContain('61000');
    core.demoExchange.engine.setPrice('BTC_USDT', '61500');
    core.demoExchange.engine.sync();
    expect(isActive(core, 'stop-limit-1')).toBe(false);
    expect(find(core, 'stop-limit-1')).toMatchObject({ activated: 1, status: 'FILLED' });
    // The journal keeps the id: the same id again is refused by main, before the exchange.
    await expect(call('orders.place', input)).rejects.toMatchObject({
      code: 'CLIENT_ORDER_ID_USED',
    });
  });

  it('a stop-market sell rests, then executes at market when the price falls to it', async () => {
    const { core, call } = await startMainCore({ demoExchange: { freezePrices: true } });
    core.demoExchange.engine.setPrice('BTC_USDT', '60000');
    await call('orders.place', {
      kind: 'stop_market',
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.001',
      activationPrice: '59000',
      clientOrderId: 'stop-market-1',
    });
    expect(find(core, 'stop-market-1')).toMatchObject({
      type: 'stop market',
      activationPrice: '59000',
    });
    expect(isActive(core, 'stop-market-1')).toBe(true);
    core.demoExchange.engine.setPrice('BTC_USDT', '58900');
    core.demoExchange.engine.sync();
    expect(isActive(core, 'stop-market-1')).toBe(false);
    expect(find(core, 'stop-market-1')).toMatchObject({ activated: 1, status: 'FILLED' });
  });

  it('a lost answer is reconciled by client order id, as for the other kinds', async () => {
    const { core, call } = await startMainCore({
      demoExchange: { freezePrices: true, control: true, faults: { resetAfterOrder: 1 } },
    });
    core.demoExchange.engine.setPrice('BTC_USDT', '60000');
    const placed = await call<PlacementOutcome>('orders.place', {
      kind: 'stop_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '20',
      activationPrice: '65000',
      clientOrderId: 'stop-lost-1',
    });
    expect(placed).toMatchObject({
      outcome: 'placed',
      clientOrderId: 'stop-lost-1',
      reconciled: true,
    });
    expect(isActive(core, 'stop-lost-1')).toBe(true);
  });

  it('the contract wants an activation price (and a stop-limit its limit price): nothing is sent', async () => {
    const { core, call } = await startMainCore({ demoExchange: { freezePrices: true } });
    const before = core.demoExchange.requestLog().length;
    const common = { market: 'BTC_USDT', side: 'buy', amount: '0.001' };
    await expect(call('orders.place', { kind: 'stop_market', ...common })).rejects.toMatchObject({
      fields: { activationPrice: ['Enter the activation price.'] },
    });
    await expect(
      call('orders.place', { kind: 'stop_limit', ...common, activationPrice: '61000' }),
    ).rejects.toMatchObject({ fields: { price: ['Enter the limit price.'] } });
    expect(
      core.demoExchange
        .requestLog()
        .slice(before)
        .filter((e) => e.path.includes('/order/')),
    ).toEqual([]);
  });
});

describe('an EU account (demo region eu)', () => {
  it('refuses a limit order without IOC and a stop-limit with HTTP 453, in words; takes the allowed kinds', async () => {
    const { core, call } = await startMainCore({
      demoExchange: { freezePrices: true, region: 'eu' },
    });
    core.demoExchange.engine.setPrice('BTC_USDT', '60000');
    const common = { market: 'BTC_USDT', side: 'buy', amount: '0.001' };
    const refused = { message: REGION_REFUSED_MESSAGE };
    await expect(
      call('orders.place', { kind: 'limit', ...common, price: '50000' }),
    ).rejects.toMatchObject(refused);
    await expect(
      call('orders.place', {
        kind: 'stop_limit',
        ...common,
        price: '62000',
        activationPrice: '61000',
      }),
    ).rejects.toMatchObject(refused);
    const statuses = core.demoExchange
      .requestLog()
      .filter((e) => e.path === '/api/v4/order/new' || e.path === '/api/v4/order/stop_limit')
      .map((e) => e.status);
    expect(statuses).toEqual([453, 453]);
    for (const input of [
      { kind: 'limit', ...common, price: '50000', ioc: true },
      { kind: 'stop_market', ...common, amount: '10', activationPrice: '61000' },
      { kind: 'stock_market', ...common },
      { kind: 'market', ...common, amount: '10' },
    ]) {
      await expect(call('orders.place', input)).resolves.toMatchObject({ outcome: 'placed' });
    }
  });
});
