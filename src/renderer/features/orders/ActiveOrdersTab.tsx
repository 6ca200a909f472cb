import { useMemo, useState, type FormEvent } from 'react';
import { activeOrdersInput } from '../../../shared/contract';
import type { Order } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import { DataTable, type Column } from '../../components/DataTable';
import { compareDecimal } from '../../lib/decimal';
import { parseForm } from '../../lib/parseForm';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { ConfirmDialog } from '../accounts/ConfirmDialog';
import { TextField, type FieldErrors } from '../accounts/Field';
import {
  DEFAULT_PLACES,
  filledPercent,
  marketPlaces,
  scaleOf,
  splitMarket,
  statusLabel,
  typeLabel,
  type MarketPlaces,
} from './format';
import { useOrdersStore, PAGE_SIZES } from './ordersStore';
import { RefreshAlert, tableHeight, Time } from '../../components/ViewParts';
import { marketAndSideColumns, tableStatus } from './parts';

const ORDER_ID_MESSAGE = 'Enter the order id as a whole number, e.g. 4200000123.';

/** "" -> undefined; anything else as a number (the contract says whether it is a valid id). */
function toOrderId(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

function ActiveFiltersForm({ markets }: { markets: readonly string[] }) {
  const query = useOrdersStore((s) => s.activeQuery);
  const filterActive = useOrdersStore((s) => s.filterActive);
  const [market, setMarket] = useState(query.market ?? '');
  const [orderId, setOrderId] = useState(query.orderId === undefined ? '' : String(query.orderId));
  const [clientOrderId, setClientOrderId] = useState(query.clientOrderId ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(
      activeOrdersInput,
      {
        market: market.trim() || undefined,
        orderId: toOrderId(orderId),
        clientOrderId: clientOrderId.trim() || undefined,
      },
      { orderId: ORDER_ID_MESSAGE },
    );
    if (!parsed.ok) {
      setErrors(parsed.fields);
      return;
    }
    setErrors({});
    const { market: m, orderId: id, clientOrderId: client } = parsed.data;
    filterActive({ market: m, orderId: id, clientOrderId: client });
  }

  function reset() {
    setMarket('');
    setOrderId('');
    setClientOrderId('');
    setErrors({});
    filterActive({});
  }

  const clear = (field: string) => setErrors((e) => ({ ...e, [field]: undefined }));

  return (
    <form className="filters" aria-label="Filter active orders" onSubmit={apply} noValidate>
      <TextField
        id="active-market"
        label="Market"
        value={market}
        onChange={(v) => {
          setMarket(v.toUpperCase());
          clear('market');
        }}
        error={errors.market}
        placeholder="e.g. BTC_USDT"
        list="active-markets"
        autoComplete="off"
        spellCheck={false}
      />
      <datalist id="active-markets">
        {markets.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <TextField
        id="active-order-id"
        label="Order id"
        value={orderId}
        onChange={(v) => {
          setOrderId(v);
          clear('orderId');
        }}
        error={errors.orderId}
        inputMode="numeric"
        autoComplete="off"
      />
      <TextField
        id="active-client-order-id"
        label="Client order id"
        value={clientOrderId}
        onChange={(v) => {
          setClientOrderId(v);
          clear('clientOrderId');
        }}
        error={errors.clientOrderId}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="filters-actions">
        <button type="submit" className="btn btn-primary">
          Apply
        </button>
        <button type="button" className="btn btn-secondary" onClick={reset}>
          Reset
        </button>
      </div>
    </form>
  );
}

function CancelOrderDialog({ order, onDone }: { order: Order; onDone(message?: string): void }) {
  const cancel = useOrdersStore((s) => s.cancel);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [stock, money] = splitMarket(order.market);
  const filled = compareDecimal(order.dealStock, '0') > 0;

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      await cancel(order.market, order.orderId);
      onDone(`Order ${order.orderId} on ${order.market} was canceled.`);
    } catch (failure) {
      setError((failure as { message?: string }).message ?? String(failure));
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      title="Cancel this order?"
      confirmLabel={busy ? 'Canceling…' : 'Cancel order'}
      cancelLabel="Keep order"
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => onDone()}
    >
      <p data-testid="cancel-question">
        Cancel the {order.side} order of{' '}
        <Amount value={order.amount} places={scaleOf(order.amount)} unit={stock} /> at{' '}
        <Amount value={order.price} places={scaleOf(order.price)} unit={money} /> on {order.market}?
      </p>
      {filled ? (
        <p className="muted">
          Already filled: <Amount value={order.dealStock} places={scaleOf(order.dealStock)} />{' '}
          {stock}. Only the rest is canceled.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

export function orderColumns(
  places: Map<string, MarketPlaces>,
  onCancel: (order: Order) => void,
): Column<Order>[] {
  const of = (o: Order) => places.get(o.market) ?? DEFAULT_PLACES;
  return [
    ...marketAndSideColumns<Order>(),
    { id: 'type', header: 'Type', width: '72px', cell: (o) => typeLabel(o.type) },
    {
      id: 'price',
      header: 'Price',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (o) => <Amount value={o.price} places={of(o).price} unit={splitMarket(o.market)[1]} />,
      sort: (a, b) => compareDecimal(a.price, b.price),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (o) => <Amount value={o.amount} places={of(o).stock} unit={splitMarket(o.market)[0]} />,
      sort: (a, b) => compareDecimal(a.amount, b.amount),
    },
    {
      id: 'filled',
      header: 'Filled',
      align: 'right',
      width: '68px',
      cell: (o) => filledPercent(o.dealStock, o.amount),
    },
    {
      id: 'left',
      header: 'Left',
      align: 'right',
      width: 'minmax(90px, 1fr)',
      cell: (o) => <Amount value={o.left} places={of(o).stock} />,
      sort: (a, b) => compareDecimal(a.left, b.left),
    },
    { id: 'status', header: 'Status', width: '64px', cell: (o) => statusLabel(o.status) },
    {
      id: 'time',
      header: 'Time',
      width: '184px',
      cell: (o) => <Time ms={o.timestamp} />,
      sort: (a, b) => a.timestamp - b.timestamp,
    },
    {
      id: 'client',
      header: 'Client order id',
      width: 'minmax(80px, 0.8fr)',
      cell: (o) =>
        o.clientOrderId ? (
          <span className="mono small" title={o.clientOrderId}>
            {o.clientOrderId}
          </span>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      id: 'action',
      header: 'Action',
      width: '70px',
      cell: (o) => (
        <button
          type="button"
          className="btn btn-danger-quiet btn-small"
          aria-label={`Cancel ${o.side} order ${o.orderId} on ${o.market}`}
          onClick={() => onCancel(o)}
        >
          Cancel
        </button>
      ),
    },
  ];
}

/** Active orders of the active profile: filters, server paging (no total: `hasMore`), cancel. */
export function ActiveOrdersTab() {
  const slot = useOrdersStore((s) => s.active);
  const query = useOrdersStore((s) => s.activeQuery);
  const loadActive = useOrdersStore((s) => s.loadActive);
  const pageActive = useOrdersStore((s) => s.pageActive);
  const [confirming, setConfirming] = useState<Order | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const page = slot.data;
  useAutoRefresh(loadActive, page?.fetchedAt);

  const orders = useMemo(() => page?.orders ?? [], [page]);
  const places = useMemo(() => marketPlaces(orders), [orders]);
  const markets = useMemo(() => [...new Set(orders.map((o) => o.market))].sort(), [orders]);
  const columns = useMemo(
    () =>
      orderColumns(places, (order) => {
        setNotice(undefined);
        setConfirming(order);
      }),
    [places],
  );

  const first = query.offset + 1;
  const last = query.offset + orders.length;

  return (
    <section aria-labelledby="active-title" className="orders-section">
      <div className="section-head">
        <h2 id="active-title">Active orders</h2>
        <DataAge fetchedAt={page?.fetchedAt} loading={slot.loading} />
      </div>
      <ActiveFiltersForm markets={markets} />
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      {page && slot.error ? <RefreshAlert error={slot.error} onRetry={loadActive} /> : null}
      <nav className="pager" aria-label="Pages of active orders">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => pageActive(Math.max(0, query.offset - query.limit), query.limit)}
          disabled={query.offset === 0 || slot.loading}
        >
          Previous
        </button>
        <span className="pager-info" aria-live="polite">
          {page
            ? orders.length > 0
              ? `Orders ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')}`
              : query.offset > 0
                ? 'No orders on this page'
                : ''
            : ''}
        </span>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => pageActive(query.offset + query.limit, query.limit)}
          disabled={!page?.hasMore || slot.loading}
        >
          Next
        </button>
        <label className="pager-size">
          Per page
          <select
            value={query.limit}
            onChange={(e) => pageActive(0, Number(e.target.value))}
            disabled={slot.loading}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </nav>
      <DataTable
        label="Active orders"
        rows={orders}
        columns={columns}
        rowKey={(o) => String(o.orderId)}
        status={tableStatus(slot)}
        error={slot.error}
        onRetry={() => void loadActive()}
        empty={
          query.market || query.orderId || query.clientOrderId
            ? 'No active orders match these filters.'
            : 'No active orders.'
        }
        initialSort={{ id: 'time', dir: 'desc' }}
        height={tableHeight(orders.length, 14)}
        rowTestId="active-order"
      />
      {confirming ? (
        <CancelOrderDialog
          order={confirming}
          onDone={(message) => {
            setConfirming(undefined);
            if (message) setNotice(message);
          }}
        />
      ) : null}
    </section>
  );
}
