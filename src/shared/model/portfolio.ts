import type { Decimal, Millis } from './common';

/** Balances, and what the Overview shows: their value, the net-worth series, profit and loss. */

/** Main (funding) account: ticker -> balance. Zero balances may be missing. */
export type MainBalances = Record<string, Decimal>;

export interface TradeBalance {
  available: Decimal;
  freeze: Decimal;
}

/** Trade (spot) account: ticker -> available and frozen funds. */
export type TradeBalances = Record<string, TradeBalance>;

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
  /**
   * Decimal places a value in the quote is written with (the one number rule): 2 for fiat, else
   * the quote asset's display precision (`currency_precision`).
   */
  quotePrecision: number;
  rows: PortfolioRow[];
  /** Sum of the priced rows. */
  total: Decimal;
  /** Assets held that have no price in the quote currency (not counted in the total). */
  unpriced: string[];
  /** The key cannot read flex investments (HTTP 403): flex amounts are not included. */
  flexUnavailable: boolean;
  /** Unix ms when main fetched the data. */
  fetchedAt: number;
  /**
   * The accounts counted (issue 34 item 4), main first: absent or only the main account for the
   * main account's own view. Flex is the main account's only.
   */
  accounts?: CountedAccount[];
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

/** The change of the net worth over one period up to now (the chart's headline). */
export interface NetWorthPeriod {
  id: 'today' | '7d' | '30d' | 'ytd';
  /** When the period starts (local midnight today, 7 and 30 days back, 1 January). */
  from: Millis;
  /** The value at its start and now, in the quote; null when either is not known. */
  start: Decimal | null;
  change: Decimal | null;
  /** change / start in percent; null when the start is zero or unknown. */
  percent: Decimal | null;
  /** The history begins after `from`: the change is counted from the start of the data. */
  fromStartOfData: boolean;
}

/** A deposit or a withdrawal inside the range: the chart marks it, so its step is explained. */
export interface NetWorthTransfer {
  time: Millis;
  kind: 'deposit' | 'withdraw';
  ticker: string;
  /** What reached (deposit) or left (withdraw) the balance, fee excluded. */
  amount: Decimal;
}

export interface NetWorthSeries {
  quote: string;
  range: NetWorthRange;
  /** Where the range begins (0 for all): when `since` is later, the range reaches the data's start. */
  from: Millis;
  /** Today, 7 d, 30 d and year-to-date, whatever the range shown. */
  periods: NetWorthPeriod[];
  /** Deposits and withdrawals inside the range, oldest first (at most MAX_TRANSFERS, the latest). */
  transfers: NetWorthTransfer[];
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

// The "all accounts" Overview (issue 34 item 4) ------------------------------------------------

/** The main account's id in an Overview scope; every other id is a sub-account's. */
export const MAIN_ACCOUNT = 'main';

/** One account an Overview counts: the main account ('main') or a sub-account by its id. */
export interface CountedAccount {
  id: string;
  /** "Main account", or the sub-account's alias. */
  alias: string;
}

/** Which accounts the Overview counts, and the ones that can be chosen (kept per profile). */
export interface OverviewAccounts {
  /** The ids counted: 'main' and chosen sub-account ids that exist. */
  counted: string[];
  /** Every account that can be counted, the main account first. */
  choices: CountedAccount[];
  fetchedAt: Millis;
}
