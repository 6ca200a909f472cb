import { useEffect } from 'react';
import { useStatusStore } from './statusStore';

/** "Online · 12 ms" / "Offline · reason" for the active exchange, kept current by main's checks. */
export function StatusPill() {
  const status = useStatusStore((s) => s.status);
  const bridgeError = useStatusStore((s) => s.bridgeError);
  const connect = useStatusStore((s) => s.connect);
  useEffect(() => connect(), [connect]);

  let tone = 'checking';
  let label = 'Checking…';
  let title = '';
  if (bridgeError) {
    tone = 'offline';
    label = 'Offline';
    title = bridgeError;
  } else if (status?.state === 'online') {
    tone = 'online';
    label = `Online · ${status.latencyMs} ms`;
    title = `${status.baseUrl} answered at ${new Date(status.checkedAt).toLocaleTimeString()}`;
  } else if (status?.state === 'offline') {
    tone = 'offline';
    label = 'Offline';
    title = `${status.baseUrl}: ${status.reason} (checked ${new Date(status.checkedAt).toLocaleTimeString()})`;
  }
  const reason = bridgeError ?? (status?.state === 'offline' ? status.reason : undefined);

  return (
    <div
      className={`status-pill status-${tone}`}
      role="status"
      aria-live="polite"
      title={title}
      data-testid="status-pill"
    >
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">{label}</span>
      {reason ? <span className="status-reason">{reason}</span> : null}
    </div>
  );
}
