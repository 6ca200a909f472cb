import type { Decimal, Millis } from './common';

/**
 * Taxes (issue 36): cost basis by lots, realised gains, income, open lots, the year-end snapshot
 * and the reconciliation of the lots against the balances. Every value is in the report's quote;
 * amounts are decimal strings.
 */

/** How a disposal takes lots: oldest first, newest first, highest cost first, or average cost. */
export type TaxMethod = 'fifo' | 'lifo' | 'hifo' | 'average';

/** The user's tax settings, kept in the history database per profile. */
export interface TaxSettings {
  /** The tax year's first month, 1 (January) to 12. */
  yearStartMonth: number;
  /** Held at least this many calendar months: long term (e.g. 12; 36 where a country says so). */
  longTermMonths: number;
  /** The method of each tax year the user chose, by year; a year not listed uses `defaultMethod`. */
  methods: Record<string, TaxMethod>;
  defaultMethod: TaxMethod;
}

/** One realised disposal (or the part of one taken from one lot). */
export interface RealizedGainRow {
  /** The disposal's id (unique per row: a disposal split over lots has one row per lot). */
  id: string;
  asset: string;
  amount: Decimal;
  /** When the units were acquired; null for units no lot holds (history older than the sync). */
  acquiredAt: Millis | null;
  disposedAt: Millis;
  proceeds: Decimal;
  cost: Decimal;
  fee: Decimal;
  /** proceeds − cost − fee. */
  gain: Decimal;
  term: 'short' | 'long';
  /** What disposed of the units. */
  source: 'sell' | 'convert' | 'spent';
  /** The lot came from a deposit whose cost the user has not entered. */
  costUnknown: boolean;
  /**
   * No close valued the disposal on its day (proceeds or fee): they stand as 0 in the sums, and
   * the row says so; absent when valued.
   */
  unvalued?: true;
}

/** Income: a mining reward or flex interest, valued at its day's close. */
export interface TaxIncomeRow {
  id: string;
  kind: 'mining' | 'interest';
  asset: string;
  at: Millis;
  amount: Decimal;
  /** Its value on the day; null when no close was known for that day. */
  value: Decimal | null;
}

/** A lot still held at the report's end (or now, for the current year). */
export interface OpenLotRow {
  id: string;
  asset: string;
  acquiredAt: Millis;
  amount: Decimal;
  cost: Decimal;
  /** Its value at the report's price; null: unpriced. */
  value: Decimal | null;
  /** value − cost; null: unpriced. */
  unrealized: Decimal | null;
  /** Whole days until it is long term; 0 when it already is. */
  daysToLongTerm: number;
  source: 'buy' | 'convert' | 'deposit' | 'income';
  costUnknown: boolean;
}

export interface TaxTotals {
  proceeds: Decimal;
  cost: Decimal;
  fees: Decimal;
  gain: Decimal;
  shortTermGain: Decimal;
  longTermGain: Decimal;
  income: Decimal;
  /** Sum of the open lots' unrealised gains; null when any open lot is unpriced. */
  unrealized: Decimal | null;
}

/** One asset held at the end of the tax year, with its cost and value then. */
export interface YearEndHolding {
  asset: string;
  amount: Decimal;
  cost: Decimal;
  /** The asset's close on the year's last day; null: unknown. */
  price: Decimal | null;
  value: Decimal | null;
}

/** Why the lots and the balance of an asset differ. */
export type ReconciliationCause =
  /** The balance holds more than the lots: history before the first synced record. */
  | 'history-older-than-sync'
  /** Deposits whose cost the user has not entered make up (part of) the lots. */
  | 'deposit-without-cost'
  /** Nothing known explains it (e.g. a balance changed outside the history). */
  | 'unexplained';

/** The holdings the lots imply against the exchange's balances now, one asset. */
export interface ReconciliationRow {
  asset: string;
  /** What the open lots hold now. */
  lots: Decimal;
  /** What the exchange's balances hold now (main + trade + flex, every counted account). */
  balance: Decimal;
  /** balance − lots. */
  difference: Decimal;
  cause: ReconciliationCause;
  /** A sentence for the user: what differs and the likely cause. */
  message: string;
}

/** A deposit whose cost is unknown until the user enters it or marks it their own transfer. */
export interface UnknownCostDeposit {
  /** The stored transfer's key. */
  key: string;
  asset: string;
  at: Millis;
  amount: Decimal;
  /** Its value at the day's close, used as its cost until the user says otherwise. */
  value: Decimal | null;
}

export interface TaxReport {
  year: number;
  method: TaxMethod;
  quote: string;
  /** The tax year's bounds, [from, to). */
  from: Millis;
  to: Millis;
  settings: TaxSettings;
  /** Tax years that have history, newest first (the year picker's list). */
  years: number[];
  /** The earliest record the history holds; null: none. */
  historyFrom: Millis | null;
  realized: RealizedGainRow[];
  income: TaxIncomeRow[];
  openLots: OpenLotRow[];
  totals: TaxTotals;
  yearEnd: { at: Millis; holdings: YearEndHolding[] };
  /** Only the assets that differ; empty when everything agrees. */
  reconciliation: ReconciliationRow[];
  unknownCostDeposits: UnknownCostDeposit[];
  computedAt: Millis;
  /** Display places per asset of the report (`currency_precision` of the public assets). */
  precisions?: Record<string, number>;
  /** Places of a value in the quote (quoteValuePlaces: 2 for fiat). */
  quotePlaces?: number;
}

/** The files tax tools import. */
export type TaxExportFormat = 'koinly' | 'cointracking' | 'realized' | 'ledger';
