import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { DealRec } from '@exchange-desk/demo-exchange';
import type { TaxReport } from '../../../src/shared/model';
import { startMainCore } from '../../support/core';

/**
 * The tax report's FIFO realised gains, through main's channel on the demo exchange after trades
 * made through the app, against a FIFO computed here, simply, from the exchange's own deals.
 * ADA is traded on ADA_USDT only and has no deposit, withdrawal or income in the demo's history:
 * its lots are its deals alone (a buy's fee is taken in ADA, a sell's in USDT).
 */

const ASSET = 'ADA';
const MARKET = 'ADA_USDT';

interface Lot {
  at: number;
  amount: Decimal;
  cost: Decimal;
}

/** FIFO over the exchange's deals of one market: one row per lot a sale takes. */
function independentFifo(deals: readonly DealRec[]) {
  const lots: Lot[] = [];
  const rows: { amount: Decimal; acquiredAt: number | null; cost: Decimal; gain: Decimal }[] = [];
  for (const d of [...deals].sort((a, b) => a.time - b.time)) {
    // As the exchange's executed-history answers it: whole milliseconds.
    const at = Math.floor(d.time * 1000);
    if (d.side === 'buy') {
      lots.push({ at, amount: new Decimal(d.amount).minus(d.fee), cost: new Decimal(d.deal) });
      continue;
    }
    const sold = new Decimal(d.amount);
    // Proceeds and fee are shared over the lots by the units each gives.
    const perUnit = new Decimal(d.deal).minus(d.fee).div(sold);
    let want = sold;
    while (want.gt(0)) {
      const lot = lots[0];
      if (!lot) {
        // Held before the first deal: no lot, no cost.
        rows.push({
          amount: want,
          acquiredAt: null,
          cost: new Decimal(0),
          gain: perUnit.times(want),
        });
        break;
      }
      const take = Decimal.min(lot.amount, want);
      const cost = lot.cost.times(take).div(lot.amount);
      rows.push({ amount: take, acquiredAt: lot.at, cost, gain: perUnit.times(take).minus(cost) });
      lot.amount = lot.amount.minus(take);
      lot.cost = lot.cost.minus(cost);
      if (lot.amount.isZero()) lots.shift();
      want = want.minus(take);
    }
  }
  return rows;
}

const cents = (d: Decimal.Value) => new Decimal(d).toDecimalPlaces(6).toFixed();

describe('the tax report on the demo exchange', () => {
  it("FIFO realised gains equal a FIFO computed from the exchange's own deals", async () => {
    const { core, call } = await startMainCore({ demoExchange: { freezePrices: true } });
    await call('orders.place', {
      kind: 'stock_market',
      market: MARKET,
      side: 'buy',
      amount: '300',
    });
    await call('orders.place', {
      kind: 'stock_market',
      market: MARKET,
      side: 'sell',
      amount: '120',
    });
    await call('orders.place', { kind: 'stock_market', market: MARKET, side: 'buy', amount: '50' });
    await call('orders.place', {
      kind: 'stock_market',
      market: MARKET,
      side: 'sell',
      amount: '200',
    });
    const year = new Date().getUTCFullYear();
    const report = await call<TaxReport>('tax.report', { quote: 'USDT', year });
    expect(report.method).toBe('fifo');

    const deals = core.demoExchange.engine.state.deals.filter((d) => d.market === MARKET);
    const inYear = deals.filter((d) => new Date(d.time * 1000).getUTCFullYear() === year);
    expect(inYear.filter((d) => d.side === 'sell').length).toBeGreaterThanOrEqual(2);
    const expected = independentFifo(deals).map((r) => [
      cents(r.amount),
      r.acquiredAt,
      cents(r.cost),
      cents(r.gain),
    ]);
    const got = report.realized
      .filter((r) => r.asset === ASSET)
      .map((r) => [cents(r.amount), r.acquiredAt, cents(r.cost), cents(r.gain)]);
    expect(got).toEqual(expected);
    const total = report.realized
      .filter((r) => r.asset === ASSET)
      .reduce((sum, r) => sum.plus(r.gain), new Decimal(0));
    expect(cents(total)).toBe(
      cents(independentFifo(deals).reduce((sum, r) => sum.plus(r.gain), new Decimal(0))),
    );
  });

  it('reconciliation: held before the history is named so; a balance changed behind its back is named', async () => {
    const { core, call } = await startMainCore({ demoExchange: { freezePrices: true } });
    const report = await call<TaxReport>('tax.report', {
      quote: 'USDT',
      year: new Date().getUTCFullYear(),
    });
    // ADA was held before its first deal (the first snapshot says so): never unexplained.
    const before = report.reconciliation.filter((r) => r.asset === ASSET);
    expect(before.map((r) => r.cause)).toEqual(['history-older-than-sync']);
    // A balance changed behind the history's back: named, unexplained.
    // More than the first snapshot says was held before the history.
    const trade = core.demoExchange.engine.state.trade;
    const ada = trade[ASSET]!;
    trade[ASSET] = { ...ada, available: new Decimal(ada.available).plus(1000).toFixed() };
    const after = await call<TaxReport>('tax.report', {
      quote: 'USDT',
      year: new Date().getUTCFullYear(),
    });
    const row = after.reconciliation.find((r) => r.asset === ASSET)!;
    expect(row.cause).toBe('unexplained');
    expect(new Decimal(row.difference).minus(before[0]!.difference).toFixed()).toBe('1000');
    expect(row.message).toContain(ASSET);
    expect(report.years[0]).toBe(new Date().getUTCFullYear());
  });
});
