import { z } from 'zod';
import type {
  FlexInvestment,
  FlexInvestmentPage,
  FlexInvestmentStatus,
  FlexPayment,
  FlexPaymentPage,
  FlexPlan,
  FlexTransaction,
} from '../../../shared/model';
import {
  arrayOf,
  bool,
  decimal,
  isPlainObject,
  optInt,
  optional,
  parserOf,
  record,
  required,
  text,
  time,
} from './primitives';

/**
 * Flex (Earn): plans, investments, their interest payments, and the transaction an invest or close
 * answers.
 */

const flexTransactionSchema = record({
  data: record({ transactionId: text }),
}).transform((r): FlexTransaction => ({ transactionId: r.data.transactionId }));

const flexPlanSchema = record({
  id: text,
  ticker: text,
  minInvestment: decimal,
  maxInvestment: decimal,
  maxRate: decimal,
}).transform((p): FlexPlan => ({
  id: p.id,
  ticker: p.ticker,
  minInvestment: p.minInvestment,
  maxInvestment: p.maxInvestment,
  maxRate: p.maxRate,
}));

/** §6 shows a bare array; `{data: [...]}` is accepted too. */
const flexPlansSchema = z.preprocess(
  (value) => (isPlainObject(value) && Array.isArray(value.data) ? value.data : value),
  arrayOf(flexPlanSchema),
);

/**
 * An investment's status: the deployed server's integer (1 ACTIVE, 0 CLOSED, also as its digit) or
 * the specification's word (any case). Anything else is refused: an unknown state must not pass for
 * a closed (or an active) investment.
 */
const INVESTMENT_STATUS: ReadonlyMap<unknown, FlexInvestmentStatus> = new Map<
  unknown,
  FlexInvestmentStatus
>([
  [1, 'ACTIVE'],
  ['1', 'ACTIVE'],
  [0, 'CLOSED'],
  ['0', 'CLOSED'],
]);
const investmentStatus = required('1 (active) or 0 (closed)', (value) =>
  typeof value === 'string' && /^(active|closed)$/i.test(value)
    ? (value.toUpperCase() as FlexInvestmentStatus)
    : INVESTMENT_STATUS.get(value),
);

const flexInvestmentSchema = record({
  id: text,
  planId: text,
  currency: text,
  invested: decimal,
  withAutoReinvest: bool,
  status: investmentStatus,
  createdAt: time,
  updatedAt: time,
}).transform((i): FlexInvestment => ({
  id: i.id,
  planId: i.planId,
  currency: i.currency,
  invested: i.invested,
  withAutoReinvest: i.withAutoReinvest,
  status: i.status,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
}));

/** A page of a flex list: `{data, limit, offset}` (limit and offset default to the page's). */
const flexPageOf = <T extends z.ZodType>(item: T) =>
  record({ data: arrayOf(item), limit: optInt, offset: optInt }).transform((p) => ({
    limit: p.limit ?? p.data.length,
    offset: p.offset ?? 0,
    records: p.data,
  }));

const flexInvestmentPageSchema: z.ZodType<FlexInvestmentPage> = flexPageOf(flexInvestmentSchema);

/** payment-history lists only DAILY_EARNING operations (action type 4). */
const DAILY_EARNING = 4;

/**
 * A payment's action type: absent, or DAILY_EARNING. Any other operation (an invest, a withdrawal)
 * is refused, so that it is never added up as interest.
 */
const dailyEarning = optional('4 (a daily earning)', (value) =>
  value === DAILY_EARNING || value === String(DAILY_EARNING) ? DAILY_EARNING : undefined,
);

const flexPaymentSchema = record({
  transactionId: text,
  investmentId: text,
  planId: text,
  currency: text,
  amount: decimal,
  createdAt: time,
  actionType: dailyEarning,
}).transform((p): FlexPayment => ({
  transactionId: p.transactionId,
  investmentId: p.investmentId,
  planId: p.planId,
  currency: p.currency,
  amount: p.amount,
  createdAt: p.createdAt,
}));

const flexPaymentPageSchema: z.ZodType<FlexPaymentPage> = flexPageOf(flexPaymentSchema);

export const parseFlexTransaction = parserOf<FlexTransaction>(
  flexTransactionSchema,
  '/api/v4/main-account/smart-flex/investments/invest',
);
export const parseFlexPlans = parserOf<FlexPlan[]>(
  flexPlansSchema,
  '/api/v4/main-account/smart-flex/plans',
);
export const parseFlexInvestments = parserOf<FlexInvestmentPage>(
  flexInvestmentPageSchema,
  '/api/v4/main-account/smart-flex/investments',
);
export const parseFlexPayments = parserOf<FlexPaymentPage>(
  flexPaymentPageSchema,
  '/api/v4/main-account/smart-flex/investments/payment-history',
);
