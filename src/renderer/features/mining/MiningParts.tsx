import { useState } from 'react';
import type { HashrateInterval, MiningSeries } from '../../../shared/model';
import { MASK } from '../../lib/decimal';
import { downloadText } from '../../lib/download';
import { useMiningStore } from './miningStore';
import { formatHashrate, formatRejectRate, hashrateScale } from './units';

type ExportState =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; message: string }
  | { state: 'failed'; message: string };

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

export function ExportButton({ disabled }: { disabled: boolean }) {
  const exportCsv = useMiningStore((s) => s.exportCsv);
  const [status, setStatus] = useState<ExportState>({ state: 'idle' });
  async function run() {
    setStatus({ state: 'busy' });
    try {
      const result = await exportCsv();
      const rows = `${result.rows.toLocaleString('en-US')} ${result.rows === 1 ? 'point' : 'points'}`;
      if (result.cancelled) setStatus({ state: 'idle' });
      else if (result.savedTo)
        setStatus({ state: 'done', message: `Saved ${rows} to ${result.savedTo}` });
      else if (result.csv !== undefined) {
        downloadText(result.filename, result.csv);
        setStatus({ state: 'done', message: `Downloaded ${rows} as ${result.filename}` });
      } else setStatus({ state: 'idle' });
    } catch (error) {
      setStatus({ state: 'failed', message: (error as { message: string }).message });
    }
  }
  return (
    <div className="export">
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void run()}
        disabled={disabled || status.state === 'busy'}
        aria-busy={status.state === 'busy'}
      >
        {status.state === 'busy' ? 'Exporting…' : 'Export CSV'}
      </button>
      <div aria-live="polite" className="export-status">
        {status.state === 'done' ? <span className="result-ok small">{status.message}</span> : null}
      </div>
      {status.state === 'failed' ? (
        <p className="form-alert" role="alert">
          Export failed: {status.message}
        </p>
      ) : null}
    </div>
  );
}
