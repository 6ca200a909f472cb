import type { Decimal, Millis } from './common';
import type { MainBalances } from './portfolio';

/** Earn: flex plans, investments and the interest they were paid. */

export interface FlexPlan {
  /** UUID. */
  id: string;
  ticker: string;
  minInvestment: Decimal;
  maxInvestment: Decimal;
  maxRate: Decimal;
}

/** The exchange answers 1 (ACTIVE) or 0 (CLOSED); the specification names them. */
export type FlexInvestmentStatus = 'ACTIVE' | 'CLOSED';

export interface FlexInvestment {
  id: string;
  planId: string;
  currency: string;
  invested: Decimal;
  withAutoReinvest: boolean;
  status: FlexInvestmentStatus;
  createdAt: Millis;
  updatedAt: Millis;
}

export interface FlexInvestmentPage {
  limit: number;
  offset: number;
  records: FlexInvestment[];
}

/** Interest paid on a flex investment: one DAILY_EARNING operation of payment-history. */
export interface FlexPayment {
  transactionId: string;
  investmentId: string;
  planId: string;
  /** The investment's asset: the amount's unit. */
  currency: string;
  amount: Decimal;
  createdAt: Millis;
}

export interface FlexPaymentPage {
  limit: number;
  offset: number;
  records: FlexPayment[];
}

/** Answer of flex invest / close. */
export interface FlexTransaction {
  transactionId: string;
}

export interface FlexOverview {
  plans: FlexPlan[];
  investments: FlexInvestment[];
  /** Main-account balances (what an investment is paid from). */
  balances: MainBalances;
  /**
   * Decimal places of each plan's asset, from the public assets list; an asset missing here (the
   * list did not answer or does not name it) has no client check and the exchange judges.
   */
  precisions: Record<string, number>;
  fetchedAt: number;
}

/** What one investment has been paid so far (payments of one asset). */
export interface FlexInterest {
  investmentId: string;
  currency: string;
  /** The exact sum of the payments. */
  total: Decimal;
  count: number;
  /** The latest payment. */
  last: FlexPayment;
}

/** Interest paid on flex investments (flex.payments). */
export interface FlexPayments {
  /** Newest first. */
  records: FlexPayment[];
  /** Per investment (and asset), in the order of their latest payment, newest first. */
  interest: FlexInterest[];
  /** The exchange holds more than the app loads (10,000): the totals count only these. */
  capped: boolean;
  fetchedAt: number;
}
