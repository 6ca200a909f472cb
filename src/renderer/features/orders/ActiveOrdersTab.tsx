import { useMemo, useState } from 'react';
import type { Order } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import { DataTable } from '../../components/DataTable';
import { compareDecimal } from '../../lib/decimal';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { marketPlaces, scaleOf, splitMarket } from '../../lib/format';
import { useActiveOrders, useOrdersStore, PAGE_SIZES } from './ordersStore';
import { RefreshAlert, tableHeight } from '../../components/ViewParts';
import { statusOf } from '../../lib/remote';
import { ActiveFiltersForm } from './ActiveFilters';
import { orderColumns } from './activeColumns';

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

/** Active orders of the active profile: filters, server paging (no total: `hasMore`), cancel. */
export function ActiveOrdersTab() {
  const slot = useActiveOrders();
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
        status={statusOf(slot)}
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
