import type { DepositAddress } from '../../../shared/model';
import {
  TEXT_LIMITS,
  optDecimal,
  optObject,
  optional,
  parserOf,
  record,
  required,
  type Conversion,
} from './primitives';

/**
 * main-account/address and create-new-address: `{account: {address, memo?}, required: {minAmount,
 * maxAmount, fixedFee, flexFee}}`. An address and a memo are where money goes: they are refused,
 * never clipped, when too long or when they hold spaces or control characters (a clipped address
 * is somebody else's address). A numeric memo is kept as its digits.
 */

/** Longer than any chain's address or tag; an answer beyond it is not an address. */
const ADDRESS_LIMIT = TEXT_LIMITS.short;

const asAddressText: Conversion<string> = (value) => {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  // Printable, no spaces: what a wallet pastes.
  return text.length >= 1 && text.length <= ADDRESS_LIMIT && /^[\x21-\x7e]+$/.test(text)
    ? text
    : undefined;
};

const expected = `printable text of 1 to ${ADDRESS_LIMIT} characters without spaces`;

const depositAddressSchema = record({
  account: record({
    address: required(expected, asAddressText),
    memo: optional(expected, asAddressText),
  }),
  required: optObject(record({ minAmount: optDecimal, maxAmount: optDecimal })),
}).transform((a): Omit<DepositAddress, 'ticker' | 'network' | 'fetchedAt'> => ({
  address: a.account.address,
  ...(a.account.memo === undefined ? {} : { memo: a.account.memo }),
  ...(a.required?.minAmount === undefined ? {} : { minAmount: a.required.minAmount }),
  ...(a.required?.maxAmount === undefined ? {} : { maxAmount: a.required.maxAmount }),
}));

export const parseDepositAddress = parserOf(depositAddressSchema, '/api/v4/main-account/address');
