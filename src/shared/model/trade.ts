import type { Decimal, Millis, OrderSide } from './common';
import type { TradeBalance } from './portfolio';

/**
 * The exchange's public market data (markets, tickers, assets, fees, trades, candles, books) and
 * what the Trade screen needs about one market.
 */

export interface Market {
  /** e.g. "BTC_USDT". */
  name: string;
  stock: string;
  money: string;
  stockPrec: number;
  moneyPrec: number;
  feePrec: number;
  /** Percent strings: "0.1" = 0.1 %. */
  makerFee: Decimal;
  takerFee: Decimal;
  minAmount: Decimal;
  minTotal: Decimal;
  maxTotal: Decimal;
  tradesEnabled: boolean;
  /** e.g. "spot", "futures". */
  type: string;
}

export interface TickerEntry {
  lastPrice: Decimal;
  quoteVolume: Decimal;
  baseVolume: Decimal;
  /** Percent change over 24 h. */
  change: Decimal;
  isFrozen: boolean;
}

/** Market ("BTC_USDT") -> 24 h ticker. */
export type Ticker = Record<string, TickerEntry>;

export interface AssetNetworks {
  deposits: string[];
  withdraws: string[];
  default?: string;
}

/** What one network (or fiat provider) takes in one direction; absent: no limit given. */
export interface TransferLimits {
  min?: Decimal;
  max?: Decimal;
}

/** Network (or fiat provider) -> its limits, per direction. */
export interface AssetLimits {
  deposit: Record<string, TransferLimits>;
  withdraw: Record<string, TransferLimits>;
}

export interface Asset {
  /** The key the exchange listed it under, e.g. "BTC". */
  ticker: string;
  name: string;
  canDeposit: boolean;
  canWithdraw: boolean;
  currencyPrecision?: number;
  minDeposit?: Decimal;
  maxDeposit?: Decimal;
  minWithdraw?: Decimal;
  maxWithdraw?: Decimal;
  makerFee?: Decimal;
  takerFee?: Decimal;
  isMemo?: boolean;
  /** A memo (destination tag) is needed to deposit / to withdraw. */
  memo?: { deposit: boolean; withdraw: boolean };
  networks?: AssetNetworks;
  limits?: AssetLimits;
  /** Network -> confirmations required. */
  confirmations?: Record<string, number>;
  /** Fiat: the payment providers (what a fiat transfer names as its network). */
  providers?: { deposits: string[]; withdraws: string[] };
}

/** Ticker -> asset. */
export type Assets = Record<string, Asset>;

/** A fee by percentage, bounded by a minimum and a maximum fee (all in the asset). */
export interface FlexFee {
  /** "1.5" = 1.5 %. */
  percent: Decimal;
  minFee?: Decimal;
  maxFee?: Decimal;
}

/** What a deposit or a withdrawal costs and may be. */
export interface TransferFee {
  /** The direction is open (is_depositable / is_withdrawal; absent means closed). */
  enabled: boolean;
  minAmount?: Decimal;
  /** "0": no upper limit. */
  maxAmount?: Decimal;
  fixed?: Decimal;
  flex?: FlexFee;
}

/** A fiat payment provider's fees (its id is what a fiat transfer names as its network). */
export interface ProviderFees {
  id: string;
  name: string;
  deposit?: TransferFee;
  withdraw?: TransferFee;
}

/** An asset's deposit and withdrawal fees: crypto has them flat, fiat per payment provider. */
export interface AssetFees {
  ticker: string;
  name: string;
  deposit?: TransferFee;
  withdraw?: TransferFee;
  providers: ProviderFees[];
}

/** Ticker -> fees (/public/fee). */
export type Fees = Record<string, AssetFees>;

/** A trade of a market's public tape. */
export interface PublicTrade {
  tradeId: number;
  price: Decimal;
  /** In the stock currency (the exchange's `quote_volume`). */
  amount: Decimal;
  /** In the money currency (the exchange's `base_volume`). */
  total: Decimal;
  time: Millis;
  /** The taker's side: buy took an ask, sell took a bid. */
  side: OrderSide;
  rpi: boolean;
}

/** A kline candle; volumes in the stock and in the money currency. */
export interface Candle {
  time: Millis;
  open: Decimal;
  close: Decimal;
  high: Decimal;
  low: Decimal;
  stockVolume: Decimal;
  moneyVolume: Decimal;
}

/** The chart's candle intervals (Trade), shortest first. */
export const CHART_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'] as const;
export type ChartInterval = (typeof CHART_INTERVALS)[number];

/** A market's candles of one interval, oldest first (at most CANDLES_PAGE a call). */
export interface CandleSeries {
  market: string;
  interval: ChartInterval;
  candles: Candle[];
  fetchedAt: Millis;
}

/** Candles a `trade.candles` call answers at most. */
export const CANDLES_PAGE = 300;

/** [price, quantity]. */
export type BookLevel = [Decimal, Decimal];

export interface OrderBook {
  tickerId: string;
  timestamp: Millis;
  asks: BookLevel[];
  bids: BookLevel[];
}

/** One market's last price and 24 h change (percent), as the Trade screen's market picker shows them. */
export interface MarketTicker {
  lastPrice: Decimal;
  change: Decimal;
}

/** Market ("BTC_USDT") -> its last price and 24 h change, from the public ticker. */
export interface MarketTickers {
  tickers: Record<string, MarketTicker>;
  fetchedAt: number;
}

/** What the Trade screen needs about one market, fetched together. */
export interface TradeContext {
  market: Market;
  book: OrderBook;
  /** Last trade price; null when the ticker has none. */
  lastPrice: Decimal | null;
  /** Trade-account balances of the market's two assets. */
  stock: TradeBalance;
  money: TradeBalance;
  fetchedAt: number;
}
