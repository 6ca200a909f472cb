import { useMemo, useState, type FormEvent } from 'react';
import { conditionalOrdersInput } from '../../../shared/contract';
import type { ConditionalOrders, OcoOrder, OtoOrder } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import { DataTable, type Column } from '../../components/DataTable';
import { compareDecimal } from '../../lib/decimal';
import { parseForm } from '../../lib/parseForm';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { TextField, type FieldErrors } from '../accounts/Field';
import {
  conditionSymbol,
  DEFAULT_PLACES,
  marketPlaces,
  splitMarket,
  type MarketPlaces,
} from './format';
import { useOrdersStore } from './ordersStore';
import { RefreshAlert, tableHeight, Time } from '../../components/ViewParts';
import { SideLabel, tableStatus } from './parts';

/** Where an OCO order was listed: the conditional-orders endpoint, the OCO endpoint, or both. */
export type OcoSource = 'both' | 'conditional' | 'oco';

export interface OcoRow {
  order: OcoOrder;
  source: OcoSource;
}

const SOURCE_LABEL: Record<OcoSource, string> = {
  both: 'Both lists',
  conditional: 'Conditional list',
  oco: 'OCO list',
};

/** OCO orders from both endpoints, one row per id, saying which list(s) had it. */
export function mergeOco(data: ConditionalOrders): OcoRow[] {
  const rows = new Map<number, OcoRow>();
  for (const record of data.conditional.records) {
    if (record.kind === 'oco') rows.set(record.id, { order: record, source: 'conditional' });
  }
  for (const order of data.oco) {
    const seen = rows.get(order.id);
    rows.set(order.id, seen ? { order: seen.order, source: 'both' } : { order, source: 'oco' });
  }
  return [...rows.values()];
}

function ocoColumns(places: Map<string, MarketPlaces>): Column<OcoRow>[] {
  const of = (r: OcoRow) => places.get(r.order.stopLoss.market) ?? DEFAULT_PLACES;
  const units = (r: OcoRow) => splitMarket(r.order.stopLoss.market);
  return [
    {
      id: 'market',
      header: 'Market',
      width: '92px',
      cell: (r) => r.order.stopLoss.market,
      sort: (a, b) => a.order.stopLoss.market.localeCompare(b.order.stopLoss.market),
    },
    {
      id: 'side',
      header: 'Side',
      width: '48px',
      cell: (r) => <SideLabel side={r.order.stopLoss.side} />,
    },
    {
      id: 'activation',
      header: 'Stop: activation',
      align: 'right',
      width: 'minmax(150px, 1.2fr)',
      cell: (r) => {
        const leg = r.order.stopLoss;
        if (!leg.activationPrice) return <span className="muted">—</span>;
        return (
          <span title={`Activates when the price is ${leg.activationCondition ?? '?'} this`}>
            <span className="condition">{conditionSymbol(leg.activationCondition)}</span>{' '}
            <Amount value={leg.activationPrice} places={of(r).price} unit={units(r)[1]} />
          </span>
        );
      },
    },
    {
      id: 'state',
      header: 'Stop: state',
      width: '84px',
      cell: (r) =>
        r.order.stopLoss.activated ? (
          <span className="state state-on">Activated</span>
        ) : (
          <span className="state">Waiting</span>
        ),
    },
    {
      id: 'stopPrice',
      header: 'Stop: price',
      align: 'right',
      width: 'minmax(100px, 1fr)',
      cell: (r) => <Amount value={r.order.stopLoss.price} places={of(r).price} />,
    },
    {
      id: 'stopAmount',
      header: 'Stop: amount',
      align: 'right',
      width: 'minmax(100px, 1fr)',
      cell: (r) => (
        <Amount value={r.order.stopLoss.amount} places={of(r).stock} unit={units(r)[0]} />
      ),
    },
    {
      id: 'takePrice',
      header: 'Take profit: price',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (r) => <Amount value={r.order.takeProfit.price} places={of(r).price} />,
      sort: (a, b) => compareDecimal(a.order.takeProfit.price, b.order.takeProfit.price),
    },
    {
      id: 'takeAmount',
      header: 'Take profit: amount',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (r) => (
        <Amount value={r.order.takeProfit.amount} places={of(r).stock} unit={units(r)[0]} />
      ),
    },
    {
      id: 'id',
      header: 'Id',
      width: '96px',
      cell: (r) => <span className="mono small">{r.order.id}</span>,
      sort: (a, b) => a.order.id - b.order.id,
    },
    {
      id: 'source',
      header: 'Listed in',
      width: '104px',
      cell: (r) => (
        <span
          className="muted small"
          title={
            r.source === 'both'
              ? 'Listed by both the conditional-orders and the OCO endpoints'
              : r.source === 'conditional'
                ? 'Listed by the conditional-orders endpoint only'
                : 'Listed by the OCO endpoint only'
          }
        >
          {SOURCE_LABEL[r.source]}
        </span>
      ),
    },
  ];
}

function otoColumns(places: Map<string, MarketPlaces>): Column<OtoOrder>[] {
  const of = (o: OtoOrder) => places.get(o.conditionalOrder.market) ?? DEFAULT_PLACES;
  const units = (o: OtoOrder) => splitMarket(o.conditionalOrder.market);
  const optionalPrice = (o: OtoOrder, value: string | undefined) =>
    value ? (
      <Amount value={value} places={of(o).price} unit={units(o)[1]} />
    ) : (
      <span className="muted">—</span>
    );
  return [
    {
      id: 'market',
      header: 'Market',
      width: '92px',
      cell: (o) => o.conditionalOrder.market,
      sort: (a, b) => a.conditionalOrder.market.localeCompare(b.conditionalOrder.market),
    },
    {
      id: 'side',
      header: 'Side',
      width: '48px',
      cell: (o) => <SideLabel side={o.conditionalOrder.side} />,
    },
    {
      id: 'price',
      header: 'Trigger: price',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (o) => (
        <Amount value={o.conditionalOrder.price} places={of(o).price} unit={units(o)[1]} />
      ),
    },
    {
      id: 'amount',
      header: 'Trigger: amount',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (o) => (
        <Amount value={o.conditionalOrder.amount} places={of(o).stock} unit={units(o)[0]} />
      ),
    },
    {
      id: 'stopLoss',
      header: 'Stop-loss price',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (o) => optionalPrice(o, o.stopLossPrice),
    },
    {
      id: 'takeProfit',
      header: 'Take-profit price',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (o) => optionalPrice(o, o.takeProfitPrice),
    },
    {
      id: 'time',
      header: 'Placed',
      width: '184px',
      cell: (o) => <Time ms={o.conditionalOrder.timestamp} />,
      sort: (a, b) => a.conditionalOrder.timestamp - b.conditionalOrder.timestamp,
    },
    {
      id: 'id',
      header: 'Id',
      width: '96px',
      cell: (o) => <span className="mono small">{o.id}</span>,
      sort: (a, b) => a.id - b.id,
    },
  ];
}

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
  const slot = useOrdersStore((s) => s.conditional);
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
  const status = tableStatus(slot);
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
