import { describe, expect, it } from 'vitest';
import { validate } from '../../../src/renderer/features/trade/checks';
import { shareOf, shortcutBlocker } from '../../../src/renderer/features/trade/shortcuts';
import { BTC_USDT, context, form } from './fixtures';

/**
 * The amount shortcuts (25 %, 50 %, 75 %, Max): what each order kind fills from the available
 * balance, always rounded down to the market's step, and never an amount the form's own checks
 * refuse. BTC_USDT: step 0.0001 BTC, money step 0.01 USDT, taker fee 0.1 %, minimum 0.0001 BTC and
 * a total of 5 USDT.
 */

/** The amount filled, asserting the form's checks take it as it is. */
function filled(percent: number, values: ReturnType<typeof form>, ctx = context()): string {
  const result = shareOf(percent, values, ctx);
  if (!('amount' in result)) throw new Error(`no amount: ${result.error}`);
  expect(validate({ ...values, amount: result.amount }, ctx).amount).toBeUndefined();
  return result.amount;
}

describe('amount shortcuts', () => {
  it('a sell fills the share of the available stock, rounded down to the step', () => {
    const ctx = context({ stock: { available: '0.50005', freeze: '0' } });
    const sell = form({ side: 'sell' });
    // 0.50005 is not a whole number of steps: Max sells 0.5, never more than there is.
    expect([25, 50, 75, 100].map((p) => filled(p, sell, ctx))).toEqual([
      '0.125',
      '0.25',
      '0.375',
      '0.5',
    ]);
    expect(filled(100, form({ kind: 'limit', side: 'sell', price: '61000' }), ctx)).toBe('0.5');
  });

  it('a limit buy fills share × available money ÷ price of stock (its fee is taken in the stock)', () => {
    const buy = form({ kind: 'limit', price: '50000' });
    // 1000 / 50000 = 0.02 exactly: the exchange sets aside the total alone.
    expect(filled(100, buy)).toBe('0.02');
    // 500 / 50000 = 0.01.
    expect(filled(50, buy)).toBe('0.01');
    // 1000 / 60000 = 0.016666… -> 0.0166, rounded down to the stock step.
    expect(filled(100, form({ kind: 'limit', price: '60000' }))).toBe('0.0166');
  });

  it('a limit buy spends up to all the money at its price, never more', () => {
    const market = { ...BTC_USDT, stockPrec: 8 };
    const ctx = context({ market, money: { available: '100', freeze: '0' } });
    // 100 / 3 = 33.33333333… -> 33.33333333, costing 99.99999999.
    expect(filled(100, form({ kind: 'limit', price: '3' }), ctx)).toBe('33.33333333');
  });

  it('a market buy by stock walks the asks so its cost fits the share of the money', () => {
    const ctx = context({
      book: {
        tickerId: 'BTC_USDT',
        timestamp: 0,
        asks: [
          ['50000', '0.01'],
          ['100000', '1'],
        ],
        bids: [['49000', '1']],
      },
    });
    // 0.01 at 50000 (500) + 0.005 at 100000 (500) = 1000; at the best ask alone it would be 0.02
    // (the second level costs twice as much). The fee is taken in the BTC it buys.
    expect(filled(100, form(), ctx)).toBe('0.015');
    // 250 buys 0.005 at the best ask.
    expect(filled(25, form(), ctx)).toBe('0.005');
  });

  it('a market buy by stock takes no more than the book holds', () => {
    const ctx = context({
      book: { tickerId: 'BTC_USDT', timestamp: 0, asks: [['60000', '0.01']], bids: [] },
    });
    expect(filled(100, form(), ctx)).toBe('0.01');
  });

  it('a spend order fills the share of the available money (its fee comes out of the stock)', () => {
    const ctx = context({ money: { available: '1000.005', freeze: '0' } });
    const spend = form({ kind: 'market' });
    // Max is rounded down to the money step, never the 1000.01 that rounding half-up would give.
    expect([25, 75, 100].map((p) => filled(p, spend, ctx))).toEqual(['250', '750', '1000']);
  });

  it('a stop-limit fills as the limit order it becomes: a buy from the money at its limit price', () => {
    // At its limit price (not the book's asks): 1000 / 50000 = 0.02; 500 / 50000 = 0.01.
    const buy = form({ kind: 'stop_limit', price: '50000', activationPrice: '49000' });
    expect(filled(100, buy)).toBe('0.02');
    expect(filled(50, buy)).toBe('0.01');
    const ctx = context({ stock: { available: '0.50005', freeze: '0' } });
    const sell = form({
      kind: 'stop_limit',
      side: 'sell',
      price: '58000',
      activationPrice: '58500',
    });
    expect(filled(100, sell, ctx)).toBe('0.5');
    expect(filled(25, sell, ctx)).toBe('0.125');
  });

  it('a stop-market buy fills the share of the money (it sets aside its amount), a sell the stock', () => {
    const ctx = context({
      money: { available: '1000.005', freeze: '0' },
      stock: { available: '0.50005', freeze: '0' },
    });
    const buy = form({ kind: 'stop_market', activationPrice: '61000' });
    // Money, rounded down to the money step: never the 1000.01 half-up rounding would give.
    expect([25, 75, 100].map((p) => filled(p, buy, ctx))).toEqual(['250', '750', '1000']);
    const sell = form({ kind: 'stop_market', side: 'sell', activationPrice: '58000' });
    expect([25, 100].map((p) => filled(p, sell, ctx))).toEqual(['0.125', '0.5']);
    // Before an activation price is typed the amount is filled all the same.
    expect(shareOf(100, form({ kind: 'stop_market' }), ctx)).toEqual({ amount: '1000' });
  });

  it('a stop order whose share is below the minimum says so instead of filling it', () => {
    const poor = context({ money: { available: '16', freeze: '0' } });
    expect(shareOf(25, form({ kind: 'stop_market', activationPrice: '61000' }), poor)).toEqual({
      error: '25 % of the available USDT is less than the minimum total of 5 USDT.',
    });
    const few = context({ stock: { available: '0.0016', freeze: '0' } });
    const sell = form({ kind: 'stop_market', side: 'sell', activationPrice: '10000' });
    expect(shareOf(25, sell, few)).toEqual({
      error: '25 % of the available BTC comes to a total below the minimum total of 5 USDT.',
    });
    const limit = form({
      kind: 'stop_limit',
      side: 'sell',
      price: '10000',
      activationPrice: '10500',
    });
    expect(shareOf(25, limit, few)).toEqual({
      error: '25 % of the available BTC comes to a total below the minimum total of 5 USDT.',
    });
  });

  it('a stop-limit buy waits for its limit price, as a limit buy does', () => {
    expect(shortcutBlocker(form({ kind: 'stop_limit', price: '' }), context(), false)).toBe(
      'Enter a limit price first.',
    );
    expect(
      shortcutBlocker(form({ kind: 'stop_limit', price: '60000.123' }), context(), false),
    ).toBe('Correct the limit price first.');
    expect(shortcutBlocker(form({ kind: 'stop_market' }), context(), false)).toBeUndefined();
    expect(
      shortcutBlocker(form({ kind: 'stop_limit', side: 'sell', price: '' }), context(), false),
    ).toBeUndefined();
  });

  it('says when the share is below the market minimum instead of filling it', () => {
    const dust = context({ stock: { available: '0.0003', freeze: '0' } });
    expect(shareOf(25, form({ side: 'sell' }), dust)).toEqual({
      error: '25 % of the available BTC comes to less than the minimum amount of 0.0001 BTC.',
    });
    const few = context({ stock: { available: '0.0016', freeze: '0' } });
    expect(shareOf(25, form({ kind: 'limit', side: 'sell', price: '10000' }), few)).toEqual({
      error: '25 % of the available BTC comes to a total below the minimum total of 5 USDT.',
    });
    const poor = context({ money: { available: '10', freeze: '0' } });
    expect(shareOf(25, form({ kind: 'market' }), poor)).toEqual({
      error: '25 % of the available USDT is less than the minimum total of 5 USDT.',
    });
    expect(shareOf(50, form({ kind: 'market' }), poor)).toEqual({ amount: '5' });
    // A market buy whose cost is below the minimum total.
    const strict = context({ market: { ...BTC_USDT, minTotal: '100' } });
    expect(shareOf(100, form(), { ...strict, money: { available: '50', freeze: '0' } })).toEqual({
      error: 'All of the available USDT comes to a total below the minimum total of 100 USDT.',
    });
  });

  it('is blocked, with the reason, when there is nothing to fill from or no price yet', () => {
    const noStock = context({ stock: { available: '0', freeze: '0.1' } });
    expect(shortcutBlocker(form({ side: 'sell' }), noStock, false)).toBe('No BTC available.');
    expect(shortcutBlocker(form(), noStock, false)).toBeUndefined();
    const noMoney = context({ money: { available: '0', freeze: '0' } });
    expect(shortcutBlocker(form({ kind: 'market' }), noMoney, false)).toBe('No USDT available.');
    expect(shortcutBlocker(form({ kind: 'limit', price: '' }), context(), false)).toBe(
      'Enter a limit price first.',
    );
    expect(shortcutBlocker(form({ kind: 'limit', price: '1.234' }), context(), false)).toBe(
      'Correct the limit price first.',
    );
    // A limit sell needs no price: it fills a share of the stock.
    expect(
      shortcutBlocker(form({ kind: 'limit', side: 'sell', price: '' }), context(), false),
    ).toBeUndefined();
    const noAsks = context({
      book: { tickerId: 'BTC_USDT', timestamp: 0, asks: [], bids: [['59000', '1']] },
    });
    expect(shortcutBlocker(form(), noAsks, false)).toBe('The order book has no asks to buy from.');
  });

  it('in privacy mode is not disabled by an empty balance (that would tell it); a click says so', () => {
    const noStock = context({ stock: { available: '0', freeze: '0' } });
    expect(shortcutBlocker(form({ side: 'sell' }), noStock, true)).toBeUndefined();
    expect(shareOf(100, form({ side: 'sell' }), noStock)).toEqual({ error: 'No BTC available.' });
  });
});
