import Decimal from 'decimal.js';
import { currentSeparators, groupDigits } from './numberFormat';

/**
 * Display of decimal strings: never through floating point. Amounts keep the asset's precision,
 * get thousands separators and are meant for right-aligned, tabular cells.
 */
export const MASK = '•••••';

/**
 * "12345.6789" with 2 places -> "12,345.68" (half-up; "12.345,68" in a comma format); trailing zeros
 * kept for alignment.
 */
export function formatDecimal(value: string, places: number): string {
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return value;
  }
  const fixed = d.toFixed(Math.max(0, places), Decimal.ROUND_HALF_UP);
  const negative = fixed.startsWith('-');
  const [integer = '0', fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const separators = currentSeparators();
  return `${negative ? '−' : ''}${groupDigits(integer, separators)}${
    fraction ? `${separators.decimal}${fraction}` : ''
  }`;
}

/** A price: up to `places`, trailing zeros trimmed but at least 2 places. */
export function formatPrice(value: string, places = 8): string {
  const full = formatDecimal(value, places);
  const { decimal } = currentSeparators();
  const [integer, fraction = ''] = full.split(decimal);
  const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${integer}${decimal}${trimmed}`;
}

export function compareDecimal(a: string | null | undefined, b: string | null | undefined): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : -1) : 1;
  return new Decimal(a).comparedTo(new Decimal(b));
}

export function isZero(value: string): boolean {
  try {
    return new Decimal(value).isZero();
  } catch {
    return false;
  }
}
