import { describe, expect, it } from 'vitest';
import {
  FIAT_PLACES,
  assetPlaces,
  exactText,
  quoteValuePlaces,
  writeNumber,
} from '../../src/shared/format';

const BTC_USDT = { stock: 'BTC', money: 'USDT', stockPrec: 6, moneyPrec: 2 };

describe('the one rule for writing a number', () => {
  it('writes an asset amount at its places, a price at the tick and fiat at 2 places', () => {
    // The examples.
    expect(writeNumber('6241.5003648', assetPlaces(BTC_USDT, 'USDT')!)).toBe('6,241.50');
    expect(writeNumber('6.2415003648', assetPlaces(BTC_USDT, 'USDT')!)).toBe('6.24');
    expect(writeNumber('0.098048', assetPlaces(BTC_USDT, 'BTC')!)).toBe('0.098048');
    expect(writeNumber('18752.2581348352', assetPlaces(BTC_USDT, 'USDT')!)).toBe('18,752.26');
    expect(writeNumber('0.0105411186958', assetPlaces(BTC_USDT, 'BTC')!)).toBe('0.010541');
    expect(writeNumber('2810.6688951', FIAT_PLACES)).toBe('2,810.67');
    expect(writeNumber('63924.0548382', BTC_USDT.moneyPrec)).toBe('63,924.05');
    // One fill written one way on every screen.
    expect(writeNumber('0.0124', 6)).toBe(writeNumber('0.012400', 6));
    expect(writeNumber('2', 6)).toBe('2.000000');
    expect(writeNumber('2.25', 6)).toBe('2.250000');
  });

  it('never rounds a fee estimate up, and never writes a real amount as zero', () => {
    expect(writeNumber('0.0301', 2)).toBe('0.03');
    expect(writeNumber('0.000123', 2)).toBe('0.0001');
    expect(writeNumber('0', 2)).toBe('0.00');
    expect(writeNumber('-1234.5', 2)).toBe('−1,234.50');
  });

  it('writes in the given separators and keeps the exact value for hover, copy and CSV', () => {
    expect(writeNumber('1234567.891', 2, { group: '.', decimal: ',' })).toBe('1.234.567,89');
    expect(exactText('6241.5003648000')).toBe('6241.5003648');
    expect(writeNumber('n/a', 2)).toBe('n/a');
  });

  it('knows the places of a market asset only', () => {
    expect(assetPlaces(BTC_USDT, 'ETH')).toBeUndefined();
  });
});

describe('quoteValuePlaces: a value in the quote currency', () => {
  it('writes fiat (an asset with payment providers) at 2, an asset at its places, else 8', () => {
    const providers = { deposits: ['VISAMASTER'], withdraws: [] };
    expect(quoteValuePlaces({ currencyPrecision: 2, providers })).toBe(FIAT_PLACES);
    expect(quoteValuePlaces({ currencyPrecision: 8, providers })).toBe(FIAT_PLACES);
    expect(quoteValuePlaces({ currencyPrecision: 6 })).toBe(6);
    expect(
      quoteValuePlaces({ currencyPrecision: 6, providers: { deposits: [], withdraws: [] } }),
    ).toBe(6);
    expect(quoteValuePlaces(undefined)).toBe(8);
  });
});
