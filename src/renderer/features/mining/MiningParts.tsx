import type { HashrateInterval, MiningSeries } from '../../../shared/model';
import { formatTime } from '../../components/ViewParts';
import { MASK } from '../../lib/decimal';
import { formatHashrate, formatRejectRate, hashrateScale } from './units';

/** The statistics and the CSV export of the Mining screen. */
export const INTERVAL_LABELS: Record<HashrateInterval, string> = {
  '5m': '5 minutes',
  '1h': '1 hour',
  '24h': '24 hours',
};

const INTERVAL_MS: Record<HashrateInterval, number> = {
  '5m': 300_000,
  '1h': 3_600_000,
  '24h': 86_400_000,
};

/**
 * The latest reading is "current" only while it is: no older than two of the series' intervals at
 * `now`. A window in the past, or a pool that stopped answering, has a "last reading" and its time.
 */
export function isCurrent(series: MiningSeries, now: number): boolean {
  const last = series.points.at(-1)?.timestamp;
  return last !== undefined && now - last <= 2 * INTERVAL_MS[series.interval];
}

/** The statistics of the window shown (the series' from..to), and which window that is. */
export function Stats({
  series,
  privacy,
  now,
}: {
  series: MiningSeries;
  privacy: boolean;
  now: number;
}) {
  const stats = series.stats;
  if (!stats) return null;
  const scale = hashrateScale(stats.max);
  const show = (value: string) => (privacy ? MASK : formatHashrate(value, scale));
  const lastAt = series.points.at(-1)?.timestamp;
  const latest: [string, string] = isCurrent(series, now)
    ? ['Current', show(stats.current)]
    : [
        'Last reading',
        `${show(stats.current)}${lastAt === undefined ? '' : ` at ${formatTime(lastAt)}`}`,
      ];
  const items: [string, string][] = [
    latest,
    ['Average', show(stats.average)],
    ['Min', show(stats.min)],
    ['Max', show(stats.max)],
    ['Reject rate (avg)', privacy ? MASK : formatRejectRate(series.rejectRateAverage)],
  ];
  return (
    <>
      <p className="muted small" data-testid="mining-stats-window">
        Over the window shown: {formatTime(series.from * 1000)} to {formatTime(series.to * 1000)}
      </p>
      <dl className="mining-stats" data-testid="mining-stats">
        {items.map(([label, value]) => (
          <div key={label} className="mining-stat">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
