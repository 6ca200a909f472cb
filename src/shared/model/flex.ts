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

/** The interest of one asset paid in one month, and what it is worth in the quote. */
export interface FlexMonthInterest {
  /** "2026-03": the month (local time) the payments were made in. */
  month: string;
  currency: string;
  /** The exact sum of that month's payments of the asset. */
  amount: Decimal;
  /** `amount` in the quote at the Overview's price (the live ticker); null: no price. */
  value: Decimal | null;
}

/** Interest paid per month and asset, valued in one quote currency. */
export interface FlexInterestByMonth {
  quote: string;
  /** Places a value in the quote is written with: fiat 2, an asset its display places. */
  quotePlaces: number;
  /** Newest month first; within a month by asset. */
  months: FlexMonthInterest[];
}

/** Interest paid on flex investments (flex.payments). */
export interface FlexPayments {
  /** Newest first. */
  records: FlexPayment[];
  /** Per investment (and asset), in the order of their latest payment, newest first. */
  interest: FlexInterest[];
  /** The payments summed per month and asset, valued in the quote asked for. */
  byMonth: FlexInterestByMonth;
  /** The exchange holds more than the app loads (10,000): the totals count only these. */
  capped: boolean;
  fetchedAt: number;
}
