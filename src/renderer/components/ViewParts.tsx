import type { DeskError } from '../../shared/errors';
import type { Reload } from '../lib/remote';
/** Small pieces the list screens (Orders, History) share: times, a refresh alert, table heights. */

const TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/**
 * One formatter for every time cell: `Date#toLocaleString(undefined, options)` builds a new
 * Intl.DateTimeFormat on each call, which showed as ~4 ms a frame when a 10,000-row table scrolls
 * (bench/suites/tables.ts). Same text.
 */
let timeFormat: Intl.DateTimeFormat | undefined;

/** Local date and time with seconds. */
export function formatTime(ms: number): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  timeFormat ??= new Intl.DateTimeFormat(undefined, TIME_OPTIONS);
  return timeFormat.format(date);
}

/** A local time with seconds, machine-readable in `dateTime`. */
export function Time({ ms }: { ms: number }) {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? (
    <span>—</span>
  ) : (
    <time dateTime={date.toISOString()}>{formatTime(ms)}</time>
  );
}

/** A failed refresh while older data stays on screen: said plainly, with a retry. */
export function RefreshAlert({ error, onRetry }: { error: DeskError; onRetry: Reload }) {
  return (
    <div className="form-alert refresh-alert" role="alert">
      <span>Could not refresh: {error.message}</span>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => void onRetry()}>
        Try again
      </button>
    </div>
  );
}

/** Height of a table body showing `count` rows (at most `max` before it scrolls). */
export function tableHeight(count: number, max = 12, rowHeight = 36): number {
  return Math.max(1, Math.min(count, max)) * rowHeight + 2;
}
