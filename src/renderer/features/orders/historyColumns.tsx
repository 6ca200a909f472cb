import { useMemo } from 'react';
import type { Deal, ExecutedOrder, MarketDeal } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import {
  decimalColumn,
  marketColumn,
  sideColumn,
  statusColumn,
  timeColumn,
} from '../../components/table/columns';
import type { Column } from '../../components/table/DataTable';
import { isZero } from '../../lib/decimal';
import { averagePrice, splitMarket, statusLabel } from '../../lib/format';
import { feeAssetOf, isSpendOrder } from '../../../shared/executed';
import { assetPlaces } from '../../../shared/format';
import { useMarketPlaces, type PlacesOf } from '../trade';
import { typeWords } from './parts';

/**
 * The columns of executed orders (partner history and history by API key) and of deals (history by
 * API key and an order's detail).
 */

export interface HistoryRow extends ExecutedOrder {
  /** Unique per row: market and order id. */
  key: string;
}

/** The order's price, or for a market order reported with price 0 its average fill price. */
function shownPrice(o: ExecutedOrder): string | null {
  if (!isZero(o.price)) return o.price;
  return averagePrice(o.dealMoney, o.dealStock);
}

/** A market order has no price (the exchange sends 0): its average fill price, or "Market". */
function PriceCell({ order: o, places }: { order: ExecutedOrder; places: number }) {
  const unit = splitMarket(o.market)[1];
  if (!isZero(o.price)) return <Amount value={o.price} places={places} unit={unit} />;
  const avg = averagePrice(o.dealMoney, o.dealStock);
  if (avg === null) return <span className="muted">Market</span>;
  return (
    <span title="Average fill price: total ÷ filled">
      <span className="muted">avg</span> <Amount value={avg} places={places} unit={unit} />
    </span>
  );
}

function historyColumns(placesOf: PlacesOf): Column<HistoryRow>[] {
  const of = (o: HistoryRow) => placesOf(o.market);
  const money = (o: HistoryRow) => of(o).money;
  return [
    marketColumn((o) => o.market),
    sideColumn((o) => o.side, { sortable: true }),
    {
      id: 'type',
      header: 'Type',
      width: '112px',
      cell: (o) => <span className="cell-lines">{typeWords(o)}</span>,
    },
    decimalColumn(
      'price',
      'Price',
      'minmax(110px, 1fr)',
      (o) => shownPrice(o),
      (o) => <PriceCell order={o} places={money(o)} />,
    ),
    decimalColumn(
      'amount',
      'Amount',
      'minmax(110px, 1fr)',
      (o) => o.amount,
      (o) =>
        isSpendOrder(o) ? (
          <span title="Sized in money (a market buy by money, a buy stop-market): what it spent of what it was to spend">
            Spent <Amount value={o.dealMoney} places={money(o)} /> of{' '}
            <Amount value={o.amount} places={money(o)} unit={splitMarket(o.market)[1]} />
          </span>
        ) : (
          <Amount value={o.amount} places={of(o).stock} unit={splitMarket(o.market)[0]} />
        ),
    ),
    decimalColumn(
      'dealStock',
      'Filled',
      'minmax(100px, 1fr)',
      (o) => o.dealStock,
      (o) => <Amount value={o.dealStock} places={of(o).stock} unit={splitMarket(o.market)[0]} />,
    ),
    decimalColumn(
      'dealMoney',
      'Total',
      // Wide enough for a total and its unit ("2,025.43 USDT") without clipping.
      'minmax(128px, 1fr)',
      (o) => o.dealMoney,
      (o) => <Amount value={o.dealMoney} places={money(o)} unit={splitMarket(o.market)[1]} />,
    ),
    decimalColumn(
      'fee',
      'Fee',
      // An unrounded fee keeps its digits ("0.828568 USDT"); a buy's is in the stock it bought.
      'minmax(136px, 1fr)',
      (o) => o.dealFee,
      (o) => (
        <Amount
          value={o.dealFee}
          places={o.side === 'buy' ? of(o).stock : money(o)}
          unit={feeAssetOf(o)}
        />
      ),
    ),
    // Filled says as much: the status gives way first in a narrow window.
    {
      ...statusColumn(
        (o) => o.status ?? '',
        '112px',
        (o) => (o.status ? statusLabel(o.status) : <span className="muted">—</span>),
      ),
      priority: 'low',
    },
    timeColumn((o) => o.timestamp),
  ];
}

/** The executed-order columns, written at each market's places. */
export function useHistoryColumns(): Column<HistoryRow>[] {
  const placesOf = useMarketPlaces();
  return useMemo(() => historyColumns(placesOf), [placesOf]);
}

/**
 * A deal's columns; `marketOf` names the market of deals that do not carry it (an order's), and
 * `orderSide` the side of an order's deals (which carry none).
 */
export function dealColumns<Row extends Deal>(
  placesOf: PlacesOf,
  marketOf: (d: Row) => string,
  orderSide?: Deal['side'],
): Column<Row>[] {
  const unit = (d: Row, i: 0 | 1) => splitMarket(marketOf(d))[i];
  /** Places of an amount of `asset` on the deal's market (its money's when it is neither). */
  const placesFor = (d: Row, asset: string) => {
    const [stock, money] = splitMarket(marketOf(d));
    const { stock: stockPrec, money: moneyPrec } = placesOf(marketOf(d));
    return assetPlaces({ stock, money, stockPrec, moneyPrec }, asset) ?? moneyPrec;
  };
  /**
   * A decimal of the deal at its asset's places, with its unit; `least` is the width its usual
   * values take whole ("66,820.00 USDT").
   */
  const amount = (
    id: string,
    header: string,
    value: (d: Row) => string,
    unitOf: (d: Row) => string,
    least = 124,
  ): Column<Row> =>
    decimalColumn(id, header, `minmax(${least}px, 1fr)`, value, (d) => (
      <Amount value={value(d)} places={placesFor(d, unitOf(d))} unit={unitOf(d)} />
    ));
  return [
    sideColumn((d) => d.side ?? orderSide),
    {
      id: 'role',
      header: 'Role',
      width: '64px',
      priority: 'low',
      cell: (d) => (d.role === 'maker' ? 'Maker' : 'Taker'),
    },
    amount(
      'price',
      'Price',
      (d) => d.price,
      (d) => unit(d, 1),
      116,
    ),
    amount(
      'amount',
      'Amount',
      (d) => d.amount,
      (d) => unit(d, 0),
    ),
    amount(
      'deal',
      'Total',
      (d) => d.deal,
      (d) => unit(d, 1),
      136,
    ),
    amount(
      'fee',
      'Fee',
      (d) => d.fee,
      (d) => feeAssetOf({ market: marketOf(d), side: d.side ?? orderSide, feeAsset: d.feeAsset }),
      136,
    ),
    {
      id: 'dealId',
      header: 'Deal id',
      width: '96px',
      cell: (d) => <span className="mono small">{d.dealId}</span>,
      sort: (a, b) => a.dealId - b.dealId,
    },
    timeColumn((d) => d.time),
  ];
}

/** The deals tab: the market first, then a deal's columns and the order it filled. */
export const marketDealColumns = (placesOf: PlacesOf): Column<MarketDeal>[] => [
  marketColumn((d) => d.market),
  ...dealColumns<MarketDeal>(placesOf, (d) => d.market),
  {
    id: 'orderId',
    header: 'Order id',
    width: '96px',
    cell: (d) => <span className="mono small">{d.orderId ?? '—'}</span>,
  },
];
