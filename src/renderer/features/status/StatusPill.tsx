import { useId } from 'react';
import type { ExchangeStatus, StreamStatus } from '../../../shared/model';
import { marketLabel } from '../../lib/format';
import { useConnectAfterPaint } from '../../lib/useAfterPaint';
import { useStatusStore } from './statusStore';

interface Pill {
  tone: 'online' | 'polling' | 'offline' | 'checking';
  label: string;
  /** Shown beside the label (why it is offline). */
  reason: string | undefined;
  /** The pill's description (tooltip and accessible description): where, since when, why. */
  detail: string;
}

const time = (ms: number) => new Date(ms).toLocaleTimeString();

/**
 * One pill for both reports: the stream's mode (live, polling, offline) leads once main has given
 * it; the exchange check adds its latency, and offline from either side is offline.
 */
function pillOf(
  status: ExchangeStatus | undefined,
  stream: StreamStatus | undefined,
  bridgeError: string | undefined,
): Pill {
  if (bridgeError) {
    const detail = `The app could not reach its main process: ${bridgeError}`;
    return { tone: 'offline', label: 'Offline', reason: bridgeError, detail };
  }
  const latency = status?.state === 'online' ? ` · ${status.latencyMs} ms` : '';
  const checked =
    status?.state === 'online'
      ? `${status.baseUrl} answered at ${time(status.checkedAt)}`
      : status?.state === 'offline'
        ? `${status.baseUrl}: ${status.reason} (checked ${time(status.checkedAt)})`
        : '';
  const offlineReason = status?.state === 'offline' ? status.reason : undefined;
  const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('. ');

  if (stream && (stream.mode === 'offline' || (stream.mode === 'polling' && offlineReason))) {
    const reason = stream.reason ?? offlineReason;
    return {
      tone: 'offline',
      label: 'Offline',
      reason,
      detail: join(`Offline since ${time(stream.since)}`, reason, checked),
    };
  }
  if (stream?.mode === 'live') {
    return {
      tone: 'online',
      label: `Live${latency}`,
      reason: undefined,
      detail: join(
        `Live since ${time(stream.since)}: prices, balances and orders are pushed`,
        stream.noBook &&
          `No live book for ${marketLabel(stream.noBook.market)}: the exchange refused it; ` +
            `asked again in ${Math.max(1, Math.round(stream.noBook.retryInMs / 1000))} s`,
        checked,
      ),
    };
  }
  if (stream?.mode === 'polling') {
    return {
      tone: 'polling',
      label: `Polling${latency}`,
      reason: undefined,
      detail: join(
        `Polling since ${time(stream.since)}: screens refresh on a timer`,
        stream.reason,
        checked,
      ),
    };
  }
  if (status?.state === 'online')
    return { tone: 'online', label: `Online${latency}`, reason: undefined, detail: checked };
  if (status?.state === 'offline')
    return { tone: 'offline', label: 'Offline', reason: offlineReason, detail: checked };
  return { tone: 'checking', label: 'Checking…', reason: undefined, detail: '' };
}

/**
 * "Live · 12 ms" / "Polling · 12 ms" / "Offline · reason" for the active exchange, kept current by
 * main's checks and its stream ("Online · 12 ms" until the stream's mode is known).
 */
export function StatusPill() {
  const status = useStatusStore((s) => s.status);
  const stream = useStatusStore((s) => s.stream);
  const bridgeError = useStatusStore((s) => s.bridgeError);
  const connect = useStatusStore((s) => s.connect);
  const detailId = useId();
  useConnectAfterPaint(connect);

  const { tone, label, reason, detail } = pillOf(status, stream, bridgeError);
  return (
    <div
      className={`status-pill status-${tone}`}
      role="status"
      aria-live="polite"
      aria-describedby={detail ? detailId : undefined}
      title={detail}
      data-testid="status-pill"
      data-mode={stream?.mode}
    >
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">{label}</span>
      {reason ? <span className="status-reason">{reason}</span> : null}
      {detail ? (
        <span id={detailId} hidden>
          {detail}
        </span>
      ) : null}
    </div>
  );
}
