import { stringify } from 'csv-stringify/sync';
import type { CsvExport } from '../../shared/model';

/**
 * The app's one CSV writer (transfers, hashrate, profit and loss): a header row, CRLF between
 * records, and text from the exchange made safe for spreadsheets. A field that starts like a
 * formula (=, +, -, @, tab, CR) gets a leading apostrophe (as csv-stringify's `escape_formulas`
 * does), except a plain negative number ("-12.5": a loss stays a number a spreadsheet can add up),
 * and every field holding a CR or LF (even a lone CR, which some readers take for a line break), a
 * quote or the delimiter is quoted, so one record is always one row.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
const defused = (field: string): string =>
  FORMULA_START.test(field) && !NEGATIVE_NUMBER.test(field) ? `'${field}` : field;

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify([[...header], ...rows.map((row) => [...row])], {
    record_delimiter: 'windows',
    cast: { string: defused },
    quoted_match: /[\r\n",]/,
  });
}

/**
 * Saves a file through a native dialog (Electron): the path, or undefined when the user cancels.
 * Absent in the web host, where the page downloads the file itself.
 */
export type SaveFile = (defaultName: string, text: string) => Promise<string | undefined>;

/** A CSV goes through the native save dialog (Electron) or back to the page to download. */
export async function deliverCsv(
  filename: string,
  csv: string,
  rows: number,
  saveFile: SaveFile | undefined,
): Promise<CsvExport> {
  if (!saveFile) return { filename, rows, csv };
  const savedTo = await saveFile(filename, csv);
  return savedTo ? { filename, rows, savedTo } : { filename, rows, cancelled: true };
}
