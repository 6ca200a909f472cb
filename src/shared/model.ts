/** Domain model shared by main and renderer. Amounts are decimal strings, never numbers. */

export type ExchangeStatus =
  | { state: 'checking'; baseUrl: string }
  | { state: 'online'; baseUrl: string; latencyMs: number; checkedAt: number }
  | { state: 'offline'; baseUrl: string; reason: string; checkedAt: number };

export type Region = 'demo' | 'global' | 'eu' | 'custom';

export interface OAuthState {
  /** Partner client id and secret are saved (in the keychain). */
  partnerConfigured: boolean;
  connected: boolean;
  /** Unix ms. */
  accessExpiresAt?: number;
  refreshExpiresAt?: number;
  /** Why the last connect attempt failed. */
  error?: string;
}

/** A profile as the renderer sees it: never a secret, only the key's last 4 characters. */
export interface ProfileSummary {
  id: string;
  name: string;
  region: Region;
  baseUrl: string;
  isDemo: boolean;
  /** Last 4 characters of the API key. */
  keyHint?: string;
  /** Unix ms of the last successful verification. */
  verifiedAt?: number;
  /** Capabilities the key lacks, e.g. "Earn (flex)". */
  missingPermissions: string[];
  oauth: OAuthState;
}

export interface KeychainState {
  available: boolean;
  message?: string;
  fix?: string;
}

export interface ProfilesState {
  profiles: ProfileSummary[];
  activeId: string;
  keychain: KeychainState;
  /** Where the OAuth redirect arrives (app-wide; main always sends it). */
  oauthRedirect?: OAuthRedirect;
  /**
   * Something the user should know from main's start: the stored active profile could not be
   * opened (what it is, why, what to do) and the app is on Demo instead; the history file was set
   * aside, or could not be opened.
   */
  notice?: string;
}

/** The loopback listener of the OAuth connect flow. */
export interface OAuthRedirect {
  /** 1024-65535; 53682 unless the user chose another. */
  port: number;
  /** `http://127.0.0.1:<port>/callback`: the redirect URI to register in the partner app. */
  redirectUri: string;
}

export interface AppInfo {
  version: string;
  platform: string;
  /** Where the app keeps profiles (names, never keys) and the demo exchange; null: in memory. */
  dataDir: string | null;
}

/**
 * Automatic updates: `disabled` in development, in the web host and in a build without an update
 * feed (`message` says which); `message` is also why the last check, download or install failed.
 */
export interface UpdateStatus {
  state:
    | 'disabled'
    | 'idle'
    | 'checking'
    | 'available'
    | 'not-available'
    | 'downloading'
    | 'downloaded'
    | 'error';
  version?: string;
  /** Download progress, 0-100. */
  percent?: number;
  transferred?: number;
  total?: number;
  message?: string;
  /**
   * Installing goes through the system's package manager (a .deb, .rpm or pacman install), which
   * asks for the administrator's password: only on "Restart and install", never on quit.
   */
  asksForPassword?: boolean;
}

/** The computer went to sleep, or woke up (views reload what went stale meanwhile). */
export interface PowerEvent {
  state: 'suspended' | 'resumed';
  at: number;
}

export interface LockState {
  /** A passcode is set. */
  enabled: boolean;
  locked: boolean;
  idleMinutes: number;
  /**
   * Unix ms until which passcode tries are refused unchecked (after too many wrong ones); absent
   * when a try may be made now.
   */
  retryAt?: number;
  /**
   * The lock entry could not be read from the keychain: why, and what to do. The app stays locked;
   * `lock.status` reads the keychain again (the lock screen's Try again).
   */
  error?: string;
}

export interface OAuthConnectStart {
  authorizeUrl: string;
  /** True when main opened it in the system browser; false: the page should open it (web host). */
  openedExternally: boolean;
}

// ---------------------------------------------------------------------------------------------
// Exchange domain model (issue 4). One camelCase shape, whatever casing the exchange answered in
// (src/main/exchange/schemas.ts turns both into these). Amounts, prices and fees are decimal strings
// (never numbers); times are Unix milliseconds.
// ---------------------------------------------------------------------------------------------

/** A decimal number as a string, e.g. "0.001" (no exponent, never a float). */
export type Decimal = string;

/** Unix time in milliseconds. */
export type Millis = number;

export type OrderSide = 'buy' | 'sell';

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

/** Main (funding) account: ticker -> balance. Zero balances may be missing. */
export type MainBalances = Record<string, Decimal>;

export interface TradeBalance {
  available: Decimal;
  freeze: Decimal;
}

/** Trade (spot) account: ticker -> available and frozen funds. */
export type TradeBalances = Record<string, TradeBalance>;

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

/** [price, quantity]. */
export type BookLevel = [Decimal, Decimal];

export interface OrderBook {
  tickerId: string;
  timestamp: Millis;
  asks: BookLevel[];
  bids: BookLevel[];
}

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

export interface HistoryPage {
  limit: number;
  offset: number;
  /** Total number of records (for paging). */
  total: number;
  records: DepositWithdraw[];
}

export interface FlexPlan {
  /** UUID. */
  id: string;
  ticker: string;
  minInvestment: Decimal;
  maxInvestment: Decimal;
  maxRate: Decimal;
}

/** The exchange answers 1 (ACTIVE) or 0 (CLOSED); the specification names them. */
export type FlexInvestmentStatus = 'ACTIVE' | 'CLOSED';

export interface FlexInvestment {
  id: string;
  planId: string;
  currency: string;
  invested: Decimal;
  withAutoReinvest: boolean;
  status: FlexInvestmentStatus;
  createdAt: Millis;
  updatedAt: Millis;
}

export interface FlexInvestmentPage {
  limit: number;
  offset: number;
  records: FlexInvestment[];
}

/** Interest paid on a flex investment: one DAILY_EARNING operation of payment-history. */
export interface FlexPayment {
  transactionId: string;
  investmentId: string;
  planId: string;
  /** The investment's asset: the amount's unit. */
  currency: string;
  amount: Decimal;
  createdAt: Millis;
}

export interface FlexPaymentPage {
  limit: number;
  offset: number;
  records: FlexPayment[];
}

/** Answer of flex invest / close. */
export interface FlexTransaction {
  transactionId: string;
}

export interface HashratePoint {
  timestamp: Millis;
  hashrate: Decimal;
  /** Ratio: 0.01 = 1 %. */
  rejectRate?: number;
}

export interface HashrateSeries {
  account: string;
  points: HashratePoint[];
}

/** Hashrate intervals the exchange knows (api-v4-notes §5). */
export type HashrateInterval = '5m' | '1h' | '24h';

/** Statistics of a whole hashrate series, in H/s as decimal strings. */
export interface HashrateStats {
  /** The latest point's hashrate. */
  current: Decimal;
  average: Decimal;
  min: Decimal;
  max: Decimal;
}

/** What the Mining screen shows: one account's hashrate over [from, to], ready to draw. */
export interface MiningSeries {
  account: string;
  interval: HashrateInterval;
  /** Unix seconds, as asked. */
  from: number;
  to: number;
  /** Downsampled to at most the requested number of points (peaks and outages kept), by time. */
  points: HashratePoint[];
  /** Points the exchange answered with (after merging the chunks): the full series. */
  fetchedPoints: number;
  /** Requests sent to the exchange (the range split within its per-request limits). */
  requests: number;
  /** Over the FULL series; null when there is no point. */
  stats: HashrateStats | null;
  /** Mean reject rate (ratio, 0.01 = 1 %) over the points that carry one. */
  rejectRateAverage?: number;
  fetchedAt: Millis;
}

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

export interface OAuthTokens {
  accessToken: string;
  /** Lifetime of the access token in seconds. */
  expiresIn: number;
  refreshToken: string;
  scope: string[];
  /** "Bearer". */
  tokenType: string;
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

/** One fill of one of the account's orders (executed-history; one order's deals). */
export interface Deal {
  dealId: number;
  /** The order that filled (executed-history names it; one order's deals are that order's). */
  orderId?: number;
  clientOrderId: string;
  /** executed-history only. */
  side?: OrderSide;
  /** maker: the order rested on the book; taker: it matched when placed. */
  role: 'maker' | 'taker';
  price: Decimal;
  /** Stock. */
  amount: Decimal;
  /** Money: amount x price. */
  deal: Decimal;
  fee: Decimal;
  feeAsset?: string;
  time: Millis;
  /** The counterparty's order (one order's deals only). */
  dealOrderId?: number;
  rpi?: boolean;
}

/** Market -> deals in it, newest first (executed-history). */
export type ExecutedDeals = Record<string, Deal[]>;

/** One order's deals (trade-account/order); no total: a page shorter than `limit` is the last. */
export interface OrderDealsPage {
  offset: number;
  limit: number;
  records: Deal[];
}

/** A deal with the market it was made in (executed-history lists deals by market). */
export interface MarketDeal extends Deal {
  market: string;
}

/** One window of the history by API key: the range asked (clamped to what the exchange keeps). */
export interface HistoryWindowPage<T> {
  /** Newest first. */
  records: T[];
  /** Unix seconds, both ends included. */
  from: number;
  to: number;
  /** The earliest the exchange keeps (Unix seconds, 00:00 UTC six months ago). */
  earliest: number;
  /** More records than one window shows were there (the newest are shown). */
  capped: boolean;
  fetchedAt: number;
}

/** Executed orders of one window (trade-account/order/history). */
export type ApiOrdersPage = HistoryWindowPage<ExecutedOrder>;

/** Deals of one window (trade-account/executed-history). */
export type ApiDealsPage = HistoryWindowPage<MarketDeal>;

/** One order's deals, newest first (trade-account/order). */
export interface OrderDealsView {
  orderId: number;
  deals: Deal[];
  capped: boolean;
  fetchedAt: number;
}

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

/** One asset of the Overview, valued in the chosen quote currency. */
export interface PortfolioRow {
  ticker: string;
  name: string;
  main: Decimal;
  tradeAvailable: Decimal;
  tradeFrozen: Decimal;
  /** Invested in ACTIVE flex investments. */
  flex: Decimal;
  total: Decimal;
  /** Price of one unit in the quote currency; null when no market prices it. */
  price: Decimal | null;
  value: Decimal | null;
  /** Percent change over 24 h of its direct market in the quote, when there is one. */
  change24h: Decimal | null;
  /** Decimal places the exchange uses for this asset. */
  precision: number;
}

export interface PortfolioOverview {
  quote: string;
  /** Quote currencies the Overview can value in. */
  quotes: string[];
  rows: PortfolioRow[];
  /** Sum of the priced rows. */
  total: Decimal;
  /** Assets held that have no price in the quote currency (not counted in the total). */
  unpriced: string[];
  /** The key cannot read flex investments (HTTP 403): flex amounts are not included. */
  flexUnavailable: boolean;
  /** Unix ms when main fetched the data. */
  fetchedAt: number;
}

/** How far back the net-worth chart reaches (contract: NET_WORTH_RANGES). */
export type NetWorthRange = '1w' | '1m' | '3m' | '1y' | 'all';

/** One point of the net-worth series. */
export interface NetWorthPoint {
  /** Unix ms. */
  time: Millis;
  /**
   * The value of every priced holding in the quote at that time; null where it cannot be known
   * (inside an unexplained gap, or no price of any holding that day).
   */
  value: Decimal | null;
  /**
   * live: a snapshot the app recorded from the exchange's balances; backfill: reconstructed from
   * the balances walked back through the account's transactions, priced with that day's close.
   */
  source: 'live' | 'backfill';
}

/**
 * A stretch the transactions the API shows cannot explain (a balance would go below zero walking
 * back, or a recorded snapshot differs from the reconstruction): the chart marks it, nothing is
 * invented across it.
 */
export interface NetWorthGap {
  from: Millis;
  to: Millis;
  /** The assets whose balance the transactions do not explain. */
  assets: string[];
  /** In words, for the chart's legend. */
  reason: string;
}

export interface NetWorthSeries {
  quote: string;
  range: NetWorthRange;
  /** Oldest first; at most one backfilled point a day, every live snapshot in the range. */
  points: NetWorthPoint[];
  gaps: NetWorthGap[];
  /**
   * The earliest time the series reaches (the first transaction the exchange shows, or the first
   * snapshot); null when there is nothing yet.
   */
  since: Millis | null;
  /** How far back the exchange answers history (deals and orders: six months). */
  historyLimit: Millis;
  /** Assets held at some point without a daily price in the quote: not in the values. */
  unpriced: string[];
  /** Unix ms when main built the series. */
  fetchedAt: Millis;
}

/** One asset's profit and loss in the quote, by average cost with fees included. */
export interface ProfitLossRow {
  ticker: string;
  /** Held now (every account). */
  amount: Decimal;
  /** Average cost of one unit held; null when the cost of what is held is not known. */
  averageCost: Decimal | null;
  /** amount x averageCost. */
  costBasis: Decimal | null;
  /** From sells since the first transaction: proceeds less fees less average cost of what was sold. */
  realised: Decimal;
  /** Value now less cost basis; null when either is unknown. */
  unrealised: Decimal | null;
  /** Fees paid on this asset's deals, in the quote. */
  fees: Decimal;
  /** Price now in the quote; null when no market prices it. */
  price: Decimal | null;
  /**
   * Some of what is held came in before the first transaction the exchange shows (or without a
   * price that day): its cost is taken at the first day's close and the row says so.
   */
  estimated: boolean;
}

export interface ProfitLoss {
  quote: string;
  rows: ProfitLossRow[];
  totals: { costBasis: Decimal; realised: Decimal; unrealised: Decimal; fees: Decimal };
  /** The first transaction counted; null when there is none. */
  since: Millis | null;
  fetchedAt: Millis;
}

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

export interface TransfersPage {
  records: DepositWithdraw[];
  total: number;
  offset: number;
  limit: number;
  fetchedAt: number;
}

/** A CSV export: saved by main through a native dialog (Electron) or handed to the page to download. */
export interface CsvExport {
  filename: string;
  rows: number;
  /** The file's text, when the page has to save it (web host). */
  csv?: string;
  /** Where main saved it (Electron). */
  savedTo?: string;
  /** The user closed the save dialog. */
  cancelled?: boolean;
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

export interface FlexOverview {
  plans: FlexPlan[];
  investments: FlexInvestment[];
  /** Main-account balances (what an investment is paid from). */
  balances: MainBalances;
  /**
   * Decimal places of each plan's asset, from the public assets list; an asset missing here (the
   * list did not answer or does not name it) has no client check and the exchange judges.
   */
  precisions: Record<string, number>;
  fetchedAt: number;
}

/** What one investment has been paid so far (payments of one asset). */
export interface FlexInterest {
  investmentId: string;
  currency: string;
  /** The exact sum of the payments. */
  total: Decimal;
  count: number;
  /** The latest payment. */
  last: FlexPayment;
}

/** Interest paid on flex investments (flex.payments). */
export interface FlexPayments {
  /** Newest first. */
  records: FlexPayment[];
  /** Per investment (and asset), in the order of their latest payment, newest first. */
  interest: FlexInterest[];
  /** The exchange holds more than the app loads (10,000): the totals count only these. */
  capped: boolean;
  fetchedAt: number;
}

export interface SubAccountsView {
  records: SubAccount[];
  fetchedAt: number;
}

// ---- the exchange's WebSocket stream (main/stream) ------------------------------------------------

/**
 * Where the screens' data comes from: `live` the exchange's stream pushes it; `polling` the stream
 * is down (connecting, reconnecting, or refused) and the screens refresh over REST; `offline` the
 * exchange cannot be reached at all.
 */
export type StreamMode = 'live' | 'polling' | 'offline';

export interface StreamStatus {
  mode: StreamMode;
  /** Unix ms when this mode began. */
  since: Millis;
  /** Why it is not live, in plain words (absent when live). */
  reason?: string;
  /**
   * While live: the watched market whose book and trades the exchange refused to stream (its
   * screen polls them instead), and in how long it is asked again.
   */
  noBook?: { market: string; retryInMs: number };
}

/** Last prices pushed by the stream: market -> price (only the markets that moved). */
export interface StreamPrices {
  prices: Record<string, Decimal>;
  at: Millis;
}

/** The live order book of the watched market, merged in main (best levels first, bounded). */
export interface StreamBook {
  market: string;
  book: OrderBook;
}

/** The watched market's latest public trades, newest first (bounded). */
export interface StreamTrades {
  market: string;
  trades: PublicTrade[];
}

/** Trade-account balances that changed (only those assets). */
export interface StreamBalances {
  balances: TradeBalances;
  at: Millis;
}

/**
 * An order of the profile changed: `new` placed and resting, `update` part-filled or modified,
 * `finish` gone from the active list (filled or canceled: see `order.status`, `dealStock`).
 */
export interface OrderChange {
  event: 'new' | 'update' | 'finish';
  order: Order;
}

/**
 * Orders of the profile that changed since the last push, each once with its latest change
 * (main coalesces them: a few pushes a second at most), at most ACTIVE_CAP.
 */
export interface StreamOrders {
  changes: OrderChange[];
  at: Millis;
}

/**
 * The stream (re)connected, or the app was unlocked: what a push may have missed must be loaded
 * again over REST. (A depth update_id gap is repaired in main with a fresh snapshot instead.)
 */
export interface StreamResync {
  at: Millis;
}
