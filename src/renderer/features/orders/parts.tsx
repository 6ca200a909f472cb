import type { OrderSide } from '../../../shared/model';
import { formatTime } from './format';

/** Buy/sell in words and colour (the word carries the meaning; the colour only helps). */
export function SideLabel({ side }: { side: OrderSide }) {
  return <span className={`side side-${side}`}>{side === 'buy' ? 'Buy' : 'Sell'}</span>;
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
export function RefreshAlert({ error, onRetry }: { error: string; onRetry(): void }) {
  return (
    <div className="form-alert refresh-alert" role="alert">
      <span>Could not refresh: {error}</span>
      <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** DataTable status of a slot: rows once there are any, else the error, else loading. */
export function tableStatus(slot: {
  data: unknown;
  error: string | undefined;
}): 'ready' | 'error' | 'loading' {
  return slot.data !== undefined ? 'ready' : slot.error ? 'error' : 'loading';
}

/** Height of a table body showing `count` rows (at most `max` before it scrolls). */
export function tableHeight(count: number, max = 12, rowHeight = 36): number {
  return Math.max(1, Math.min(count, max)) * rowHeight + 2;
}
