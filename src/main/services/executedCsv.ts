import type { ExecutedOrder, ExecutedOrders } from '../../shared/model';
import { isZeroDecimal } from '../../shared/decimal';
import { feeAssetOf, isSpendOrder } from '../../shared/executed';
import { toCsv } from './csv';
import { marketLabel, splitMarket } from '../../shared/format';

/** Columns of the executed-orders CSV: explicit units, ISO 8601 times (UTC), raw exchange codes. */
export const EXECUTED_CSV_COLUMNS = [
  'Time (ISO 8601, UTC)',
  'Market',
  'Side',
  'Type',
  'Status',
  'Price',
  'Price unit',
  'Amount',
  'Amount unit',
  'Filled',
  'Filled unit',
  'Total',
  'Total unit',
  'Fee',
  'Fee unit',
  'Order id',
  'Client order id',
] as const;

/**
 * Every executed order, newest first, one row each. A market order has no price (the exchange's 0
 * is left empty, never written as a price); a market buy by money amount has its amount in money.
 */
export function executedCsv(orders: ExecutedOrders): string {
  return executedListCsv(
    Object.entries(orders).flatMap(([market, list]) =>
      list.map((o) => ({ ...o, market: o.market || market })),
    ),
  );
}

/** The same CSV from a list of executed orders that each name their market. */
export function executedListCsv(orders: readonly ExecutedOrder[]): string {
  const rows = [...orders]
    .sort((a, b) => b.timestamp - a.timestamp || b.orderId - a.orderId)
    .map((o) => {
      const [stock, money] = splitMarket(o.market);
      const spend = isSpendOrder(o);
      return [
        new Date(o.timestamp).toISOString(),
        marketLabel(o.market),
        o.side,
        o.type,
        o.status ?? '',
        isZeroDecimal(o.price) ? '' : o.price,
        isZeroDecimal(o.price) ? '' : money,
        o.amount,
        spend ? money : stock,
        o.dealStock,
        stock,
        o.dealMoney,
        money,
        o.dealFee,
        feeAssetOf(o),
        String(o.orderId),
        o.clientOrderId,
      ];
    });
  return toCsv(EXECUTED_CSV_COLUMNS, rows);
}
