import { describe, expect, it } from 'vitest';
import { validate } from '../../../src/renderer/features/trade/checks';
import {
  estimateOf,
  forRegion,
  kindOptions,
  reviewKind,
  reviewTitle,
  reviewTotal,
  stopWords,
  toPlaceInput,
} from '../../../src/renderer/features/trade/placement';
import { contract } from '../../../src/shared/contract';
import { BTC_USDT, context, form } from './fixtures';

const ctx = context();
const stopLimit = (o: Parameters<typeof form>[0] = {}) =>
  form({ kind: 'stop_limit', amount: '0.01', activationPrice: '70000', price: '70500', ...o });
const stopMarket = (o: Parameters<typeof form>[0] = {}) =>
  form({ kind: 'stop_market', side: 'sell', amount: '0.01', activationPrice: '55000', ...o });

describe('stop order checks', () => {
  it('passes valid stop-limit and stop-market orders of both sides', () => {
    expect(validate(stopLimit(), ctx)).toEqual({});
    expect(
      validate(stopLimit({ side: 'sell', price: '54000', activationPrice: '55000' }), ctx),
    ).toEqual({});
    expect(validate(stopMarket(), ctx)).toEqual({});
    expect(
      validate(stopMarket({ side: 'buy', amount: '100', activationPrice: '70000' }), ctx),
    ).toEqual({});
  });

  it('checks the activation price and the limit price of a stop-limit; a stop-market has none', () => {
    const cases: [ReturnType<typeof form>, 'activationPrice' | 'price', string | undefined][] = [
      [stopLimit({ activationPrice: '' }), 'activationPrice', 'Enter the activation price.'],
      [
        stopMarket({ activationPrice: '0' }),
        'activationPrice',
        'The activation price must be greater than 0.',
      ],
      [
        stopMarket({ activationPrice: 'abc' }),
        'activationPrice',
        'Enter the activation price as a number, e.g. 0.5.',
      ],
      [
        stopMarket({ activationPrice: '70000.123' }),
        'activationPrice',
        'Use at most 2 decimals for the activation price (tick 0.01 USDT)',
      ],
      [stopLimit({ price: '' }), 'price', 'Enter the price.'],
      [
        stopLimit({ price: '70500.001' }),
        'price',
        'Use at most 2 decimals for the price (tick 0.01 USDT)',
      ],
      [stopMarket({ price: 'junk' }), 'price', undefined],
    ];
    for (const [values, field, message] of cases)
      expect(validate(values, ctx)[field]).toBe(message);
  });

  const amountCases = (cases: [ReturnType<typeof form>, string | undefined][]) => {
    for (const [values, message] of cases) expect(validate(values, ctx).amount).toBe(message);
  };
  const spend = (amount: string) => stopMarket({ side: 'buy', amount, activationPrice: '70000' });

  it('checks the amount: in stock its minimum and step; of a stop-market buy in money', () => {
    amountCases([
      [stopLimit({ amount: '0.00005' }), 'At least 0.0001 BTC'],
      [stopMarket({ amount: '0.00015' }), 'Use at most 4 decimals (step 0.0001 BTC)'],
      [spend('4.99'), 'At least 5 USDT (minimum total)'],
      [spend('10.001'), 'Use at most 2 decimals (step 0.01 USDT)'],
      [spend('2000000'), 'At most 1,000,000 USDT'],
    ]);
  });

  it('checks the total within the minimum and maximum', () => {
    amountCases([
      [
        stopLimit({ amount: '0.0001', price: '40000' }),
        'Total 4 USDT is below the minimum total of 5 USDT',
      ],
      [
        stopMarket({ amount: '0.0001', activationPrice: '40000' }),
        'Total ≈ 4 USDT is below the minimum total of 5 USDT',
      ],
      [
        stopLimit({ side: 'sell', amount: '0.4', price: '3000000' }),
        'At most 1,000,000 USDT in total',
      ],
    ]);
  });

  it('checks the balance: a buy its money (its fee is taken in the stock), a sell its stock', () => {
    amountCases([
      [
        stopLimit({ amount: '0.0201', price: '50000' }),
        'Not enough USDT: available 1,000.00 USDT, needed 1,005 USDT',
      ],
      // Exactly the money available: the exchange sets aside the total alone.
      [stopLimit({ amount: '0.02', price: '50000' }), undefined],
      [spend('1000.01'), 'Not enough USDT: available 1,000.00 USDT, needed 1,000.01 USDT'],
      [stopMarket({ amount: '0.6' }), 'Not enough BTC: available 0.5000 BTC'],
    ]);
  });
});

describe('stop orders in words and in the preview', () => {
  it('says when it triggers and what it becomes', () => {
    expect(stopWords(stopLimit(), BTC_USDT)).toBe(
      'Triggers when the last price rises to or above 70,000 USDT, then becomes a limit order at 70,500 USDT.',
    );
    expect(stopWords(stopMarket(), BTC_USDT)).toBe(
      'Triggers when the last price falls to or below 55,000 USDT, then becomes a market order.',
    );
    expect(stopWords(stopLimit({ activationPrice: '' }), BTC_USDT)).toContain(
      'rises to or above …',
    );
    expect(stopWords(form(), BTC_USDT)).toBeUndefined();
  });

  it('estimates the total and the fee once it triggers, nothing filled now', () => {
    const limit = estimateOf(stopLimit(), ctx)!;
    // A buy's fee is on the BTC it receives, a sell's on its total.
    expect(limit).toMatchObject({
      limitTotal: '705',
      fee: '0.00001',
      feeUnit: 'stock',
      total: '705',
      received: '0.00999',
      stock: '0.01',
      avgPrice: null,
    });
    const sell = estimateOf(stopMarket(), ctx)!;
    expect(sell).toMatchObject({
      limitTotal: '550',
      fee: '0.55',
      feeUnit: 'money',
      total: '549.45',
    });
    const buy = estimateOf(
      stopMarket({ side: 'buy', amount: '700', activationPrice: '70000' }),
      ctx,
    )!;
    expect(buy).toMatchObject({ limitTotal: '700', stock: '0.01' });
    expect(estimateOf(stopLimit({ activationPrice: '' }), ctx)).toBeUndefined();
  });

  it('titles and describes the review', () => {
    const review = { form: stopLimit(), estimate: estimateOf(stopLimit(), ctx)!, context: ctx };
    expect(reviewTitle(review)).toBe('Stop: buy 0.01 BTC on BTC/USDT?');
    expect(reviewKind(review)).toBe('Stop-limit order');
    expect(reviewTotal(review)).toBe(
      'Pay 705.00 USDT at your price, fee ≈\u00a00.00001 BTC once it triggers',
    );
    const spend = stopMarket({ side: 'buy', amount: '700', activationPrice: '70000' });
    const spendReview = { form: spend, estimate: estimateOf(spend, ctx)!, context: ctx };
    expect(reviewTitle(spendReview)).toBe('Stop: spend 700 USDT on BTC/USDT?');
    expect(reviewKind(spendReview)).toBe('Stop-market order');
  });

  it('sends what its kind has, as the contract takes it', () => {
    const input = toPlaceInput(stopLimit({ ioc: true, postOnly: true }), 'BTC_USDT');
    expect(input).toEqual({
      kind: 'stop_limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      activationPrice: '70000',
      price: '70500',
    });
    expect(contract.orders.place.input.safeParse(input).success).toBe(true);
    const market = toPlaceInput(stopMarket({ price: '1' }), 'BTC_USDT');
    expect(market).toEqual({
      kind: 'stop_market',
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.01',
      activationPrice: '55000',
    });
    expect(contract.orders.place.input.safeParse(market).success).toBe(true);
    const missing = contract.orders.place.input.safeParse({
      ...market,
      activationPrice: undefined,
    });
    expect(missing.success).toBe(false);
  });
});

describe('the kinds a region offers', () => {
  it('offers every kind outside the EU', () => {
    const ids = (region?: Parameters<typeof kindOptions>[0]) =>
      kindOptions(region).map((k) => k.id);
    expect(ids('global')).toEqual(['stock_market', 'market', 'limit', 'stop_limit', 'stop_market']);
    expect(ids('demo')).toEqual(ids('global'));
    expect(ids(undefined)).toEqual(ids('global'));
    expect(ids('eu')).toEqual(['stock_market', 'market', 'limit', 'stop_market']);
  });

  it('on EU accounts a limit order is immediate-or-cancel and stop-limit falls back to market', () => {
    expect(forRegion(form({ kind: 'limit', postOnly: true }), 'eu')).toMatchObject({
      ioc: true,
      postOnly: false,
    });
    expect(forRegion(stopLimit(), 'eu').kind).toBe('stock_market');
    const kept = stopMarket();
    expect(forRegion(kept, 'eu')).toBe(kept);
    expect(forRegion(stopLimit(), 'global').kind).toBe('stop_limit');
    const sent = toPlaceInput(forRegion(form({ kind: 'limit', price: '59000' }), 'eu'), 'BTC_USDT');
    expect(sent).toMatchObject({ kind: 'limit', ioc: true });
  });
});
