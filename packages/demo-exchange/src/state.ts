import type { MiningState } from './mining';
/**
 * The demo exchange's mutable state: plain JSON (decimal strings for money) so it can be persisted
 * as is. Everything derived from the seed alone (deposit/withdraw history, hashrate, books, prices)
 * is not stored here.
 */
export type Side = 'buy' | 'sell';

export interface OrderRec {
  id: number;
  clientOrderId: string;
  market: string;
  side: Side;
  /**
   * `limit`, `market` (order/market), `stock market` (order/stock_market), `stop limit`
   * (order/stop_limit) or `stop market` (order/stop_market).
   */
  type: string;
  /** Creation time, Unix seconds with microseconds. */
  timestamp: number;
  /** Finish time (filled or canceled), Unix seconds with microseconds. */
  ftime?: number;
  /** Modification time (activation), Unix seconds with microseconds; conditional legs show it. */
  mtime?: number;
  /** Stock, or money for a market / stop-market buy. */
  amount: string;
  left: string;
  /** "0" for market and stop-market orders. */
  price: string;
  dealMoney: string;
  dealStock: string;
  dealFee: string;
  postOnly: boolean;
  ioc: boolean;
  status: string;
  stp: string;
  rpi: boolean;
  takerFee: string;
  makerFee: string;
  /** Funds still frozen for this order: money for a buy, stock for a sell. */
  frozen: string;
  /** Stop orders and stop legs: the trigger price (a buy triggers at >=, a sell at <=). */
  activationPrice?: string;
  /** Stop orders and stop legs: 0 until the price reached the activation price, then 1. */
  activated?: 0 | 1;
  /** Shown on conditional legs (the seeded ones say LONG). */
  positionSide?: string;
  /** The primary order of an OTO: when it fills, an OCO with these prices closes the position. */
  oto?: OtoLink;
}

export interface OtoLink {
  /** The OTO's own id (conditional listings, oto-cancel, conditional-cancel). */
  id: number;
  stopLossPrice: string;
  takeProfitPrice: string;
}

/**
 * A deal: one fill of one of the user's orders against the market maker's book. Its fee is the
 * order's fee on this fill alone (unrounded), so an order's deals add up to its dealStock, dealMoney
 * and dealFee exactly.
 */
export interface DealRec {
  id: number;
  /** The user's order that filled. */
  orderId: number;
  clientOrderId: string;
  market: string;
  side: Side;
  /** 1 maker (the order rested on the book), 2 taker (it matched when placed). */
  role: 1 | 2;
  price: string;
  /** Stock. */
  amount: string;
  /** Money: amount x price. */
  deal: string;
  /** In what the order received (markets.ts `feeAsset`): a buy's stock, a sell's money. */
  fee: string;
  /** The market maker's order on the other side. */
  dealOrderId: number;
  /** Unix seconds with microseconds. */
  time: number;
}

/**
 * An OCO: a take-profit limit leg and a stop-limit leg of the same side and amount, one freeze for
 * both (only one can execute). The legs are not in `active`; when one executes, the other is
 * canceled and the OCO is gone.
 */
export interface OcoRec {
  id: number;
  market: string;
  /** Held for both legs: a sell's amount of stock, or the larger leg's money. */
  frozen: string;
  stopLoss: OrderRec;
  takeProfit: OrderRec;
}

/** A kill-switch timer: when `cancellationTime` passes, the market's orders are canceled. */
export interface KillSwitchRec {
  market: string;
  /** Unix seconds. */
  startTime: number;
  /** Unix seconds: startTime + timeout. */
  cancellationTime: number;
  /** `spot`, `margin`, `futures`; null: every type. */
  types: string[] | null;
}

export interface FlexPlan {
  id: string;
  ticker: string;
  minInvestment: string;
  maxInvestment: string;
  maxRate: string;
  /** Not shown in /plans; an inactive plan answers code 2 under `plan` on invest. */
  active: boolean;
}

export interface FlexInvestment {
  id: string;
  planId: string;
  currency: string;
  invested: string;
  withAutoReinvest: boolean;
  status: 'ACTIVE' | 'CLOSED';
  createdAt: number;
  updatedAt: number;
}

/**
 * A daily interest payment of a flex investment (the deployed server's DAILY_EARNING operation,
 * action type 4), as payment-history lists it.
 */
export interface FlexPayment {
  transactionId: string;
  investmentId: string;
  planId: string;
  currency: string;
  amount: string;
  /** Unix seconds. */
  createdAt: number;
}

export interface SubAccount {
  id: string;
  alias: string;
  userId: string;
  email: string;
  status: 'active' | 'blocked';
}

export interface TradeBalance {
  available: string;
  freeze: string;
}

/**
 * A deposit or withdrawal of main-account/history: the seeded ones (transfers.ts) and those made
 * through the control endpoint (`transfers` below).
 */
export interface TransferRecord {
  address: string;
  uniqueId: string | null;
  createdAt: number;
  currency: string;
  ticker: string;
  method: number;
  amount: string;
  description: string;
  memo: string;
  fee: string;
  status: number;
  network: string | null;
  transactionHash: string;
  transactionId: string;
  details: {
    partial: {
      requestAmount: string;
      processedAmount: string;
      processedFee: string;
      normalizeTransaction: string;
    };
  };
  confirmations: { actual: number; required: number };
}

/** A sub-account's balances of one asset (the demo keeps no collateral: it answers "0"). */
export interface SubBalance {
  main: string;
  spot: string;
}

/** A move between the user's main balance and a sub-account's main balance (sub-account/transfer). */
export interface SubTransferRec {
  transactionId: string;
  subAccountId: string;
  direction: 'main_to_sub' | 'sub_to_main';
  currency: string;
  amount: string;
  /** Unix seconds. */
  createdAt: number;
}

/** A convert quote (convert/estimate): valid until `expireAt` (Unix seconds) on the demo's clock. */
export interface ConvertQuote {
  id: string;
  from: string;
  to: string;
  give: string;
  receive: string;
  rate: string;
  expireAt: number;
}

/** A confirmed convert (convert/history): the main balance gave `give` of from for `receive` of to. */
export type ConvertRec = Omit<ConvertQuote, 'expireAt'> & {
  /** Unix seconds. */
  date: number;
};

export interface ExchangeState {
  /** 2: conditional orders freeze funds (a version 1 file is ignored, the seed is used). */
  version: 3;
  seed: number;
  nextId: number;
  /** The user's trade account (orders draw on it). */
  trade: Record<string, TradeBalance>;
  /** The user's main account (flex investments draw on it). */
  main: Record<string, string>;
  /** The market maker: the liquidity behind the books. Part of every conserved sum. */
  maker: Record<string, string>;
  /** Fees collected by the exchange, per asset. */
  fees: Record<string, string>;
  /** Open orders: limit, stop (untriggered or resting), OTO primaries (`oto`). */
  active: OrderRec[];
  /** Finished orders (filled or canceled), oldest first, bounded. */
  history: OrderRec[];
  /** Every fill of the user's orders, oldest first, bounded. */
  deals: DealRec[];
  /** OCO orders. OTOs are their primary orders in `active`. */
  conditional: OcoRec[];
  killSwitches: KillSwitchRec[];
  flexPlans: FlexPlan[];
  flexInvestments: FlexInvestment[];
  /** Interest paid on flex investments, oldest first. */
  flexPayments: FlexPayment[];
  subAccounts: SubAccount[];
  /**
   * Deposits and withdrawals made through the control endpoint (each moved the main balance),
   * newest first, at most TRANSFERS_LIMIT; the seeded history (transfers.ts) is not kept here.
   */
  transfers: TransferRecord[];
  /** What the mining API and the control endpoint changed (mining.ts). */
  mining: MiningState;
  /**
   * Deposit addresses made by main-account/create-new-address, per `TICKER:NETWORK`: how many (the
   * address main-account/address answers is the last one; none made: the first) and the type of
   * the last (BTC and LTC: `bech32` or `p2sh-segwit`).
   */
  depositAddresses: Record<string, { count: number; type: string | null }>;
  /** Per sub-account id, per asset: what the sub-account holds (sub-account/balances). */
  subBalances: Record<string, Record<string, SubBalance>>;
  /** sub-account/transfer moves, newest first, at most SUB_TRANSFERS_LIMIT. */
  subTransfers: SubTransferRec[];
  /** Unconfirmed convert quotes (expired ones are dropped when the next is made). */
  quotes: ConvertQuote[];
  /** Confirmed converts, newest first, at most CONVERTS_LIMIT. */
  converts: ConvertRec[];
  /** The next quote id (quote ids are digits, as the exchange's are). */
  nextQuoteId: number;
  /** Per API key: the last accepted nonce (decimal string). */
  nonces: Record<string, string>;
  walk: {
    /** Added to the walk step (frozen mode: the step itself). */
    manualStep: number;
    /** Market -> fixed mid price set through the control endpoint. */
    overrides: Record<string, string>;
  };
}

export const HISTORY_LIMIT = 5000;
/** Control-endpoint deposits and withdrawals kept (the oldest go first). */
export const TRANSFERS_LIMIT = 1000;
/** Deals kept (a market order may fill at several levels: a few per order). */
export const DEALS_LIMIT = 20_000;
/** sub-account/transfer records kept (the oldest go first). */
export const SUB_TRANSFERS_LIMIT = 1000;
/** Converts kept (the oldest go first). */
export const CONVERTS_LIMIT = 1000;
