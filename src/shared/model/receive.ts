import type { Decimal } from './common';

/** Receive: the assets a deposit address can be asked for, and the addresses. */

/** An asset that takes crypto deposits, with the networks it takes them on (`/public/assets`). */
export interface ReceiveAsset {
  ticker: string;
  name: string;
  /** `currency_precision`: the places of its amounts. */
  precision?: number;
  /** The networks deposits arrive on; empty when the exchange names none (its default). */
  networks: string[];
  defaultNetwork?: string;
  /** The asset says a deposit needs a memo (destination tag). */
  memo: boolean;
}

export interface ReceiveAssets {
  assets: ReceiveAsset[];
  fetchedAt: number;
}

/** A deposit address on one network, as the exchange answered it. */
export interface DepositAddress {
  ticker: string;
  /** The network asked for; undefined: the asset's default (the exchange's choice). */
  network?: string;
  address: string;
  /** The memo (destination tag) to send with the deposit, where the network takes one. */
  memo?: string;
  minAmount?: Decimal;
  /** "0" or absent: no upper limit. */
  maxAmount?: Decimal;
  fetchedAt: number;
}
