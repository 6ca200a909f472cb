import { useEffect, useMemo, useState } from 'react';
import type { WorkerRow } from '../../../shared/model';
import { DataTable, type Column } from '../../components/table/DataTable';
import {
  decimalColumn,
  statusColumn,
  textColumn,
  timeColumn,
} from '../../components/table/columns';
import { DataAge } from '../../components/DataAge';
import { SelectField, TextField } from '../../components/Field';
import { RefreshAlert, formatTime } from '../../components/ViewParts';
import { MASK } from '../../lib/decimal';
import { formatCount } from '../../lib/numberFormat';
import { statusOf } from '../../lib/remote';
import { formatHashrate, formatRejectRate } from './units';
import { filterWorkers, useWorkers, type StatusFilter } from './workersStore';

const ROW_HEIGHT = 36;
const MAX_HEIGHT = 432;
const STATUS_WORDS = { online: 'Online', low: 'Low', offline: 'Offline' } as const;
const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'online', label: 'Online' },
  { value: 'low', label: 'Low' },
  { value: 'offline', label: 'Offline' },
];

/** 24 hourly means as a line, scaled to its own maximum (a trend, not a reading). */
function Sparkline({ values }: { values: readonly string[] }) {
  const numbers = values.map(Number);
  const max = Math.max(...numbers, 1);
  const points = numbers
    .map((v, i) => `${(i * 60) / Math.max(1, numbers.length - 1)},${18 - (v / max) * 16}`)
    .join(' ');
  return (
    <svg className="worker-sparkline" width="60" height="20" aria-hidden="true">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

function hashrate(value: string, privacy: boolean): string {
  return privacy ? MASK : formatHashrate(value);
}

function hashrateColumn(
  id: string,
  header: string,
  value: (w: WorkerRow) => string,
  privacy: boolean,
): Column<WorkerRow> {
  return decimalColumn(id, header, '110px', value, (w) => hashrate(value(w), privacy));
}

function columns(privacy: boolean): Column<WorkerRow>[] {
  return [
    textColumn('name', 'Worker', 'minmax(120px, 1.4fr)', (w) => w.name),
    statusColumn(
      (w) => w.status,
      'minmax(150px, 1.2fr)',
      (w) => (
        <span className={`worker-status worker-${w.status}`}>
          {STATUS_WORDS[w.status]}
          {w.status === 'offline' && w.lastSeen !== null ? (
            <span className="muted small"> since {formatTime(w.lastSeen)}</span>
          ) : null}
        </span>
      ),
    ),
    hashrateColumn('now', 'Now', (w) => w.now, privacy),
    hashrateColumn('average1h', '1 h average', (w) => w.average1h, privacy),
    hashrateColumn('average24h', '24 h average', (w) => w.average24h, privacy),
    {
      id: 'reject',
      header: 'Reject rate',
      align: 'right',
      width: '96px',
      cell: (w) => formatRejectRate(w.rejectRate),
    },
    timeColumn((w) => w.lastSeen ?? 0, {
      id: 'lastSeen',
      header: 'Last seen',
      cell: (w) =>
        w.lastSeen === null ? <span className="muted">Not in 24 h</span> : formatTime(w.lastSeen),
    }),
    { id: 'trend', header: '24 h', width: '76px', cell: (w) => <Sparkline values={w.sparkline} /> },
  ];
}

/** The Workers table of the chosen account: counts, a filter, every worker seen. */
export function WorkersSection({ account, privacy }: { account: string; privacy: boolean }) {
  const remote = useWorkers();
  const load = useWorkers((s) => s.load);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  useEffect(() => {
    if (account) void load({ account });
  }, [account, load]);
  const data = remote.data?.account === account ? remote.data : undefined;
  const rows = useMemo(
    () => filterWorkers(data?.workers ?? [], text, status),
    [data, text, status],
  );
  const counts = data?.info.workers;
  const tableColumns = useMemo(() => columns(privacy), [privacy]);
  return (
    <section className="card" aria-labelledby="workers-title">
      <div className="section-head">
        <h2 id="workers-title">Workers</h2>
        <DataAge fetchedAt={data?.fetchedAt} loading={remote.loading} />
      </div>
      {counts ? (
        <p className="workers-counts" data-testid="workers-counts">
          {formatCount(counts.online)} online · {formatCount(counts.low)} low ·{' '}
          {formatCount(counts.offline)} offline
        </p>
      ) : null}
      <div className="workers-filters">
        <TextField
          id="workers-filter"
          label="Filter workers"
          type="search"
          value={text}
          onChange={setText}
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField<StatusFilter>
          id="workers-status"
          label="Status"
          value={status}
          options={STATUS_FILTERS}
          onChange={setStatus}
        />
      </div>
      {remote.error && data ? (
        <RefreshAlert error={remote.error} onRetry={() => load({ account })} />
      ) : null}
      <DataTable
        label="Workers"
        rows={rows}
        columns={tableColumns}
        rowKey={(w) => w.name}
        status={data ? 'ready' : statusOf(remote)}
        error={remote.error}
        onRetry={() => void load({ account })}
        empty={text || status !== 'all' ? 'No worker matches the filter.' : 'No worker seen yet.'}
        initialSort={{ id: 'name', dir: 'asc' }}
        rowHeight={ROW_HEIGHT}
        height={Math.min(MAX_HEIGHT, Math.max(rows.length, 3) * ROW_HEIGHT + 2)}
        rowTestId="worker-row"
      />
    </section>
  );
}
