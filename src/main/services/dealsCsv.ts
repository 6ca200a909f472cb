import type { MarketDeal } from '../../shared/model';
import { toCsv } from './csv';
import { feeAssetOf } from '../../shared/executed';
import { marketLabel, splitMarket } from '../../shared/format';

/** Columns of the deals CSV: explicit units, ISO 8601 times (UTC), raw exchange codes. */
export const DEALS_CSV_COLUMNS = [
  'Time (ISO 8601, UTC)',
  'Market',
  'Side',
  'Role',
  'Price',
  'Price unit',
  'Amount',
  'Amount unit',
  'Total',
  'Total unit',
  'Fee',
  'Fee unit',
  'Deal id',
  'Order id',
  'Client order id',
] as const;

/** Every deal, newest first, one row each; the fee in its asset (feeAssetOf). */
export function dealsCsv(deals: readonly MarketDeal[]): string {
  const rows = [...deals]
    .sort((a, b) => b.time - a.time || b.dealId - a.dealId)
    .map((d) => {
      const [stock, money] = splitMarket(d.market);
      return [
        new Date(d.time).toISOString(),
        marketLabel(d.market),
        d.side ?? '',
        d.role,
        d.price,
        money,
        d.amount,
        stock,
        d.deal,
        money,
        d.fee,
        feeAssetOf(d),
        String(d.dealId),
        d.orderId === undefined ? '' : String(d.orderId),
        d.clientOrderId,
      ];
    });
  return toCsv(DEALS_CSV_COLUMNS, rows);
}
