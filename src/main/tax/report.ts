import type Decimal from 'decimal.js';
import { Precise } from '../../shared/decimal';
import type {
  Millis,
  OpenLotRow,
  ReconciliationRow,
  TaxReport,
  TaxSettings,
  TaxTotals,
  YearEndHolding,
} from '../../shared/model';
import { PLACES, toUnits, unitsText } from '../portfolioHistory/exact';
import { DAY_MS } from '../portfolioHistory/prices';
import type { TaxEvents, Valuation } from './events';
import {
  computeLots,
  longTermAt,
  taxYearOf,
  taxYearRange,
  type OpenLot,
  type RealizedRow,
} from './lots';

/**
 * The tax year's report (issue 36): pure, exact. The lots are computed through the year's end
 * (realised gains and income of the year, the open lots and the year-end snapshot then), and
 * through now for the reconciliation of the lots against the balances. For the current year the
 * open lots are those of now, valued at the price now; for a past year, those at the year's end
 * valued at the close of its last day.
 */

export interface ReportInput {
  events: TaxEvents;
  settings: TaxSettings;
  year: number;
  quote: string;
  /** The price of one unit now (the Overview's); undefined: unpriced. */
  priceNow: (asset: string) => Decimal | undefined;
  /** The day's close of one unit (for the year-end snapshot). */
  value: Valuation;
  /** Held now per asset: main + trade + flex of every counted account. */
  balances: Readonly<Record<string, string>>;
  /** The earliest record of the synced history; null: none. */
  historyFrom: Millis | null;
  /**
   * Per asset, what was held before the history's first record, as the first balance snapshot
   * implies it (that snapshot less the records up to it); absent: unknown.
   */
  heldBefore?: Readonly<Record<string, string>>;
  now: Millis;
}

const ZERO = new Precise(0);
const sum = (values: readonly Decimal[]) => values.reduce((a, b) => a.plus(b), ZERO);
/** The lots' integer units (lots.ts) as a decimal. */
const decimalOf = (units: bigint) => new Precise(unitsText(units));
const sumUnits = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
const UNIT = 10n ** BigInt(PLACES);

export function taxReport(input: ReportInput): TaxReport {
  const { events, settings, year, quote, now } = input;
  const lotSettings = {
    methodOf: (y: number) => settings.methods[String(y)] ?? settings.defaultMethod,
    yearStartMonth: settings.yearStartMonth,
    longTermMonths: settings.longTermMonths,
  };
  const { from, to } = taxYearRange(year, settings.yearStartMonth);
  const current = to > now;
  const end = current ? now : to;
  // One pass through now: the rows and income of the year are dated within it, and the open lots
  // at the year's end are the pass's copy of them before the first event at or after it.
  const atNow = computeLots(events.events, lotSettings, { openAt: end });
  const atEnd = { ...atNow, open: atNow.openAt };

  const yearRows = atEnd.realized.filter((r) => r.disposedAt >= from && r.disposedAt < to);
  const realized = yearRows.map((r, i) => ({
    id: `${r.id}#${i}`,
    asset: r.asset,
    amount: unitsText(r.amount),
    acquiredAt: r.acquiredAt,
    disposedAt: r.disposedAt,
    proceeds: unitsText(r.proceeds),
    cost: unitsText(r.cost),
    fee: unitsText(r.fee),
    gain: unitsText(r.gain),
    term: r.term,
    source: r.source,
    costUnknown: r.costUnknown,
    ...(events.unvalued.has(r.id) ? { unvalued: true as const } : {}),
  }));
  const yearIncome = atEnd.income.filter((r) => r.at >= from && r.at < to);
  const income = yearIncome.map((r) => ({
    id: r.id,
    kind: r.id.startsWith('mining:') ? ('mining' as const) : ('interest' as const),
    asset: r.asset,
    at: r.at,
    amount: unitsText(r.amount),
    value: events.unvalued.has(r.id) ? null : unitsText(r.value),
  }));

  // The open lots at the end (or now), valued at the price then.
  const lastDay = end - 1;
  // Each asset's price once, in integer units (to 30 places: lots.ts counts in 10^-30).
  const prices = new Map<string, bigint | undefined>();
  const priceAtEnd = (asset: string) => {
    if (!prices.has(asset)) {
      const price = current ? input.priceNow(asset) : input.value(asset, lastDay);
      prices.set(asset, price && toUnits(price.toFixed(PLACES)));
    }
    return prices.get(asset);
  };
  let unrealized: bigint | null = 0n;
  const openLots: OpenLotRow[] = [];
  const allOpen = [...atEnd.open.values()].flat().filter((lot) => lot.amount > 0n);
  for (const lot of allOpen.sort(
    (a, b) => a.asset.localeCompare(b.asset) || a.acquiredAt - b.acquiredAt,
  )) {
    const price = priceAtEnd(lot.asset);
    const value = price === undefined ? undefined : (price * lot.amount) / UNIT;
    unrealized = value === undefined || unrealized === null ? null : unrealized + value - lot.cost;
    openLots.push({
      id: lot.id,
      asset: lot.asset,
      acquiredAt: lot.acquiredAt,
      amount: unitsText(lot.amount),
      cost: unitsText(lot.cost),
      value: value === undefined ? null : unitsText(value),
      unrealized: value === undefined ? null : unitsText(value - lot.cost),
      daysToLongTerm: Math.max(
        0,
        Math.ceil((longTermAt(lot.acquiredAt, settings.longTermMonths) - end) / DAY_MS),
      ),
      source: lot.source,
      costUnknown: lot.costUnknown,
    });
  }

  const total = (pick: (r: RealizedRow) => bigint, rows = yearRows) =>
    unitsText(sumUnits(rows.map(pick)));
  const totals: TaxTotals = {
    proceeds: total((r) => r.proceeds),
    cost: total((r) => r.cost),
    fees: total((r) => r.fee),
    gain: total((r) => r.gain),
    shortTermGain: total(
      (r) => r.gain,
      yearRows.filter((r) => r.term === 'short'),
    ),
    longTermGain: total(
      (r) => r.gain,
      yearRows.filter((r) => r.term === 'long'),
    ),
    income: unitsText(
      sumUnits(yearIncome.filter((r) => !events.unvalued.has(r.id)).map((r) => r.value)),
    ),
    unrealized: unrealized === null ? null : unitsText(unrealized),
  };

  // The year-end snapshot: holdings on the year's last day at that day's close.
  const yearEndAt = to - DAY_MS;
  const holdings: YearEndHolding[] = [];
  for (const [asset, lots] of [...atEnd.open].sort(([a], [b]) => a.localeCompare(b))) {
    const units = sumUnits(lots.map((l) => l.amount));
    if (units <= 0n) continue;
    const amount = decimalOf(units);
    const price = input.value(asset, current ? now : yearEndAt);
    holdings.push({
      asset,
      amount: amount.toFixed(),
      cost: unitsText(sumUnits(lots.map((l) => l.cost))),
      price: price?.toFixed() ?? null,
      value: price?.times(amount).toFixed() ?? null,
    });
  }

  // The years the events fall in (oldest first): one date per year, not per event.
  const years: number[] = [];
  let yearTo = -Infinity;
  for (const e of events.events) {
    if (e.at < yearTo) continue;
    const y = taxYearOf(e.at, settings.yearStartMonth);
    years.unshift(y);
    yearTo = taxYearRange(y, settings.yearStartMonth).to;
  }

  return {
    year,
    method: lotSettings.methodOf(year),
    quote,
    from,
    to,
    settings,
    years,
    historyFrom: input.historyFrom,
    realized,
    income,
    openLots,
    totals,
    yearEnd: { at: yearEndAt, holdings },
    reconciliation: reconcile(atNow.open, unlotted(atNow.realized), input),
    unknownCostDeposits: events.unknownCostDeposits,
    computedAt: now,
  };
}

/**
 * The holdings the lots imply now (less what withdrawals moved out of view) against the balances
 * now, per asset; only the assets that differ, each with its likely cause.
 */
export function reconcile(
  open: ReadonlyMap<string, readonly OpenLot[]>,
  /** Per asset, what disposals took beyond the lots: units held before the history. */
  soldBeyondLots: ReadonlyMap<string, Decimal>,
  input: Pick<ReportInput, 'events' | 'balances' | 'quote' | 'historyFrom' | 'heldBefore'>,
): ReconciliationRow[] {
  const { events, balances, quote, historyFrom } = input;
  const assets = new Set([...open.keys(), ...Object.keys(balances)]);
  assets.delete(quote);
  const rows: ReconciliationRow[] = [];
  for (const asset of [...assets].sort()) {
    const inLots = decimalOf(sumUnits((open.get(asset) ?? []).map((l) => l.amount))).minus(
      events.outOfView.get(asset) ?? ZERO,
    );
    const balance = new Precise(balances[asset] ?? '0');
    const difference = balance.minus(inLots);
    if (difference.isZero()) continue;
    const first = events.firstSeen.get(asset);
    const unknown = sum(
      events.unknownCostDeposits.filter((d) => d.asset === asset).map((d) => new Precise(d.amount)),
    );
    // Held before the history: what the first balance snapshot held before the records, less
    // what sales took beyond the lots, covers it; without a snapshot, the asset's records start
    // with the history, or a sale took more than its lots held.
    const sold = soldBeyondLots.get(asset) ?? ZERO;
    const before = input.heldBefore?.[asset];
    const atStart =
      before !== undefined
        ? difference.lte(new Precise(before).minus(sold))
        : first === undefined ||
          (historyFrom !== null && first < historyFrom + DAY_MS) ||
          sold.gt(0);
    const cause: ReconciliationRow['cause'] =
      difference.gt(0) && atStart
        ? 'history-older-than-sync'
        : unknown.gt(0) && difference.abs().lte(unknown)
          ? 'deposit-without-cost'
          : 'unexplained';
    rows.push({
      asset,
      lots: inLots.toFixed(),
      balance: balance.toFixed(),
      difference: difference.toFixed(),
      cause,
      message: messageOf(asset, difference, cause),
    });
  }
  return rows;
}

/** Per asset, the units of the rows no lot held. */
function unlotted(rows: readonly RealizedRow[]): Map<string, Decimal> {
  const sold = new Map<string, Decimal>();
  for (const r of rows) {
    if (r.acquiredAt === null)
      sold.set(r.asset, (sold.get(r.asset) ?? ZERO).plus(decimalOf(r.amount)));
  }
  return sold;
}

function messageOf(asset: string, difference: Decimal, cause: ReconciliationRow['cause']): string {
  const more = difference.gt(0)
    ? `The balance of ${asset} holds ${difference.toFixed()} more than its lots.`
    : `The lots of ${asset} hold ${difference.neg().toFixed()} more than its balance.`;
  switch (cause) {
    case 'history-older-than-sync':
      return `${more} It was likely held before the oldest record the history has.`;
    case 'deposit-without-cost':
      return `${more} Deposits whose cost is unknown likely make up the difference: enter their cost.`;
    default:
      return `${more} Nothing in the history explains it: the balance may have changed outside it.`;
  }
}
