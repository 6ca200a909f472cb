import { describe, expect, it } from 'vitest';
import { plain, validate } from '../../../src/renderer/features/trade/checks';
import { BTC_USDT, DOT_USDT, context, form } from './fixtures';

const ctx = context();

describe('order form checks', () => {
  it('passes a valid order of each kind', () => {
    expect(validate(form(), ctx)).toEqual({});
    expect(validate(form({ side: 'sell', amount: '0.03' }), ctx)).toEqual({});
    expect(validate(form({ kind: 'market', amount: '100' }), ctx)).toEqual({});
    expect(validate(form({ kind: 'limit', amount: '0.01', price: '59000' }), ctx)).toEqual({});
    expect(validate(form({ clientOrderId: 'my-order_1.2' }), ctx)).toEqual({});
  });

  it('asks for an amount and a number', () => {
    expect(validate(form({ amount: '' }), ctx).amount).toBe('Enter the amount.');
    for (const amount of ['abc', '1e3', '-1', '.5', '1.', '1,5', '0x10'])
      expect(validate(form({ amount }), ctx).amount).toBe(
        'Enter the amount as a number, e.g. 0.5.',
      );
  });

  it('wants more than 0', () => {
    expect(validate(form({ amount: '0' }), ctx).amount).toBe('The amount must be greater than 0.');
    expect(validate(form({ amount: '0.0000' }), ctx).amount).toBe(
      'The amount must be greater than 0.',
    );
  });

  it('names the minimum amount and the amount step', () => {
    expect(validate(form({ amount: '0.00005' }), ctx).amount).toBe('At least 0.0001 BTC');
    expect(validate(form({ amount: '0.00015' }), ctx).amount).toBe(
      'Use at most 4 decimals (step 0.0001 BTC)',
    );
    expect(validate(form({ kind: 'limit', amount: '0.00005', price: '60000' }), ctx).amount).toBe(
      'At least 0.0001 BTC',
    );
  });

  it('checks a spend amount against the minimum total, the money step and the maximum', () => {
    // The whole amount is traded: a buy's fee comes out of the BTC it buys.
    expect(validate(form({ kind: 'market', amount: '4.99' }), ctx).amount).toBe(
      'At least 5 USDT (minimum total)',
    );
    expect(validate(form({ kind: 'market', amount: '5' }), ctx)).toEqual({});
    expect(validate(form({ kind: 'market', amount: '10.001' }), ctx).amount).toBe(
      'Use at most 2 decimals (step 0.01 USDT)',
    );
    expect(validate(form({ kind: 'market', amount: '2000000' }), ctx).amount).toBe(
      'At most 1,000,000 USDT',
    );
  });

  it('checks the price precision of a limit order', () => {
    expect(validate(form({ kind: 'limit', price: '' }), ctx).price).toBe('Enter the price.');
    expect(validate(form({ kind: 'limit', price: 'x' }), ctx).price).toBe(
      'Enter the price as a number, e.g. 0.5.',
    );
    expect(validate(form({ kind: 'limit', price: '0' }), ctx).price).toBe(
      'The price must be greater than 0.',
    );
    expect(validate(form({ kind: 'limit', price: '60000.123' }), ctx).price).toBe(
      'Use at most 2 decimals for the price (tick 0.01 USDT)',
    );
  });

  it('checks the total against the minimum and maximum', () => {
    expect(validate(form({ kind: 'limit', amount: '0.0001', price: '10000' }), ctx).amount).toBe(
      'Total 1 USDT is below the minimum total of 5 USDT',
    );
    expect(validate(form({ kind: 'limit', amount: '20', price: '60000' }), ctx).amount).toBe(
      'At most 1,000,000 USDT in total',
    );
    const strict = context({ market: { ...BTC_USDT, minTotal: '10' } });
    // A market buy's total is its cost (its fee is taken in BTC): 0.0001 BTC ≈ 6 USDT.
    expect(validate(form({ amount: '0.0001' }), strict).amount).toBe(
      'Total ≈ 6.00 USDT is below the minimum total of 10 USDT',
    );
    expect(validate(form({ side: 'sell', amount: '0.0001' }), strict).amount).toBe(
      'Total ≈ 5.99 USDT is below the minimum total of 10 USDT',
    );
    const small = context({ market: { ...BTC_USDT, maxTotal: '1000' } });
    expect(validate(form({ side: 'sell', amount: '0.03' }), small).amount).toBe(
      'At most 1,000 USDT in total',
    );
  });

  it('wants enough balance and names it', () => {
    expect(validate(form({ amount: '0.02' }), ctx).amount).toBe(
      'Not enough USDT: available 1,000.00 USDT, needed ≈ 1,201.00 USDT',
    );
    expect(validate(form({ side: 'sell', amount: '0.6' }), ctx).amount).toBe(
      'Not enough BTC: available 0.5000 BTC',
    );
    expect(validate(form({ kind: 'market', amount: '1000.01' }), ctx).amount).toBe(
      'Not enough USDT: available 1,000.00 USDT',
    );
    expect(validate(form({ kind: 'limit', amount: '0.02', price: '60000' }), ctx).amount).toBe(
      'Not enough USDT: available 1,000.00 USDT, needed 1,200 USDT',
    );
    // A buy needs its total and no more: the fee comes out of the BTC it buys.
    expect(validate(form({ kind: 'limit', amount: '0.02', price: '50000' }), ctx)).toEqual({});
    expect(
      validate(form({ kind: 'limit', side: 'sell', amount: '0.51', price: '60000' }), ctx).amount,
    ).toBe('Not enough BTC: available 0.5000 BTC');
  });

  it('writes the available balance at its asset’s places, as the balances show it', () => {
    // Issue 32 item 1: "USDT available 18,752.2581348352".
    const odd = context({
      stock: { available: '0.0105411186958', freeze: '0' },
      money: { available: '18752.2581348352', freeze: '0' },
    });
    expect(validate(form({ kind: 'market', amount: '20000' }), odd).amount).toBe(
      'Not enough USDT: available 18,752.26 USDT',
    );
    expect(validate(form({ side: 'sell', amount: '0.02' }), odd).amount).toBe(
      'Not enough BTC: available 0.0105 BTC',
    );
    expect(validate(form({ kind: 'limit', amount: '0.4', price: '60000' }), odd).amount).toMatch(
      /^Not enough USDT: available 18,752\.26 USDT, needed /,
    );
  });

  it('checks the client order id characters', () => {
    expect(validate(form({ clientOrderId: 'bad id!' }), ctx).clientOrderId).toBe(
      'Use letters, digits, -, . and _ only (at most 64).',
    );
    expect(validate(form({ clientOrderId: 'x'.repeat(65) }), ctx).clientOrderId).toBe(
      'Use letters, digits, -, . and _ only (at most 64).',
    );
  });

  it('refuses a paused market, a spend sell and post-only with IOC', () => {
    expect(validate(form(), context({ market: DOT_USDT })).market).toBe(
      'Trading is paused on DOT_USDT.',
    );
    expect(validate(form({ kind: 'market', side: 'sell', amount: '100' }), ctx).side).toBe(
      'A spend order is a buy: choose Buy, or Market to sell an amount.',
    );
    expect(
      validate(form({ kind: 'limit', price: '59000', postOnly: true, ioc: true }), ctx).postOnly,
    ).toBe('Post-only and immediate-or-cancel exclude each other: choose one.');
  });

  it('prints limits without trailing zeros, grouped', () => {
    expect(plain('1000000')).toBe('1,000,000');
    expect(plain('0.00010')).toBe('0.0001');
    expect(plain('1234.50')).toBe('1,234.5');
  });
});
