import Decimal from 'decimal.js';
import { writeNumber } from '../../shared/format';
import { currentSeparators } from './numberFormat';

/**
 * Display of decimal strings: never through floating point. Amounts keep the asset's precision,
 * get thousands separators and are meant for right-aligned, tabular cells.
 */
export const MASK = '•••••';

/** `value` at `places` in the user's number format: the one rule of `shared/format.ts`. */
export function formatDecimal(value: string, places: number): string {
  return writeNumber(value, places, currentSeparators());
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
