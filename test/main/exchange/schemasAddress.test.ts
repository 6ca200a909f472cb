import { describe, expect, it } from 'vitest';
import { parseDepositAddress } from '../../../src/main/exchange/schemas';
import { thrown } from '../../support/exchangeErrors';

/**
 * main-account/address and create-new-address: the reference's example parses in both casings;
 * an address or memo that is too long, spaced or of the wrong type is refused, never clipped.
 */

// The reference's example (main_api_v4.yaml getDepositAddress).
const example = {
  account: {
    address: 'GDTSOI56XNVAKJNJBLJGRNZIVOCIZJRBIDKTWSCYEYNFAZEMBLN75RMN',
    memo: '48565488244493',
  },
  required: {
    fixedFee: '0',
    flexFee: { maxFee: '0', minFee: '0', percent: '0' },
    maxAmount: '0',
    minAmount: '1',
  },
};

describe('parseDepositAddress', () => {
  it('reads the reference’s example: address, memo and the limits', () => {
    expect(parseDepositAddress(example)).toEqual({
      address: 'GDTSOI56XNVAKJNJBLJGRNZIVOCIZJRBIDKTWSCYEYNFAZEMBLN75RMN',
      memo: '48565488244493',
      minAmount: '1',
      maxAmount: '0',
    });
  });

  it('reads the snake_case casing, a numeric memo, and no memo at all', () => {
    const snake = {
      account: { address: 'bc1qexample', memo: 48565488244493 },
      required: { fixed_fee: '0', max_amount: '0', min_amount: '0.0001' },
    };
    expect(parseDepositAddress(snake)).toEqual({
      address: 'bc1qexample',
      memo: '48565488244493',
      minAmount: '0.0001',
      maxAmount: '0',
    });
    expect(parseDepositAddress({ account: { address: 'bc1qexample', memo: '' } })).toEqual({
      address: 'bc1qexample',
    });
  });

  it.each([
    ['a missing address', { account: {} }, 'account.address: missing'],
    ['an empty address', { account: { address: '' } }, 'account.address: expected printable'],
    ['an address with a space', { account: { address: 'bc1q abc' } }, 'account.address'],
    ['an address of 201 characters', { account: { address: 'a'.repeat(201) } }, 'account.address'],
    ['an address as an object', { account: { address: { x: 1 } } }, 'got an object'],
    ['a memo with a newline', { account: { address: 'r1', memo: '12\n3' } }, 'account.memo'],
    [
      'a negative minimum',
      { account: { address: 'r1' }, required: { minAmount: '-1' } },
      'minAmount',
    ],
  ])('refuses %s (kind unexpected, never clipped)', (_name, answer, says) => {
    const error = thrown(() => parseDepositAddress(answer));
    expect(error.kind).toBe('unexpected');
    expect(error.message).toContain(says);
  });

  it('names the endpoint it was asked for', () => {
    const path = '/api/v4/main-account/create-new-address';
    expect(thrown(() => parseDepositAddress({}, path)).message).toContain(path);
  });
});
