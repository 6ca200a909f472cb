import { formatCount } from '../../lib/numberFormat';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { OtoOrder } from '../../../shared/model';
import { DataAge } from '../../components/DataAge';
import { DataTable } from '../../components/table/DataTable';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { SelectField } from '../../components/Field';
import { Amount } from '../../components/Amount';
import { marketLabel, splitMarket } from '../../lib/format';
import { useMarketPlaces, useMarkets } from '../trade';
import { CancelDialog } from './parts';
import { useConditionalOrders, useOrdersStore } from './ordersStore';
import { RefreshAlert, tableHeight } from '../../components/ViewParts';
import { statusOf } from '../../lib/remote';
import { mergeOco, ocoColumns, otoColumns, type ConditionalTarget } from './conditionalColumns';

/** The market filter: a choice among the exchange's markets (and those of the loaded orders). */
function MarketFilter({ listed }: { listed: readonly string[] }) {
  const applied = useOrdersStore((s) => s.conditionalMarket);
  const filterConditional = useOrdersStore((s) => s.filterConditional);
  const exchange = useMarkets((s) => s.data?.markets);
  useEffect(() => {
    if (!useMarkets.getState().data) void useMarkets.getState().load();
  }, []);
  const names = [
    ...new Set([...(exchange ?? []).map((m) => m.name), ...listed, ...(applied ? [applied] : [])]),
  ].sort();
  return (
    <form
      className="filters"
      aria-label="Filter conditional orders"
      onSubmit={(e) => e.preventDefault()}
      noValidate
    >
      <SelectField
        id="conditional-market"
        label="Market"
        value={applied ?? ''}
        options={[
          { value: '', label: 'All markets' },
          ...names.map((m) => ({ value: m, label: marketLabel(m) })),
        ]}
        onChange={(market) => filterConditional(market || undefined)}
      />
    </form>
  );
}

function CancelConditionalDialog({
  target,
  onDone,
}: {
  target: ConditionalTarget;
  onDone(message?: string): void;
}) {
  const cancel = useOrdersStore((s) => s.cancelConditional);
  const [stock] = splitMarket(target.market);
  const places = useMarketPlaces()(target.market);
  const both =
    target.kind === 'OCO'
      ? 'its stop-loss and take-profit'
      : 'its trigger order and the orders it would place';
  return (
    <CancelDialog
      title={`Cancel this ${target.kind} order?`}
      cancel={() => cancel(target.market, target.id)}
      done={`${target.kind} order ${target.id} on ${marketLabel(target.market)} was canceled.`}
      onDone={onDone}
    >
      <p data-testid="cancel-question">
        Cancel the {target.side} {target.kind} order {target.id} of{' '}
        <Amount value={target.amount} places={places.stock} unit={stock} /> on{' '}
        {marketLabel(target.market)}? This cancels {both}.
      </p>
    </CancelDialog>
  );
}

/** Conditional orders: OCO (from both endpoints, deduplicated) and OTO. */
export function ConditionalTab() {
  const slot = useConditionalOrders();
  const load = useOrdersStore((s) => s.loadConditional);
  const market = useOrdersStore((s) => s.conditionalMarket);
  const data = slot.data;
  useAutoRefresh(load, data?.fetchedAt);

  const oco = useMemo(() => (data ? mergeOco(data) : []), [data]);
  const oto = useMemo(
    () => (data?.conditional.records ?? []).filter((r): r is OtoOrder => r.kind === 'oto'),
    [data],
  );
  const places = useMarketPlaces();
  const [confirming, setConfirming] = useState<ConditionalTarget | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const ask = useCallback((target: ConditionalTarget) => {
    setNotice(undefined);
    setConfirming(target);
  }, []);
  const ocoCols = useMemo(() => ocoColumns(places, ask), [places, ask]);
  const otoCols = useMemo(() => otoColumns(places, ask), [places, ask]);
  const listedMarkets = useMemo(
    () => [
      ...new Set([
        ...oco.map((r) => r.stopLoss.market),
        ...oto.map((o) => o.conditionalOrder.market),
      ]),
    ],
    [oco, oto],
  );
  const status = statusOf(slot);
  const emptyText = (kind: string) =>
    market ? `No ${kind} orders on ${marketLabel(market)}.` : `No ${kind} orders.`;
  const total = data?.conditional.total ?? 0;
  const listed = data?.conditional.records.length ?? 0;

  return (
    <div className="orders-section">
      <div className="section-head">
        <h2>Conditional orders</h2>
        <DataAge fetchedAt={data?.fetchedAt} loading={slot.loading} />
      </div>
      <MarketFilter listed={listedMarkets} />
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      {data && slot.error ? <RefreshAlert error={slot.error} onRetry={load} /> : null}
      {total > listed ? (
        <p className="muted small">
          Showing the first {formatCount(listed)} of {formatCount(total)} conditional orders.
        </p>
      ) : null}
      <section aria-labelledby="oco-title" className="subsection-block">
        <h3 id="oco-title">OCO (one cancels the other)</h3>
        <p className="muted small">
          A stop-loss and a take-profit on the same amount: when one executes, the other is
          canceled.
        </p>
        <DataTable
          label="OCO orders"
          rows={oco}
          columns={ocoCols}
          rowKey={(r) => String(r.id)}
          status={status}
          error={slot.error}
          onRetry={() => void load()}
          empty={emptyText('OCO')}
          height={tableHeight(oco.length, 8)}
          rowTestId="oco-order"
        />
      </section>
      <section aria-labelledby="oto-title" className="subsection-block">
        <h3 id="oto-title">OTO (one triggers the other)</h3>
        <p className="muted small">
          When the trigger order executes, its stop-loss and take-profit orders are placed.
        </p>
        <DataTable
          label="OTO orders"
          rows={oto}
          columns={otoCols}
          rowKey={(o) => String(o.id)}
          status={status}
          error={slot.error}
          onRetry={() => void load()}
          empty={emptyText('OTO')}
          height={tableHeight(oto.length, 8)}
          rowTestId="oto-order"
        />
      </section>
      {confirming ? (
        <CancelConditionalDialog
          target={confirming}
          onDone={(message) => {
            setConfirming(undefined);
            if (message) setNotice(message);
          }}
        />
      ) : null}
    </div>
  );
}
