import type { Decimal, Millis } from './common';

/** The profile's sub-accounts. */

export interface SubAccount {
  id: string;
  alias: string;
  /** '' when absent. */
  email: string;
  /** e.g. "active", "blocked". */
  status: string;
  userId?: string;
  color?: string;
  permissions?: { spotEnabled?: boolean; collateralEnabled?: boolean };
  kyc?: { shareKyc?: boolean; kycStatus?: string };
}

export interface SubAccountPage {
  limit: number;
  offset: number;
  records: SubAccount[];
}

export interface SubAccountsView {
  records: SubAccount[];
  fetchedAt: number;
}

/** One asset a sub-account holds: its main and trade balances (exact decimal strings). */
export interface SubAccountBalance {
  ticker: string;
  main: Decimal;
  trade: Decimal;
}

/** What one sub-account holds, assets with a balance only, by ticker. */
export interface SubAccountBalances {
  id: string;
  balances: SubAccountBalance[];
  /** Each listed asset's display places (`currency_precision` of the public assets), by ticker. */
  precisions: Record<string, number>;
  fetchedAt: Millis;
}

/** Which way a sub-account transfer goes, in the exchange's words. */
export type SubTransferDirection = 'main_to_sub' | 'sub_to_main';

/** A transfer between the main account and one sub-account (sub-account/transfer/history). */
export interface SubAccountTransfer {
  transactionId: string;
  direction: SubTransferDirection;
  ticker: string;
  amount: Decimal;
  createdAt: Millis;
}

export interface SubAccountTransferPage {
  limit: number;
  offset: number;
  records: SubAccountTransfer[];
}

/** One sub-account's transfers, newest first. */
export interface SubAccountTransfersView extends SubAccountTransferPage {
  id: string;
  fetchedAt: Millis;
}

/** What became of a transfer to or from a sub-account (`subAccounts.transfer`). */
export type SubAccountMove =
  | {
      outcome: 'moved';
      id: string;
      direction: SubTransferDirection;
      ticker: string;
      amount: Decimal;
      /** The exchange's id of the transfer; absent when a lost answer was reconciled by balance. */
      transactionId?: string;
      /** True when the answer was lost and the history or balances showed the transfer after. */
      reconciled: boolean;
    }
  | {
      outcome: 'unknown';
      id: string;
      direction: SubTransferDirection;
      ticker: string;
      amount: Decimal;
      /** What the user should check before sending it again. */
      check: string;
    };
