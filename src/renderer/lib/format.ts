import Decimal from 'decimal.js';
import { formatDecimal } from './decimal';

/**
 * Display helpers shared by the list screens (Orders, History). Amounts stay decimal strings, never
 * floating point; the places they are written with follow the one number rule (`shared/format.ts`:
 * the market's or the asset's precision), not the strings' own scale.
 */

/** Digits after the decimal point of a decimal string ("0.50" -> 2, "60000" -> 0). */
export function scaleOf(value: string): number {
  try {
    return Math.max(0, new Decimal(value).decimalPlaces());
  } catch {
    return 0;
  }
}

/** How a market is split and written, on screens and in files alike: `shared/format.ts`. */
export { marketLabel, splitMarket } from '../../shared/format';

/** dealMoney / dealStock in decimal (never float); null when nothing filled or unreadable. */
export function averagePrice(dealMoney: string, dealStock: string): string | null {
  try {
    const stock = new Decimal(dealStock);
    if (stock.isZero()) return null;
    return new Decimal(dealMoney).div(stock).toFixed();
  } catch {
    return null;
  }
}

/** dealStock / amount as a percent with 2 places ("—" when the amount is zero or unreadable). */
export function filledPercent(dealStock: string, amount: string): string {
  try {
    const total = new Decimal(amount);
    if (total.isZero()) return '—';
    return `${new Decimal(dealStock).div(total).times(100).toFixed(2, Decimal.ROUND_DOWN)} %`;
  } catch {
    return '—';
  }
}

/** "gte" -> "≥", etc.; unknown conditions as sent. */
export function conditionSymbol(condition: string | undefined): string {
  switch (condition?.toLowerCase()) {
    case 'gte':
      return '≥';
    case 'lte':
      return '≤';
    case 'gt':
      return '>';
    case 'lt':
      return '<';
    default:
      return condition ?? '';
  }
}

/** "stop limit" -> "Stop limit", "stock_market" -> "Stock market". */
export function typeLabel(type: string): string {
  const text = type.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "PARTIALLY_FILLED" -> "Partially filled"; absent -> "—". */
export function statusLabel(status: string | undefined): string {
  if (!status) return '—';
  const text = status.replace(/_/g, ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "abcdef…123456" for long identifiers (the full value goes in a title). */
export function middle(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}

/**
 * A 24 h change (percent) rounded to 2 places, with its sign and direction ("+1.25 %", "−3.31 %"):
 * the sign carries the meaning, the direction's colour (`up`, `down`) only repeats it.
 */
export function percentChange(value: string): { text: string; direction: 'up' | 'down' | 'flat' } {
  const rounded = new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const direction = rounded.gt(0) ? 'up' : rounded.lt(0) ? 'down' : 'flat';
  const sign = direction === 'up' ? '+' : direction === 'down' ? '−' : '';
  return { text: `${sign}${formatDecimal(rounded.abs().toFixed(), 2)} %`, direction };
}
