import Decimal from 'decimal.js';
import type { Millis, NetWorthPeriod, NetWorthPoint, NetWorthTransfer } from '../../shared/model';
import { DAY_MS } from './prices';
import type { StoredTransfer } from './records';

/**
 * The net-worth chart's headline and marks (issue 32, item 14): the change over today, 7 and 30
 * days and the year so far, whatever range the chart shows; and the deposits and withdrawals in
 * the range, so a step of the line is explained where it happens.
 */

/** At most this many transfers are marked (the latest): a mark per pixel would say nothing. */
export const MAX_TRANSFERS = 200;

/** Where each period begins, in the machine's local time (the page shows that time). */
export function periodStarts(now: Millis): { id: NetWorthPeriod['id']; from: Millis }[] {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return [
    { id: 'today', from: midnight.getTime() },
    { id: '7d', from: now - 7 * DAY_MS },
    { id: '30d', from: now - 30 * DAY_MS },
    { id: 'ytd', from: new Date(midnight.getFullYear(), 0, 1).getTime() },
  ];
}

/**
 * Each period's change up to the last known value of `points` (oldest first): from the value the
 * series had at its start (the last point at or before it), or, when the series begins later,
 * from its first value (`fromStartOfData`). Decimal throughout.
 */
export function netWorthPeriods(
  points: readonly NetWorthPoint[],
  starts: readonly { id: NetWorthPeriod['id']; from: Millis }[],
): NetWorthPeriod[] {
  const last = [...points].reverse().find((p) => p.value !== null)?.value ?? null;
  return starts.map(({ id, from }) => {
    const before = [...points].reverse().find((p) => p.time <= from);
    const first = points.find((p) => p.value !== null);
    const fromStartOfData = before === undefined && first !== undefined;
    const start = before ? before.value : (first?.value ?? null);
    if (start === null || last === null) {
      return { id, from, start, change: null, percent: null, fromStartOfData };
    }
    const change = new Decimal(last).sub(start);
    const percent = new Decimal(start).isZero()
      ? null
      : change.div(start).mul(100).toDecimalPlaces(8).toFixed();
    return { id, from, start, change: change.toFixed(), percent, fromStartOfData };
  });
}

/** The deposits and withdrawals between `from` and `to`, oldest first, the latest MAX_TRANSFERS. */
export function transfersWithin(
  transfers: readonly StoredTransfer[],
  from: Millis,
  to: Millis,
): NetWorthTransfer[] {
  return transfers
    .filter((t) => t.time >= from && t.time <= to)
    .slice(-MAX_TRANSFERS)
    .map(({ time, kind, ticker, amount }) => ({ time, kind, ticker, amount }));
}
