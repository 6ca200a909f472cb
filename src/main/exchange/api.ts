import { randomBytes } from 'node:crypto';
import type {
  Assets,
  ConditionalPage,
  Decimal,
  ExecutedOrders,
  FlexInvestmentPage,
  FlexInvestmentStatus,
  FlexPaymentPage,
  FlexPlan,
  FlexTransaction,
  HashrateSeries,
  HistoryPage,
  MainBalances,
  Market,
  OcoOrder,
  Order,
  OrderBook,
  SubAccountPage,
  Ticker,
  TradeBalances,
} from '../../shared/model';
import type { CallOptions, ExchangeClient } from './client';
import {
  parseAssets,
  parseConditionalPage,
  parseEmptyObject,
  parseExecutedOrders,
  parseFlexInvestments,
  parseFlexPayments,
  parseFlexPlans,
  parseFlexTransaction,
  parseHashrate,
  parseHistoryPage,
  parseMainBalances,
  parseMarkets,
  parseOcoOrders,
  parseOrder,
  parseOrderBook,
  parseOrders,
  parsePing,
  parseServerTime,
  parseSubAccounts,
  parseTicker,
  parseTradeBalances,
} from './schemas';

/**
 * A typed function for every endpoint of the specification and of §6. Request fields go out in the
 * specification's names; ids that the deployed server spells in camelCase go out in both (§4).
 */

export type Stp = 'no' | 'cancel_both' | 'cancel_new' | 'cancel_old';

export interface OrderQuery {
  market?: string;
  orderId?: number;
  clientOrderId?: string;
  offset?: number;
  limit?: number;
}

export interface PageQuery {
  market?: string;
  offset?: number;
  limit?: number;
}

export interface OrderHistoryQuery {
  market?: string;
  orderId?: number;
  clientOrderId?: string;
  /** Unix seconds; at most 31 days apart. */
  startDate?: number;
  endDate?: number;
  offset?: number;
  /** 1..500. */
  limit?: number;
}

export interface TransferQuery {
  /** 1 deposits, 2 withdrawals; both when absent. */
  transactionMethod?: 1 | 2;
  ticker?: string;
  address?: string;
  addresses?: string[];
  memo?: string;
  uniqueId?: string;
  status?: number[];
  offset?: number;
  limit?: number;
}

/** smart-flex investments; the filters as the reference names them. */
export interface FlexInvestmentQuery {
  ticker?: string;
  /** Plan UUID. */
  plan?: string;
  investment?: string;
  /** Sent as `investmentStatus`: 1 ACTIVE, 0 CLOSED. */
  status?: FlexInvestmentStatus;
  offset?: number;
  /** Default 100. */
  limit?: number;
}

/** payment-history: interest payments (DAILY_EARNING), newest first. */
export interface FlexPaymentQuery {
  /** Plan UUID. */
  plan?: string;
  investment?: string;
  transaction?: string;
  /** Unix seconds. */
  dateFrom?: number;
  dateTo?: number;
  offset?: number;
  /** Default 50. */
  limit?: number;
}

export interface HashrateQuery {
  account: string;
  /** Unix seconds. */
  from: number;
  to: number;
  interval: '5m' | '1h' | '24h';
}

interface OrderCommon {
  market: string;
  side: 'buy' | 'sell';
  amount: Decimal;
  clientOrderId?: string;
  stp?: Stp;
}

export interface LimitOrderInput extends OrderCommon {
  price: Decimal;
  postOnly?: boolean;
  ioc?: boolean;
}

export type OrderKind = 'stock_market' | 'market' | 'limit';

export type PlaceOrderInput =
  | ({ kind: 'stock_market' } & OrderCommon)
  | ({ kind: 'market' } & OrderCommon)
  | ({ kind: 'limit' } & LimitOrderInput);

export const ORDER_PATHS: Record<OrderKind, string> = {
  stock_market: '/api/v4/order/stock_market',
  market: '/api/v4/order/market',
  limit: '/api/v4/order/new',
};

export function newClientOrderId(): string {
  return `desk-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
}

/** Drops undefined values so the signed body holds only what was asked for. */
function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** A one-asset main balance answer (`{main_balance: "1"}`), in either casing. */
function isSingleMainBalance(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const record = json as Record<string, unknown>;
  const value = record.main_balance ?? record.mainBalance;
  return value !== undefined && (typeof value !== 'object' || value === null);
}

/** A client order id goes out in both casings (§4); an order id likewise. */
function ids(orderId: number | undefined, clientOrderId: string | undefined) {
  return {
    order_id: orderId,
    orderId,
    client_order_id: clientOrderId,
    clientOrderId,
  };
}

export class ExchangeApi {
  constructor(readonly client: ExchangeClient) {}

  // Public ------------------------------------------------------------------------------------
  ping(o?: CallOptions): Promise<'pong'> {
    return this.client.publicGet('/api/v4/public/ping', undefined, parsePing, o);
  }
  /** Server time in ms. */
  time(o?: CallOptions): Promise<number> {
    return this.client.publicGet('/api/v4/public/time', undefined, parseServerTime, o);
  }
  markets(o?: CallOptions): Promise<Market[]> {
    return this.client.publicGet('/api/v4/public/markets', undefined, parseMarkets, o);
  }
  ticker(o?: CallOptions): Promise<Ticker> {
    return this.client.publicGet('/api/v4/public/ticker', undefined, parseTicker, o);
  }
  assets(o?: CallOptions): Promise<Assets> {
    return this.client.publicGet('/api/v4/public/assets', undefined, parseAssets, o);
  }
  orderBook(
    market: string,
    query: { limit?: number; level?: number } = {},
    o?: CallOptions,
  ): Promise<OrderBook> {
    return this.client.publicGet(
      `/api/v4/public/orderbook/${encodeURIComponent(market)}`,
      query,
      (json) => parseOrderBook(json),
      o,
    );
  }

  // Balances ----------------------------------------------------------------------------------
  mainBalance(ticker?: string, o?: CallOptions): Promise<MainBalances> {
    return this.client.signedPost(
      '/api/v4/main-account/balance',
      defined({ ticker }),
      // With a ticker the exchange answers that one balance, `{main_balance}`, not a map.
      (json) => parseMainBalances(ticker && isSingleMainBalance(json) ? { [ticker]: json } : json),
      o,
    );
  }
  tradeBalance(ticker?: string, o?: CallOptions): Promise<TradeBalances> {
    // Keyed by ticker, with a ticker too (`{"BTC": {available, freeze}}`); without one, only the
    // non-zero balances are listed.
    return this.client.signedPost(
      '/api/v4/trade-account/balance',
      defined({ ticker }),
      parseTradeBalances,
      o,
    );
  }

  // Orders ------------------------------------------------------------------------------------
  /** One attempt at creating an order. Use placeOrder() (orders.ts), which reconciles failures. */
  createOrder(input: PlaceOrderInput & { clientOrderId: string }, o?: CallOptions): Promise<Order> {
    const fields = defined({
      market: input.market,
      side: input.side,
      amount: input.amount,
      ...(input.kind === 'limit'
        ? { price: input.price, postOnly: input.postOnly, ioc: input.ioc }
        : {}),
      client_order_id: input.clientOrderId,
      clientOrderId: input.clientOrderId,
      stp: input.stp,
    });
    return this.client.signedPost(ORDER_PATHS[input.kind], fields, parseOrder, o);
  }
  cancelOrder(
    market: string,
    id: { orderId: number } | { clientOrderId: string },
    o?: CallOptions,
  ): Promise<Order> {
    const fields =
      'orderId' in id
        ? { market, orderId: id.orderId }
        : { market, clientOrderId: id.clientOrderId };
    return this.client.signedPost('/api/v4/order/cancel', fields, parseOrder, o);
  }
  /** Cancels an OCO or OTO order, both legs; the exchange answers `[]`. */
  cancelConditional(market: string, id: number, o?: CallOptions): Promise<true> {
    return this.client.signedPost(
      '/api/v4/order/conditional-cancel',
      { market, id },
      parseEmptyObject,
      o,
    );
  }
  activeOrders(query: OrderQuery = {}, o?: CallOptions): Promise<Order[]> {
    return this.client.signedPost(
      '/api/v4/orders',
      defined({
        market: query.market,
        ...ids(query.orderId, query.clientOrderId),
        offset: query.offset,
        limit: query.limit,
      }),
      parseOrders,
      o,
    );
  }
  conditionalOrders(query: PageQuery = {}, o?: CallOptions): Promise<ConditionalPage> {
    return this.client.signedPost(
      '/api/v4/orders/conditional',
      defined({ ...query }),
      parseConditionalPage,
      o,
    );
  }
  ocoOrders(query: PageQuery = {}, o?: CallOptions): Promise<OcoOrder[]> {
    return this.client.signedPost('/api/v4/orders/oco', defined({ ...query }), parseOcoOrders, o);
  }
  orderHistory(query: OrderHistoryQuery = {}, o?: CallOptions): Promise<ExecutedOrders> {
    return this.client.signedPost(
      '/api/v4/trade-account/order/history',
      defined({
        market: query.market,
        ...ids(query.orderId, query.clientOrderId),
        startDate: query.startDate,
        endDate: query.endDate,
        offset: query.offset,
        limit: query.limit,
      }),
      parseExecutedOrders,
      o,
    );
  }

  // Main account ------------------------------------------------------------------------------
  depositWithdrawHistory(query: TransferQuery = {}, o?: CallOptions): Promise<HistoryPage> {
    return this.client.signedPost(
      '/api/v4/main-account/history',
      defined({
        transactionMethod: query.transactionMethod,
        ticker: query.ticker,
        address: query.address,
        addresses: query.addresses,
        memo: query.memo,
        unique_id: query.uniqueId,
        status: query.status,
        offset: query.offset,
        limit: query.limit,
      }),
      parseHistoryPage,
      o,
    );
  }

  // Flex --------------------------------------------------------------------------------------
  flexPlans(o?: CallOptions): Promise<FlexPlan[]> {
    return this.client.signedPost('/api/v4/main-account/smart-flex/plans', {}, parseFlexPlans, o);
  }
  flexInvestments(query: FlexInvestmentQuery = {}, o?: CallOptions): Promise<FlexInvestmentPage> {
    const { status, ...rest } = query;
    return this.client.signedPost(
      '/api/v4/main-account/smart-flex/investments',
      defined({
        ...rest,
        investmentStatus: status === undefined ? undefined : status === 'ACTIVE' ? 1 : 0,
      }),
      parseFlexInvestments,
      o,
    );
  }
  flexPayments(query: FlexPaymentQuery = {}, o?: CallOptions): Promise<FlexPaymentPage> {
    return this.client.signedPost(
      '/api/v4/main-account/smart-flex/investments/payment-history',
      defined({ ...query }),
      parseFlexPayments,
      o,
    );
  }
  flexInvest(
    plan: string,
    amount: Decimal,
    withReinvest: boolean,
    o?: CallOptions,
  ): Promise<FlexTransaction> {
    return this.client.signedPost(
      '/api/v4/main-account/smart-flex/investments/invest',
      { plan, amount, withReinvest },
      parseFlexTransaction,
      o,
    );
  }
  flexClose(plan: string, o?: CallOptions): Promise<FlexTransaction> {
    return this.client.signedPost(
      '/api/v4/main-account/smart-flex/investments/close',
      { plan },
      parseFlexTransaction,
      o,
    );
  }

  // Mining ------------------------------------------------------------------------------------
  hashrate(query: HashrateQuery, o?: CallOptions): Promise<HashrateSeries> {
    return this.client.signedPost('/api/v4/mining/hashrate', { ...query }, parseHashrate, o);
  }

  // Sub-accounts ------------------------------------------------------------------------------
  subAccounts(
    query: { search?: string; offset?: number; limit?: number } = {},
    o?: CallOptions,
  ): Promise<SubAccountPage> {
    return this.client.signedPost(
      '/api/v4/sub-account/list',
      defined({ ...query }),
      parseSubAccounts,
      o,
    );
  }
  blockSubAccount(id: string, o?: CallOptions): Promise<true> {
    return this.client.signedPost('/api/v4/sub-account/block', { id }, parseEmptyObject, o);
  }
  unblockSubAccount(id: string, o?: CallOptions): Promise<true> {
    return this.client.signedPost('/api/v4/sub-account/unblock', { id }, parseEmptyObject, o);
  }
}
