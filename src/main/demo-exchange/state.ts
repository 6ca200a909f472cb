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
  /** `limit`, `market` (order/market) or `stock market` (order/stock_market). */
  type: string;
  /** Creation time, Unix seconds with microseconds. */
  timestamp: number;
  /** Finish time (filled or canceled), Unix seconds with microseconds. */
  ftime?: number;
  amount: string;
  left: string;
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
}

export interface ConditionalLeg {
  id: number;
  clientOrderId: string;
  market: string;
  side: Side;
  type: string;
  timestamp: number;
  mtime: number;
  amount: string;
  left: string;
  price: string;
  dealMoney: string;
  dealStock: string;
  dealFee: string;
  takerFee: string;
  makerFee: string;
  postOnly: boolean;
  status: string;
  stp: string;
  positionSide: string;
  activationPrice?: string;
  activationCondition?: string;
  activated?: number;
}

export interface OcoRec {
  kind: 'oco';
  id: number;
  market: string;
  stopLoss: ConditionalLeg;
  takeProfit: ConditionalLeg;
}

export interface OtoRec {
  kind: 'oto';
  id: number;
  market: string;
  stopLossPrice: string;
  takeProfitPrice: string;
  conditionalOrder: ConditionalLeg;
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

export interface ExchangeState {
  version: 1;
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
  active: OrderRec[];
  /** Finished orders (filled or canceled), oldest first, bounded. */
  history: OrderRec[];
  conditional: (OcoRec | OtoRec)[];
  flexPlans: FlexPlan[];
  flexInvestments: FlexInvestment[];
  /** Interest paid on flex investments, oldest first. */
  flexPayments: FlexPayment[];
  subAccounts: SubAccount[];
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
