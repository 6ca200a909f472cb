import { describe, expect, it } from 'vitest';
import { PriceBook } from '../../../src/main/services/pricing';
import type { Ticker } from '../../../src/shared/model';

const entry = (lastPrice: string, change = '0', isFrozen = false) => ({
  lastPrice,
  quoteVolume: '0',
  baseVolume: '0',
  change,
  isFrozen,
});

const ticker: Ticker = {
  BTC_USDT: entry('60000', '-2.5'),
  ETH_BTC: entry('0.05'),
  USDT_EUR: entry('0.9'),
  SOL_USDT: entry('150'),
  XRP_ETH: entry('0.0002'),
  DOGE_USDT: entry('0', '0'),
  ADA_USDT: entry('0.4', '1', true),
};

describe('PriceBook', () => {
  const book = new PriceBook(ticker);

  it('prices a direct market and the quote itself', () => {
    expect(book.price('BTC', 'USDT')?.toFixed()).toBe('60000');
    expect(book.price('USDT', 'USDT')?.toFixed()).toBe('1');
    expect(book.change24h('BTC', 'USDT')?.toFixed()).toBe('-2.5');
  });

  it('inverts a market quoted the other way', () => {
    expect(book.price('EUR', 'USDT')?.toSignificantDigits(10).toFixed()).toBe('1.111111111');
  });

  it('routes through BTC when there is no direct market, else through USDT, exactly in decimals', () => {
    expect(book.price('ETH', 'USDT')?.toFixed()).toBe('3000');
    // An inverted leg divides: exact to decimal.js's 20 significant digits, shown at 12.
    expect(book.price('SOL', 'BTC')?.toSignificantDigits(12).toFixed()).toBe('0.0025');
    expect(book.change24h('ETH', 'USDT')).toBeUndefined();
  });

  it('gives no price (not zero) without a route, or for a zero or frozen market', () => {
    expect(book.price('XRP', 'USDT')).toBeUndefined();
    expect(book.price('DOGE', 'USDT')).toBeUndefined();
    expect(book.price('ADA', 'USDT')).toBeUndefined();
  });

  it('lists the quote currencies of its markets', () => {
    expect(book.quotes()).toEqual(['BTC', 'ETH', 'EUR', 'USDT']);
  });
});
