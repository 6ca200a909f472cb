import { describe, expect, it } from 'vitest';
import { DAY_MS, dailyPrice, dayOf, marketsFor } from '../../../src/main/portfolioHistory/prices';
import { closesOf } from './fixtures';

const D1 = 20_000 * DAY_MS;
const D2 = D1 + DAY_MS;

const closes = closesOf([
  ['BTC_USDT', D1, '60000'],
  ['BTC_USDT', D2, '62000'],
  ['ETH_BTC', D1, '0.05'],
  ['USDT_EUR', D1, '0.9'],
  ['DOGE_USDT', D1, '0'],
]);

describe('daily prices', () => {
  it('takes the close of the day the time falls in, and nothing from another day', () => {
    expect(dailyPrice(closes, 'BTC', 'USDT', D1 + 5 * 3_600_000)?.toFixed()).toBe('60000');
    expect(dailyPrice(closes, 'BTC', 'USDT', D2)?.toFixed()).toBe('62000');
    expect(dailyPrice(closes, 'ETH', 'USDT', D2)).toBeUndefined();
    expect(dayOf(D2 - 1)).toBe(D1);
  });

  it('routes as live prices do: inverse, through BTC, the quote itself; a zero close prices nothing', () => {
    expect(dailyPrice(closes, 'EUR', 'USDT', D1)?.toSignificantDigits(10).toFixed()).toBe(
      '1.111111111',
    );
    // ETH_BTC 0.05 x BTC_USDT 60000 = 3000
    expect(dailyPrice(closes, 'ETH', 'USDT', D1)?.toFixed()).toBe('3000');
    expect(dailyPrice(closes, 'USDT', 'USDT', D1)?.toFixed()).toBe('1');
    expect(dailyPrice(closes, 'DOGE', 'USDT', D1)).toBeUndefined();
  });

  it('names the markets whose closes the route takes, each once', () => {
    const markets = ['BTC_USDT', 'ETH_BTC', 'ETH_USDC', 'USDT_EUR', 'SOL_USDT', 'XRP_BTC'];
    expect(marketsFor(['BTC', 'ETH', 'EUR', 'USDT', 'ADA'], 'USDT', markets)).toEqual([
      'BTC_USDT',
      'ETH_BTC',
      'USDT_EUR',
    ]);
    // A BTC quote: SOL through USDT (SOL_USDT, then BTC_USDT inverted).
    expect(marketsFor(['SOL', 'XRP'], 'BTC', markets)).toEqual(['BTC_USDT', 'SOL_USDT', 'XRP_BTC']);
  });
});
