import type Decimal from 'decimal.js';
import { Precise } from '../../shared/decimal';

/**
 * Cost basis by lots (issue 36): pure, exact decimal arithmetic, no I/O.
 *
 * The input is the user's history as tax events, oldest first, every value already in the one
 * quote the report is written in (the caller values each at its day's close):
 * - `acquire`: units that came in and what they cost. A buy's cost is the deal's money plus a fee
 *   paid in money; a fee taken in the asset bought is left out of `amount` (fewer units for the same
 *   cost). `source` says what it was: a buy, a convert, a deposit (cost unknown unless the user
 *   entered it), or income (a mining reward, flex interest: its cost is its value on the day, and it
 *   is listed as income).
 * - `dispose`: units that left and what they brought (`proceeds`), less a `fee` in money.
 * - `move`: units moved between the user's own balances or sub-accounts. A move keeps every lot
 *   with its date and cost: it is recorded, never a disposal.
 *
 * Lots are pooled per asset over all of the user's accounts. A disposal takes lots by the method of
 * its tax year: FIFO (oldest first), LIFO (newest first), HIFO (highest cost per unit first), or
 * average cost (every lot of the asset at the pool's average cost per unit; the dates still come
 * from the oldest lots, for the holding period). A part of a lot takes its share of the lot's cost
 * and the rest keeps the remainder, so nothing is lost to rounding: what was paid plus income
 * always equals the realised cost plus the open lots' cost. A disposal of more than the lots hold
 * is a row without lots (`acquiredAt` null, cost 0), never hidden.
 */

export type LotMethod = 'fifo' | 'lifo' | 'hifo' | 'average';

/** 'opening': units held before the history's first record (cost unknown, like a deposit). */
export type AcquireSource = 'buy' | 'convert' | 'deposit' | 'income' | 'opening';
export type DisposeSource = 'sell' | 'convert' | 'spent';

export type TaxEvent =
  | {
      kind: 'acquire';
      id: string;
      at: number;
      asset: string;
      amount: string;
      /** What the units cost in the quote, a fee paid in money included. */
      cost: string;
      source: AcquireSource;
      /** A deposit whose cost the user has not entered: its cost is its value on the day. */
      costUnknown?: boolean;
    }
  | {
      kind: 'dispose';
      id: string;
      at: number;
      asset: string;
      amount: string;
      /** What the units brought in the quote, before the fee. */
      proceeds: string;
      /** A fee paid in money on the disposal, in the quote. */
      fee: string;
      source: DisposeSource;
    }
  | { kind: 'move'; id: string; at: number; asset: string; amount: string };

export interface TaxSettings {
  /** The method of the tax year an instant falls in. */
  methodOf: (year: number) => LotMethod;
  /** The tax year's first month, 1 (January) to 12. */
  yearStartMonth: number;
  /** Held at least this many calendar months: long term. */
  longTermMonths: number;
}

export interface OpenLot {
  /** The event the lot came from. */
  id: string;
  asset: string;
  acquiredAt: number;
  amount: Decimal;
  cost: Decimal;
  source: AcquireSource;
  costUnknown: boolean;
}

export interface RealizedRow {
  /** The disposal's event. */
  id: string;
  asset: string;
  amount: Decimal;
  /** When the units sold were acquired; null for units no lot holds. */
  acquiredAt: number | null;
  disposedAt: number;
  proceeds: Decimal;
  cost: Decimal;
  fee: Decimal;
  /** proceeds − cost − fee. */
  gain: Decimal;
  term: 'short' | 'long';
  method: LotMethod;
  source: DisposeSource;
  costUnknown: boolean;
}

export interface IncomeRow {
  id: string;
  asset: string;
  at: number;
  amount: Decimal;
  value: Decimal;
}

export interface LotsResult {
  realized: RealizedRow[];
  income: IncomeRow[];
  /** Per asset, oldest first. */
  open: Map<string, OpenLot[]>;
  moves: Extract<TaxEvent, { kind: 'move' }>[];
}

const ZERO = new Precise(0);

/**
 * Shares are cut at a fixed number of places (far below any asset's or currency's precision) so
 * that the remainder, and every sum of shares and remainders, is exact.
 */
const SHARE_PLACES = 24;

/** `total` × `part` / `whole`, cut to SHARE_PLACES. */
function share(total: Decimal, part: Decimal, whole: Decimal): Decimal {
  return total.times(part).div(whole).toDecimalPlaces(SHARE_PLACES, Precise.ROUND_DOWN);
}

/** The tax year an instant falls in: the calendar year its first month starts in (UTC). */
export function taxYearOf(at: number, yearStartMonth: number): number {
  const date = new Date(at);
  const month = date.getUTCMonth() + 1;
  return month >= yearStartMonth ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
}

/** The tax year's bounds in milliseconds, [from, to). */
export function taxYearRange(year: number, yearStartMonth: number): { from: number; to: number } {
  return {
    from: Date.UTC(year, yearStartMonth - 1, 1),
    to: Date.UTC(year + 1, yearStartMonth - 1, 1),
  };
}

/** When units acquired at `acquiredAt` are held `months` calendar months (same day, or the month's last). */
export function longTermAt(acquiredAt: number, months: number): number {
  const from = new Date(acquiredAt);
  const target = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1, 0, 0, 0, 0),
  );
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(
    from.getUTCHours(),
    from.getUTCMinutes(),
    from.getUTCSeconds(),
    from.getUTCMilliseconds(),
  );
  return target.getTime();
}

/** Held for at least `months` calendar months (the same day of the month, or the month's last). */
export function isLongTerm(acquiredAt: number, disposedAt: number, months: number): boolean {
  return disposedAt >= longTermAt(acquiredAt, months);
}

/** The order a method takes lots in: indexes into `lots` (oldest first). */
function takeOrder(lots: readonly OpenLot[], method: LotMethod): number[] {
  const order = lots.map((_, i) => i);
  if (method === 'lifo') return order.reverse();
  if (method === 'hifo') {
    // Highest cost per unit first; equal ones oldest first (a stable sort).
    const unit = lots.map((lot) => (lot.amount.isZero() ? ZERO : lot.cost.div(lot.amount)));
    return order.sort((a, b) => unit[b]!.comparedTo(unit[a]!));
  }
  return order;
}

/** Every lot of an asset at the pool's average cost per unit, the last lot taking the remainder. */
function pool(lots: OpenLot[]): void {
  const units = lots.reduce((sum, lot) => sum.plus(lot.amount), ZERO);
  const cost = lots.reduce((sum, lot) => sum.plus(lot.cost), ZERO);
  if (units.isZero()) return;
  let left = cost;
  lots.forEach((lot, i) => {
    const part = i === lots.length - 1 ? left : share(cost, lot.amount, units);
    lot.cost = part;
    left = left.minus(part);
  });
}

export function computeLots(events: readonly TaxEvent[], settings: TaxSettings): LotsResult {
  const open = new Map<string, OpenLot[]>();
  const realized: RealizedRow[] = [];
  const income: IncomeRow[] = [];
  const moves: LotsResult['moves'] = [];
  const lotsOf = (asset: string) => {
    let lots = open.get(asset);
    if (!lots) open.set(asset, (lots = []));
    return lots;
  };

  for (const event of events) {
    if (event.kind === 'move') {
      moves.push(event);
      continue;
    }
    const amount = new Precise(event.amount);
    if (event.kind === 'acquire') {
      const cost = new Precise(event.cost);
      lotsOf(event.asset).push({
        id: event.id,
        asset: event.asset,
        acquiredAt: event.at,
        amount,
        cost,
        source: event.source,
        costUnknown: event.costUnknown ?? false,
      });
      if (event.source === 'income') {
        income.push({ id: event.id, asset: event.asset, at: event.at, amount, value: cost });
      }
      continue;
    }

    const method = settings.methodOf(taxYearOf(event.at, settings.yearStartMonth));
    const lots = lotsOf(event.asset);
    if (method === 'average') pool(lots);
    const proceeds = new Precise(event.proceeds);
    const fee = new Precise(event.fee);
    // The disposal's proceeds and fee are shared over the lots it takes, the last part the rest.
    let proceedsLeft = proceeds;
    let feeLeft = fee;
    let want = amount;
    const parts: { lot: OpenLot | undefined; amount: Decimal; cost: Decimal }[] = [];
    // Average cost takes the dates oldest first; its cost is the same per unit in every lot.
    for (const index of takeOrder(lots, method === 'average' ? 'fifo' : method)) {
      if (want.lte(0)) break;
      const lot = lots[index]!;
      if (lot.amount.lte(0)) continue;
      const take = Precise.min(lot.amount, want);
      const cost = take.eq(lot.amount) ? lot.cost : share(lot.cost, take, lot.amount);
      lot.amount = lot.amount.minus(take);
      lot.cost = lot.cost.minus(cost);
      want = want.minus(take);
      parts.push({ lot, amount: take, cost });
    }
    if (want.gt(0)) parts.push({ lot: undefined, amount: want, cost: ZERO });
    open.set(
      event.asset,
      lots.filter((lot) => lot.amount.gt(0)),
    );
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const partProceeds = last ? proceedsLeft : share(proceeds, part.amount, amount);
      const partFee = last ? feeLeft : share(fee, part.amount, amount);
      proceedsLeft = proceedsLeft.minus(partProceeds);
      feeLeft = feeLeft.minus(partFee);
      const acquiredAt = part.lot?.acquiredAt ?? null;
      realized.push({
        id: event.id,
        asset: event.asset,
        amount: part.amount,
        acquiredAt,
        disposedAt: event.at,
        proceeds: partProceeds,
        cost: part.cost,
        fee: partFee,
        gain: partProceeds.minus(part.cost).minus(partFee),
        term:
          acquiredAt !== null && isLongTerm(acquiredAt, event.at, settings.longTermMonths)
            ? 'long'
            : 'short',
        method,
        source: event.source,
        costUnknown: part.lot === undefined || part.lot.costUnknown,
      });
    });
  }
  return { realized, income, open, moves };
}
