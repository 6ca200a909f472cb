import { formatCount } from '../../lib/numberFormat';
import { ORDERS } from './parts';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { Order } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import { DataTable } from '../../components/table/DataTable';
import { compareDecimal, isZero } from '../../lib/decimal';
import { isSpendOrder } from '../../../shared/executed';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { marketLabel, splitMarket } from '../../lib/format';
import { useActiveOrders, useOrdersStore } from './ordersStore';
import { RefreshAlert, tableHeight } from '../../components/ViewParts';
import { statusOf } from '../../lib/remote';
import { ActiveFiltersForm, filterActiveOrders, isFiltered } from './ActiveFilters';
import { orderColumns } from './activeColumns';
import { CancelDialog } from './parts';
import { KillSwitchPanel } from './KillSwitchPanel';
import { ModifyOrderDialog, useMarketPlaces } from '../trade';

function CancelOrderDialog({ order, onDone }: { order: Order; onDone(message?: string): void }) {
  const cancel = useOrdersStore((s) => s.cancel);
  const [stock, money] = splitMarket(order.market);
  const places = useMarketPlaces()(order.market);
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
        <Amount
          value={order.amount}
          places={isSpendOrder(order) ? places.money : places.stock}
          unit={isSpendOrder(order) ? money : stock}
        />{' '}
        at{' '}
        {isZero(order.price) ? (
          'the market price'
        ) : (
          <Amount value={order.price} places={places.money} unit={money} />
        )}{' '}
        on {marketLabel(order.market)}?
      </p>
      {filled ? (
        <p className="muted">
          Already filled: <Amount value={order.dealStock} places={places.stock} /> {stock}. Only the
          rest is canceled.
        </p>
      ) : null}
    </CancelDialog>
  );
}

/** Cancels every order of the market chosen in the filter (or of every market), counted. */
function CancelAllDialog({
  market,
  count,
  onDone,
}: {
  market: string;
  count: number;
  onDone(message?: string): void;
}) {
  const cancelAll = useOrdersStore((s) => s.cancelAll);
  const where = market ? `on ${marketLabel(market)}` : 'on every market';
  const what = formatCount(count, ORDERS);
  return (
    <CancelDialog
      title={`Cancel ${what} ${where}?`}
      cancel={() => cancelAll(market || undefined)}
      done={`The ${what} ${where} were canceled.`}
      onDone={onDone}
      confirmLabel={`Cancel ${what}`}
      keepLabel={count === 1 ? 'Keep order' : 'Keep orders'}
    >
      <p data-testid="cancel-all-question">
        Every open order {where} is canceled: {what} in this list, and any placed since it loaded.
      </p>
    </CancelDialog>
  );
}

type Dialog =
  | { kind: 'cancel'; order: Order }
  | { kind: 'modify'; order: Order }
  | { kind: 'cancelAll'; market: string; count: number };

/** Every active order of the active profile, sorted and filtered as one list; modify, cancel. */
export function ActiveOrdersTab() {
  const slot = useActiveOrders();
  const filters = useOrdersStore((s) => s.activeFilters);
  const loadActive = useOrdersStore((s) => s.loadActive);
  const modify = useOrdersStore((s) => s.modify);
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // After Cancel, Modify or Cancel all, what opened the dialog is gone (a canceled or replaced
  // row) or disabled (nothing left to cancel): focus goes to the notice, never to the page.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const data = slot.data;
  useAutoRefresh(loadActive, data?.fetchedAt);

  const all = useMemo(() => data?.orders ?? [], [data]);
  const orders = useMemo(() => filterActiveOrders(all, filters), [all, filters]);
  const places = useMarketPlaces();
  const markets = useMemo(() => [...new Set(all.map((o) => o.market))], [all]);
  const columns = useMemo(
    () =>
      orderColumns(
        places,
        (order) => {
          setNotice(undefined);
          setDialog({ kind: 'cancel', order });
        },
        (order) => {
          setNotice(undefined);
          setDialog({ kind: 'modify', order });
        },
      ),
    [places],
  );
  const filtered = isFiltered(filters);
  const onDone = (message?: string) => {
    setDialog(undefined);
    if (message) setNotice(message);
  };
  const onMarket = all.filter((o) => !filters.market || o.market === filters.market).length;

  return (
    <>
      <section aria-labelledby="active-title" className="orders-section">
        <div className="section-head">
          <h2 id="active-title">Active orders</h2>
          <DataAge fetchedAt={data?.fetchedAt} loading={slot.loading} />
        </div>
        <ActiveFiltersForm markets={markets} orders={all} />
        <div className="actions">
          <button
            type="button"
            className="btn btn-danger-quiet"
            disabled={onMarket === 0}
            onClick={() => {
              setNotice(undefined);
              setDialog({ kind: 'cancelAll', market: filters.market, count: onMarket });
            }}
          >
            {filters.market ? `Cancel all on ${marketLabel(filters.market)}` : 'Cancel all'}
          </button>
        </div>
        {notice ? (
          <p className="form-notice" role="status" tabIndex={-1} ref={noticeRef}>
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
        {dialog?.kind === 'cancel' ? (
          <CancelOrderDialog order={dialog.order} onDone={onDone} />
        ) : null}
        {dialog?.kind === 'modify' ? (
          <Suspense fallback={null}>
            <ModifyOrderDialog order={dialog.order} modify={modify} onDone={onDone} />
          </Suspense>
        ) : null}
        {dialog?.kind === 'cancelAll' ? (
          <CancelAllDialog market={dialog.market} count={dialog.count} onDone={onDone} />
        ) : null}
      </section>
      <KillSwitchPanel />
    </>
  );
}
