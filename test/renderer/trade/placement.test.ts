import { describe, expect, it } from 'vitest';
import {
  estimateOf,
  outcomeOf,
  placedSummary,
  reviewBlocker,
  reviewKind,
  reviewOptions,
  reviewTitle,
  reviewTotal,
  sideOf,
  toPlaceInput,
  type Placed,
  type Review,
} from '../../../src/renderer/features/trade/placement';
import { contract } from '../../../src/shared/contract';
import type { OrderFormValues } from '../../../src/renderer/features/trade/checks';
import { context, form } from './fixtures';

const ctx = context();

function review(values: Partial<OrderFormValues>): Review {
  const f = form(values);
  const estimate = estimateOf(f, ctx);
  if (!estimate) throw new Error('no estimate');
  return { form: f, estimate, context: ctx };
}

const PLACED: Placed = {
  outcome: 'placed',
  clientOrderId: 'desk-1',
  orderId: 7,
  market: 'BTC_USDT',
  side: 'buy',
  dealStock: '0.01',
  dealMoney: '600.12',
  // A buy's fee is taken in the BTC it buys.
  dealFee: '0.00001',
  status: 'FILLED',
  reconciled: false,
};

describe('placement input', () => {
  it('sends only what the kind has, trimmed, nothing left at its default', () => {
    expect(toPlaceInput(form({ amount: ' 0.01 ' }), 'BTC_USDT')).toEqual({
      kind: 'stock_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
    });
    // A stray price or limit flag of a market order stays home.
    expect(
      toPlaceInput(form({ side: 'sell', price: '1', postOnly: true, ioc: true }), 'BTC_USDT'),
    ).toEqual({ kind: 'stock_market', market: 'BTC_USDT', side: 'sell', amount: '0.01' });
  });

  it('a spend order is always a buy', () => {
    const spend = form({ kind: 'market', side: 'sell', amount: '100' });
    expect(sideOf(spend)).toBe('buy');
    expect(toPlaceInput(spend, 'BTC_USDT')).toEqual({
      kind: 'market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '100',
    });
  });

  it('a limit order carries its price, flags, STP and client order id', () => {
    const input = toPlaceInput(
      form({
        kind: 'limit',
        side: 'sell',
        amount: '0.02',
        price: ' 65000 ',
        postOnly: true,
        stp: 'cancel_both',
        clientOrderId: ' sell-1 ',
      }),
      'BTC_USDT',
    );
    expect(input).toEqual({
      kind: 'limit',
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.02',
      price: '65000',
      clientOrderId: 'sell-1',
      stp: 'cancel_both',
      postOnly: true,
    });
    // What it builds is what the contract takes.
    expect(contract.orders.place.input.safeParse(input).success).toBe(true);
  });
});

describe('estimate', () => {
  it('needs numbers by the contract’s rule before it walks the book', () => {
    expect(estimateOf(form({ amount: '' }), ctx)).toBeUndefined();
    expect(estimateOf(form({ amount: '1e3' }), ctx)).toBeUndefined();
    expect(estimateOf(form({ amount: '0' }), ctx)).toBeUndefined();
    expect(estimateOf(form({ kind: 'limit', amount: '0.01', price: '' }), ctx)).toBeUndefined();
    expect(estimateOf(form({ amount: '0.01' }), ctx)).toMatchObject({
      stock: '0.01',
      avgPrice: '60000',
    });
    expect(estimateOf(form({ kind: 'limit', amount: '0.02', price: '59000' }), ctx)).toMatchObject({
      limitTotal: '1180',
      crosses: false,
    });
  });
});

describe('review', () => {
  it('titles the order by side, amount and unit', () => {
    expect(reviewTitle(review({ amount: '0.01' }))).toBe('Buy 0.01 BTC on BTC/USDT?');
    expect(reviewTitle(review({ side: 'sell', amount: '0.03' }))).toBe(
      'Sell 0.03 BTC on BTC/USDT?',
    );
    expect(reviewTitle(review({ kind: 'market', amount: '1000' }))).toBe(
      'Spend 1,000 USDT on BTC/USDT?',
    );
  });

  it('states the kind and the estimated total, the fee in what it is charged in', () => {
    expect(reviewKind(review({}))).toBe('Market order');
    expect(reviewKind(review({ kind: 'market', amount: '100' }))).toBe('Market buy, spending USDT');
    expect(reviewTotal(review({ amount: '0.01' }))).toBe(
      '≈\u00a0600.00 USDT to pay; you get ≈\u00a00.0100 BTC after a fee of ≈\u00a00.00001 BTC',
    );
    expect(reviewTotal(review({ side: 'sell', amount: '0.01' }))).toBe(
      '≈\u00a0598.40 USDT to receive, after a fee of ≈\u00a00.60 USDT',
    );
    expect(reviewTotal(review({ kind: 'market', amount: '100' }))).toBe(
      '100 USDT spent; you get ≈\u00a00.0016 BTC after a fee of ≈\u00a00.000002 BTC',
    );
    expect(
      reviewTotal(review({ kind: 'limit', side: 'sell', amount: '0.02', price: '65000' })),
    ).toBe('Receive 1,300.00 USDT at your price, fee ≈\u00a01.30 USDT if it rests');
  });

  it('never rounds a fee estimate up: 0.0301 reads 0.03', () => {
    expect(
      reviewTotal(review({ kind: 'limit', side: 'sell', amount: '0.0001', price: '301000' })),
    ).toBe('Receive 30.10 USDT at your price, fee ≈\u00a00.03 USDT if it rests');
  });

  it('lists the options in words, limit flags only for a limit order', () => {
    expect(reviewOptions(review({}))).toEqual([]);
    expect(
      reviewOptions(
        review({
          kind: 'limit',
          price: '59000',
          postOnly: true,
          stp: 'cancel_new',
          clientOrderId: 'a-1',
        }),
      ),
    ).toEqual(['Post-only', 'Self-trade prevention: Cancel new', 'Client order id a-1']);
    expect(reviewOptions(review({ postOnly: true, ioc: true }))).toEqual([]);
  });
});

describe('outcome', () => {
  it('keeps the review with a placed order, and the check with an unknown one', () => {
    const r = review({});
    expect(outcomeOf(PLACED, r)).toEqual({ kind: 'placed', outcome: PLACED, review: r });
    const unknown = {
      outcome: 'unknown' as const,
      clientOrderId: 'desk-1',
      market: 'BTC_USDT',
      check: 'Check Orders.',
    };
    expect(outcomeOf(unknown, r)).toEqual({ kind: 'unknown', outcome: unknown });
  });

  it('says what filled, at the market’s places whatever places the fills carry', () => {
    expect(placedSummary(PLACED, review({}))).toEqual({
      filled: true,
      verb: 'Bought',
      rests: false,
      stockPlaces: 4,
      moneyPlaces: 2,
      // The buy's fee is in BTC, at BTC's places on this market.
      feePlaces: 4,
      feeAsset: 'BTC',
    });
    expect(
      placedSummary({ ...PLACED, side: 'sell', dealMoney: '600.123456' }, review({})),
    ).toMatchObject({
      verb: 'Sold',
      moneyPlaces: 2,
      feePlaces: 2,
      feeAsset: 'USDT',
    });
  });

  it('a limit order neither filled nor canceled rests on the book', () => {
    const limit = review({ kind: 'limit', amount: '0.01', price: '59000' });
    const resting = { ...PLACED, dealStock: '0', dealMoney: '0', dealFee: '0', status: 'NEW' };
    expect(placedSummary(resting, limit)).toMatchObject({ filled: false, rests: true });
    expect(placedSummary({ ...resting, status: 'CANCELED' }, limit).rests).toBe(false);
    expect(placedSummary(resting, review({})).rests).toBe(false);
  });
});

describe('reviewBlocker', () => {
  it('blocks a post-only limit that crosses the book, and nothing else', () => {
    const crossing = {
      kind: 'limit' as const,
      side: 'buy' as const,
      amount: '0.01',
      price: '60100',
    };
    expect(reviewBlocker(review({ ...crossing, postOnly: true }))).toMatch(/crosses the book/);
    expect(reviewBlocker(review({ ...crossing, postOnly: false }))).toBeUndefined();
    expect(reviewBlocker(review({ ...crossing, price: '59000', postOnly: true }))).toBeUndefined();
    expect(
      reviewBlocker(review({ kind: 'stock_market', side: 'buy', amount: '0.01' })),
    ).toBeUndefined();
  });
});
