import type { HashrateInterval, MiningSeries } from '../../../shared/model';
import { MASK } from '../../lib/decimal';
import { formatHashrate, formatRejectRate, hashrateScale } from './units';

/** The statistics and the CSV export of the Mining screen. */
export const INTERVAL_LABELS: Record<HashrateInterval, string> = {
  '5m': '5 minutes',
  '1h': '1 hour',
  '24h': '24 hours',
};

export function Stats({ series, privacy }: { series: MiningSeries; privacy: boolean }) {
  const stats = series.stats;
  if (!stats) return null;
  const scale = hashrateScale(stats.max);
  const show = (value: string) => (privacy ? MASK : formatHashrate(value, scale));
  const items: [string, string][] = [
    ['Current', show(stats.current)],
    ['Average', show(stats.average)],
    ['Min', show(stats.min)],
    ['Max', show(stats.max)],
    ['Reject rate (avg)', privacy ? MASK : formatRejectRate(series.rejectRateAverage)],
  ];
  return (
    <dl className="mining-stats" data-testid="mining-stats">
      {items.map(([label, value]) => (
        <div key={label} className="mining-stat">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
