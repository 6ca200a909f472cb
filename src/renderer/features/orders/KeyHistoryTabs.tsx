import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { clientOrderId as clientOrderIdRule } from '../../../shared/contract';
import type {
  CsvExport,
  ExecutedOrder,
  HistoryWindowPage,
  MarketDeal,
} from '../../../shared/model';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataAge } from '../../components/DataAge';
import { actionsColumn } from '../../components/table/columns';
import { DataTable, type Column } from '../../components/table/DataTable';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { SelectField, TextField } from '../../components/Field';
import { formatTime, RefreshAlert, tableHeight } from '../../components/ViewParts';
import { isZero } from '../../lib/decimal';
import { marketLabel } from '../../lib/format';
import { formatCount } from '../../lib/numberFormat';
import { statusOf, type Remote } from '../../lib/remote';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { useMarketPlaces, useMarkets } from '../trade';
import {
  dealColumns,
  marketDealColumns,
  useHistoryColumns,
  type HistoryRow,
} from './historyColumns';
import { ORDERS, typeWords } from './parts';
import {
  useApiDeals,
  useApiOrders,
  useOrderDeals,
  useKeyHistoryStore,
  WINDOW_DAYS,
  type RangePreset,
  type KeyHistoryFilters,
} from './keyHistoryStore';

/** What a deal is called, one and many. */
const DEALS = ['deal', 'deals'] as const;

const PRESETS: { value: RangePreset; label: string }[] = [
  { value: '1d', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '31d', label: 'Last 31 days' },
  { value: '90d', label: 'Last 3 months' },
  { value: '6m', label: 'Last 6 months (all the exchange keeps)' },
  { value: 'custom', label: 'Custom dates' },
];

/**
 * The filters both tabs share: market (the exchange's), side and time range apply at once; a
 * client order id and custom dates apply with Apply (or Enter), checked with the contract's rule.
 */
function TransfersFilters({
  idPrefix,
  label,
  children,
}: {
  idPrefix: string;
  label: string;
  /** A filter of one tab only, in the same row of fields. */
  children?: ReactNode;
}) {
  const filters = useKeyHistoryStore((s) => s.filters);
  const rangeError = useKeyHistoryStore((s) => s.rangeError);
  const setFilters = useKeyHistoryStore((s) => s.setFilters);
  const markets = useMarkets((s) => s.data?.markets);
  useEffect(() => {
    if (!useMarkets.getState().data) void useMarkets.getState().load();
  }, []);
  const [draft, setDraft] = useState(filters);
  const [idError, setIdError] = useState<string | undefined>();
  const names = [...new Set([...(markets ?? []).map((m) => m.name), filters.market])]
    .filter(Boolean)
    .sort();

  const apply = () => {
    const id = draft.clientOrderId.trim();
    const checked = id ? clientOrderIdRule.safeParse(id) : undefined;
    if (checked && !checked.success) {
      setIdError(checked.error.issues[0]?.message);
      return;
    }
    setIdError(undefined);
    setFilters({ clientOrderId: id, fromDate: draft.fromDate, toDate: draft.toDate });
  };
  const field = <K extends keyof KeyHistoryFilters>(key: K) => ({
    value: draft[key],
    onChange: (value: KeyHistoryFilters[K]) => setDraft((d) => ({ ...d, [key]: value })),
  });

  return (
    <form
      className="filters"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      noValidate
    >
      <SelectField
        id={`${idPrefix}-market`}
        label="Market"
        value={filters.market}
        options={[
          { value: '', label: 'All markets' },
          ...names.map((m) => ({ value: m, label: marketLabel(m) })),
        ]}
        onChange={(market) => setFilters({ market })}
      />
      <SelectField<KeyHistoryFilters['side']>
        id={`${idPrefix}-side`}
        label="Side"
        value={filters.side}
        options={[
          { value: '', label: 'Buy and sell' },
          { value: 'buy', label: 'Buy' },
          { value: 'sell', label: 'Sell' },
        ]}
        onChange={(side) => setFilters({ side })}
      />
      <SelectField<RangePreset>
        id={`${idPrefix}-range`}
        label="Time range"
        value={filters.preset}
        options={PRESETS}
        onChange={(preset) => setFilters({ preset })}
      />
      {children}
      {filters.preset === 'custom' ? (
        <>
          <TextField
            id={`${idPrefix}-from`}
            label="From"
            type="date"
            {...field('fromDate')}
            error={rangeError?.field === 'fromDate' ? rangeError.message : undefined}
          />
          <TextField
            id={`${idPrefix}-to`}
            label="To"
            type="date"
            {...field('toDate')}
            error={rangeError?.field === 'toDate' ? rangeError.message : undefined}
          />
        </>
      ) : null}
      <TextField
        id={`${idPrefix}-client-order-id`}
        label="Client order id"
        {...field('clientOrderId')}
        error={idError}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="field">
        <button type="submit" className="btn btn-secondary">
          Apply
        </button>
      </div>
    </form>
  );
}

/** "Showing … to …; the exchange keeps six months", with Newer and Older. */
function WindowPager({ page }: { page: HistoryWindowPage<unknown> | undefined }) {
  const window = useKeyHistoryStore((s) => s.window);
  const windows = useKeyHistoryStore((s) => s.windows);
  const older = useKeyHistoryStore((s) => s.older);
  const newer = useKeyHistoryStore((s) => s.newer);
  return (
    <div className="history-window">
      <p className="muted" data-testid="history-window" aria-live="polite">
        {page
          ? `Showing ${formatTime(page.from * 1000)} to ${formatTime(page.to * 1000)}` +
            (windows.length > 1
              ? ` (${WINDOW_DAYS} days at a time, ${window + 1} of ${windows.length})`
              : '') +
            `; the exchange keeps six months (since ${formatTime(page.earliest * 1000)}).`
          : `The exchange answers ${WINDOW_DAYS} days at a time and keeps six months.`}
      </p>
      <div className="actions">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={newer}
          disabled={window === 0}
        >
          Newer
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={older}
          disabled={window >= windows.length - 1}
        >
          Older
        </button>
      </div>
    </div>
  );
}

interface WindowTabProps<Row> {
  title: string;
  slot: Remote<HistoryWindowPage<Row>>;
  load(): Promise<void>;
  exportCsv(): Promise<CsvExport>;
  unit: readonly [string, string];
  idPrefix: string;
  columns: Column<Row>[];
  rowKey(row: Row): string;
  rowTestId: string;
  /** A filter of this tab only, after the shared ones. */
  filter?: ReactNode;
  children?: ReactNode;
}

/** One tab of history by API key: head, filters, window, count and table. */
function WindowTab<Row>(props: WindowTabProps<Row>) {
  const { title, slot, load, unit, columns } = props;
  const page = slot.data;
  useAutoRefresh(load, page?.fetchedAt);
  const rows = page?.records ?? [];
  return (
    <div className="orders-section">
      <div className="section-head">
        <h2>{title}</h2>
        <div className="head-actions">
          <DataAge fetchedAt={page?.fetchedAt} loading={slot.loading} />
          <ExportCsvButton exportCsv={props.exportCsv} unit={unit} disabled={!page} />
        </div>
      </div>
      <TransfersFilters idPrefix={props.idPrefix} label={`Filter ${title.toLowerCase()}`}>
        {props.filter}
      </TransfersFilters>
      <WindowPager page={page} />
      {page && slot.error ? <RefreshAlert error={slot.error} onRetry={load} /> : null}
      {page ? (
        <p className="table-count muted" data-testid={`${props.idPrefix}-count`} aria-live="polite">
          {formatCount(rows.length, unit)}
          {page.capped ? ' · the newest of this window; choose a narrower filter for the rest' : ''}
        </p>
      ) : null}
      <DataTable
        label={title}
        rows={rows}
        columns={columns}
        rowKey={props.rowKey}
        status={statusOf(slot)}
        error={slot.error}
        onRetry={() => void load()}
        empty={`No ${title.toLowerCase()} in this window for these filters.`}
        initialSort={{ id: 'time', dir: 'desc' }}
        height={tableHeight(rows.length, 14)}
        rowTestId={props.rowTestId}
      />
      {props.children}
    </div>
  );
}

/** An order's detail: its deals (trade-account/order). */
function OrderDealsDialog({ order }: { order: ExecutedOrder }) {
  const slot = useOrderDeals();
  const close = useKeyHistoryStore((s) => s.showDeals);
  const shown = slot.data?.orderId === order.orderId ? slot.data : undefined;
  const placesOf = useMarketPlaces();
  const columns = useMemo(
    () => dealColumns(placesOf, () => order.market, order.side),
    [placesOf, order.market, order.side],
  );
  return (
    <ConfirmDialog
      title={`Deals of order ${order.orderId}`}
      wide
      cancelLabel="Close"
      onCancel={() => close(undefined)}
    >
      <p>
        {marketLabel(order.market)} {order.side} · {typeWords(order)}
        {order.clientOrderId ? ` · client order id ${order.clientOrderId}` : ''}
      </p>
      {shown ? (
        <p className="muted" data-testid="order-deals-count">
          {formatCount(shown.deals.length, DEALS)}
          {shown.capped ? ' (the newest 1,000)' : ''}
        </p>
      ) : null}
      <DataTable
        label={`Deals of order ${order.orderId}`}
        rows={shown?.deals ?? []}
        columns={columns}
        rowKey={(d) => String(d.dealId)}
        status={shown ? 'ready' : slot.error ? 'error' : 'loading'}
        error={slot.error}
        onRetry={() => void useOrderDeals.getState().load(order.orderId)}
        empty="This order has no deals (it was canceled before anything filled)."
        initialSort={{ id: 'time', dir: 'desc' }}
        height={tableHeight(shown?.deals.length ?? 1, 8)}
        rowTestId="order-deal"
      />
    </ConfirmDialog>
  );
}

/** Which executed orders show: those that filled (the default), all, or the canceled-unfilled. */
type FillFilter = 'filled' | 'all' | 'unfilled';

const FILL_FILTERS: { value: FillFilter; label: string }[] = [
  { value: 'filled', label: 'Filled, in full or in part' },
  { value: 'all', label: 'All, with canceled unfilled' },
  { value: 'unfilled', label: 'Canceled without a fill' },
];

const shows = (filter: FillFilter, o: ExecutedOrder): boolean =>
  filter === 'all' || isZero(o.dealStock) === (filter === 'unfilled');

/**
 * Executed orders by API key (trade-account/order/history), one 31-day window at a time; by
 * default only those that filled (an order canceled before anything filled was not executed).
 */
export function ApiOrdersTab() {
  const [fills, setFills] = useState<FillFilter>('filled');
  const slot = useApiOrders();
  const load = useKeyHistoryStore((s) => s.loadOrders);
  const exportCsv = useKeyHistoryStore((s) => s.exportOrdersCsv);
  const detail = useKeyHistoryStore((s) => s.detail);
  const showDeals = useKeyHistoryStore((s) => s.showDeals);
  const all = useMemo<HistoryRow[]>(
    () =>
      (slot.data?.records ?? [])
        .filter((o) => shows(fills, o))
        .map((o) => ({ ...o, key: `${o.market}:${o.orderId}` })),
    [slot.data, fills],
  );
  const base = useHistoryColumns();
  const columns = useMemo<Column<HistoryRow>[]>(
    () => [
      ...base,
      actionsColumn('Deals', '84px', (o) => (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-label={`Deals of order ${o.orderId}`}
          onClick={() => showDeals(o.orderId)}
        >
          Deals
        </button>
      )),
    ],
    [base, showDeals],
  );
  const order = all.find((o) => o.orderId === detail);
  return (
    <WindowTab<HistoryRow>
      title="Executed orders"
      slot={{ ...slot, data: slot.data && { ...slot.data, records: all } }}
      load={useCallback(() => load(), [load])}
      exportCsv={exportCsv}
      unit={ORDERS}
      idPrefix="api-orders"
      columns={columns}
      rowKey={(o) => o.key}
      rowTestId="api-order"
      filter={
        <SelectField<FillFilter>
          id="api-orders-status"
          label="Status"
          value={fills}
          options={FILL_FILTERS}
          onChange={setFills}
        />
      }
    >
      {order ? <OrderDealsDialog order={order} /> : null}
    </WindowTab>
  );
}

/** Deals by API key (trade-account/executed-history), one 31-day window at a time. */
export function DealsTab() {
  const slot = useApiDeals();
  const load = useKeyHistoryStore((s) => s.loadDeals);
  const exportCsv = useKeyHistoryStore((s) => s.exportDealsCsv);
  const placesOf = useMarketPlaces();
  const columns = useMemo(() => marketDealColumns(placesOf), [placesOf]);
  return (
    <WindowTab<MarketDeal>
      title="Deals"
      slot={slot}
      load={load}
      exportCsv={exportCsv}
      unit={DEALS}
      idPrefix="api-deals"
      columns={columns}
      rowKey={(d) => `${d.market}:${d.dealId}`}
      rowTestId="api-deal"
    />
  );
}
