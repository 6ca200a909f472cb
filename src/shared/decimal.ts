/**
 * The one rule for decimal text, wherever it comes from: what a user types (the contract's inputs)
 * and what the exchange answers (main's response schemas). A decimal is bounded before anything
 * expands or computes with it, so a value like "1e600000000" is refused instead of written out.
 * No Node, no DOM: shared by main and the renderer.
 */
import Decimal from 'decimal.js';

export const DECIMAL_LIMITS = {
  /** Characters of the text as given (sign, digits, point, exponent). */
  maxLength: 64,
  /** Digits before the point, once written out: 10^30 is beyond any price, amount or balance. */
  maxIntegerDigits: 30,
  /** Digits after the point, once written out (no asset has more than 18). */
  maxFractionDigits: 30,
} as const;

/**
 * Decimals for exact sums: a bounded decimal has at most 60 significant digits, and 80 hold the sum
 * of millions of them (hashrates, interest payments) without rounding.
 */
export const Precise = Decimal.clone({ precision: 80 });

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;
const WITH_EXPONENT = /^(-?)(\d+)(?:\.(\d+))?[eE]([-+]?\d{1,6})$/;

/**
 * Plain decimal text ("-12.5", never an exponent) for `text`, or undefined when it is not a decimal
 * or is out of bounds. An exponent form is written out (decimal.js, no float) only after its size
 * once written out has been checked; digits without an exponent are kept exactly as given.
 */
export function boundedDecimal(text: string): string | undefined {
  if (text.length === 0 || text.length > DECIMAL_LIMITS.maxLength) return undefined;
  const plain = PLAIN.exec(text);
  if (plain) return withinBounds(plain[2]!, plain[3] ?? '', 0) ? text : undefined;
  const match = WITH_EXPONENT.exec(text);
  if (!match) return undefined;
  const exponent = Number(match[4]);
  if (!withinBounds(match[2]!, match[3] ?? '', exponent)) return undefined;
  return new Decimal(text).toFixed();
}

/** The digits before and after the point, once the exponent is applied, are within the limits. */
function withinBounds(integer: string, fraction: string, exponent: number): boolean {
  const significant = integer.replace(/^0+/, '');
  const integerDigits = significant ? significant.length + exponent : exponent;
  const fractionDigits = fraction.replace(/0+$/, '').length - exponent;
  return (
    integerDigits <= DECIMAL_LIMITS.maxIntegerDigits &&
    fractionDigits <= DECIMAL_LIMITS.maxFractionDigits
  );
}

/** Is this plain decimal text zero ("0", "0.000", "-0")? */
export function isZeroDecimal(text: string): boolean {
  return /^-?0+(\.0+)?$/.test(text);
}

/** Is this plain decimal text below zero (and not a negative zero)? */
export function isNegativeDecimal(text: string): boolean {
  return text.startsWith('-') && !isZeroDecimal(text);
}

/**
 * How a holding is valued, in main and where the page revalues it with a pushed price: its value
 * at 8 places (a total is the sum of exactly these) and its price shown to 12 significant digits.
 */
export const holdingValue = (held: Decimal.Value, price: Decimal.Value): Decimal =>
  new Decimal(held).mul(price).toDecimalPlaces(8);
export const holdingPrice = (price: Decimal.Value): string =>
  new Decimal(price).toSignificantDigits(12).toFixed();
