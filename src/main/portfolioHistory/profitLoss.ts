import type Decimal from 'decimal.js';
import type { Millis, ProfitLoss, ProfitLossRow } from '../../shared/model';
import { Precise, holdingPrice, holdingValue } from '../../shared/decimal';
import { ratioDecimal, unitsText } from './exact';
import { movementsOf } from './movements';
import { DAY_MS, dayOf, priceSeries, type CloseIndex, type DaySeries } from './prices';
import type {
  StoredConvert,
  StoredDeal,
  StoredFlexPayment,
  StoredSubAccountTransfer,
  StoredTransfer,
} from './records';

/**
 * Profit and loss per asset by average cost, in the quote, fees included (pure, no I/O).
 *
 * Every asset is a position: units and what they cost in the quote. Walking the records oldest first:
 * - a buy on STOCK_MONEY adds to STOCK what was paid: the deal plus a fee in money, valued in the
 *   quote at that day's close of MONEY when MONEY is not the quote; a fee in STOCK leaves fewer units
 *   for the same cost. Paying with MONEY is a sale of MONEY at that day's close (it realises
 *   MONEY's gain or loss, unless MONEY is the quote).
 * - a sell realises, on STOCK, what was received (deal in the quote) less the fee less the average
 *   cost of the units that left (amount, and a fee taken in STOCK); MONEY received enters at that
 *   day's close.
 * - a fee in a third asset is a sale of that asset at the day's close, and counts as the deal's fee.
 * - a deposit or a flex payment enters at that day's close (its market value then).
 * - a withdrawal (amount and fee) leaves at the average cost: no profit or loss.
 * - a transfer to a sub-account is a move, not a sale (issue 34 item 6): the units leave at their
 *   average cost, no gain, and that cost is kept per asset for the sub-accounts; units back from
 *   a sub-account come in at the cost kept (its average), any beyond it at the day's close
 *   (estimated: the sub-account got them otherwise).
 * - a convert disposes of `give` of FROM for the value of what it received (`receive` of TO at
 *   that day's close of TO: the quoted rate; the quote itself at face value) and acquires TO at
 *   that same value.
 * Units held before the first record the exchange shows (today's holdings less what the records
 * explain) enter at the close of that first record's day; a record on a day without a close takes
 * the next day that has one; a sale of more than is held takes the excess at the day's close; what
 * is held beyond today's balances leaves at the average cost. Each of these makes the row
 * `estimated`. An asset with no price at all has no cost (averageCost null).
 *
 * The quote asset itself has no row: its cost is its own amount, so its profit is zero by
 * definition (it still counts where it pays or is received, as MONEY above).
 *
 * Unrealised = value now (holdings x price now, as the Overview values it) - cost basis.
 */

type Amount = Decimal;
const zero = (): Amount => new Precise(0);

export interface ProfitLossInput {
  deals: readonly StoredDeal[];
  transfers: readonly StoredTransfer[];
  flexPayments: readonly StoredFlexPayment[];
  subAccountTransfers?: readonly StoredSubAccountTransfer[];
  converts?: readonly StoredConvert[];
  /** Held now, per asset: every account's total. */
  holdings: Readonly<Record<string, string>>;
  /** The price of one unit now in the quote (the Overview's PriceBook), or undefined. */
  priceNow: (ticker: string) => Decimal | undefined;
  closes: CloseIndex;
  quote: string;
  now: Millis;
}

interface Position {
  units: Amount;
  cost: Amount;
  realised: Amount;
  fees: Amount;
  estimated: boolean;
  /** What is held came in without any price: its cost is unknown until the position is closed. */
  costUnknown: boolean;
}

export function profitLoss(input: ProfitLossInput): ProfitLoss {
  const { quote, closes, now } = input;
  const positions = new Map<string, Position>();
  const position = (ticker: string): Position => {
    let p = positions.get(ticker);
    if (!p) {
      p = {
        units: zero(),
        cost: zero(),
        realised: zero(),
        fees: zero(),
        estimated: false,
        costUnknown: false,
      };
      positions.set(ticker, p);
    }
    return p;
  };

  /**
   * One unit of `ticker` in the quote at `time`: that day's close, else the next day's that has one
   * (estimated), else undefined. Each day's answer is kept, so no stretch is searched twice.
   */
  type Found = { price: Amount; day: Millis } | null;
  const found = new Map<string, { series: DaySeries | undefined; days: Map<Millis, Found> }>();
  const priceAt = (ticker: string, time: Millis) => {
    let known = found.get(ticker);
    if (!known) {
      known = { series: priceSeries(closes, ticker, quote), days: new Map() };
      found.set(ticker, known);
    }
    const { series, days } = known;
    const start = dayOf(time);
    const searched: Millis[] = [];
    let result: Found | undefined;
    for (let day = start; result === undefined; day += DAY_MS) {
      result = days.get(day);
      if (result !== undefined) break;
      searched.push(day);
      const price = day <= now ? series?.(day) : undefined;
      if (price) result = { price: ratioDecimal(price), day };
      else if (!series || day > now) result = null;
    }
    for (const day of searched) days.set(day, result);
    return result ? { price: result.price, estimated: result.day !== start } : undefined;
  };

  /** `units` come in at `price` each (market value then); undefined price: cost unknown. */
  const acquire = (ticker: string, units: Amount, time: Millis, estimated = false) => {
    if (ticker === quote || units.isZero()) return;
    const p = position(ticker);
    const at = priceAt(ticker, time);
    if (at) p.cost = p.cost.plus(units.mul(at.price));
    else p.costUnknown = true;
    p.units = p.units.plus(units);
    p.estimated ||= estimated || (at?.estimated ?? false);
  };

  /** `units` come in for `cost` (in the quote); undefined: cost unknown. */
  const buyInto = (ticker: string, units: Amount, cost: Amount | undefined) => {
    if (ticker === quote || units.isZero()) return;
    const p = position(ticker);
    if (cost) p.cost = p.cost.plus(cost);
    else p.costUnknown = true;
    p.units = p.units.plus(units);
  };

  /**
   * `units` leave: for `proceeds` (realising proceeds - their average cost), or at their average
   * cost when proceeds is null. More than is held: the excess first enters at the day's close.
   * Answers the cost that left (undefined: the quote, nothing, or cost unknown).
   */
  const dispose = (
    ticker: string,
    units: Amount,
    time: Millis,
    proceeds: Amount | null | undefined,
  ): Amount | undefined => {
    if (ticker === quote || units.isZero()) return undefined;
    const p = position(ticker);
    if (units.gt(p.units)) acquire(ticker, units.minus(p.units), time, true);
    const costOut = p.cost.mul(units).div(p.units);
    if (proceeds === undefined || p.costUnknown) {
      // Sold without a price to value what came back, or cost unknown: nothing can be realised.
      p.estimated = true;
    } else if (proceeds !== null) {
      p.realised = p.realised.plus(proceeds.minus(costOut));
    }
    const known = !p.costUnknown;
    p.cost = p.cost.minus(costOut);
    p.units = p.units.minus(units);
    if (p.units.isZero()) [p.cost, p.costUnknown] = [zero(), false];
    return known ? costOut : undefined;
  };

  /** Per asset: the units moved to sub-accounts and their cost (undefined: unknown). */
  const parked = new Map<string, { units: Amount; cost: Amount | undefined }>();
  function moveSubAccount(t: StoredSubAccountTransfer) {
    if (t.ticker === quote) return;
    const units = new Precise(t.amount);
    const pool = parked.get(t.ticker) ?? { units: zero(), cost: zero() };
    parked.set(t.ticker, pool);
    if (t.direction === 'main_to_sub') {
      const costOut = dispose(t.ticker, units, t.time, null);
      pool.units = pool.units.plus(units);
      pool.cost = costOut && pool.cost?.plus(costOut);
      return;
    }
    const back = Precise.min(units, pool.units);
    if (back.gt(0)) {
      const cost = pool.cost?.mul(back).div(pool.units);
      buyInto(t.ticker, back, cost);
      pool.cost = cost && pool.cost?.minus(cost);
      pool.units = pool.units.minus(back);
      if (pool.units.isZero()) pool.cost = zero();
    }
    acquire(t.ticker, units.minus(back), t.time, true);
  }

  function applyConvert(c: StoredConvert) {
    const give = new Precise(c.give);
    const receive = new Precise(c.receive);
    const at = c.to === quote ? { price: new Precise(1), estimated: false } : priceAt(c.to, c.time);
    const value = at && receive.mul(at.price);
    if (at?.estimated && c.from !== quote) position(c.from).estimated = true;
    dispose(c.from, give, c.time, value);
    buyInto(c.to, receive, c.from === quote ? give : value);
  }

  const movements = movementsOf(input);
  const since = movements[0]?.time ?? null;

  // Held before the first record: today's balances less what the records add up to.
  const explained = new Map<string, bigint>();
  for (const m of movements) explained.set(m.ticker, (explained.get(m.ticker) ?? 0n) + m.change);
  const openingTime = since ?? now;
  for (const ticker of new Set([...Object.keys(input.holdings), ...explained.keys()])) {
    const held = new Precise(input.holdings[ticker] ?? '0');
    const opening = held.minus(unitsText(explained.get(ticker) ?? 0n));
    if (opening.gt(0)) acquire(ticker, opening, openingTime, true);
  }

  type Event =
    | { time: Millis; deal: StoredDeal }
    | { time: Millis; transfer: StoredTransfer }
    | { time: Millis; payment: StoredFlexPayment }
    | { time: Millis; move: StoredSubAccountTransfer }
    | { time: Millis; convert: StoredConvert };
  const events: Event[] = [
    ...input.deals.map((deal) => ({ time: deal.time, deal })),
    ...input.transfers.map((transfer) => ({ time: transfer.time, transfer })),
    ...input.flexPayments.map((payment) => ({ time: payment.time, payment })),
    ...(input.subAccountTransfers ?? []).map((move) => ({ time: move.time, move })),
    ...(input.converts ?? []).map((convert) => ({ time: convert.time, convert })),
  ].sort((a, b) => a.time - b.time);

  for (const event of events) {
    if ('move' in event) {
      moveSubAccount(event.move);
    } else if ('convert' in event) {
      applyConvert(event.convert);
    } else if ('transfer' in event) {
      const t = event.transfer;
      const amount = new Precise(t.amount);
      if (t.kind === 'deposit') acquire(t.ticker, amount, t.time);
      else dispose(t.ticker, amount.plus(t.fee), t.time, null);
    } else if ('payment' in event) {
      acquire(event.payment.ticker, new Precise(event.payment.amount), event.time);
    } else {
      applyDeal(event.deal);
    }
  }

  function applyDeal(d: StoredDeal) {
    const [stock = d.market, money = ''] = d.market.split('_');
    const row = position(stock);
    const amount = new Precise(d.amount);
    const total = new Precise(d.deal);
    const fee = new Precise(d.fee);
    const feeIn = d.feeAsset === stock ? 'stock' : d.feeAsset === money ? 'money' : 'other';
    /** The day's value of `units` of `ticker` in the quote; a later day's close makes the row estimated. */
    const valueOf = (ticker: string, units: Amount): Amount | undefined => {
      if (ticker === quote || units.isZero()) return units;
      const at = priceAt(ticker, d.time);
      if (at?.estimated) row.estimated = true;
      return at && units.mul(at.price);
    };
    const totalValue = valueOf(money, total);
    const feeValue = valueOf(d.feeAsset, fee);
    if (feeValue) row.fees = row.fees.plus(feeValue);
    if (feeIn === 'other') dispose(d.feeAsset, fee, d.time, feeValue);
    if (d.side === 'buy') {
      // Paid: the deal, and the fee when it is not taken from the stock received.
      const paid = feeIn === 'money' ? total.plus(fee) : total;
      const cost = feeIn === 'stock' ? totalValue : totalValue && feeValue?.plus(totalValue);
      buyInto(stock, feeIn === 'stock' ? amount.minus(fee) : amount, cost);
      dispose(money, paid, d.time, valueOf(money, paid));
    } else {
      // Received: the deal less the fee (the fee's value, whichever asset it was taken in).
      const proceeds = totalValue && feeValue && totalValue.minus(feeValue);
      if (feeIn === 'stock') {
        // The fee's units leave with the amount sold: their value is in neither side twice.
        dispose(stock, amount.plus(fee), d.time, totalValue);
      } else {
        dispose(stock, amount, d.time, proceeds);
      }
      acquire(money, feeIn === 'money' ? total.minus(fee) : total, d.time);
    }
  }

  const rows: ProfitLossRow[] = [];
  for (const [ticker, p] of [...positions].sort(([a], [b]) => a.localeCompare(b))) {
    if (ticker === quote) continue;
    const held = new Precise(input.holdings[ticker] ?? '0');
    // Held beyond today's balances (a transfer the history does not show): out at average cost.
    if (p.units.gt(held)) {
      dispose(ticker, p.units.minus(held), now, null);
      p.estimated = true;
    }
    if (held.isZero() && p.realised.isZero() && p.fees.isZero()) continue;
    const price = input.priceNow(ticker);
    const known = !p.costUnknown;
    const costBasis = known ? p.cost.toDecimalPlaces(8) : null;
    rows.push({
      ticker,
      amount: held.toFixed(),
      averageCost: known && !held.isZero() ? holdingPrice(p.cost.div(held)) : null,
      costBasis: costBasis?.toFixed() ?? null,
      realised: p.realised.toDecimalPlaces(8).toFixed(),
      unrealised: costBasis && price ? holdingValue(held, price).minus(costBasis).toFixed() : null,
      fees: p.fees.toDecimalPlaces(8).toFixed(),
      price: price ? holdingPrice(price) : null,
      estimated: p.estimated,
    });
  }

  const sum = (pick: (r: ProfitLossRow) => string | null) =>
    rows.reduce((s, r) => s.plus(pick(r) ?? 0), zero()).toFixed();
  return {
    quote,
    rows,
    totals: {
      costBasis: sum((r) => r.costBasis),
      realised: sum((r) => r.realised),
      unrealised: sum((r) => r.unrealised),
      fees: sum((r) => r.fees),
    },
    since,
    fetchedAt: now,
  };
}
