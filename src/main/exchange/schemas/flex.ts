import { z } from 'zod';
import type {
  FlexInvestment,
  FlexInvestmentPage,
  FlexPlan,
  FlexTransaction,
} from '../../../shared/model';
import {
  arrayOf,
  bool,
  decimal,
  isPlainObject,
  optInt,
  parserOf,
  record,
  text,
  time,
} from './primitives';

/** Flex (Earn): plans, investments, and the transaction an invest or close answers. */

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

const flexInvestmentSchema = record({
  id: text,
  planId: text,
  currency: text,
  invested: decimal,
  withAutoReinvest: bool,
  status: text,
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

const flexInvestmentPageSchema = record({
  data: arrayOf(flexInvestmentSchema),
  limit: optInt,
  offset: optInt,
}).transform((p): FlexInvestmentPage => ({
  limit: p.limit ?? p.data.length,
  offset: p.offset ?? 0,
  records: p.data,
}));

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
