/**
 * The field names of the demo exchange's answers: one table per record, giving each field's name on
 * the wire in the two casings the demo answers in.
 *
 * - `deployed` (the default): as the deployed server answers, field by field, after the exchange's
 *   OpenAPI (the OpenAPI files of whitebit-exchange/docs): order records camelCase (`orderId`, `dealMoney`); the
 *   legs of `/oco-orders` mixed (`orderId` beside `post_only` and `activation_price`), those of
 *   `/conditional-orders` camelCase (`postOnly`, `activationPrice`) under `stopLoss`/`takeProfit`;
 *   main balance `main_balance`; transfers `unique_id` beside `createdAt`.
 * - `spec`: as the specification (docs/exchange-api-v4.md) names them (`order_id`, `deal_money`,
 *   `stop_loss`, legs with `takerFee`/`makerFee`); where it names no fields (the endpoints of notes
 *   §6, public market data), as deployed.
 *
 * A table maps the demo's own name of a field (camelCase, as in its state) to `[deployed, spec]`; a
 * plain string is the same name in both; `null` means that casing does not send the field. A record
 * lists its fields in the table's order. `wire(TABLE, casing, values)` builds one record: every field
 * of the table must be given a value (undefined: not sent in this answer); other properties of
 * `values` are not sent, so a state record can be given as it is.
 *
 * Requests are accepted in either casing: `field(body, 'client_order_id')` reads `client_order_id`
 * or `clientOrderId`. Error bodies name a request field as the casing does (`ERROR_FIELDS`).
 */
export type Casing = 'deployed' | 'spec';

/** Every casing the demo answers in (its tests and the app's run in each, describe.each). */
export const CASINGS: readonly Casing[] = ['deployed', 'spec'];

type Name = string | readonly [deployed: string | null, spec: string | null];
type Table = Readonly<Record<string, Name>>;

function nameIn(name: Name, casing: Casing): string | null {
  return typeof name === 'string' ? name : name[casing === 'deployed' ? 0 : 1];
}

/** One record of `table` in `casing`: fields whose value is undefined, or that the casing lacks, are left out. */
export function wire<T extends Table>(
  table: T,
  casing: Casing,
  values: { readonly [K in keyof T]: unknown },
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const given = values as Readonly<Record<string, unknown>>;
  for (const [key, name] of Object.entries(table)) {
    const wireName = nameIn(name, casing);
    if (wireName !== null && given[key] !== undefined) out[wireName] = given[key];
  }
  return out;
}

// ---- orders (http-trade-v4.yaml) ---------------------------------------------------------------

/** The fields every order shape starts with. */
const ORDER_HEAD = {
  orderId: ['orderId', 'order_id'],
  clientOrderId: ['clientOrderId', 'client_order_id'],
  market: 'market',
  side: 'side',
  type: 'type',
  timestamp: 'timestamp',
  dealMoney: ['dealMoney', 'deal_money'],
  dealStock: ['dealStock', 'deal_stock'],
  amount: 'amount',
  left: 'left',
  dealFee: ['dealFee', 'deal_fee'],
  price: 'price',
} as const;

/**
 * The fee ratios of an order record: the deployed server sends them (client libraries read them;
 * notes §4 names them on order records) though OrderResponse does not name them; the
 * specification names them on conditional legs only.
 */
const ORDER_FEES = {
  takerFee: ['takerFee', null],
  makerFee: ['makerFee', null],
} as const;

/** An order: order/new, order/market, order/stock_market, order/cancel, orders (OrderResponse). */
export const ORDER = {
  ...ORDER_HEAD,
  ...ORDER_FEES,
  postOnly: 'postOnly',
  ioc: 'ioc',
  status: 'status',
  stp: 'stp',
  oto: 'oto',
  rpi: 'rpi',
  // Cancel, active orders and modify only: "spot order-creation responses do not include the field".
  reduceOnly: ['reduceOnly', null],
  // A stop order's only (stop_limit, stop_market), as OrderResponse names them.
  activated: 'activated',
  activationCondition: 'activationCondition',
  activationPrice: 'activation_price',
} as const satisfies Table;

/** The OTO link of an order (OrderResponse.oto). */
export const OTO_LINK = {
  otoId: 'otoId',
  takeProfit: 'takeProfit',
  stopLoss: 'stopLoss',
} as const satisfies Table;

/** A kill-switch timer (kill-switch, kill-switch/status). */
export const KILL_SWITCH = {
  market: 'market',
  startTime: 'startTime',
  cancellationTime: 'cancellationTime',
  types: 'types',
} as const satisfies Table;

/** A leg of an OCO record in oco-orders (OcoOrderLeg; the spec's leg, without positionSide). */
export const OCO_LEG = {
  ...ORDER_HEAD,
  takerFee: [null, 'takerFee'],
  makerFee: [null, 'makerFee'],
  postOnly: 'post_only',
  mtime: 'mtime',
  status: 'status',
  stp: 'stp',
  activationPrice: 'activation_price',
  activationCondition: 'activation_condition',
  activated: 'activated',
  reduceOnly: ['reduceOnly', null],
} as const satisfies Table;

/** A leg of an OCO record in conditional-orders (ConditionalOrderLeg; the spec's leg). */
export const CONDITIONAL_LEG = {
  ...ORDER_HEAD,
  takerFee: [null, 'takerFee'],
  makerFee: [null, 'makerFee'],
  postOnly: ['postOnly', 'post_only'],
  mtime: 'mtime',
  status: 'status',
  stp: 'stp',
  activationPrice: ['activationPrice', 'activation_price'],
  activationCondition: ['activationCondition', 'activation_condition'],
  activated: 'activated',
  positionSide: 'positionSide',
  reduceOnly: ['reduceOnly', null],
} as const satisfies Table;

/** The order of an OTO record (deployed: an active order, OrderResponse; spec: a leg). */
export const OTO_ORDER = {
  ...ORDER_HEAD,
  takerFee: 'takerFee',
  makerFee: 'makerFee',
  postOnly: ['postOnly', 'post_only'],
  ioc: ['ioc', null],
  mtime: [null, 'mtime'],
  status: 'status',
  stp: 'stp',
  rpi: ['rpi', null],
  positionSide: 'positionSide',
  // A stop primary's only; the OTO link as an /orders record has it (deployed).
  activated: 'activated',
  activationCondition: ['activationCondition', 'activation_condition'],
  activationPrice: 'activation_price',
  oto: ['oto', null],
  reduceOnly: ['reduceOnly', null],
} as const satisfies Table;

/** An OCO record of oco-orders. */
export const OCO = {
  id: 'id',
  stopLoss: 'stop_loss',
  takeProfit: 'take_profit',
} as const satisfies Table;

/** An OCO record of conditional-orders. */
export const CONDITIONAL_OCO = {
  id: 'id',
  type: 'type',
  stopLoss: ['stopLoss', 'stop_loss'],
  takeProfit: ['takeProfit', 'take_profit'],
} as const satisfies Table;

/** An OTO record of conditional-orders. */
export const OTO = {
  id: 'id',
  type: 'type',
  stopLossPrice: 'stopLossPrice',
  takeProfitPrice: 'takeProfitPrice',
  conditionalOrder: 'conditionalOrder',
} as const satisfies Table;

export const CONDITIONAL_PAGE = {
  limit: 'limit',
  offset: 'offset',
  total: 'total',
  records: 'records',
} as const satisfies Table;

/**
 * A finished order of trade-account/order/history and accounts/orders, keyed by market (reference:
 * getOrderHistory; `positionSide` is left out for spot orders, as the server does).
 */
export const EXECUTED = {
  amount: 'amount',
  price: 'price',
  type: 'type',
  id: 'id',
  clientOrderId: 'clientOrderId',
  side: 'side',
  ctime: 'ctime',
  ftime: 'ftime',
  dealFee: 'dealFee',
  dealStock: 'dealStock',
  dealMoney: 'dealMoney',
  postOnly: 'postOnly',
  ioc: 'ioc',
  status: 'status',
  feeAsset: 'feeAsset',
  rpi: 'rpi',
  reduceOnly: 'reduceOnly',
} as const satisfies Table;

/** A deal of trade-account/executed-history (ExecutedDeal). */
export const EXECUTED_DEAL = {
  id: 'id',
  clientOrderId: 'clientOrderId',
  time: 'time',
  side: 'side',
  role: 'role',
  amount: 'amount',
  price: 'price',
  deal: 'deal',
  fee: 'fee',
  orderId: 'orderId',
  feeAsset: 'feeAsset',
} as const satisfies Table;

/** A deal of one order, as trade-account/order lists it (getOrderDeals). */
export const ORDER_DEAL = {
  time: 'time',
  fee: 'fee',
  price: 'price',
  amount: 'amount',
  id: 'id',
  dealOrderId: 'dealOrderId',
  clientOrderId: 'clientOrderId',
  role: 'role',
  deal: 'deal',
  feeAsset: 'feeAsset',
  rpi: 'rpi',
} as const satisfies Table;

/** trade-account/order: the page of one order's deals. */
export const ORDER_DEALS_PAGE = {
  records: 'records',
  offset: 'offset',
  limit: 'limit',
} as const satisfies Table;

export const TRADE_BALANCE = { available: 'available', freeze: 'freeze' } as const satisfies Table;

// ---- main account, flex, mining, sub-accounts (main_api_v4.yaml) -------------------------------

export const MAIN_BALANCE = { mainBalance: 'main_balance' } as const satisfies Table;

/** main-account/history: the page. */
export const TRANSFER_PAGE = {
  limit: 'limit',
  offset: 'offset',
  records: 'records',
  total: 'total',
} as const satisfies Table;

/** A deposit or withdrawal (TransactionHistory). */
export const TRANSFER = {
  address: 'address',
  uniqueId: 'unique_id',
  createdAt: 'createdAt',
  currency: 'currency',
  ticker: 'ticker',
  method: 'method',
  amount: 'amount',
  description: 'description',
  memo: 'memo',
  fee: 'fee',
  status: 'status',
  network: 'network',
  transactionHash: 'transactionHash',
  transactionId: 'transaction_id',
  details: 'details',
  confirmations: 'confirmations',
} as const satisfies Table;

export const TRANSFER_DETAILS = { partial: 'partial' } as const satisfies Table;

export const TRANSFER_PARTIAL = {
  requestAmount: 'requestAmount',
  processedAmount: 'processedAmount',
  processedFee: 'processedFee',
  normalizeTransaction: 'normalizeTransaction',
} as const satisfies Table;

export const CONFIRMATIONS = { actual: 'actual', required: 'required' } as const satisfies Table;

/** A deposit address (main-account/address, create-new-address): the account and its limits. */
export const DEPOSIT_ADDRESS = {
  account: 'account',
  required: 'required',
} as const satisfies Table;

/** The address itself; `memo` only where the network takes one. */
export const DEPOSIT_ACCOUNT = { address: 'address', memo: 'memo' } as const satisfies Table;

/** What a deposit on that address needs: its fees and limits ("0" maximum: none). */
export const DEPOSIT_REQUIRED = {
  fixedFee: 'fixedFee',
  flexFee: 'flexFee',
  maxAmount: 'maxAmount',
  minAmount: 'minAmount',
} as const satisfies Table;

export const DEPOSIT_FLEX_FEE = {
  maxFee: 'maxFee',
  minFee: 'minFee',
  percent: 'percent',
} as const satisfies Table;

/** `{data: ...}`: the envelope of flex transactions, hashrate and OAuth tokens. */
export const DATA = { data: 'data' } as const satisfies Table;

/** What flex invest and close answer inside `data`. */
export const TRANSACTION = { transactionId: 'transaction_id' } as const satisfies Table;

export const FLEX_PLAN = {
  id: 'id',
  ticker: 'ticker',
  minInvestment: 'minInvestment',
  maxInvestment: 'maxInvestment',
  maxRate: 'maxRate',
} as const satisfies Table;

export const FLEX_PAGE = {
  data: 'data',
  limit: 'limit',
  offset: 'offset',
} as const satisfies Table;

export const FLEX_INVESTMENT = {
  id: 'id',
  planId: 'planId',
  currency: 'currency',
  invested: 'invested',
  withAutoReinvest: 'withAutoReinvest',
  status: 'status',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} as const satisfies Table;

/** An interest payment (payment-history): the reference's mixed names in both casings. */
export const FLEX_PAYMENT = {
  createdAt: 'createdAt',
  planId: 'planId',
  investmentId: 'investmentId',
  currency: 'currency',
  amount: 'amount',
  transactionId: 'transaction_id',
  actionType: 'actionType',
} as const satisfies Table;

export const HASHRATE = { account: 'account', hashrate: 'hashrate' } as const satisfies Table;

export const HASHRATE_POINT = {
  timestamp: 'timestamp',
  hashrate: 'hashrate',
  rejectRate: 'rejectRate',
} as const satisfies Table;

/**
 * The mining pool's records (main_api_v4.yaml, Mining Pool): camelCase in both casings (the
 * specification names no fields for them).
 */
export const MINING_ACCOUNT = { name: 'name', createdAt: 'createdAt' } as const satisfies Table;

/** mining/accounts, mining/rewards: `{data, limit, offset}`; workers/names holds `{workers}`. */
export const MINING_PAGE = {
  data: 'data',
  limit: 'limit',
  offset: 'offset',
} as const satisfies Table;

export const WORKER_NAMES = { workers: 'workers' } as const satisfies Table;

export const WORKER_HASHRATES = { hashrates: 'hashrates' } as const satisfies Table;

export const WORKER_POINT = { time: 'time', hashrate: 'hashrate' } as const satisfies Table;

export const MINER_INFO = {
  fee: 'fee',
  workers: 'workers',
  stratum: 'stratum',
} as const satisfies Table;

export const WORKER_COUNTS = {
  online: 'online',
  offline: 'offline',
  low: 'low',
} as const satisfies Table;

export const STRATUM = { url: 'url', workersCount: 'workersCount' } as const satisfies Table;

/** MiningReward. */
export const MINING_REWARD = {
  miningAccountName: 'miningAccountName',
  payoutDestination: 'payoutDestination',
  payoutTransactionHash: 'payoutTransactionHash',
  payoutAddress: 'payoutAddress',
  payoutTime: 'payoutTime',
  rewardCurrency: 'rewardCurrency',
  totalReward: 'totalReward',
  reward: 'reward',
  fee: 'fee',
  fppsRate: 'fppsRate',
  hashRate: 'hashRate',
  date: 'date',
  status: 'status',
} as const satisfies Table;

/** payout-destination and its edit: no `data` envelope. */
export const PAYOUT = {
  payoutDestination: 'payoutDestination',
  externalAddress: 'externalAddress',
} as const satisfies Table;

/** watcher-links/list (watcher-links/create answers the same without accounts, name, permissions). */
export const WATCHER_LINK = {
  id: 'id',
  accounts: 'accounts',
  name: 'name',
  link: 'link',
  permissions: 'permissions',
  liveUntil: 'liveUntil',
  createdAt: 'createdAt',
} as const satisfies Table;

/** public/mining-pool (http-v4.yaml): snake_case in both casings. */
export const MINING_POOL = {
  connectionLinks: 'connection_links',
  location: 'location',
  assets: 'assets',
  rewardSchemes: 'reward_schemes',
  workers: 'workers',
  currentHashRate: 'current_hash_rate',
  last7daysHashRate: 'last7days_hash_rate',
  blocks: 'blocks',
} as const satisfies Table;

export const POOL_POINT = { timestamp: 'timestamp', hashrate: 'hashrate' } as const satisfies Table;

export const POOL_BLOCK = {
  blockFoundAt: 'block_found_at',
  blockHeight: 'block_height',
} as const satisfies Table;

export const SUB_ACCOUNT_PAGE = {
  offset: 'offset',
  limit: 'limit',
  data: 'data',
} as const satisfies Table;

export const SUB_ACCOUNT = {
  id: 'id',
  alias: 'alias',
  userId: 'userId',
  email: 'email',
  status: 'status',
} as const satisfies Table;

/** A sub-account's balance of one asset (sub-account/balances: each ticker maps to `[record]`). */
export const SUB_BALANCE = {
  main: 'main',
  spot: 'spot',
  collateral: 'collateral',
} as const satisfies Table;

/** What sub-account/transfer answers. */
export const SUB_TRANSFER_DONE = { transactionId: 'transaction_id' } as const satisfies Table;

/** A record of sub-account/transfer/history (SubAccountTransfer; `id` is the deprecated twin). */
export const SUB_TRANSFER = {
  transactionId: 'transaction_id',
  id: 'id',
  direction: 'direction',
  currency: 'currency',
  amount: 'amount',
  createdAt: 'createdAt',
} as const satisfies Table;

/** A convert quote (convert/estimate). */
export const CONVERT_QUOTE = {
  id: 'id',
  from: 'from',
  to: 'to',
  give: 'give',
  receive: 'receive',
  rate: 'rate',
  expireAt: 'expireAt',
} as const satisfies Table;

/** What convert/confirm answers. */
export const CONVERT_DONE = {
  finalGive: 'finalGive',
  finalReceive: 'finalReceive',
} as const satisfies Table;

/** A record of convert/history, and one step of its `path`. */
export const CONVERT_RECORD = {
  id: 'id',
  date: 'date',
  give: 'give',
  receive: 'receive',
  rate: 'rate',
  path: 'path',
} as const satisfies Table;

export const CONVERT_STEP = { from: 'from', to: 'to', rate: 'rate' } as const satisfies Table;

export const CONVERT_PAGE = {
  records: 'records',
  total: 'total',
  limit: 'limit',
  offset: 'offset',
} as const satisfies Table;

// ---- public market data (http-v4.yaml) and OAuth (oauth2.yaml) --------------------------------

export const SERVER_TIME = { time: 'time' } as const satisfies Table;

/** platform/status: "system operational" or "system maintenance". */
export const PLATFORM_STATUS = { status: 'status' } as const satisfies Table;

/** A v1 market: the v4 one's first nine fields. */
export const V1_MARKET = {
  name: 'name',
  stock: 'stock',
  money: 'money',
  stockPrec: 'stockPrec',
  moneyPrec: 'moneyPrec',
  feePrec: 'feePrec',
  makerFee: 'makerFee',
  takerFee: 'takerFee',
  minAmount: 'minAmount',
} as const satisfies Table;

export const MARKET = {
  ...V1_MARKET,
  minTotal: 'minTotal',
  maxTotal: 'maxTotal',
  tradesEnabled: 'tradesEnabled',
  isCollateral: 'isCollateral',
  type: 'type',
  isTradFiFutures: 'isTradFiFutures',
  delistedAt: 'delistedAt',
} as const satisfies Table;

export const TICKER = {
  baseId: 'base_id',
  quoteId: 'quote_id',
  lastPrice: 'last_price',
  quoteVolume: 'quote_volume',
  baseVolume: 'base_volume',
  isFrozen: 'isFrozen',
  change: 'change',
} as const satisfies Table;

/** An asset of /public/assets (http-v4.yaml, Asset): crypto with networks, fiat with providers. */
export const ASSET = {
  name: 'name',
  unifiedCryptoassetId: 'unified_cryptoasset_id',
  canWithdraw: 'can_withdraw',
  canDeposit: 'can_deposit',
  minWithdraw: 'min_withdraw',
  maxWithdraw: 'max_withdraw',
  makerFee: 'maker_fee',
  takerFee: 'taker_fee',
  minDeposit: 'min_deposit',
  maxDeposit: 'max_deposit',
  currencyPrecision: 'currency_precision',
  isMemo: 'is_memo',
  memo: 'memo',
  providers: 'providers',
  networks: 'networks',
  limits: 'limits',
  confirmations: 'confirmations',
} as const satisfies Table;

/** An asset's memo: whether deposits and withdrawals take one. */
export const ASSET_MEMO = { deposit: 'deposit', withdraw: 'withdraw' } as const satisfies Table;

/** An asset's networks: the ids open in each direction and the default. */
export const ASSET_NETWORKS = {
  deposits: 'deposits',
  withdraws: 'withdraws',
  default: 'default',
} as const satisfies Table;

/** A fiat asset's payment providers, by direction. */
export const ASSET_PROVIDERS = {
  deposits: 'deposits',
  withdraws: 'withdraws',
} as const satisfies Table;

/** An asset's limits: each direction keyed by network (or provider). */
export const ASSET_LIMITS = { deposit: 'deposit', withdraw: 'withdraw' } as const satisfies Table;

/** The limits of one network in one direction ("max" absent: no upper limit). */
export const LIMIT = { min: 'min', max: 'max' } as const satisfies Table;

/** An asset of /public/fee (http-v4.yaml, FeeInfo). */
export const FEE = {
  isDepositable: 'is_depositable',
  isWithdrawal: 'is_withdrawal',
  isApiWithdrawal: 'is_api_withdrawal',
  isApiDepositable: 'is_api_depositable',
  ticker: 'ticker',
  name: 'name',
  providers: 'providers',
  withdraw: 'withdraw',
  deposit: 'deposit',
} as const satisfies Table;

/** A fee of one direction: crypto flat, or one fiat provider's. */
export const FEE_DETAIL = {
  isDepositable: 'is_depositable',
  isWithdrawal: 'is_withdrawal',
  isApiDepositable: 'is_api_depositable',
  isApiWithdrawal: 'is_api_withdrawal',
  ticker: 'ticker',
  name: 'name',
  maxAmount: 'max_amount',
  minAmount: 'min_amount',
  fixed: 'fixed',
  flex: 'flex',
} as const satisfies Table;

/** A percentage fee with its bounds. */
export const FEE_FLEX = {
  percent: 'percent',
  minFee: 'min_fee',
  maxFee: 'max_fee',
} as const satisfies Table;

/** A trade of /public/trades/{market}. */
export const TRADE = {
  tradeId: 'tradeID',
  price: 'price',
  quoteVolume: 'quote_volume',
  baseVolume: 'base_volume',
  tradeTimestamp: 'trade_timestamp',
  type: 'type',
  rpi: 'rpi',
} as const satisfies Table;

/** The v1 envelope (kline): `{success, message, result}`. */
export const V1_ENVELOPE = {
  success: 'success',
  message: 'message',
  result: 'result',
} as const satisfies Table;

/** The v1 tickers' fields: `ticker` adds `open` and `volume`, `tickers` adds `vol`. */
const V1_TICKER_COMMON = {
  bid: 'bid',
  ask: 'ask',
  low: 'low',
  high: 'high',
  last: 'last',
  deal: 'deal',
  change: 'change',
} as const satisfies Table;

export const V1_TICKER = {
  open: 'open',
  ...V1_TICKER_COMMON,
  volume: 'volume',
} as const satisfies Table;

export const V1_TICKERS_TICKER = { ...V1_TICKER_COMMON, vol: 'vol' } as const satisfies Table;

export const V1_TICKERS_ENTRY = { ticker: 'ticker', at: 'at' } as const satisfies Table;

export const V1_DEPTH = { asks: 'asks', bids: 'bids' } as const satisfies Table;

export const V1_DEAL = {
  id: 'id',
  time: 'time',
  price: 'price',
  amount: 'amount',
  type: 'type',
} as const satisfies Table;

export const ORDER_BOOK = {
  tickerId: 'ticker_id',
  timestamp: 'timestamp',
  asks: 'asks',
  bids: 'bids',
} as const satisfies Table;

export const OAUTH_TOKEN = {
  accessToken: 'access_token',
  expiresIn: 'expires_in',
  refreshToken: 'refresh_token',
  scope: 'scope',
  tokenType: 'token_type',
} as const satisfies Table;

// ---- requests and the names errors give them ----------------------------------------------------

/**
 * Request fields whose name differs between the casings, as error bodies name them (the deployed
 * server: `{"clientOrderId": ["ClientOrderId field should be a string."]}`). The key is the name the
 * demo's validation reports (the specification's); other error fields keep their name.
 */
const ERROR_FIELDS = {
  client_order_id: ['clientOrderId', 'client_order_id'],
  order_id: ['orderId', 'order_id'],
  start_date: ['startDate', 'start_date'],
  end_date: ['endDate', 'end_date'],
} as const satisfies Table;

/** An error body (`{code, message, errors}`) with each request field in `errors` named as `casing` names it. */
export function errorBody(body: unknown, casing: Casing): unknown {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return body;
  const { errors } = body;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return body;
  const names: Table = ERROR_FIELDS;
  const named: Record<string, unknown> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const name = names[key];
    named[(name && nameIn(name, casing)) ?? key] = messages;
  }
  return { ...body, errors: named };
}

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/;

export function snakeToCamel(key: string): string {
  return SNAKE.test(key)
    ? key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
    : key;
}

/** A request field in either casing: `field(body, 'client_order_id')` reads it or `clientOrderId`. */
export function field(body: Record<string, unknown>, snake: string): unknown {
  if (body[snake] !== undefined) return body[snake];
  const camel = snakeToCamel(snake);
  return camel === snake ? undefined : body[camel];
}

/** True when either casing of the request field is present (even null). */
export function has(body: Record<string, unknown>, snake: string): boolean {
  return snake in body || snakeToCamel(snake) in body;
}
