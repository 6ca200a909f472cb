import type { Decimal, Millis, OrderSide } from './common';

/**
 * The profile's orders: as the order endpoints answer them, the conditional ones, the executed ones
 * and what became of a placement.
 */

/** An order as the order endpoints answer it (create, cancel, active orders). */
export interface Order {
  orderId: number;
  /** '' when the order has none. */
  clientOrderId: string;
  /** `<STOCK>_<MONEY>`, e.g. "BTC_USDT". */
  market: string;
  side: OrderSide;
  /** e.g. "limit", "market", "stock market", "stop limit", "stop market". */
  type: string;
  /** Creation time (ms). */
  timestamp: Millis;
  dealMoney: Decimal;
  dealStock: Decimal;
  amount: Decimal;
  /** May stay non-zero after a market buy finished (unspendable dust). */
  left: Decimal;
  dealFee: Decimal;
  price: Decimal;
  /** false when the exchange left it out. */
  postOnly: boolean;
  /** false when the exchange left it out. */
  ioc: boolean;
  /** e.g. "FILLED", "CANCELED", "PARTIALLY_FILLED"; may be absent. */
  status?: string;
  /** Self-trade prevention, long form: "no" | "cancel_both" | "cancel_new" | "cancel_old". */
  stp?: string;
  positionSide?: string;
  rpi?: boolean;
  /** Fee ratios ("0.001" = 0.1 %); may be absent. */
  takerFee?: Decimal;
  makerFee?: Decimal;
  /** Stop orders and stop legs only. */
  activationPrice?: Decimal;
  /** Stop orders and stop legs only: "gte" (a buy) or "lte" (a sell). */
  activationCondition?: string;
  /** Stop orders and stop legs only: has the activation price been reached. */
  activated?: boolean;
  /** The primary order of an OTO (active orders). */
  oto?: OrderOto;
}

/** The OTO an active order is the primary of, and the prices of its exits. */
export interface OrderOto {
  otoId: number;
  stopLossPrice?: Decimal;
  takeProfitPrice?: Decimal;
}

/** One leg of an OCO or OTO order. */
export interface ConditionalLeg extends Order {
  /** Last modification time (ms); OCO legs only. */
  mtime?: Millis;
}

export interface OcoOrder {
  kind: 'oco';
  id: number;
  stopLoss: ConditionalLeg;
  takeProfit: ConditionalLeg;
}

export interface OtoOrder {
  kind: 'oto';
  id: number;
  stopLossPrice?: Decimal;
  takeProfitPrice?: Decimal;
  conditionalOrder: ConditionalLeg;
}

export type ConditionalOrder = OcoOrder | OtoOrder;

/** A kill-switch timer: the market's orders are canceled at `cancellationTime` unless reset. */
export interface KillSwitchTimer {
  market: string;
  /** When the timer was set or last reset (ms, whole seconds). */
  startTime: Millis;
  cancellationTime: Millis;
  /** `spot`, `margin`, `futures`; absent: every order type. */
  types?: string[];
  /** Main arms it again every half timeout while the exchange answers ("keep alive"). */
  keepAlive?: boolean;
}

/** The armed kill-switch timers, as fetched. */
export interface KillSwitchStatus {
  timers: KillSwitchTimer[];
  fetchedAt: Millis;
}

export interface ConditionalPage {
  limit: number;
  offset: number;
  total: number;
  records: ConditionalOrder[];
}

/** An executed (finished) order from trade-account order history / accounts/orders. */
export interface ExecutedOrder {
  orderId: number;
  clientOrderId: string;
  /** The market it was listed under. */
  market: string;
  side: OrderSide;
  type: string;
  price: Decimal;
  amount: Decimal;
  dealStock: Decimal;
  dealMoney: Decimal;
  dealFee: Decimal;
  /** Best known time (ms): finish time, else creation time. */
  timestamp: Millis;
  /** Creation time (ms) when given (`ctime`). */
  createdAt?: Millis;
  /** Finish time (ms) when given (`ftime`). */
  finishedAt?: Millis;
  postOnly?: boolean;
  ioc?: boolean;
  status?: string;
  stp?: string;
  takerFee?: Decimal;
  makerFee?: Decimal;
  /** The currency the fee was paid in. */
  feeAsset?: string;
}

/** Market ("BTC_USDT") -> executed orders in it. */
export type ExecutedOrders = Record<string, ExecutedOrder[]>;

/** What became of an order the app sent (the client reconciles a lost answer). */
export type PlacementOutcome =
  | {
      outcome: 'placed';
      clientOrderId: string;
      orderId: number;
      market: string;
      side: OrderSide;
      dealStock: Decimal;
      dealMoney: Decimal;
      dealFee: Decimal;
      status?: string;
      /** True when the answer was lost and the order was found afterwards. */
      reconciled: boolean;
    }
  | {
      outcome: 'unknown';
      clientOrderId: string;
      market: string;
      /** What the user should check before trying again. */
      check: string;
    };

/** At most this many active orders are loaded (100 pages of 100), or kept as pushes add some. */
export const ACTIVE_CAP = 10_000;

/** Every open order of the profile, newest first. */
export interface ActiveOrders {
  orders: Order[];
  /** More than ACTIVE_CAP are open: only the first the exchange listed are here. */
  capped: boolean;
  fetchedAt: number;
}

export interface ConditionalOrders {
  /** From the conditional-orders endpoint: OCO and OTO records. */
  conditional: ConditionalPage;
  /** From the OCO endpoint. */
  oco: OcoOrder[];
  fetchedAt: number;
}
