import Decimal from 'decimal.js';
import { describe, expect, it, vi } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { BalanceMoves } from '../../../src/main/services/balanceTransfer';
import type { BalanceMove, BalancePair } from '../../../src/shared/model';
import type { Core } from '../../../src/main/core/core';
import { startMainCore } from '../../support/core';

/**
 * Issue 34 item 2: main ↔ trade through main against the demo, checked against the demo's own
 * balances: a move changes both by exactly the amount, a refused one changes nothing, and a lost
 * answer is reconciled from the balance, never sent a second time.
 */
const TRANSFER = '/api/v4/main-account/transfer';
const transfersSent = (core: Core) =>
  core.demoExchange.requestLog().filter((entry) => entry.path === TRANSFER);

/** The demo's own USDT balances: main, and trade available. */
function demoUsdt(core: Core) {
  const state = core.demoExchange.engine.state;
  return { main: state.main['USDT'], trade: state.trade['USDT']?.available };
}

describe.each(CASINGS)('main ↔ trade through main, %s casing', (casing) => {
  it('moves exactly the amount there and back', async () => {
    const { core, call } = await startMainCore({ demoExchange: { casing, freezePrices: true } });
    const before = await call<BalancePair>('transfers.balances', { ticker: 'USDT' });
    expect(before).toMatchObject({ ticker: 'USDT', main: demoUsdt(core).main });
    const there = await call<BalanceMove>('transfers.move', {
      ticker: 'USDT',
      amount: '123.45',
      from: 'main',
      to: 'trade',
    });
    expect(there).toMatchObject({ outcome: 'moved', reconciled: false });
    const after = await call<BalancePair>('transfers.balances', { ticker: 'USDT' });
    const diff = (a: string, b: string) => new Decimal(a).minus(b).toFixed();
    expect(diff(before.main, after.main)).toBe('123.45');
    expect(diff(after.trade, before.trade)).toBe('123.45');
    expect(demoUsdt(core)).toEqual({ main: after.main, trade: after.trade });

    await call<BalanceMove>('transfers.move', {
      ticker: 'USDT',
      amount: '123.45',
      from: 'trade',
      to: 'main',
    });
    const back = await call<BalancePair>('transfers.balances', { ticker: 'USDT' });
    expect({ main: back.main, trade: back.trade }).toEqual({
      main: before.main,
      trade: before.trade,
    });
    expect(transfersSent(core)).toHaveLength(2);
  });

  it('refuses more than the balance holds, under amount, with nothing moved', async () => {
    const { core, call } = await startMainCore({ demoExchange: { casing, freezePrices: true } });
    const before = demoUsdt(core);
    await expect(
      call('transfers.move', { ticker: 'USDT', amount: '99999999', from: 'main', to: 'trade' }),
    ).rejects.toMatchObject({
      code: 'EXCHANGE_VALIDATION',
      fields: {
        amount: [
          expect.stringMatching(/^More than the main balance holds: [\d.]+ USDT available\.$/),
        ],
      },
    });
    expect(demoUsdt(core)).toEqual(before);
  });

  it('a lost answer (the move done, its answer garbled) is reconciled from the balance, not resent', async () => {
    const { core } = await startMainCore({ demoExchange: { casing, freezePrices: true } });
    const api = core.accounts.active().api;
    const read = api.mainBalance.bind(api);
    let reads = 0;
    // The answer to the transfer, the request after the first balance read, arrives cut in half.
    vi.spyOn(api, 'mainBalance').mockImplementation(async (...args) => {
      const balances = await read(...args);
      if (reads++ === 0) core.demoExchange.setFaults({ malformedJson: 1 });
      return balances;
    });
    const before = demoUsdt(core);
    const move = await new BalanceMoves().move(
      api,
      'demo',
      { ticker: 'USDT', amount: '10', from: 'main', to: 'trade' },
      { sleep: () => Promise.resolve() },
    );
    expect(move).toMatchObject({ outcome: 'moved', reconciled: true });
    expect(transfersSent(core)).toHaveLength(1);
    expect(transfersSent(core)[0]!.fault).toBe('malformedJson');
    expect(new Decimal(before.main!).minus(demoUsdt(core).main!).toFixed()).toBe('10');
  });
});
