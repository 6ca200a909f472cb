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

/** A deposit credited, or a withdrawal completed, that main saw happen while the app ran. */
export interface TransferArrival {
  method: 1 | 2;
  ticker: string;
  amount: Decimal;
  /** The asset's display places (`currency_precision` of the assets list). */
  places: number;
  /** When the exchange recorded it (ms). */
  createdAt: Millis;
  network: string | null;
  /** Status code (api-v4-notes §5): successful, or partially successful for a withdrawal. */
  status: number;
}

/** The `transfers.arrived` event: what arrived since main last looked, and when it saw it. */
export interface TransfersArrived {
  arrivals: TransferArrival[];
  at: Millis;
}

/** The user's two balances of one account: main (deposits land there) and trade (orders spend it). */
export type BalanceSide = 'main' | 'trade';

/** What became of a move between the main and the trade balance (`transfers.move`). */
export type BalanceMove =
  | {
      outcome: 'moved';
      ticker: string;
      amount: Decimal;
      from: BalanceSide;
      to: BalanceSide;
      /** True when the answer was lost and the main balance showed the move afterwards. */
      reconciled: boolean;
    }
  | {
      outcome: 'unknown';
      ticker: string;
      amount: Decimal;
      from: BalanceSide;
      to: BalanceSide;
      /** What the user should check before moving it again. */
      check: string;
    };

/** One asset's main and trade balance, what a move between them may take (`transfers.balances`). */
export interface BalancePair {
  ticker: string;
  main: Decimal;
  /** The trade balance's available part (what open orders hold stays there). */
  trade: Decimal;
  /** The asset's display places (`currency_precision` of the assets list). */
  places: number;
  fetchedAt: Millis;
}
