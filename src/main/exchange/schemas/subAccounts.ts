import Decimal from 'decimal.js';
import { z } from 'zod';
import type {
  SubAccount,
  SubAccountBalance,
  SubAccountPage,
  SubAccountTransferPage,
} from '../../../shared/model';
import {
  asText,
  compact,
  decimal,
  decimalOr,
  emptyArrayAsObject,
  listOf,
  mapOf,
  optBool,
  optInt,
  optObject,
  optText,
  parserOf,
  record,
  text,
  time,
  withDefault,
} from './primitives';

/** Sub-accounts: the list, and the empty answer of block and unblock. */

const subAccountSchema = record({
  id: text,
  alias: withDefault('a string', asText, ''),
  email: withDefault('a string', asText, ''),
  status: text,
  userId: optText,
  color: optText,
  permissions: optObject(record({ spotEnabled: optBool, collateralEnabled: optBool })),
  kyc: optObject(record({ shareKyc: optBool, kycStatus: optText })),
}).transform((s): SubAccount =>
  compact<SubAccount>({
    id: s.id,
    alias: s.alias,
    email: s.email,
    status: s.status,
    userId: s.userId,
    color: s.color,
    permissions: s.permissions && compact({ ...s.permissions }),
    kyc: s.kyc && compact({ ...s.kyc }),
  }),
);

const subAccountPageSchema = record({
  offset: optInt,
  limit: optInt,
  data: listOf(subAccountSchema),
}).transform((p): SubAccountPage => ({
  limit: p.limit ?? p.data.length,
  offset: p.offset ?? 0,
  records: p.data,
}));

/** `{}` (or PHP's `[]`): the operation succeeded and says nothing more. */
const emptyObjectSchema = z.preprocess(
  emptyArrayAsObject,
  z.record(z.string(), z.unknown()).transform((): true => true),
);

export const parseSubAccounts = parserOf<SubAccountPage>(
  subAccountPageSchema,
  '/api/v4/sub-account/list',
);
/** `{}`: sub-account block / unblock. */
export const parseEmptyObject = parserOf<true>(emptyObjectSchema, '/api/v4/sub-account/block');

// Sub-account balances and transfers ------------------------------------------------------------

/**
 * sub-account/balances: `{"USDT": [{main, spot, collateral}]}`. Each ticker's list holds one
 * record (more are summed); absent balances are 0. Assets the sub-account does not hold are left
 * out, by ticker.
 */
const subBalancesSchema = mapOf(
  listOf(record({ main: decimalOr('0'), spot: decimalOr('0') })),
).transform((map): SubAccountBalance[] =>
  Object.entries(map)
    .map(([ticker, rows]) => ({
      ticker,
      main: sumOf(rows.map((r) => r.main)),
      trade: sumOf(rows.map((r) => r.spot)),
    }))
    .filter((b) => b.main !== '0' || b.trade !== '0')
    .sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0)),
);

/** Exact sum of decimal strings, written without trailing zeros ("0" for none). */
const sumOf = (values: string[]): string =>
  values.reduce((sum, v) => sum.plus(v), new Decimal(0)).toFixed();

const subTransferDoneSchema = record({ transactionId: text }).transform((r) => r.transactionId);

const direction = z.enum(['main_to_sub', 'sub_to_main']);

const subTransferPageSchema = record({
  offset: optInt,
  limit: optInt,
  data: listOf(
    record({
      transactionId: optText,
      id: optText,
      direction,
      currency: text,
      amount: decimal,
      createdAt: time,
    }),
  ),
}).transform((p): SubAccountTransferPage => ({
  limit: p.limit ?? p.data.length,
  offset: p.offset ?? 0,
  records: p.data.map((r) => ({
    transactionId: r.transactionId ?? r.id ?? '',
    direction: r.direction,
    ticker: r.currency,
    amount: r.amount,
    createdAt: r.createdAt,
  })),
}));

export const parseSubAccountBalances = parserOf<SubAccountBalance[]>(
  subBalancesSchema,
  '/api/v4/sub-account/balances',
);
/** sub-account/transfer: its `transaction_id`. */
export const parseSubAccountTransferDone = parserOf<string>(
  subTransferDoneSchema,
  '/api/v4/sub-account/transfer',
);
export const parseSubAccountTransfers = parserOf<SubAccountTransferPage>(
  subTransferPageSchema,
  '/api/v4/sub-account/transfer/history',
);

/** `[]` (or `{}`): main-account/transfer moved the amount. */
export const parseTransferDone = parserOf<true>(emptyObjectSchema, '/api/v4/main-account/transfer');
