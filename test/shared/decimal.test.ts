import Decimal from 'decimal.js';
import { describe, expect, it, vi } from 'vitest';
import {
  boundedDecimal,
  DECIMAL_LIMITS,
  isNegativeDecimal,
  isZeroDecimal,
} from '../../src/shared/decimal';

describe('boundedDecimal', () => {
  it('keeps plain decimals exactly as given', () => {
    for (const text of ['0', '12.5', '-3.000', '0.00000001', '64126.10', '007']) {
      expect(boundedDecimal(text)).toBe(text);
    }
  });

  it('writes exponent forms out', () => {
    expect(boundedDecimal('1e-7')).toBe('0.0000001');
    expect(boundedDecimal('2.5E3')).toBe('2500');
    expect(boundedDecimal('-1.5e+2')).toBe('-150');
    expect(boundedDecimal(`1e${DECIMAL_LIMITS.maxIntegerDigits - 1}`)).toBe(
      `1${'0'.repeat(DECIMAL_LIMITS.maxIntegerDigits - 1)}`,
    );
  });

  it('refuses, without expanding, what cannot be a price or an amount', () => {
    // Refusing is a look at the text, never an expansion: decimal.js never writes one out.
    const expanded = vi.spyOn(Decimal.prototype, 'toFixed');
    for (const text of [
      '1e600000000',
      '1e20000000',
      '1e999999',
      `1e${DECIMAL_LIMITS.maxIntegerDigits}`,
      '1e-31',
      '9'.repeat(31),
      `0.${'1'.repeat(31)}`,
      '1'.repeat(65),
    ]) {
      expect(boundedDecimal(text), text).toBeUndefined();
    }
    expect(expanded).not.toHaveBeenCalled();
    expanded.mockRestore();
  });

  it('refuses what is not a decimal', () => {
    for (const text of ['', ' 1', '1 ', '1.', '.5', '+1', '0x10', 'NaN', 'Infinity', '1e', '1,5']) {
      expect(boundedDecimal(text), JSON.stringify(text)).toBeUndefined();
    }
  });
});

describe('isZeroDecimal / isNegativeDecimal', () => {
  it('tell zero and negative apart on the text', () => {
    expect(['0', '0.0', '000', '-0', '-0.000'].every(isZeroDecimal)).toBe(true);
    expect(['0.01', '1', '-1'].some(isZeroDecimal)).toBe(false);
    expect(isNegativeDecimal('-0.5')).toBe(true);
    expect(isNegativeDecimal('-0.0')).toBe(false);
    expect(isNegativeDecimal('0.5')).toBe(false);
  });
});
