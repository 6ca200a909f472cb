import { formatCount } from '../../lib/numberFormat';
import { Suspense, useMemo, useState } from 'react';
import type { DepositWithdraw } from '../../../shared/model';
import { statusName } from '../../../shared/transferStatus';
import { explorerLink } from '../../../shared/explorers';
import { Amount } from '../../components/Amount';
import { Copyable } from '../../components/CopyButton';
import { DataAge } from '../../components/DataAge';
import { CopyableId } from '../../components/table/ids';
import {
  decimalColumn,
  statusColumn,
  tickerColumn,
  timeColumn,
} from '../../components/table/columns';
import { DataTable, type Column } from '../../components/table/DataTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { RefreshAlert, tableHeight } from '../../components/ViewParts';
import { isZero } from '../../lib/decimal';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { middle } from '../../lib/format';
import { lazyNamed } from '../../lib/lazyNamed';
import { TransfersFilters } from './TransfersFilters';
import { HISTORY_CAP, PAGE_SIZE, useTransfersStore } from './transfersStore';
import { statusTone } from './statusOptions';

// Receive (issue 34 item 3): its own chunk, with the QR encoder, loaded when first opened.
const ReceiveDialog = lazyNamed(() => import('../receive'), 'ReceiveDialog');

export interface Row extends DepositWithdraw {
  key: string;
}

function Confirmations({ value }: { value: DepositWithdraw['confirmations'] }) {
  if (!value) return <span className="muted">—</span>;
  const { actual, required } = value;
  const done = required <= 0 || actual >= required;
  const percent = required > 0 ? Math.min(100, Math.round((actual / required) * 100)) : 100;
  return (
    <span className="confirmations" title={`${actual} of ${required} confirmations`}>
      <span>
        {actual} / {required}
      </span>
      <span className="conf-bar" aria-hidden="true">
        <span className={done ? 'conf-fill done' : 'conf-fill'} style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}

/** Identifiers are shown shortened (the whole one in the title) and copied whole. */
const short = (value: string) => middle(value, 5);

function Identifier({ value, what }: { value: string; what: string }) {
  return <CopyableId value={value} what={what} shown={short(value)} />;
}

/**
 * The transaction hash, a link to its block explorer when the network is a known one and the hash
 * has its shape. The link opens a new window, which main turns into the system browser for the
 * explorers on its allowlist.
 */
function TransactionHash({ record }: { record: DepositWithdraw }) {
  const hash = record.transactionHash;
  const link = hash ? explorerLink(record.network, record.ticker, hash) : undefined;
  if (!link) return <Identifier value={hash} what="transaction hash" />;
  return (
    <Copyable value={hash} what="transaction hash">
      <a
        className="mono small explorer-link"
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        title={hash}
        aria-label={`View transaction ${short(hash)} on ${link.name}`}
      >
        {short(hash)}
      </a>
    </Copyable>
  );
}

/** An asset the exchange's list does not give places for: a coin's usual 8. */
const UNKNOWN_ASSET_PLACES = 8;

/** The columns; `places` are each ticker's display places (from the page). */
export function transferColumns(places: Readonly<Record<string, number>>): Column<Row>[] {
  const of = (r: Row) => places[r.ticker] ?? UNKNOWN_ASSET_PLACES;
  return [
    timeColumn((r) => r.createdAt),
    {
      id: 'type',
      header: 'Type',
      width: '80px',
      cell: (r) => (r.method === 1 ? 'Deposit' : 'Withdrawal'),
      sort: (a, b) => a.method - b.method,
    },
    tickerColumn(
      'currency',
      'Currency',
      '64px',
      (r) => r.ticker,
      (r) => r.currency || r.ticker,
    ),
    decimalColumn(
      'amount',
      'Amount',
      'minmax(184px, 1.2fr)',
      (r) => r.amount,
      (r) => <Amount value={r.amount} places={of(r)} unit={r.ticker} />,
    ),
    decimalColumn(
      'fee',
      'Fee',
      'minmax(140px, 0.9fr)',
      (r) => r.fee,
      (r) =>
        isZero(r.fee) ? (
          <span className="muted">
            <Amount value={r.fee} places={0} unit={r.ticker} />
          </span>
        ) : (
          <Amount value={r.fee} places={of(r)} unit={r.ticker} />
        ),
    ),
    statusColumn(
      (r) => statusName(r.method, r.status),
      '152px',
      (r) => {
        const name = statusName(r.method, r.status);
        return (
          <span className={`tone tone-${statusTone(name)}`} title={`Status code ${r.status}`}>
            {name}
          </span>
        );
      },
    ),
    {
      id: 'confirmations',
      header: 'Confirmations',
      width: '92px',
      cell: (r) => <Confirmations value={r.confirmations} />,
    },
    {
      id: 'network',
      header: 'Network',
      width: '86px',
      cell: (r) => r.network ?? <span className="muted">—</span>,
    },
    {
      id: 'address',
      header: 'Address',
      width: 'minmax(112px, 1fr)',
      cell: (r) => <Identifier value={r.address} what="address" />,
    },
    {
      id: 'hash',
      header: 'Transaction hash',
      width: 'minmax(112px, 1fr)',
      cell: (r) => <TransactionHash record={r} />,
    },
    {
      id: 'uniqueId',
      header: 'Unique id',
      width: 'minmax(112px, 1fr)',
      cell: (r) => <Identifier value={r.uniqueId ?? ''} what="unique id" />,
    },
  ];
}

/** Deposits and withdrawals: filters, server paging (100 a page, first 10,000), CSV export. */
export function TransfersView() {
  const [receiving, setReceiving] = useState(false);
  const page = useTransfersStore((s) => s.data);
  const offset = useTransfersStore((s) => s.offset);
  const loading = useTransfersStore((s) => s.loading);
  const error = useTransfersStore((s) => s.error);
  const load = useTransfersStore((s) => s.loadPage);
  const exportCsv = useTransfersStore((s) => s.exportCsv);
  const goTo = useTransfersStore((s) => s.goTo);
  useAutoRefresh(load, page?.fetchedAt);

  const rows = useMemo<Row[]>(
    () =>
      (page?.records ?? []).map((r, i) => ({
        ...r,
        key: `${page?.offset ?? 0}:${i}:${r.transactionId || r.uniqueId || r.createdAt}`,
      })),
    [page],
  );
  const places = page?.places;
  const columns = useMemo(() => transferColumns(places ?? {}), [places]);

  const total = page?.total ?? 0;
  const reachable = Math.min(total, HISTORY_CAP);
  const shownFrom = page ? page.offset + 1 : 0;
  const shownTo = page ? page.offset + page.records.length : 0;

  return (
    <div className="history">
      <div className="section-head">
        <h2>Deposits and withdrawals</h2>
        <div className="head-actions">
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => setReceiving(true)}
          >
            Receive
          </button>
          <DataAge fetchedAt={page?.fetchedAt} loading={loading} />
          <ExportCsvButton
            exportCsv={exportCsv}
            unit={['row', 'rows']}
            busyNote={
              <>
                <progress aria-label="Exporting" /> Fetching every page of the filtered history (up
                to 10,000 records)…
              </>
            }
          />
        </div>
      </div>
      <TransfersFilters />
      {page && error ? <RefreshAlert error={error} onRetry={load} /> : null}
      <nav className="pager" aria-label="Pages of deposits and withdrawals">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => goTo(Math.max(0, offset - PAGE_SIZE))}
          disabled={offset === 0 || loading}
        >
          Previous
        </button>
        <span className="pager-info" aria-live="polite" data-testid="history-range">
          {page && total > 0 && page.records.length > 0
            ? `Showing ${formatCount(shownFrom)}–${formatCount(shownTo)} of ${formatCount(total)}`
            : ''}
        </span>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => goTo(offset + PAGE_SIZE)}
          disabled={!page || loading || offset + PAGE_SIZE >= reachable}
        >
          Next
        </button>
      </nav>
      {total > HISTORY_CAP ? (
        <p className="muted small" role="note">
          The exchange shows only the first {formatCount(HISTORY_CAP)} records (newest first).
          Narrow the filters to reach older ones; the CSV export has the same limit.
        </p>
      ) : null}
      <DataTable
        label="Deposits and withdrawals"
        rows={rows}
        columns={columns}
        rowKey={(r) => r.key}
        status={page ? 'ready' : error ? 'error' : 'loading'}
        error={error}
        onRetry={() => void load()}
        empty="No deposits or withdrawals match these filters."
        height={tableHeight(rows.length, 14)}
        rowTestId="transfer"
      />
      {receiving ? (
        <Suspense fallback={null}>
          <ReceiveDialog onClose={() => setReceiving(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
