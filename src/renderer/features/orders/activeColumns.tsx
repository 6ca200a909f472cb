import type { Order } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { Copyable } from '../../components/CopyButton';
import { type Column } from '../../components/DataTable';
import { compareDecimal, isZero } from '../../lib/decimal';
import { isSpendOrder } from '../../../shared/executed';
import {
  DEFAULT_PLACES,
  filledPercent,
  marketLabel,
  placesFor,
  PRICE_PLACES,
  splitMarket,
  statusLabel,
  type MarketPlaces,
} from '../../lib/format';
import { Time } from '../../components/ViewParts';
import { Activation, marketAndSideColumns, OrderId, TypeLabel } from './parts';

/** The order types the exchange modifies. */
const MODIFIABLE = new Set(['limit', 'stop limit', 'stop market']);

const isModifiable = (order: Order): boolean => MODIFIABLE.has(order.type);

/** Columns of the active-orders table. */
export function orderColumns(
  places: Map<string, MarketPlaces>,
  onCancel: (order: Order) => void,
  onModify: (order: Order) => void,
): Column<Order>[] {
  const of = (o: Order) => places.get(o.market) ?? DEFAULT_PLACES;
  /**
   * An amount of the order in its own unit: money for an order sized in money (a buy stop-market
   * order spends its amount once it activates), with at least the market's price places; else stock.
   */
  const sized = (o: Order, value: string, stockUnit?: string) =>
    isSpendOrder(o) ? (
      <Amount
        value={value}
        places={placesFor([value], of(o).price, PRICE_PLACES.max)}
        unit={splitMarket(o.market)[1]}
      />
    ) : (
      <Amount value={value} places={of(o).stock} unit={stockUnit} />
    );
  return [
    ...marketAndSideColumns<Order>(),
    { id: 'type', header: 'Type', width: '72px', cell: (o) => <TypeLabel type={o.type} /> },
    {
      id: 'price',
      header: 'Price',
      align: 'right',
      // Room for a stop order's second line, "stop ≥ 61,000.00 USDT", whole.
      width: 'minmax(124px, 1fr)',
      // A stop order's activation price (with its condition) under its price.
      // A stop-market order has no price (the exchange sends 0): it fills at the market.
      cell: (o) => (
        <span className={o.activationPrice ? 'price-stack' : undefined}>
          {isZero(o.price) ? (
            <span className="muted">Market</span>
          ) : (
            <Amount value={o.price} places={of(o).price} unit={splitMarket(o.market)[1]} />
          )}
          {o.activationPrice ? (
            <span className="small" data-testid="order-activation">
              {' '}
              stop{' '}
              <Activation
                price={o.activationPrice}
                condition={o.activationCondition}
                places={of(o).price}
                unit={splitMarket(o.market)[1]}
              />
            </span>
          ) : null}
        </span>
      ),
      sort: (a, b) => compareDecimal(a.price, b.price),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      width: 'minmax(100px, 1fr)',
      cell: (o) => sized(o, o.amount, splitMarket(o.market)[0]),
      sort: (a, b) => compareDecimal(a.amount, b.amount),
    },
    {
      id: 'filled',
      header: 'Filled',
      align: 'right',
      width: '68px',
      cell: (o) => filledPercent(isSpendOrder(o) ? o.dealMoney : o.dealStock, o.amount),
    },
    {
      id: 'left',
      header: 'Left',
      align: 'right',
      width: 'minmax(90px, 1fr)',
      cell: (o) => sized(o, o.left),
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
      id: 'id',
      header: 'Id',
      width: '112px',
      cell: (o) => <OrderId id={o.orderId} />,
      sort: (a, b) => a.orderId - b.orderId,
    },
    {
      id: 'client',
      header: 'Client order id',
      width: 'minmax(96px, 0.8fr)',
      cell: (o) =>
        o.clientOrderId ? (
          <Copyable value={o.clientOrderId} what="client order id">
            <span className="mono small" title={o.clientOrderId}>
              {o.clientOrderId}
            </span>
          </Copyable>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      id: 'action',
      header: 'Action',
      // Cancel and Modify side by side, never clipped.
      width: '164px',
      pin: 'end',
      cell: (o) => (
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
      ),
    },
  ];
}
