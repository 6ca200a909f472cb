import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { DealRec } from '@exchange-desk/demo-exchange';
import { Client } from '@exchange-desk/demo-exchange/testing';
import type { TaxReport } from '../../../src/shared/model';
import { startMainCore } from '../../support/core';

/**
 * The tax report's FIFO realised gains, through main's channel on the demo exchange after trades
 * made through the app, against a FIFO computed here, simply, from the exchange's own deals.
 * ADA is traded on ADA_USDT only and has no deposit, withdrawal or income in the demo's history:
 * its lots are its deals (a buy's fee is taken in ADA, a sell's in USDT) and the units held before
 * the history, an opening lot: the exchange's balance now less what its deals moved, valued at the
 * exchange's daily close of the day the history starts.
 */

const ASSET = 'ADA';
const MARKET = 'ADA_USDT';
const DAY_MS = 86_400_000;

interface Lot {
  at: number | 'opening';
  amount: Decimal;
  cost: Decimal;
}

/** FIFO over the exchange's deals of one market, after `opening`: one row per lot a sale takes. */
function independentFifo(deals: readonly DealRec[], opening: Lot) {
  const lots: Lot[] = opening.amount.gt(0) ? [{ ...opening }] : [];
  const rows: {
    amount: Decimal;
    acquiredAt: Lot['at'] | null;
    cost: Decimal;
    gain: Decimal;
  }[] = [];
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
        // Beyond every lot: no lot, no cost.
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

/**
 * ADA held before the history, from the exchange alone: its balances now (trade and main) less
 * what its deals moved (a buy adds its amount less the fee in ADA, a sell takes its amount).
 */
function heldBeforeDeals(core: Awaited<ReturnType<typeof startMainCore>>['core']): Decimal {
  const state = core.demoExchange.engine.state;
  const trade = state.trade[ASSET]!;
  const now = new Decimal(trade.available).plus(trade.freeze).plus(state.main[ASSET] ?? '0');
  return state.deals
    .filter((d) => d.market === MARKET)
    .reduce(
      (held, d) => (d.side === 'buy' ? held.minus(d.amount).plus(d.fee) : held.plus(d.amount)),
      now,
    );
}

/** The exchange's daily close of MARKET on the UTC day `at` falls in (v1 kline, 1d). */
async function closeOn(core: Awaited<ReturnType<typeof startMainCore>>['core'], at: number) {
  const day = Math.floor(at / DAY_MS) * 86_400;
  const answer = await new Client(core.demoExchange).get<{ result: [number, string, string][] }>(
    `/api/v1/public/kline?market=${MARKET}&interval=1d&start=${day}&end=${day + 1}`,
  );
  const candle = answer.json.result.find((c) => c[0] === day);
  expect(candle, 'the close of the opening day').toBeDefined();
  return new Decimal(candle![2]);
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
    // The opening lot's amount and close come from the exchange; its day is where the app's
    // history starts (just before its first record, of any asset).
    const held = heldBeforeDeals(core);
    expect(held.gt(0)).toBe(true);
    const openedAt = report.historyFrom! - 1;
    const opening = {
      at: 'opening' as const,
      amount: held,
      cost: held.times(await closeOn(core, openedAt)),
    };
    const fifo = independentFifo(deals, opening);
    const expected = fifo.map((r) => [cents(r.amount), r.acquiredAt, cents(r.cost), cents(r.gain)]);
    // FIFO takes the oldest units first: those held before the history.
    expect(expected[0]![1]).toBe('opening');
    const got = report.realized
      .filter((r) => r.asset === ASSET)
      .map((r) => [
        cents(r.amount),
        r.opening ? 'opening' : r.acquiredAt,
        cents(r.cost),
        cents(r.gain),
      ]);
    expect(got).toEqual(expected);
    const total = report.realized
      .filter((r) => r.asset === ASSET)
      .reduce((sum, r) => sum.plus(r.gain), new Decimal(0));
    expect(cents(total)).toBe(cents(fifo.reduce((sum, r) => sum.plus(r.gain), new Decimal(0))));
  });

  it('reconciliation: nothing differs on a fresh demo; a balance changed behind its back is named', async () => {
    const { core, call } = await startMainCore({ demoExchange: { freezePrices: true } });
    const year = new Date().getUTCFullYear();
    const report = await call<TaxReport>('tax.report', { quote: 'USDT', year });
    // Units held before the history are opening lots: every balance is accounted for.
    expect(report.reconciliation).toEqual([]);
    expect(report.years[0]).toBe(year);
    // A balance changed behind the history's back: named, unexplained.
    const trade = core.demoExchange.engine.state.trade;
    const ada = trade[ASSET]!;
    trade[ASSET] = { ...ada, available: new Decimal(ada.available).plus(1000).toFixed() };
    const after = await call<TaxReport>('tax.report', { quote: 'USDT', year });
    expect(after.reconciliation.map((r) => [r.asset, r.difference, r.cause])).toEqual([
      [ASSET, '1000', 'unexplained'],
    ]);
    expect(after.reconciliation[0]!.message).toContain(ASSET);
  });
});
