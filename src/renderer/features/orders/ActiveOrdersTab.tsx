import { formatCount } from '../../lib/numberFormat';
import { ORDERS } from './parts';
import { useMemo, useState } from 'react';
import type { Order } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import { DataTable } from '../../components/DataTable';
import { compareDecimal } from '../../lib/decimal';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { marketLabel, marketPlaces, scaleOf, splitMarket } from '../../lib/format';
import { useActiveOrders, useOrdersStore } from './ordersStore';
import { RefreshAlert, tableHeight } from '../../components/ViewParts';
import { statusOf } from '../../lib/remote';
import { ActiveFiltersForm, filterActiveOrders, isFiltered } from './ActiveFilters';
import { orderColumns } from './activeColumns';
import { CancelDialog } from './parts';

function CancelOrderDialog({ order, onDone }: { order: Order; onDone(message?: string): void }) {
  const cancel = useOrdersStore((s) => s.cancel);
  const [stock, money] = splitMarket(order.market);
  const filled = compareDecimal(order.dealStock, '0') > 0;
  return (
    <CancelDialog
      title="Cancel this order?"
      cancel={() => cancel(order.market, order.orderId)}
      done={`Order ${order.orderId} on ${marketLabel(order.market)} was canceled.`}
      onDone={onDone}
    >
      <p data-testid="cancel-question">
        Cancel the {order.side} order of{' '}
        <Amount value={order.amount} places={scaleOf(order.amount)} unit={stock} /> at{' '}
        <Amount value={order.price} places={scaleOf(order.price)} unit={money} /> on{' '}
        {marketLabel(order.market)}?
      </p>
      {filled ? (
        <p className="muted">
          Already filled: <Amount value={order.dealStock} places={scaleOf(order.dealStock)} />{' '}
          {stock}. Only the rest is canceled.
        </p>
      ) : null}
    </CancelDialog>
  );
}

/** Every active order of the active profile, sorted and filtered as one list; cancel. */
export function ActiveOrdersTab() {
  const slot = useActiveOrders();
  const filters = useOrdersStore((s) => s.activeFilters);
  const loadActive = useOrdersStore((s) => s.loadActive);
  const [confirming, setConfirming] = useState<Order | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const data = slot.data;
  useAutoRefresh(loadActive, data?.fetchedAt);

  const all = useMemo(() => data?.orders ?? [], [data]);
  const orders = useMemo(() => filterActiveOrders(all, filters), [all, filters]);
  const places = useMemo(() => marketPlaces(all), [all]);
  const markets = useMemo(() => [...new Set(all.map((o) => o.market))], [all]);
  const columns = useMemo(
    () =>
      orderColumns(places, (order) => {
        setNotice(undefined);
        setConfirming(order);
      }),
    [places],
  );
  const filtered = isFiltered(filters);

  return (
    <section aria-labelledby="active-title" className="orders-section">
      <div className="section-head">
        <h2 id="active-title">Active orders</h2>
        <DataAge fetchedAt={data?.fetchedAt} loading={slot.loading} />
      </div>
      <ActiveFiltersForm markets={markets} />
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      {data && slot.error ? <RefreshAlert error={slot.error} onRetry={loadActive} /> : null}
      {data ? (
        <p className="table-count muted" data-testid="active-count" aria-live="polite">
          {filtered
            ? `Showing ${formatCount(orders.length)} of ${formatCount(all.length, ORDERS)}`
            : formatCount(all.length, ORDERS)}
          {data.capped
            ? ` · the first ${formatCount(all.length)} the exchange listed; more are open`
            : ''}
        </p>
      ) : null}
      <DataTable
        label="Active orders"
        rows={orders}
        columns={columns}
        rowKey={(o) => String(o.orderId)}
        status={statusOf(slot)}
        error={slot.error}
        onRetry={() => void loadActive()}
        empty={filtered ? 'No active orders match these filters.' : 'No active orders.'}
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
