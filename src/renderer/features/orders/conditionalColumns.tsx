import type { ConditionalOrders, OcoOrder, OrderSide, OtoOrder } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import {
  actionsColumn,
  decimalColumn,
  marketColumn,
  sideColumn,
  timeColumn,
} from '../../components/table/columns';
import { type Column } from '../../components/table/DataTable';
import { orderIdColumn } from '../../components/table/ids';
import { marketLabel, splitMarket } from '../../lib/format';
import type { PlacesOf } from '../trade';
import { Activation } from './parts';

/** A conditional order the user asked to cancel. */
export interface ConditionalTarget {
  kind: 'OCO' | 'OTO';
  id: number;
  market: string;
  side: OrderSide;
  /** The amount of the order's first leg (the stop-loss of an OCO, the trigger of an OTO). */
  amount: string;
}

/** OCO orders from both endpoints (the conditional list and the OCO list), one per id. */
export function mergeOco(data: ConditionalOrders): OcoOrder[] {
  const rows = new Map<number, OcoOrder>();
  for (const record of data.conditional.records) {
    if (record.kind === 'oco') rows.set(record.id, record);
  }
  for (const order of data.oco) if (!rows.has(order.id)) rows.set(order.id, order);
  return [...rows.values()];
}

/** The Action column of a conditional table. */
function cancelColumn<Row>(
  target: (row: Row) => ConditionalTarget,
  onCancel: (t: ConditionalTarget) => void,
): Column<Row> {
  return actionsColumn('Action', '70px', (row) => {
    const t = target(row);
    return (
      <button
        type="button"
        className="btn btn-danger-quiet btn-small"
        aria-label={`Cancel ${t.kind} order ${t.id} on ${marketLabel(t.market)}`}
        onClick={() => onCancel(t)}
      >
        Cancel
      </button>
    );
  });
}

export function ocoColumns(
  places: PlacesOf,
  onCancel: (target: ConditionalTarget) => void,
): Column<OcoOrder>[] {
  const of = (r: OcoOrder) => places(r.stopLoss.market);
  const units = (r: OcoOrder) => splitMarket(r.stopLoss.market);
  return [
    marketColumn((r) => r.stopLoss.market, '92px'),
    sideColumn((r) => r.stopLoss.side),
    {
      id: 'activation',
      header: 'Stop: activation',
      align: 'right',
      width: 'minmax(150px, 1.2fr)',
      cell: (r) => (
        <Activation
          price={r.stopLoss.activationPrice}
          condition={r.stopLoss.activationCondition}
          places={of(r).money}
          unit={units(r)[1]}
        />
      ),
    },
    {
      id: 'state',
      header: 'Stop: state',
      width: '84px',
      cell: (r) =>
        r.stopLoss.activated ? (
          <span className="state state-on">Activated</span>
        ) : (
          <span className="state">Waiting</span>
        ),
    },
    {
      id: 'stopPrice',
      header: 'Stop: price',
      align: 'right',
      width: 'minmax(124px, 1fr)',
      cell: (r) => <Amount value={r.stopLoss.price} places={of(r).money} unit={units(r)[1]} />,
    },
    {
      id: 'stopAmount',
      header: 'Stop: amount',
      align: 'right',
      width: 'minmax(100px, 1fr)',
      cell: (r) => <Amount value={r.stopLoss.amount} places={of(r).stock} unit={units(r)[0]} />,
    },
    decimalColumn(
      'takePrice',
      'Take profit: price',
      'minmax(110px, 1fr)',
      (r) => r.takeProfit.price,
      (r) => <Amount value={r.takeProfit.price} places={of(r).money} unit={units(r)[1]} />,
    ),
    {
      id: 'takeAmount',
      header: 'Take profit: amount',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (r) => <Amount value={r.takeProfit.amount} places={of(r).stock} unit={units(r)[0]} />,
    },
    orderIdColumn((r) => r.id),
    cancelColumn(
      (r: OcoOrder) => ({
        kind: 'OCO',
        id: r.id,
        market: r.stopLoss.market,
        side: r.stopLoss.side,
        amount: r.stopLoss.amount,
      }),
      onCancel,
    ),
  ];
}

export function otoColumns(
  places: PlacesOf,
  onCancel: (target: ConditionalTarget) => void,
): Column<OtoOrder>[] {
  const of = (o: OtoOrder) => places(o.conditionalOrder.market);
  const units = (o: OtoOrder) => splitMarket(o.conditionalOrder.market);
  const optionalPrice = (o: OtoOrder, value: string | undefined) =>
    value ? (
      <Amount value={value} places={of(o).money} unit={units(o)[1]} />
    ) : (
      <span className="muted">—</span>
    );
  return [
    marketColumn((o) => o.conditionalOrder.market, '92px'),
    sideColumn((o) => o.conditionalOrder.side),
    {
      id: 'price',
      header: 'Trigger: price',
      align: 'right',
      width: 'minmax(110px, 1fr)',
      cell: (o) => (
        <Amount value={o.conditionalOrder.price} places={of(o).money} unit={units(o)[1]} />
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
    timeColumn((o) => o.conditionalOrder.timestamp, { header: 'Placed' }),
    orderIdColumn((o) => o.id),
    cancelColumn(
      (o: OtoOrder) => ({
        kind: 'OTO',
        id: o.id,
        market: o.conditionalOrder.market,
        side: o.conditionalOrder.side,
        amount: o.conditionalOrder.amount,
      }),
      onCancel,
    ),
  ];
}
