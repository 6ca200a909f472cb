import type { ConditionalOrders, OtoOrder, OcoOrder } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { type Column } from '../../components/DataTable';
import { compareDecimal } from '../../lib/decimal';
import {
  conditionSymbol,
  DEFAULT_PLACES,
  marketLabel,
  splitMarket,
  type MarketPlaces,
} from '../../lib/format';
import { Time } from '../../components/ViewParts';
import { SideLabel } from './parts';

/** Where an OCO order was listed: the conditional-orders endpoint, the OCO endpoint, or both. */
export type OcoSource = 'both' | 'conditional' | 'oco';

export interface OcoRow {
  order: OcoOrder;
  source: OcoSource;
}

/** OCO and OTO rows and their columns. */
export const SOURCE_LABEL: Record<OcoSource, string> = {
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

export function ocoColumns(places: Map<string, MarketPlaces>): Column<OcoRow>[] {
  const of = (r: OcoRow) => places.get(r.order.stopLoss.market) ?? DEFAULT_PLACES;
  const units = (r: OcoRow) => splitMarket(r.order.stopLoss.market);
  return [
    {
      id: 'market',
      header: 'Market',
      width: '92px',
      cell: (r) => marketLabel(r.order.stopLoss.market),
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
      cell: (r) => (
        <Amount value={r.order.stopLoss.price} places={of(r).price} unit={units(r)[1]} />
      ),
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
      cell: (r) => (
        <Amount value={r.order.takeProfit.price} places={of(r).price} unit={units(r)[1]} />
      ),
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

export function otoColumns(places: Map<string, MarketPlaces>): Column<OtoOrder>[] {
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
      cell: (o) => marketLabel(o.conditionalOrder.market),
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
