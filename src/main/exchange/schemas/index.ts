/**
 * Response schemas of the exchange API v4 (the spec and docs/api-v4-notes.md §6): each accepts the
 * specification's snake_case and the deployed server's casing, mixed per field (§4: `orderId` beside
 * `post_only` in an OCO leg, `main_balance`), and turns the answer into the one camelCase domain
 * model of src/shared/model/.
 *
 * How casing is handled: every RECORD schema (`record(...)`) camelCases its own field names before
 * validating (`deal_money` -> `dealMoney`; when both spellings are present the camelCase one wins).
 * Map schemas (balances, ticker, assets, executed orders keyed by market) never touch their keys, so
 * "BTC_USDT" stays "BTC_USDT".
 *
 * Leniency (decisions where the spec is silent):
 * - decimals: a decimal string (kept exactly as given) or a finite number (its shortest string);
 *   exponent forms ("1e-7") are written out; never float arithmetic;
 * - integers and booleans also accept their string forms ("8", "true", 0/1);
 * - optional fields: absent, null and "" all mean "absent"; PHP's `[]` stands for an empty object;
 * - times: Unix seconds (with fraction) -> ms, truncating below the millisecond, exactly (string
 *   arithmetic, no float rounding); a value >= 1e11 is taken to be ms already (1e11 s is year 5138);
 * - `stp` short forms (`cb`, `cn`, `co`) become the long ones; `side` is lower-cased;
 * - `postOnly`/`ioc` absent -> false; `clientOrderId` absent -> ''.
 *
 * Bounds (rule 9, docs/architecture.md: the exchange is untrusted, a hostile answer is an error, never a freeze):
 * - every decimal passes the shared rule `boundedDecimal` (src/shared/decimal.ts): at most 64
 *   characters, 30 digits each side of the point once written out, so "1e600000000" is refused
 *   instead of expanded; amounts, prices, fees, balances and minimums must not be negative (only a
 *   24 h change may be); precisions are whole numbers from 0 to 30;
 * - texts are clipped where they enter (TEXT_LIMITS, ending in "…"); OAuth tokens, which cannot be
 *   clipped, are refused beyond TEXT_LIMITS.token;
 * - lists and maps longer than MAX_ITEMS are refused before their items are read; map keys
 *   (tickers, markets) longer than TEXT_LIMITS.key are refused.
 */

export {
  parseConditionalPage,
  parseExecutedOrders,
  parseKillSwitch,
  parseKillSwitchTimers,
  parseOcoOrder,
  parseOcoOrders,
  parseOrder,
  parseOrders,
} from './orders';
export { parseMainBalances, parseTradeBalances } from './balances';
export { parseExecutedDeals, parseOrderDeals } from './deals';
export { parseFees } from './fees';
export { parseHistoryPage } from './transfers';
export {
  parseFlexInvestments,
  parseFlexPayments,
  parseFlexPlans,
  parseFlexTransaction,
} from './flex';
export {
  parseHashrate,
  parseMinerInfo,
  parseMiningAccounts,
  parsePayoutDestination,
  parseWorkerHashrate,
  parseWorkerNames,
  parseCreatedWatcherLink,
  parseWatcherLinks,
  parseMiningPool,
  parseMiningRewards,
} from './mining';
export { parseEmptyObject, parseSubAccounts, parseTransferDone } from './subAccounts';
export {
  parseSubAccountBalances,
  parseSubAccountTransferDone,
  parseSubAccountTransfers,
} from './subAccounts';
export { parseConvertDone, parseConvertHistory, parseConvertQuote } from './convert';
export { parseOAuthTokens } from './oauth';
export {
  parseAssets,
  parseKline,
  parseMarkets,
  parseOrderBook,
  parsePing,
  parsePublicTrades,
  parseServerTime,
  parseTicker,
} from './marketData';
export {
  parseBalanceUpdate,
  parseCandlesUpdate,
  parseDepthUpdate,
  parseExecutedOrderUpdate,
  parseLastPriceUpdate,
  parsePendingOrderUpdate,
  parsePong,
  parseStreamMessage,
  parseSubscribed,
  parseTradesUpdate,
  parseWebsocketToken,
  type DepthMessage,
  type OrderEventKind,
  type StreamMessage,
} from './stream';
export { parseDepositAddress } from './addresses';
