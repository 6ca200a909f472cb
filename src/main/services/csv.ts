import { stringify } from 'csv-stringify/sync';

/**
 * The app's one CSV writer (transfers, hashrate): a header row, CRLF between records, and text
 * from the exchange made safe for spreadsheets. A field that starts like a formula (=, +, -, @,
 * tab, CR) gets a leading apostrophe (csv-stringify's `escape_formulas`), and every field holding
 * a CR or LF (even a lone CR, which some readers take for a line break), a quote or the delimiter
 * is quoted, so one record is always one row.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify([[...header], ...rows.map((row) => [...row])], {
    record_delimiter: 'windows',
    escape_formulas: true,
    quoted_match: /[\r\n",]/,
  });
}
