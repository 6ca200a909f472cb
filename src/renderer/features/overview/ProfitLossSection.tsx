import { useEffect, useMemo, type ReactNode } from 'react';
import type { BelowTotalProps } from './NetWorthSection';
import type { ProfitLoss, ProfitLossRow } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import { decimalColumn, textColumn } from '../../components/table/columns';
import { DataTable, type Column } from '../../components/table/DataTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { RefreshAlert } from '../../components/ViewParts';
import { statusOf } from '../../lib/remote';
import { useSettings } from '../../lib/settingsStore';
import type { Places } from './allocation';
import { formatDay } from './netWorth';
import { useProfitLossStore } from './profitLossStore';
import { SignedAmount } from './SignedAmount';

const ROW_HEIGHT = 40;
const MAX_TABLE_HEIGHT = 440;
const ESTIMATED_NOTE = 'ov-pl-estimated-note';

const unknown = <span className="muted">Not known</span>;

function columns(quote: string, places: Places, privacy: boolean): Column<ProfitLossRow>[] {
  const money = (
    id: string,
    header: string,
    pick: (row: ProfitLossRow) => string | null,
    show: (value: string, row: ProfitLossRow) => ReactNode,
  ): Column<ProfitLossRow> =>
    decimalColumn(id, header, 'minmax(132px, 1fr)', pick, (row) => {
      const value = pick(row);
      return value === null ? unknown : show(value, row);
    });
  const signed = (value: string) => (
    <SignedAmount value={value} places={places.quote} privacy={privacy} />
  );
  return [
    textColumn(
      'asset',
      'Asset',
      'minmax(120px, 1fr)',
      (row) => row.ticker,
      (row) => (
        <span className="ov-asset">
          <span className="ov-ticker">{row.ticker}</span>
          {row.estimated ? (
            <span className="ov-estimated" aria-describedby={ESTIMATED_NOTE}>
              estimated
            </span>
          ) : null}
        </span>
      ),
    ),
    money(
      'amount',
      'Amount',
      (row) => row.amount,
      (v, row) => <Amount value={v} places={places.asset(row.ticker)} />,
    ),
    // The user's own cost (hidden in privacy mode), written as a price: at the market's tick.
    money(
      'averageCost',
      `Average cost (${quote})`,
      (row) => row.averageCost,
      (v, row) => <Amount value={v} places={places.price(row.ticker)} />,
    ),
    money(
      'costBasis',
      `Cost basis (${quote})`,
      (row) => row.costBasis,
      (v) => <Amount value={v} places={places.quote} />,
    ),
    money('realised', `Realised (${quote})`, (row) => row.realised, signed),
    money('unrealised', `Unrealised (${quote})`, (row) => row.unrealised, signed),
    money(
      'fees',
      `Fees (${quote})`,
      (row) => row.fees,
      (v) => <Amount value={v} places={places.quote} />,
    ),
  ];
}

/** The totals under the table, in the table's columns. */
function Totals({
  data,
  places,
  tableColumns,
  privacy,
}: {
  data: ProfitLoss;
  /** The quote's places. */
  places: number;
  tableColumns: readonly Column<ProfitLossRow>[];
  privacy: boolean;
}) {
  const { totals } = data;
  const cells: Record<string, ReactNode> = {
    asset: <strong>Total</strong>,
    costBasis: <Amount value={totals.costBasis} places={places} />,
    realised: <SignedAmount value={totals.realised} places={places} privacy={privacy} />,
    unrealised: <SignedAmount value={totals.unrealised} places={places} privacy={privacy} />,
    fees: <Amount value={totals.fees} places={places} />,
  };
  return (
    // Narrower than its columns, it scrolls sideways like the table above (a Tab stop for the keys).
    <div
      className="table ov-pl-totals"
      role="table"
      aria-label="Profit and loss totals"
      tabIndex={0}
    >
      <div
        className="table-row"
        role="row"
        data-testid="profit-loss-totals"
        style={{ gridTemplateColumns: tableColumns.map((c) => c.width).join(' ') }}
      >
        {tableColumns.map((column) => (
          <div
            key={column.id}
            role={column.id === 'asset' ? 'rowheader' : 'cell'}
            className={column.align === 'right' ? 'table-cell num' : 'table-cell'}
          >
            {cells[column.id] ?? null}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Profit and loss per asset by average cost, with the method in words, its totals and its export.
 * Loads with the chart, after the holdings (`start`), and again with each newer total.
 */
export function ProfitLossSection({ quote, places, start, totalAt }: BelowTotalProps) {
  const privacy = useSettings((s) => s.privacy);
  const held = useProfitLossStore((s) => s.data);
  // Only figures in the quote selected: another quote's wait for their reload, never shown under it.
  const data = held?.quote === quote ? held : undefined;
  const loading = useProfitLossStore((s) => s.loading);
  const error = useProfitLossStore((s) => s.error);
  const load = useProfitLossStore((s) => s.load);
  const exportCsv = useProfitLossStore((s) => s.exportCsv);

  // Follows the total's cadence: loads again whenever the total is newer than what it shows.
  useEffect(() => {
    if (!start) return;
    const state = useProfitLossStore.getState();
    const current = state.data && state.query === quote;
    if (current && (totalAt === undefined || state.data!.fetchedAt >= totalAt || state.loading))
      return;
    void load(quote);
  }, [start, quote, load, totalAt]);
  const retry = () => void load(quote);

  const tableColumns = useMemo(() => columns(quote, places, privacy), [quote, places, privacy]);
  const rows = data?.rows ?? [];
  const status = statusOf({ data, loading, error });
  const estimated = rows.some((row) => row.estimated);

  return (
    <section className="ov-profit-loss" aria-labelledby="ov-pl-title">
      <div className="section-head">
        <h2 id="ov-pl-title">Profit and loss</h2>
        <div className="ov-net-worth-controls">
          <DataAge fetchedAt={data?.fetchedAt} loading={loading} />
          <ExportCsvButton
            label="Export profit and loss (CSV)"
            exportCsv={() => exportCsv(quote)}
            unit={['row', 'rows']}
          />
        </div>
      </div>
      <p className="muted small ov-pl-method" data-testid="profit-loss-method">
        Average cost: each buy adds what it cost, fees included, to the asset’s cost; a sell
        realises its proceeds less fees less the average cost of what was sold. Deposits and
        interest enter at that day’s closing price. Unrealised is the value now less the cost of
        what is held
        {data?.since != null ? `; counted from ${formatDay(data.since)}` : ''}.
      </p>
      {data && error ? <RefreshAlert error={error} onRetry={retry} /> : null}
      <div className="ov-table-scroll">
        <DataTable
          label="Profit and loss"
          rows={rows}
          columns={tableColumns}
          rowKey={(row) => row.ticker}
          status={status}
          error={error}
          onRetry={retry}
          empty="No profit or loss yet: nothing has been bought, sold or received."
          initialSort={{ id: 'asset', dir: 'asc' }}
          rowHeight={ROW_HEIGHT}
          height={
            status === 'ready'
              ? Math.min(MAX_TABLE_HEIGHT, rows.length * ROW_HEIGHT + 2)
              : 4 * ROW_HEIGHT
          }
          rowTestId="profit-loss-row"
        />
        {data && rows.length > 0 ? (
          <Totals data={data} places={places.quote} tableColumns={tableColumns} privacy={privacy} />
        ) : null}
      </div>
      {estimated ? (
        <p className="muted small" id={ESTIMATED_NOTE} data-testid="profit-loss-estimated">
          Estimated: some of what is held came in before the first transaction the exchange shows,
          or on a day without a price; its cost is taken at the first day’s close.
        </p>
      ) : null}
    </section>
  );
}
