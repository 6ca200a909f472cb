import Decimal from 'decimal.js';
import type {
  NetWorthGap,
  NetWorthPoint,
  NetWorthRange,
  NetWorthTransfer,
} from '../../../shared/model';

/** A date without a time: made on first use, not while the first screen starts. */
let dayFormat: Intl.DateTimeFormat | undefined;

/** A date in words ("24 May 2026"). */
export function formatDay(ms: number): string {
  dayFormat ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  return dayFormat.format(new Date(ms));
}

/** The range buttons above the chart, in order. */
export const RANGE_LABELS: readonly { id: NetWorthRange; label: string }[] = [
  { id: '1w', label: '1w' },
  { id: '1m', label: '1m' },
  { id: '3m', label: '3m' },
  { id: '1y', label: '1y' },
  { id: 'all', label: 'All' },
];

/**
 * One row the chart draws. `live` and `backfill` are plot geometry only (a line's height): the one
 * place money becomes a JS number, because recharts plots numbers. What is shown as a value comes
 * from `point.value`, the decimal string, through the app's formatters.
 */
export interface ChartRow {
  t: number;
  /** The solid line: live snapshots. */
  live: number | null;
  /** The dashed line: backfilled points, and the live points next to them so the two lines meet. */
  backfill: number | null;
  point: NetWorthPoint;
}

/** A decimal string as a number for plotting (geometry, never shown). */
export function plotNumber(value: string): number {
  return new Decimal(value).toNumber();
}

/**
 * The chart's rows, oldest first. A null value is null in both lines, so neither is drawn across it
 * (the lines do not connect nulls). A live point beside a backfilled one is on the dashed line as
 * well, so the reconstruction joins the recorded series without a hole.
 */
export function chartRows(points: readonly NetWorthPoint[]): ChartRow[] {
  const backfilled = (p: NetWorthPoint | undefined) =>
    p !== undefined && p.source === 'backfill' && p.value !== null;
  return points.map((point, i) => {
    const value = point.value === null ? null : plotNumber(point.value);
    const live = point.source === 'live' ? value : null;
    const joins =
      point.source === 'live' && (backfilled(points[i - 1]) || backfilled(points[i + 1]));
    return {
      t: point.time,
      live,
      backfill: point.source === 'backfill' || joins ? value : null,
      point,
    };
  });
}

/** The gap a time falls in, if any. */
export function gapAt(gaps: readonly NetWorthGap[], t: number): NetWorthGap | undefined {
  return gaps.find((gap) => gap.from <= t && t <= gap.to);
}

/** The gaps inside the plotted span, cut to it (a shaded area never widens the time axis). */
export function gapsWithin(gaps: readonly NetWorthGap[], from: number, to: number): NetWorthGap[] {
  return gaps
    .filter((gap) => gap.to >= from && gap.from <= to)
    .map((gap) => ({ ...gap, from: Math.max(gap.from, from), to: Math.min(gap.to, to) }));
}

/** The first and last known values, and the lowest and highest, as decimal strings. */
export function extremes(
  points: readonly NetWorthPoint[],
): { first: NetWorthPoint; last: NetWorthPoint; low: string; high: string } | undefined {
  const known = points.filter((p): p is NetWorthPoint & { value: string } => p.value !== null);
  const first = known[0];
  const last = known[known.length - 1];
  if (!first || !last) return undefined;
  let low = new Decimal(first.value);
  let high = low;
  for (const p of known) {
    const v = new Decimal(p.value);
    if (v.lt(low)) low = v;
    if (v.gt(high)) high = v;
  }
  return { first, last, low: low.toFixed(), high: high.toFixed() };
}

/** Where the chart marks deposits or withdrawals: at the point they moved, one mark per kind. */
export interface TransferMark {
  t: number;
  kind: NetWorthTransfer['kind'];
  count: number;
}

/**
 * The marks of `transfers` on the chart's `rows` (both oldest first): each transfer at the first
 * point at or after it (the first value that includes it), the transfers of one kind at one point
 * counted in one mark, so a busy day is one mark, not a band of them.
 */
export function transferMarks(
  rows: readonly { t: number }[],
  transfers: readonly NetWorthTransfer[],
): TransferMark[] {
  const marks = new Map<string, TransferMark>();
  let i = 0;
  for (const transfer of transfers) {
    while (i < rows.length && rows[i]!.t < transfer.time) i++;
    const row = rows[i];
    if (!row) break;
    const key = `${row.t}:${transfer.kind}`;
    const mark = marks.get(key);
    if (mark) mark.count++;
    else marks.set(key, { t: row.t, kind: transfer.kind, count: 1 });
  }
  return [...marks.values()];
}
