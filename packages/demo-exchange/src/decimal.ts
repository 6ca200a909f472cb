import DecimalJs from 'decimal.js';

/**
 * The demo exchange's decimal type: 64 significant digits so that sums and products of amounts with
 * their full precision stay exact (conservation of every asset is a tested property), and no
 * exponent notation in strings.
 */
export const Decimal = DecimalJs.clone({
  precision: 64,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -60,
  toExpPos: 60,
});
export type Decimal = DecimalJs;

export const ZERO = new Decimal(0);

const NUMERIC = /^\d+(\.\d+)?$/;

/**
 * A request amount: a numeric string (`"1.5"`) or a finite non-negative JSON number. Returns null when
 * the value is not numeric. A JSON number is taken through its shortest decimal representation.
 */
export function parseAmount(value: unknown): Decimal | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    return new Decimal(String(value));
  }
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!NUMERIC.test(trimmed)) return null;
    return new Decimal(trimmed);
  }
  return null;
}
