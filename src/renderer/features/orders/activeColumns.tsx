import type { Order } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { CopyableId, orderIdColumn } from '../../components/table/ids';
import {
  actionsColumn,
  decimalColumn,
  marketColumn,
  sideColumn,
  statusColumn,
  timeColumn,
} from '../../components/table/columns';
import { type Column } from '../../components/table/DataTable';
import { isZero } from '../../lib/decimal';
import { isSpendOrder } from '../../../shared/executed';
import { filledPercent, marketLabel, splitMarket, statusLabel } from '../../lib/format';
import type { PlacesOf } from '../trade';
import { Activation, TypeLabel } from './parts';

/** The order types the exchange modifies. */
const MODIFIABLE = new Set(['limit', 'stop limit', 'stop market']);

const isModifiable = (order: Order): boolean => MODIFIABLE.has(order.type);

/** Columns of the active-orders table. */
export function orderColumns(
  placesOf: PlacesOf,
  onCancel: (order: Order) => void,
  onModify: (order: Order) => void,
): Column<Order>[] {
  const of = (o: Order) => placesOf(o.market);
  /**
   * An amount of the order in its own unit: money for an order sized in money (a buy stop-market
   * order spends its amount once it activates); else stock.
   */
  const sized = (o: Order, value: string, stockUnit?: string) =>
    isSpendOrder(o) ? (
      <Amount value={value} places={of(o).money} unit={splitMarket(o.market)[1]} />
    ) : (
      <Amount value={value} places={of(o).stock} unit={stockUnit} />
    );
  return [
    marketColumn((o) => o.market),
    sideColumn((o) => o.side, { sortable: true }),
    { id: 'type', header: 'Type', width: '72px', cell: (o) => <TypeLabel type={o.type} /> },
    decimalColumn(
      'price',
      'Price',
      // Room for a stop order's second line, "stop ≥ 61,000.00 USDT", whole.
      'minmax(124px, 1fr)',
      (o) => o.price,
      // A stop order's activation price (with its condition) under its price.
      // A stop-market order has no price (the exchange sends 0): it fills at the market.
      (o) => (
        <span className={o.activationPrice ? 'price-stack' : undefined}>
          {isZero(o.price) ? (
            <span className="muted">Market</span>
          ) : (
            <Amount value={o.price} places={of(o).money} unit={splitMarket(o.market)[1]} />
          )}
          {o.activationPrice ? (
            <span className="small" data-testid="order-activation">
              {' '}
              stop{' '}
              <Activation
                price={o.activationPrice}
                condition={o.activationCondition}
                places={of(o).money}
                unit={splitMarket(o.market)[1]}
              />
            </span>
          ) : null}
        </span>
      ),
    ),
    decimalColumn(
      'amount',
      'Amount',
      'minmax(100px, 1fr)',
      (o) => o.amount,
      (o) => sized(o, o.amount, splitMarket(o.market)[0]),
    ),
    {
      id: 'filled',
      header: 'Filled',
      align: 'right',
      width: '68px',
      cell: (o) => filledPercent(isSpendOrder(o) ? o.dealMoney : o.dealStock, o.amount),
    },
    // Amount and Filled say what is left, and Filled the status: these two give way first.
    {
      ...decimalColumn(
        'left',
        'Left',
        'minmax(90px, 1fr)',
        (o) => o.left,
        (o) => sized(o, o.left),
      ),
      priority: 'low',
    },
    {
      ...statusColumn(
        (o) => o.status ?? '',
        '64px',
        (o) => statusLabel(o.status),
        { sortable: false },
      ),
      priority: 'low',
    },
    timeColumn((o) => o.timestamp),
    orderIdColumn((o) => o.orderId),
    {
      id: 'client',
      header: 'Client order id',
      width: 'minmax(96px, 0.8fr)',
      cell: (o) => <CopyableId value={o.clientOrderId} what="client order id" />,
    },
    // Cancel and Modify side by side, never clipped.
    actionsColumn('Action', '164px', (o) => (
      <span className="row-actions">
        <button
          type="button"
          className="btn btn-danger-quiet btn-small"
          aria-label={`Cancel ${o.side} order ${o.orderId} on ${marketLabel(o.market)}`}
          onClick={() => onCancel(o)}
        >
          Cancel
        </button>
        {isModifiable(o) ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={`Modify ${o.side} order ${o.orderId} on ${marketLabel(o.market)}`}
            onClick={() => onModify(o)}
          >
            Modify
          </button>
        ) : null}
      </span>
    )),
  ];
}
