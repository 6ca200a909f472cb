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
  now: Millis;
}

const ZERO = new Precise(0);
const sum = (values: readonly Decimal[]) => values.reduce((a, b) => a.plus(b), ZERO);

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
  const upToEnd = events.events.filter((e) => e.at < end);
  const atEnd = computeLots(upToEnd, lotSettings);
  const atNow =
    upToEnd.length === events.events.length ? atEnd : computeLots(events.events, lotSettings);

  const realized = atEnd.realized
    .filter((r) => r.disposedAt >= from && r.disposedAt < to)
    .map((r, i) => ({
      id: `${r.id}#${i}`,
      asset: r.asset,
      amount: r.amount.toFixed(),
      acquiredAt: r.acquiredAt,
      disposedAt: r.disposedAt,
      proceeds: r.proceeds.toFixed(),
      cost: r.cost.toFixed(),
      fee: r.fee.toFixed(),
      gain: r.gain.toFixed(),
      term: r.term,
      // The opening lot is the only one acquired at its instant (before every record).
      opening: r.acquiredAt !== null && events.opening.get(r.asset) === r.acquiredAt,
      source: r.source,
      costUnknown: r.costUnknown,
    }));
  const income = atEnd.income
    .filter((r) => r.at >= from && r.at < to)
    .map((r) => ({
      id: r.id,
      kind: r.id.startsWith('mining:') ? ('mining' as const) : ('interest' as const),
      asset: r.asset,
      at: r.at,
      amount: r.amount.toFixed(),
      value: events.unvalued.has(r.id) ? null : r.value.toFixed(),
    }));

  // The open lots at the end (or now), valued at the price then.
  const lastDay = end - 1;
  const priceAtEnd = (asset: string) =>
    current ? input.priceNow(asset) : input.value(asset, lastDay);
  const openLots: OpenLotRow[] = [];
  const allOpen = [...atEnd.open.values()].flat().filter((lot) => lot.amount.gt(0));
  for (const lot of allOpen.sort(
    (a, b) => a.asset.localeCompare(b.asset) || a.acquiredAt - b.acquiredAt,
  )) {
    const price = priceAtEnd(lot.asset);
    const value = price?.times(lot.amount);
    openLots.push({
      id: lot.id,
      asset: lot.asset,
      acquiredAt: lot.acquiredAt,
      amount: lot.amount.toFixed(),
      cost: lot.cost.toFixed(),
      value: value?.toFixed() ?? null,
      unrealized: value?.minus(lot.cost).toFixed() ?? null,
      daysToLongTerm: Math.max(
        0,
        Math.ceil((longTermAt(lot.acquiredAt, settings.longTermMonths) - end) / DAY_MS),
      ),
      source: lot.source,
      costUnknown: lot.costUnknown,
    });
  }

  const gains = realized.map((r) => new Precise(r.gain));
  const totals: TaxTotals = {
    proceeds: sum(realized.map((r) => new Precise(r.proceeds))).toFixed(),
    cost: sum(realized.map((r) => new Precise(r.cost))).toFixed(),
    fees: sum(realized.map((r) => new Precise(r.fee))).toFixed(),
    gain: sum(gains).toFixed(),
    shortTermGain: sum(gains.filter((_, i) => realized[i]!.term === 'short')).toFixed(),
    longTermGain: sum(gains.filter((_, i) => realized[i]!.term === 'long')).toFixed(),
    income: sum(income.flatMap((r) => (r.value === null ? [] : [new Precise(r.value)]))).toFixed(),
    unrealized: openLots.some((l) => l.unrealized === null)
      ? null
      : sum(openLots.map((l) => new Precise(l.unrealized!))).toFixed(),
  };

  // The year-end snapshot: holdings on the year's last day at that day's close.
  const yearEndAt = to - DAY_MS;
  const holdings: YearEndHolding[] = [];
  for (const [asset, lots] of [...atEnd.open].sort(([a], [b]) => a.localeCompare(b))) {
    const amount = sum(lots.map((l) => l.amount));
    if (!amount.gt(0)) continue;
    const price = input.value(asset, current ? now : yearEndAt);
    holdings.push({
      asset,
      amount: amount.toFixed(),
      cost: sum(lots.map((l) => l.cost)).toFixed(),
      price: price?.toFixed() ?? null,
      value: price?.times(amount).toFixed() ?? null,
    });
  }

  const years = [
    ...new Set(events.events.map((e) => taxYearOf(e.at, settings.yearStartMonth))),
  ].sort((a, b) => b - a);

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
  input: Pick<ReportInput, 'events' | 'balances' | 'quote' | 'historyFrom'>,
): ReconciliationRow[] {
  const { events, balances, quote, historyFrom } = input;
  const assets = new Set([...open.keys(), ...Object.keys(balances)]);
  assets.delete(quote);
  const rows: ReconciliationRow[] = [];
  for (const asset of [...assets].sort()) {
    // What the lots leave on the exchange: never below nothing. Withdrawals that took more than
    // the lots held took units held before the history, as a sale beyond the lots does.
    const lotted = sum((open.get(asset) ?? []).map((l) => l.amount));
    const withdrawn = events.outOfView.get(asset) ?? ZERO;
    const inLots = Precise.max(lotted.minus(withdrawn), ZERO);
    const balance = new Precise(balances[asset] ?? '0');
    const difference = balance.minus(inLots);
    if (difference.isZero()) continue;
    const first = events.firstSeen.get(asset);
    const unknown = sum(
      events.unknownCostDeposits
        .filter((d) => d.kind === 'deposit' && d.asset === asset)
        .map((d) => new Precise(d.amount)),
    );
    // Held before the history: where the first balance snapshot says what was, the opening lot
    // holds it and nothing more is; without a snapshot, the asset's records start with the
    // history, or a sale or withdrawal took more than its lots held.
    const beyond = (soldBeyondLots.get(asset) ?? ZERO).plus(
      Precise.max(withdrawn.minus(lotted), ZERO),
    );
    const atStart =
      events.heldBefore[asset] === undefined &&
      (first === undefined ||
        (historyFrom !== null && first < historyFrom + DAY_MS) ||
        beyond.gt(0));
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
    if (r.acquiredAt === null) sold.set(r.asset, (sold.get(r.asset) ?? ZERO).plus(r.amount));
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
