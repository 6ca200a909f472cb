import Decimal from 'decimal.js';
import { formatDecimal } from './decimal';

/**
 * Display helpers shared by the list screens (Orders, History). Amounts stay decimal strings: places
 * are derived from the strings' own scale (the exchange sends them with the market's precision),
 * never through floating point.
 */

/** Digits after the decimal point of a decimal string ("0.50" -> 2, "60000" -> 0). */
export function scaleOf(value: string): number {
  try {
    return Math.max(0, new Decimal(value).decimalPlaces());
  } catch {
    return 0;
  }
}

/**
 * Places that show a decimal string as it is: its own scale (trailing zeros never count), at least
 * `min`, at most `max`. "0.85000000" and "0.85" both give 2; "0.0999" gives 4; "0" gives `min`.
 */
export function ownPlaces(value: string, min = 2, max = 18): number {
  return Math.min(max, Math.max(min, scaleOf(value)));
}

/**
 * The one rule for a balance, wherever it shows (Overview, Trade): its own scale with trailing zeros
 * trimmed, at least 2 places. Never padded to a precision, so the same balance reads the same on
 * every screen, whatever precision that screen knows (the asset's or the market's).
 */
export function balancePlaces(value: string): number {
  return ownPlaces(value, 2);
}

/** A fee: its own scale, at least 2 places; a non-zero fee is never rounded (to 0.00 or at all). */
export function feePlaces(value: string): number {
  return ownPlaces(value, 2);
}

/** The largest scale among `values`, kept between `min` and `max`. */
export function placesFor(values: Iterable<string>, min: number, max: number): number {
  let places = min;
  for (const value of values) places = Math.max(places, scaleOf(value));
  return Math.min(places, max);
}

/** Stock amounts: up to 8 places. Prices: 2 to 8 places. */
export const STOCK_PLACES = { min: 0, max: 8 } as const;
export const PRICE_PLACES = { min: 2, max: 8 } as const;

export interface MarketPlaces {
  /** Places of amounts in the stock (base) currency. */
  stock: number;
  /** Places of prices in the money (quote) currency. */
  price: number;
}

interface PricedAmount {
  market: string;
  price: string;
  amount: string;
  left?: string;
  dealStock?: string;
}

/** Per market, the places its amounts and prices are shown with (derived from the rows shown). */
export function marketPlaces(rows: Iterable<PricedAmount>): Map<string, MarketPlaces> {
  const stock = new Map<string, string[]>();
  const price = new Map<string, string[]>();
  for (const row of rows) {
    const amounts = stock.get(row.market) ?? [];
    amounts.push(row.amount, row.left ?? '0', row.dealStock ?? '0');
    stock.set(row.market, amounts);
    const prices = price.get(row.market) ?? [];
    prices.push(row.price);
    price.set(row.market, prices);
  }
  const places = new Map<string, MarketPlaces>();
  for (const [market, amounts] of stock) {
    places.set(market, {
      stock: placesFor(amounts, STOCK_PLACES.min, STOCK_PLACES.max),
      price: placesFor(price.get(market) ?? [], PRICE_PLACES.min, PRICE_PLACES.max),
    });
  }
  return places;
}

export const DEFAULT_PLACES: MarketPlaces = { stock: 8, price: 2 };

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

/**
 * Places for an average price: at least `min` (the market's price places), more below 1 so about 5
 * significant digits show, at most 8.
 */
export function averagePlaces(avg: string, min: number): number {
  try {
    const d = new Decimal(avg);
    if (d.isZero() || d.abs().gte(1)) return min;
    return Math.min(PRICE_PLACES.max, Math.max(min, 4 - d.abs().e));
  } catch {
    return min;
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
