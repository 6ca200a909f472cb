import { describe, expect, it } from 'vitest';
import { interestByMonth } from '../../../src/main/services/flex';
import { PriceBook } from '../../../src/main/services/pricing';
import type { FlexPayment, Ticker } from '../../../src/shared/model';
import { tickerEntry as entry } from '../../support/ticker';

const ticker: Ticker = {
  BTC_USDT: entry('60000'),
  USDT_EUR: entry('0.9'),
  ETH_BTC: entry('0.05'),
};

let tx = 0;
/** A payment at a local time (the months are the user's, in their time zone). */
const paid = (currency: string, amount: string, at: Date): FlexPayment => ({
  transactionId: `tx-${++tx}`,
  investmentId: `inv-${currency}`,
  planId: `plan-${currency}`,
  currency,
  amount,
  createdAt: at.getTime(),
});

describe('interest by month (flex.payments)', () => {
  const records = [
    paid('USDT', '0.1', new Date(2026, 3, 1, 0, 30)),
    paid('BTC', '0.00000684', new Date(2026, 2, 31, 23, 30)),
    paid('USDT', '0.2', new Date(2026, 2, 31, 23, 30)),
    paid('USDT', '0.000001', new Date(2026, 2, 2, 9)),
    paid('BTC', '0.00000001', new Date(2026, 2, 1, 0, 0)),
    paid('ETH', '0.1', new Date(2026, 1, 28, 23, 59)),
    paid('DOGE', '5', new Date(2026, 1, 10)),
  ];

  it('sums each asset per local month exactly and values it at the Overview price', () => {
    const byMonth = interestByMonth(records, new PriceBook(ticker), 'USDT', 6);
    expect(byMonth).toEqual({
      quote: 'USDT',
      quotePlaces: 6,
      months: [
        { month: '2026-04', currency: 'USDT', amount: '0.1', value: '0.1' },
        // 0.00000685 BTC x 60,000 = 0.411 USDT; 0.200001 USDT exactly (no float).
        { month: '2026-03', currency: 'BTC', amount: '0.00000685', value: '0.411' },
        { month: '2026-03', currency: 'USDT', amount: '0.200001', value: '0.200001' },
        // ETH through BTC: 0.1 x 0.05 x 60,000; an asset with no price has no value, not 0.
        { month: '2026-02', currency: 'DOGE', amount: '5', value: null },
        { month: '2026-02', currency: 'ETH', amount: '0.1', value: '300' },
      ],
    });
  });

  it('values in another quote through the same routes (EUR, inverse market)', () => {
    const byMonth = interestByMonth(records.slice(0, 1), new PriceBook(ticker), 'EUR', 2);
    expect(byMonth.months).toEqual([
      { month: '2026-04', currency: 'USDT', amount: '0.1', value: '0.09' },
    ]);
    expect(byMonth.quotePlaces).toBe(2);
  });

  it('lists nothing when nothing was paid', () => {
    expect(interestByMonth([], new PriceBook(ticker), 'USDT', 6).months).toEqual([]);
  });
});
