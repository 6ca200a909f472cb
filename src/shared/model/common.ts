/**
 * What several groups of the domain model share. Amounts, prices and fees are decimal strings
 * (never numbers); times are Unix milliseconds.
 */

/** A decimal number as a string, e.g. "0.001" (no exponent, never a float). */
export type Decimal = string;

/** Unix time in milliseconds. */
export type Millis = number;

export type OrderSide = 'buy' | 'sell';

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
