/**
 * The one rule for writing a number on screen, in a notice or a dialog (main and the renderer):
 * - an asset's amount at the asset's display places (the market's `stockPrec` for its stock,
 *   `moneyPrec` for its money);
 * - a price at the market's tick (`moneyPrec`);
 * - fiat at 2 places.
 * Rounded half-up, grouped in threes, a minus written "−"; a non-zero value that would read as zero
 * keeps places up to its first significant digit (a real fee never reads "0.00"). The exact value is
 * what goes on hover, on copy and into every CSV: `exactText` / the exchange's own string.
 * No Node, no DOM.
 */
import Decimal from 'decimal.js';
import type { Asset } from './model';
import type { Separators } from './separators';

/** Places of a fiat amount. */
export const FIAT_PLACES = 2;

/**
 * The places of a value in a quote currency (what the user values in): fiat (an asset that lists
 * payment providers) at `FIAT_PLACES`, any other asset at its display places, 8 when unknown.
 */
export function quoteValuePlaces(
  asset: Pick<Asset, 'currencyPrecision' | 'providers'> | undefined,
) {
  const fiat = (asset?.providers?.deposits.length ?? 0) + (asset?.providers?.withdraws.length ?? 0);
  return fiat > 0 ? FIAT_PLACES : (asset?.currencyPrecision ?? 8);
}

const PLAIN: Separators = { group: ',', decimal: '.' };

/** The places `value` is written with at `places`: more only for a non-zero that would read 0. */
function placesFor(d: Decimal, places: number): number {
  const at = Math.max(0, places);
  if (d.isZero() || !d.toDecimalPlaces(at, Decimal.ROUND_HALF_UP).isZero()) return at;
  // The first significant digit's place: 0.000123 (exponent -4) -> 4.
  return Math.max(at, -d.e);
}

/**
 * `value` (decimal text) written at `places`: "6241.5003648" at 2 -> "6,241.50". Text that is not a
 * decimal is returned as it is.
 */
export function writeNumber(value: string, places: number, separators: Separators = PLAIN): string {
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return value;
  }
  const fixed = d.toFixed(placesFor(d, places), Decimal.ROUND_HALF_UP);
  const negative = fixed.startsWith('-') && !/^-0(\.0+)?$/.test(fixed);
  const [integer = '0', fraction] = fixed.replace(/^-/, '').split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, separators.group);
  return `${negative ? '−' : ''}${grouped}${fraction ? `${separators.decimal}${fraction}` : ''}`;
}

/** The exact value, as the exchange or the arithmetic gave it (no exponent, no trailing zeros). */
export function exactText(value: string): string {
  try {
    return new Decimal(value).toFixed();
  } catch {
    return value;
  }
}

/** The places of a market's figures: amounts of its stock and money, and its prices. */
export interface MarketPrecision {
  stockPrec: number;
  moneyPrec: number;
}

/** The places an amount of `asset` is written with on `market` (undefined: not one of its assets). */
export function assetPlaces(
  market: MarketPrecision & { stock: string; money: string },
  asset: string,
): number | undefined {
  if (asset === market.stock) return market.stockPrec;
  if (asset === market.money) return market.moneyPrec;
  return undefined;
}

/** "BTC_USDT" -> ["BTC", "USDT"]. */
export function splitMarket(market: string): [string, string] {
  const [stock = market, money = ''] = market.split('_');
  return [stock, money];
}

/** How the app writes a market everywhere, on screens and in files: "BTC_USDT" -> "BTC/USDT". */
export function marketLabel(market: string): string {
  const [stock, money] = splitMarket(market);
  return money ? `${stock}/${money}` : stock;
}
