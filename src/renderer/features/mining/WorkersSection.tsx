import { useEffect, useMemo, useRef, useState } from 'react';
import { HASHRATE_POINTS } from '../../../shared/contract';
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
import { useWidth } from '../../lib/useWidth';
import { useMiningAlerts } from './alertsStore';
import { HashrateChart, chartEvents } from './HashrateChart';
import { useHashrate, useMiningStore } from './miningStore';
import { formatHashrate, formatRejectRate } from './units';
import { filterWorkers, useWorkerHashrate, useWorkers, type StatusFilter } from './workersStore';

const ROW_HEIGHT = 36;
const MAX_HEIGHT = 432;
/** The table body's height for `rows` rows: all of them up to 12, then it scrolls. */
export const workersHeight = (rows: number) =>
  Math.min(MAX_HEIGHT, Math.max(rows, 3) * ROW_HEIGHT + 2);
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

/** The Workers table's columns (the tables bench renders them too); `open`: a row's chart. */
export function workerColumns(privacy: boolean, open: (name: string) => void): Column<WorkerRow>[] {
  return [
    textColumn(
      'name',
      'Worker',
      'minmax(120px, 1.4fr)',
      (w) => w.name,
      (w) => (
        <button
          type="button"
          className="btn btn-link worker-open"
          data-worker={w.name}
          aria-label={`${w.name}: open its hashrate chart`}
          title={w.name}
          onClick={() => open(w.name)}
        >
          {w.name}
        </button>
      ),
    ),
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

/** Chart width when it cannot be measured (tests). */
const FALLBACK_WIDTH = 960;

/**
 * The period a worker's chart shows: the account chart's (so the two lines compare), else the
 * form's period at its interval.
 */
function workerQuery(account: string, worker: string, maxPoints: number) {
  const shown = useHashrate.getState().query;
  if (shown && shown.account === account) return { ...shown, worker };
  const form = useMiningStore.getState();
  const period = form.period();
  const to = Math.floor(Date.now() / 1000);
  const { from, to: end } = 'error' in period ? { from: to - 86_400, to } : period;
  const points = Math.max(HASHRATE_POINTS.min, Math.min(HASHRATE_POINTS.max, maxPoints));
  return { account, worker, from, to: end, interval: form.interval, maxPoints: points };
}

/**
 * One worker's hashrate over the account chart's period, with the account's line to compare and
 * the alert events of the window marked; Back (or Escape) closes it, back on the worker's row.
 */
function WorkerChart({
  account,
  worker,
  privacy,
  onClose,
}: {
  account: string;
  worker: string;
  privacy: boolean;
  onClose: () => void;
}) {
  const remote = useWorkerHashrate();
  const load = useWorkerHashrate((s) => s.load);
  const accountSeries = useHashrate((s) => s.data);
  const allEvents = useMiningAlerts((s) => s.data?.events);
  const box = useRef<HTMLDivElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const width = useWidth(box, FALLBACK_WIDTH);
  // Asked once per worker opened, at the width the chart had then.
  const [query] = useState(() => workerQuery(account, worker, width));
  useEffect(() => {
    void load(query);
  }, [load, query]);
  useEffect(() => back.current?.focus(), []);
  const data =
    remote.data?.account === account && remote.data.worker === worker ? remote.data : undefined;
  const compare =
    accountSeries &&
    accountSeries.account === account &&
    accountSeries.worker === undefined &&
    accountSeries.from === data?.from &&
    accountSeries.to === data.to
      ? { label: 'Account', series: accountSeries }
      : undefined;
  const events = useMemo(
    () => chartEvents(allEvents, account, worker),
    [allEvents, account, worker],
  );
  return (
    <div
      className="worker-chart"
      data-testid="worker-chart"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="worker-chart-head">
        <h3 id="worker-chart-title">Hashrate · {worker}</h3>
        <div className="mining-head-right">
          <DataAge fetchedAt={data?.fetchedAt} loading={remote.loading} />
          <button type="button" className="btn btn-secondary" ref={back} onClick={onClose}>
            Back to workers
          </button>
        </div>
      </div>
      <div className="mining-chart-box" ref={box}>
        {data && data.points.length > 0 ? (
          <HashrateChart
            key={data.fetchedAt}
            series={data}
            width={width}
            privacy={privacy}
            compare={compare}
            events={events}
          />
        ) : data ? (
          <div className="mining-empty" data-testid="worker-chart-empty">
            <p>No hashrate for this worker in this period</p>
          </div>
        ) : remote.error ? (
          <RefreshAlert error={remote.error} onRetry={() => load(query)} />
        ) : (
          <div className="mining-empty" aria-busy="true">
            <span className="skeleton mining-skeleton" aria-label="Loading" />
          </div>
        )}
      </div>
    </div>
  );
}

/** The Workers table of the chosen account: counts, a filter, every worker seen. */
export function WorkersSection({ account, privacy }: { account: string; privacy: boolean }) {
  const remote = useWorkers();
  const load = useWorkers((s) => s.load);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  // The worker whose chart is open, above the table (which stays, with its scroll and filter).
  // (Another account chosen: closed.)
  const [openedIn, setOpenedIn] = useState<{ account: string; worker: string } | undefined>();
  const opened = openedIn?.account === account ? openedIn.worker : undefined;
  const section = useRef<HTMLElement>(null);
  const close = () => {
    // Back where the user was: the row's button (the table stayed under the chart).
    const buttons = section.current?.querySelectorAll<HTMLButtonElement>('button.worker-open');
    [...(buttons ?? [])].find((b) => b.dataset['worker'] === opened)?.focus();
    setOpenedIn(undefined);
  };
  useEffect(() => {
    if (account) void load({ account });
  }, [account, load]);
  const data = remote.data?.account === account ? remote.data : undefined;
  const rows = useMemo(
    () => filterWorkers(data?.workers ?? [], text, status),
    [data, text, status],
  );
  const counts = data?.info.workers;
  const tableColumns = useMemo(
    () => workerColumns(privacy, (worker) => setOpenedIn({ account, worker })),
    [privacy, account],
  );
  return (
    <section className="card" aria-labelledby="workers-title" ref={section}>
      <div className="section-head">
        <h2 id="workers-title">Workers</h2>
        <DataAge fetchedAt={data?.fetchedAt} loading={remote.loading} />
      </div>
      {opened ? (
        <WorkerChart
          key={opened}
          account={account}
          worker={opened}
          privacy={privacy}
          onClose={close}
        />
      ) : null}
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
        height={workersHeight(rows.length)}
        rowTestId="worker-row"
      />
    </section>
  );
}
