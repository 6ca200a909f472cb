import type { DepositWithdraw, TransfersScreen } from '../../../shared/model';
import {
  asLongText,
  asMethod,
  compact,
  decimal,
  decimalOr,
  int,
  listOf,
  longText,
  optObject,
  optText,
  optional,
  parserOf,
  record,
  required,
  text,
  time,
} from './primitives';

/** Deposits and withdrawals (main-account/history). */

const partialSchema = record({
  requestAmount: decimal,
  processedAmount: decimal,
  processedFee: decimal,
  normalizeTransaction: longText(''),
});

const depositWithdrawSchema = record({
  address: longText(''),
  uniqueId: optional('a string', asLongText),
  createdAt: time,
  currency: text,
  ticker: text,
  method: required('1 (deposit) or 2 (withdraw)', asMethod),
  amount: decimal,
  description: longText(''),
  memo: longText(''),
  fee: decimalOr('0'),
  status: int,
  network: optText,
  transactionHash: longText(''),
  transactionId: longText(''),
  details: optObject(record({ partial: optObject(partialSchema) })),
  confirmations: optObject(record({ actual: int, required: int })),
}).transform((r): DepositWithdraw =>
  compact<DepositWithdraw>({
    address: r.address,
    uniqueId: r.uniqueId ?? null,
    createdAt: r.createdAt,
    currency: r.currency,
    ticker: r.ticker,
    method: r.method,
    amount: r.amount,
    description: r.description,
    memo: r.memo,
    fee: r.fee,
    status: r.status,
    network: r.network ?? null,
    transactionHash: r.transactionHash,
    transactionId: r.transactionId,
    details: r.details && compact({ partial: r.details.partial && { ...r.details.partial } }),
    confirmations: r.confirmations && {
      actual: r.confirmations.actual,
      required: r.confirmations.required,
    },
  }),
);

const historyPageSchema = record({
  limit: int,
  offset: int,
  total: int,
  records: listOf(depositWithdrawSchema),
}).transform((p): TransfersScreen => ({
  limit: p.limit,
  offset: p.offset,
  total: p.total,
  records: p.records,
}));

export const parseHistoryPage = parserOf<TransfersScreen>(
  historyPageSchema,
  '/api/v4/main-account/history',
);
