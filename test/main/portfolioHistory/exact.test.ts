import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdingValue } from '../../../src/shared/decimal';
import {
  RATIOS,
  ratioDecimal,
  toRatio,
  toUnits,
  unitsText,
  valueUnits8,
} from '../../../src/main/portfolioHistory/exact';

describe('exact decimals on integers', () => {
  it('reads and writes amounts exactly, both signs, exponents written out', () => {
    expect(toUnits('1.5')).toBe(1_500_000_000_000_000_000_000_000_000_000n);
    expect(unitsText(toUnits('-0.000000000000000000000000000001'))).toBe(
      '-0.000000000000000000000000000001',
    );
    expect(unitsText(toUnits('123456789012345678901234567890.25'))).toBe(
      '123456789012345678901234567890.25',
    );
    expect(unitsText(toUnits('1e-8'))).toBe('0.00000001');
    expect(unitsText(toUnits('0.000'))).toBe('0');
    expect(unitsText(12_345n, 8)).toBe('0.00012345');
  });

  it('keeps a price an exact ratio through an inverse and a product', () => {
    const third = RATIOS.inverse(toRatio('3'));
    expect(unitsText(valueUnits8(toUnits('3'), third), 8)).toBe('1');
    expect(ratioDecimal(RATIOS.times(toRatio('0.05'), toRatio('60000'))).toFixed()).toBe('3000');
  });

  it('values at 8 places, half away from zero, as holdingValue does', () => {
    // 0.000000005 x 1 is exactly half a step: up for a holding, down for a negative one.
    expect(unitsText(valueUnits8(toUnits('0.000000005'), toRatio('1')), 8)).toBe('0.00000001');
    expect(unitsText(valueUnits8(toUnits('-0.000000005'), toRatio('1')), 8)).toBe('-0.00000001');
    expect(unitsText(valueUnits8(toUnits('0.0000000049'), toRatio('1')), 8)).toBe('0');
    for (const [held, price] of [
      ['1000.123456789', '101.333333'],
      ['0.00012345', '61234.56789'],
      ['17', '0.0000012345678'],
    ] as const) {
      expect(unitsText(valueUnits8(toUnits(held), toRatio(price)), 8)).toBe(
        holdingValue(held, price).toFixed(),
      );
    }
  });
});

describe('toUnits: short and long text read alike', () => {
  it('a short plain decimal equals the same value read the long way', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 999_999_999_999_999n }),
        fc.bigInt({ min: 0n, max: 999_999_999_999_999n }),
        fc.integer({ min: 0, max: 15 }),
        (negative, integer, fraction, places) => {
          const digits = places === 0 ? '' : String(fraction).padStart(15, '0').slice(0, places);
          const text = `${negative ? '-' : ''}${integer}${digits ? `.${digits}` : ''}`;
          // The long way: 30 places written out (more than 15 on the right).
          const long = `${negative ? '-' : ''}${integer}.${digits.padEnd(30, '0')}`;
          expect(toUnits(text)).toBe(toUnits(long));
          expect(unitsText(toUnits(text))).toBe(new Decimal(text).toFixed());
        },
      ),
      { numRuns: 500 },
    );
  });
});
