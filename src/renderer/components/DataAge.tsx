import { useEffect, useState } from 'react';
import { useSettings } from '../lib/settingsStore';
import { useAfterPaint } from '../lib/useAfterPaint';
import { formatTime } from './ViewParts';

function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.round(s / 60);
  return m < 60 ? `${m} min ago` : `${Math.round(m / 60)} h ago`;
}

/**
 * "Updated 12 s ago" (the fetch time on hover), marked stale when older than twice the refresh
 * interval.
 */
export function DataAge({
  fetchedAt,
  loading,
}: {
  fetchedAt: number | undefined;
  loading?: boolean;
}) {
  const seconds = useSettings((s) => s.autoRefreshSeconds);
  const [now, setNow] = useState(() => Date.now());
  // The fetch time, on hover: written once painted (the page's first date format starts the ICU
  // library, which the first screen's first paint need not wait for).
  const painted = useAfterPaint();
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (fetchedAt === undefined) return <span className="data-age">{loading ? 'Loading…' : ''}</span>;
  const age = now - fetchedAt;
  const stale = age > Math.max(2 * (seconds || 30), 60) * 1000;
  return (
    <span
      className={`data-age ${stale ? 'stale' : ''}`}
      title={painted ? formatTime(fetchedAt) : undefined}
      data-testid="data-age"
    >
      {loading ? 'Refreshing…' : `Updated ${ago(age)}`}
      {stale && !loading ? ' · may be out of date' : ''}
    </span>
  );
}
