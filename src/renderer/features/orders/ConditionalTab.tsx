import { useMemo, useState, type FormEvent } from 'react';
import { conditionalOrdersInput } from '../../../shared/contract';
import type { OtoOrder } from '../../../shared/model';
import { DataAge } from '../../components/DataAge';
import { DataTable } from '../../components/DataTable';
import { parseForm } from '../../lib/parseForm';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { TextField } from '../../components/Field';
import type { FieldErrors } from '../../lib/parseForm';
import { marketPlaces } from '../../lib/format';
import { useConditionalOrders, useOrdersStore } from './ordersStore';
import { RefreshAlert, tableHeight } from '../../components/ViewParts';
import { statusOf } from '../../lib/remote';
import { mergeOco, ocoColumns, otoColumns } from './conditionalColumns';

function MarketFilter() {
  const applied = useOrdersStore((s) => s.conditionalMarket);
  const filterConditional = useOrdersStore((s) => s.filterConditional);
  const [market, setMarket] = useState(applied ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(conditionalOrdersInput, { market: market.trim() || undefined });
    if (!parsed.ok) {
      setErrors(parsed.fields);
      return;
    }
    setErrors({});
    filterConditional(parsed.data.market);
  }

  return (
    <form className="filters" aria-label="Filter conditional orders" onSubmit={apply} noValidate>
      <TextField
        id="conditional-market"
        label="Market"
        value={market}
        onChange={(v) => {
          setMarket(v.toUpperCase());
          setErrors({});
        }}
        error={errors.market}
        placeholder="e.g. BTC_USDT"
        autoComplete="off"
        spellCheck={false}
      />
      <div className="filters-actions">
        <button type="submit" className="btn btn-primary">
          Apply
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setMarket('');
            setErrors({});
            filterConditional(undefined);
          }}
        >
          Reset
        </button>
      </div>
    </form>
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
  const places = useMemo(
    () =>
      marketPlaces([
        ...oco.flatMap((r) => [r.order.stopLoss, r.order.takeProfit]),
        ...oco.flatMap((r) =>
          r.order.stopLoss.activationPrice
            ? [{ ...r.order.stopLoss, price: r.order.stopLoss.activationPrice }]
            : [],
        ),
        ...oto.map((o) => o.conditionalOrder),
        ...oto.flatMap((o) =>
          [o.stopLossPrice, o.takeProfitPrice]
            .filter((p): p is string => p !== undefined)
            .map((price) => ({ ...o.conditionalOrder, price })),
        ),
      ]),
    [oco, oto],
  );
  const ocoCols = useMemo(() => ocoColumns(places), [places]);
  const otoCols = useMemo(() => otoColumns(places), [places]);
  const status = statusOf(slot);
  const emptyText = (kind: string) =>
    market ? `No ${kind} orders on ${market}.` : `No ${kind} orders.`;
  const total = data?.conditional.total ?? 0;
  const listed = data?.conditional.records.length ?? 0;

  return (
    <div className="orders-section">
      <div className="section-head">
        <h2>Conditional orders</h2>
        <DataAge fetchedAt={data?.fetchedAt} loading={slot.loading} />
      </div>
      <MarketFilter />
      {data && slot.error ? <RefreshAlert error={slot.error} onRetry={load} /> : null}
      {total > listed ? (
        <p className="muted small">
          Showing the first {listed.toLocaleString('en-US')} of {total.toLocaleString('en-US')}{' '}
          conditional orders.
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
          rowKey={(r) => String(r.order.id)}
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
    </div>
  );
}
