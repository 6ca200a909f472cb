import { describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { startMainCore } from '../../support/core';
import type {
  ActiveOrders,
  KillSwitchStatus,
  KillSwitchTimer,
  Order,
  PlacementOutcome,
} from '../../../src/shared/model';

/** Modify, cancel all and the kill-switch, end to end in main against the demo exchange. */
describe.each(CASINGS)('%s casing', (casing) => {
  async function setUp() {
    let clock = Date.now();
    const { core, call } = await startMainCore({
      demoExchange: { casing, freezePrices: true, now: () => clock },
    });
    /**
     * The exchange's clock jumps `ms` ahead and brings itself up to date (timers fire), then comes
     * back: signed requests stay within the exchange's allowed clock difference.
     */
    const advance = (ms: number) => {
      clock += ms;
      core.demoExchange.engine.sync();
      clock -= ms;
    };
    const place = (market: string, price: string, amount: string, clientOrderId?: string) =>
      call<PlacementOutcome>('orders.place', {
        kind: 'limit',
        market,
        side: 'buy',
        amount,
        price,
        ...(clientOrderId ? { clientOrderId } : {}),
      });
    const active = async () => (await call<ActiveOrders>('orders.active')).orders;
    const requests = () => core.demoExchange.requestLog().map((r) => r.path);
    return { call, place, active, advance, requests };
  }

  it('modifies a resting limit order: a new order id, the client order id kept, the new price and amount', async () => {
    const { call, place, active } = await setUp();
    const placed = await place('BTC_USDT', '20000', '0.001', 'modify-me-1');
    const modified = await call<Order>('orders.modify', {
      market: 'BTC_USDT',
      orderId: placed.outcome === 'placed' ? placed.orderId : 0,
      price: '21000',
      amount: '0.002',
    });
    expect(placed.outcome === 'placed' && modified.orderId).not.toBe(
      placed.outcome === 'placed' && placed.orderId,
    );
    expect(modified).toMatchObject({
      clientOrderId: 'modify-me-1',
      price: '21000',
      amount: '0.002',
    });
    const ids = (await active()).map((o) => o.orderId);
    expect(ids).toContain(modified.orderId);
    expect(placed.outcome === 'placed' && ids.includes(placed.orderId)).toBe(false);
  });

  it('refuses a modify that changes nothing, in main, under the amount field', async () => {
    const { call, requests } = await setUp();
    const before = requests().length;
    await expect(call('orders.modify', { market: 'BTC_USDT', orderId: 1 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      fields: { amount: [expect.any(String)] },
    });
    expect(requests().slice(before)).not.toContain('/api/v4/order/modify');
  });

  it('cancels every order of one market and leaves the other markets’ orders', async () => {
    const { call, place, active } = await setUp();
    await place('BTC_USDT', '20000', '0.001');
    await place('ETH_USDT', '1000', '0.01');
    await call('orders.cancelAll', { market: 'BTC_USDT' });
    const after = await active();
    expect(after.some((o) => o.market === 'BTC_USDT')).toBe(false);
    expect(after.some((o) => o.market === 'ETH_USDT')).toBe(true);
    await call('orders.cancelAll', {});
    expect(await active()).toEqual([]);
  });

  it('arms a kill-switch, shows its timer, cancels the market’s orders when it fires; disarms', async () => {
    const { call, place, active, advance } = await setUp();
    await place('BTC_USDT', '20000', '0.001');
    await place('ETH_USDT', '1000', '0.01');
    const timer = await call<KillSwitchTimer>('orders.killSwitch', {
      market: 'BTC_USDT',
      timeout: 5,
    });
    expect(timer.cancellationTime - timer.startTime).toBe(5000);
    const status = await call<KillSwitchStatus>('orders.killSwitchStatus');
    expect(status.timers.map((t) => t.market)).toEqual(['BTC_USDT']);

    await call('orders.killSwitch', { market: 'ETH_USDT', timeout: 600 });
    expect(await call('orders.killSwitch', { market: 'ETH_USDT', timeout: null })).toBeNull();

    advance(6000);
    const after = await active();
    expect(after.some((o) => o.market === 'BTC_USDT')).toBe(false);
    expect(after.some((o) => o.market === 'ETH_USDT')).toBe(true);
    expect((await call<KillSwitchStatus>('orders.killSwitchStatus')).timers).toEqual([]);
  });

  it.each([4, 601, 5.5])(
    'refuses a kill-switch timeout of %s seconds under its field, nothing is sent',
    async (timeout) => {
      const { call, requests } = await setUp();
      const before = requests().length;
      await expect(
        call('orders.killSwitch', { market: 'BTC_USDT', timeout }),
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        fields: { timeout: ['Enter whole seconds from 5 to 600.'] },
      });
      expect(requests().slice(before)).not.toContain('/api/v4/order/kill-switch');
    },
  );
});
