import { randomBytes } from 'node:crypto';
import type {
  Assets,
  Candle,
  ConditionalPage,
  Decimal,
  ExecutedDeals,
  ExecutedOrders,
  Fees,
  FlexInvestmentPage,
  FlexInvestmentStatus,
  FlexPaymentPage,
  FlexPlan,
  FlexTransaction,
  HashratePoint,
  HashrateSeries,
  MinerInfo,
  PayoutDestination,
  MiningAccount,
  MiningReward,
  TransfersScreen,
  KillSwitchTimer,
  MainBalances,
  Market,
  OcoOrder,
  Order,
  OrderBook,
  OrderDealsPage,
  OrderSide,
  PublicTrade,
  SubAccountPage,
  SubAccountBalance,
  SubAccountTransferPage,
  SubTransferDirection,
  ConvertHistoryPage,
  ConvertQuote,
  Ticker,
  TradeBalances,
  MiningPool,
  WatcherExpiry,
  WatcherLink,
  WatcherPermission,
  DepositAddress,
} from '../../shared/model';
import type { CallOptions, ExchangeClient } from './client';
import {
  parseAssets,
  parseConditionalPage,
  parseEmptyObject,
  parseTransferDone,
  parseExecutedDeals,
  parseExecutedOrders,
  parseFees,
  parseFlexInvestments,
  parseFlexPayments,
  parseFlexPlans,
  parseFlexTransaction,
  parseHashrate,
  parseMinerInfo,
  parsePayoutDestination,
  parseMiningAccounts,
  parseWorkerHashrate,
  parseWorkerNames,
  parseMiningRewards,
  parseHistoryPage,
  parseKillSwitch,
  parseKillSwitchTimers,
  parseKline,
  parseMainBalances,
  parseMarkets,
  parseOcoOrder,
  parseOcoOrders,
  parseOrder,
  parseOrderBook,
  parseOrderDeals,
  parseOrders,
  parsePing,
  parsePublicTrades,
  parseServerTime,
  parseSubAccounts,
  parseSubAccountBalances,
  parseSubAccountTransferDone,
  parseSubAccountTransfers,
  parseConvertDone,
  parseConvertHistory,
  parseConvertQuote,
  parseTicker,
  parseTradeBalances,
  parseWebsocketToken,
  parseCreatedWatcherLink,
  parseWatcherLinks,
  parseMiningPool,
  parseDepositAddress,
} from './schemas';

/**
 * A typed function for every endpoint of the specification and of §6. Request fields go out in the
 * specification's names; ids that the deployed server spells in camelCase go out in both (§4).
 */

/** mining/rewards: limit 1..100, offset 0..10,000; from/to Unix seconds, both included. */
export interface MiningRewardsQuery {
  account: string;
  from?: number;
  to?: number;
  limit: number;
  offset: number;
}
/** The highest offset mining/rewards accepts. */
export const MINING_REWARDS_MAX_OFFSET = 10_000;

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
  /** Looks one order up (whatever the dates and status); first over clientOrderId. */
  orderId?: number;
  clientOrderId?: string;
  /** Default ALL. */
  status?: 'ALL' | 'FILLED' | 'CANCELED' | 'PARTIALLY_FILLED';
  /** Unix seconds; at most 31 days apart. */
  startDate?: number;
  endDate?: number;
  offset?: number;
  /** 1..500. */
  limit?: number;
}

/** executed-history: deals newest first. */
export interface DealQuery {
  /** With a market the exchange answers a flat list; keyed by market without. */
  market?: string;
  /** That order's deals (an unknown one is refused, code 30 `orderHistory`). */
  clientOrderId?: string;
  /** Unix seconds. */
  startDate?: number;
  endDate?: number;
  offset?: number;
  /** 1..500, default 50. */
  limit?: number;
}

/** v1 kline. */
export interface KlineQuery {
  /** 1s, 10s, 30s, 1m, 3m, 5m, 15m, 30m, 1h (default), 2h, 4h, 6h, 8h, 12h, 1d, 3d, 1w, 1M. */
  interval?: string;
  /** Unix seconds. */
  start?: number;
  end?: number;
  /** 1..1440 candles, default 1440. */
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

/** A stop-market order: `amount` is money for a buy, stock for a sell. */
export interface StopMarketInput extends OrderCommon {
  /** A buy triggers when the price rises to it, a sell when the price falls to it. */
  activationPrice: Decimal;
}

/** A stop-limit order: once activated, a limit order at `price`. */
export interface StopLimitInput extends StopMarketInput {
  price: Decimal;
}

export const ORDER_KINDS = [
  'stock_market',
  'market',
  'limit',
  'stop_limit',
  'stop_market',
] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export type PlaceOrderInput =
  | ({ kind: 'stock_market' } & OrderCommon)
  | ({ kind: 'market' } & OrderCommon)
  | ({ kind: 'limit' } & LimitOrderInput)
  | ({ kind: 'stop_limit' } & StopLimitInput)
  | ({ kind: 'stop_market' } & StopMarketInput);

export const ORDER_PATHS: Record<OrderKind, string> = {
  stock_market: '/api/v4/order/stock_market',
  market: '/api/v4/order/market',
  limit: '/api/v4/order/new',
  stop_limit: '/api/v4/order/stop_limit',
  stop_market: '/api/v4/order/stop_market',
};

/** What order/modify changes: at least one of amount, total, price, activationPrice. */
export interface OrderChange {
  /** Stock; for a buy stop-market order use `total`. */
  amount?: Decimal;
  /** Money: the amount of a buy stop-market order. */
  total?: Decimal;
  price?: Decimal;
  /** Stop orders not yet activated. */
  activationPrice?: Decimal;
  stp?: Stp;
}

/** The order types cancel-all and the kill-switch act on (omitted: all of them). */
export type OrderScope = 'spot' | 'margin' | 'futures';

/** An order by id or by client order id. */
export type OrderId = { orderId: number } | { clientOrderId: string };

export function newClientOrderId(): string {
  return `desk-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
}

/** Drops undefined values so the signed body holds only what was asked for. */
function defined(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) if (fields[key] !== undefined) out[key] = fields[key];
  return out;
}

/** A one-asset main balance answer (`{main_balance: "1"}`), in either casing. */
function isSingleMainBalance(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const record = json as Record<string, unknown>;
  const value = record.main_balance ?? record.mainBalance;
  return value !== undefined && (typeof value !== 'object' || value === null);
}

/** One identifier, as order/cancel, order/modify and order/oco-cancel take it. */
const oneId = (id: OrderId) =>
  'orderId' in id ? { orderId: id.orderId } : { clientOrderId: id.clientOrderId };

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

  /** The levels within 2 % of the last price, as an order book. */
  orderBookDepth(market: string, o?: CallOptions): Promise<OrderBook> {
    const path = `/api/v4/public/orderbook/depth/${encodeURIComponent(market)}`;
    return this.client.publicGet(path, undefined, (json) => parseOrderBook(json, path), o);
  }
  /** The 100 most recent trades, newest first (of one side when asked). */
  trades(
    market: string,
    query: { type?: OrderSide } = {},
    o?: CallOptions,
  ): Promise<PublicTrade[]> {
    const path = `/api/v4/public/trades/${encodeURIComponent(market)}`;
    return this.client.publicGet(path, query, (json) => parsePublicTrades(json, path), o);
  }
  /** Deposit and withdrawal fees and limits of every asset. */
  fees(o?: CallOptions): Promise<Fees> {
    return this.client.publicGet('/api/v4/public/fee', undefined, parseFees, o);
  }
  /** Candles, oldest first (the v1 kline: the one the exchange documents). */
  kline(market: string, query: KlineQuery = {}, o?: CallOptions): Promise<Candle[]> {
    return this.client.publicGet('/api/v1/public/kline', { market, ...query }, parseKline, o);
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
      ...(input.kind === 'stop_limit' ? { price: input.price } : {}),
      ...(input.kind === 'stop_limit' || input.kind === 'stop_market'
        ? { activation_price: input.activationPrice }
        : {}),
      client_order_id: input.clientOrderId,
      clientOrderId: input.clientOrderId,
      stp: input.stp,
    });
    return this.client.signedPost(ORDER_PATHS[input.kind], fields, parseOrder, o);
  }
  cancelOrder(market: string, id: OrderId, o?: CallOptions): Promise<Order> {
    return this.client.signedPost('/api/v4/order/cancel', { market, ...oneId(id) }, parseOrder, o);
  }
  /**
   * Changes an active limit, stop-limit or stop-market order. The exchange cancels it and places a
   * replacement with a NEW order id (same client order id), which it answers.
   */
  modifyOrder(market: string, id: OrderId, change: OrderChange, o?: CallOptions): Promise<Order> {
    return this.client.signedPost(
      '/api/v4/order/modify',
      defined({ market, ...oneId(id), ...change }),
      parseOrder,
      o,
    );
  }
  /** Cancels every open order of a market, or of all markets; the exchange answers `[]`. */
  cancelAllOrders(
    query: { market?: string; types?: OrderScope[] } = {},
    o?: CallOptions,
  ): Promise<true> {
    return this.client.signedPost(
      '/api/v4/order/cancel/all',
      defined({ market: query.market, type: query.types }),
      parseEmptyObject,
      o,
    );
  }
  /**
   * Sets the market's kill-switch: unless called again within `timeoutSeconds` (5..600), the
   * exchange cancels the market's orders. `null` deletes the timer (answer: null).
   */
  setKillSwitch(
    market: string,
    timeoutSeconds: number | null,
    types?: OrderScope[],
    o?: CallOptions,
  ): Promise<KillSwitchTimer | null> {
    return this.client.signedPost(
      '/api/v4/order/kill-switch',
      defined({
        market,
        timeout: timeoutSeconds === null ? null : String(timeoutSeconds),
        types,
      }),
      parseKillSwitch,
      o,
    );
  }
  killSwitchStatus(market?: string, o?: CallOptions): Promise<KillSwitchTimer[]> {
    return this.client.signedPost(
      '/api/v4/order/kill-switch/status',
      defined({ market }),
      parseKillSwitchTimers,
      o,
    );
  }
  /** Cancels an OCO order (by its id, or a leg's client order id); answers it, legs canceled. */
  cancelOco(market: string, id: OrderId, o?: CallOptions): Promise<OcoOrder> {
    return this.client.signedPost(
      '/api/v4/order/oco-cancel',
      { market, ...oneId(id) },
      parseOcoOrder,
      o,
    );
  }
  /** Cancels an OTO order (its primary order); the exchange answers `[]`. */
  cancelOto(market: string, otoId: number, o?: CallOptions): Promise<true> {
    return this.client.signedPost(
      '/api/v4/order/oto-cancel',
      { market, otoId },
      parseEmptyObject,
      o,
    );
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
        status: query.status,
        startDate: query.startDate,
        endDate: query.endDate,
        offset: query.offset,
        limit: query.limit,
      }),
      parseExecutedOrders,
      o,
    );
  }
  /** Deals (fills) of the account's orders, newest first, keyed by market. */
  executedDeals(query: DealQuery = {}, o?: CallOptions): Promise<ExecutedDeals> {
    const { market } = query;
    return this.client.signedPost(
      '/api/v4/trade-account/executed-history',
      defined({ ...query }),
      // With a market the exchange answers a flat list of that market's deals.
      (json) => parseExecutedDeals(market && Array.isArray(json) ? { [market]: json } : json),
      o,
    );
  }
  /** One order's deals, newest first; an unknown order has none. */
  orderDeals(
    orderId: number,
    query: { offset?: number; limit?: number } = {},
    o?: CallOptions,
  ): Promise<OrderDealsPage> {
    return this.client.signedPost(
      '/api/v4/trade-account/order',
      defined({ orderId, ...query }),
      parseOrderDeals,
      o,
    );
  }

  // Main account ------------------------------------------------------------------------------
  depositWithdrawHistory(query: TransferQuery = {}, o?: CallOptions): Promise<TransfersScreen> {
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

  // Stream ------------------------------------------------------------------------------------
  /**
   * A token for the live stream's `authorize` (private WebSocket). A secret: never logged, kept, or
   * sent to the renderer. The exchange allows 10 a minute.
   */
  websocketToken(o?: CallOptions): Promise<string> {
    return this.client.signedPost('/api/v4/profile/websocket_token', {}, parseWebsocketToken, o);
  }

  // Mining ------------------------------------------------------------------------------------
  hashrate(query: HashrateQuery, o?: CallOptions): Promise<HashrateSeries> {
    return this.client.signedPost('/api/v4/mining/hashrate', { ...query }, parseHashrate, o);
  }

  miningAccounts(o?: CallOptions): Promise<MiningAccount[]> {
    return this.client.signedPost('/api/v4/mining/accounts', {}, parseMiningAccounts, o);
  }

  /** One page of the names of the workers online now (at most 100, by name). */
  workerNames(
    query: { account: string; offset: number; limit: number },
    o?: CallOptions,
  ): Promise<string[]> {
    return this.client.signedPost(
      '/api/v4/mining/workers/names',
      { ...query },
      parseWorkerNames,
      o,
    );
  }

  /** One worker's hashrate (H/s points; the exchange answers TH/s). */
  workerHashrate(
    query: HashrateQuery & { worker: string },
    o?: CallOptions,
  ): Promise<HashratePoint[]> {
    return this.client.signedPost(
      '/api/v4/mining/workers/hashrate',
      { ...query },
      parseWorkerHashrate,
      o,
    );
  }

  /** Where the account's rewards are paid. */
  payoutDestination(
    account: string,
    o?: CallOptions,
  ): Promise<Omit<PayoutDestination, 'account' | 'fetchedAt'>> {
    return this.client.signedPost(
      '/api/v4/mining/payout-destination',
      { accountName: account },
      parsePayoutDestination,
      o,
    );
  }

  /** Changes where the account's rewards are paid (an API key alone may: the page guards it). */
  editPayoutDestination(
    input: { account: string; destination: PayoutDestination['destination']; address?: string },
    o?: CallOptions,
  ): Promise<Omit<PayoutDestination, 'account' | 'fetchedAt'>> {
    return this.client.signedPost(
      '/api/v4/mining/payout-destination/edit',
      {
        accountName: input.account,
        destination: input.destination,
        ...(input.address === undefined ? {} : { address: input.address }),
      },
      parsePayoutDestination,
      o,
    );
  }

  minerInfo(account: string, o?: CallOptions): Promise<MinerInfo> {
    return this.client.signedPost('/api/v4/mining/miners/info', { account }, parseMinerInfo, o);
  }

  /** The account's active watcher links (at most 3; none can be revoked through the API). */
  watcherLinks(account: string, o?: CallOptions): Promise<WatcherLink[]> {
    return this.client.signedPost(
      '/api/v4/mining/watcher-links/list',
      { account },
      parseWatcherLinks,
      o,
    );
  }

  /** A new read-only watcher link of `accounts` (the exchange refuses a 4th: "Limit exceeded"). */
  createWatcherLink(
    input: {
      accounts: string[];
      name: string;
      permissions: WatcherPermission[];
      liveUntil: WatcherExpiry;
    },
    o?: CallOptions,
  ): Promise<Pick<WatcherLink, 'id' | 'link' | 'liveUntil' | 'createdAt'>> {
    return this.client.signedPost(
      '/api/v4/mining/watcher-links/create',
      { ...input },
      parseCreatedWatcherLink,
      o,
    );
  }

  /** The whole pool's figures now (public; hashrate in H/s). */
  miningPool(o?: CallOptions): Promise<Omit<MiningPool, 'fetchedAt'>> {
    return this.client.publicGet('/api/v4/public/mining-pool', undefined, parseMiningPool, o);
  }

  /**
   * One page of an account's daily rewards dated in [from, to] (Unix seconds), newest first. The
   * exchange caps `offset` at 10,000 (MINING_REWARDS_MAX_OFFSET): beyond it, shrink the window.
   */
  miningRewards(query: MiningRewardsQuery, o?: CallOptions): Promise<MiningReward[]> {
    return this.client.signedPost(
      '/api/v4/mining/rewards',
      defined({ ...query }),
      (json) => parseMiningRewards(json),
      o,
    );
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

  // Deposit addresses --------------------------------------------------------------------------
  /** The asset's current deposit address on a network (absent: the asset's default network). */
  depositAddress(
    ticker: string,
    network?: string,
    o?: CallOptions,
  ): Promise<Omit<DepositAddress, 'ticker' | 'network' | 'fetchedAt'>> {
    return this.client.signedPost(
      '/api/v4/main-account/address',
      defined({ ticker, network }),
      parseDepositAddress,
      o,
    );
  }
  /**
   * A fresh deposit address (the exchange enables this per account, on request; the ones made
   * before stay valid). HTTP 201.
   */
  createDepositAddress(
    ticker: string,
    network?: string,
    o?: CallOptions,
  ): Promise<Omit<DepositAddress, 'ticker' | 'network' | 'fetchedAt'>> {
    const path = '/api/v4/main-account/create-new-address';
    return this.client.signedPost(
      path,
      defined({ ticker, network }),
      (json) => parseDepositAddress(json, path),
      o,
    );
  }

  // Sub-account balances and transfers; convert ------------------------------------------------
  /** What one sub-account holds (assets with a balance), main and trade. */
  subAccountBalances(id: string, o?: CallOptions): Promise<SubAccountBalance[]> {
    return this.client.signedPost(
      '/api/v4/sub-account/balances',
      { id },
      parseSubAccountBalances,
      o,
    );
  }
  /**
   * Moves `amount` of `ticker` between the main account and a sub-account; answers the exchange's
   * transaction id. Not idempotent: services/subAccounts.ts sends it once and reconciles a lost
   * answer.
   */
  transferSubAccount(
    input: { id: string; direction: SubTransferDirection; ticker: string; amount: Decimal },
    o?: CallOptions,
  ): Promise<string> {
    return this.client.signedPost(
      '/api/v4/sub-account/transfer',
      { id: input.id, direction: input.direction, amount: input.amount, ticker: input.ticker },
      parseSubAccountTransferDone,
      o,
    );
  }
  /** One sub-account's transfers, newest first (limit 1..100). */
  subAccountTransfers(
    query: { id: string; direction?: SubTransferDirection; offset?: number; limit?: number },
    o?: CallOptions,
  ): Promise<SubAccountTransferPage> {
    return this.client.signedPost(
      '/api/v4/sub-account/transfer/history',
      defined({ ...query }),
      parseSubAccountTransfers,
      o,
    );
  }
  /** A quote for giving `amount` of `from` (direction `from`) or receiving it in `to` (`to`). */
  convertEstimate(
    input: { from: string; to: string; direction: 'from' | 'to'; amount: Decimal },
    o?: CallOptions,
  ): Promise<ConvertQuote> {
    return this.client.signedPost('/api/v4/convert/estimate', { ...input }, parseConvertQuote, o);
  }
  /** Confirms a quote: what was given and received. Not idempotent (a used quote is refused). */
  convertConfirm(quoteId: string, o?: CallOptions): Promise<{ give: Decimal; receive: Decimal }> {
    return this.client.signedPost('/api/v4/convert/confirm', { quoteId }, parseConvertDone, o);
  }
  /** Converts, newest first: `from`/`to` Unix seconds (at most 30 days apart), limit 1..100. */
  convertHistory(
    query: {
      fromTicker?: string;
      toTicker?: string;
      quoteId?: string;
      from?: number;
      to?: number;
      offset?: number;
      limit?: number;
    } = {},
    o?: CallOptions,
  ): Promise<ConvertHistoryPage> {
    return this.client.signedPost(
      '/api/v4/convert/history',
      defined({
        ...query,
        from: query.from === undefined ? undefined : String(query.from),
        to: query.to === undefined ? undefined : String(query.to),
      }),
      parseConvertHistory,
      o,
    );
  }

  // Main ↔ trade ------------------------------------------------------------------------------
  /**
   * Moves `amount` of `ticker` between the main and the trade (`spot`) balance. Not idempotent and
   * never retried: services/balanceTransfer.ts sends it once and reconciles a lost answer.
   */
  transferBalance(
    ticker: string,
    amount: Decimal,
    from: BalanceSide,
    to: BalanceSide,
    o?: CallOptions,
  ): Promise<true> {
    return this.client.signedPost(
      '/api/v4/main-account/transfer',
      { ticker, amount, from: EXCHANGE_SIDE[from], to: EXCHANGE_SIDE[to] },
      parseTransferDone,
      o,
    );
  }
}

/** The user's two balances of one account: main (deposits land) and trade (orders spend). */
export type BalanceSide = 'main' | 'trade';
const EXCHANGE_SIDE: Record<BalanceSide, string> = { main: 'main', trade: 'spot' };
