import type { Decimal, Millis } from './common';

/** Deposits and withdrawals. */

export interface PartialTransfer {
  requestAmount: Decimal;
  processedAmount: Decimal;
  processedFee: Decimal;
  normalizeTransaction: string;
}

/** One deposit (method 1) or withdrawal (method 2). */
export interface DepositWithdraw {
  address: string;
  uniqueId: string | null;
  createdAt: Millis;
  currency: string;
  ticker: string;
  method: 1 | 2;
  amount: Decimal;
  /** '' when absent. */
  description: string;
  /** '' when absent. */
  memo: string;
  fee: Decimal;
  /** See api-v4-notes §5 for the meaning of the codes. */
  status: number;
  network: string | null;
  /** '' when absent (e.g. not yet on chain). */
  transactionHash: string;
  /** '' when absent. */
  transactionId: string;
  details?: { partial?: PartialTransfer };
  confirmations?: { actual: number; required: number };
}

export interface TransfersScreen {
  limit: number;
  offset: number;
  /** Total number of records (for paging). */
  total: number;
  records: DepositWithdraw[];
}

export interface TransfersPage {
  records: DepositWithdraw[];
  total: number;
  offset: number;
  limit: number;
  /** Per ticker on the page, the asset's display places (`currency_precision`), where known. */
  places: Record<string, number>;
  fetchedAt: number;
}
