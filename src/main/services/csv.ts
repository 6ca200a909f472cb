import { stringify } from 'csv-stringify/sync';
import { DeskFailure, ErrorCode } from '../../shared/errors';
import type { CsvExport } from '../../shared/model';

/**
 * The app's one CSV writer (transfers, hashrate, profit and loss, snapshots): a header row, CRLF between
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
  return csvRows([header, ...rows]);
}

/** Rows in that form, each ended by CRLF: the whole of a CSV, or a piece of a long one. */
export function csvRows(rows: readonly (readonly string[])[]): string {
  return stringify(
    rows.map((row) => [...row]),
    { record_delimiter: 'windows', cast: { string: defused }, quoted_match: /[\r\n",]/ },
  );
}

/** A CSV's text, or its pieces in order (the header first), made as they are asked for. */
export type CsvSource = string | AsyncIterable<string>;

/**
 * Saves a file through a native dialog (Electron), writing the pieces as they come (a long CSV is
 * never held whole): the path, or undefined when the user cancels (then nothing is made). Absent
 * in the web host, where the page downloads the file itself.
 */
export type SaveFile = (
  defaultName: string,
  chunks: AsyncIterable<string>,
) => Promise<string | undefined>;

/** The largest CSV handed to the page whole (the web host), where it is one string of an answer. */
export const MAX_CSV_IN_ANSWER = 64 * 1024 * 1024;

async function* piecesOf(csv: CsvSource): AsyncGenerator<string> {
  if (typeof csv === 'string') yield csv;
  else yield* csv;
}

/** The whole text, for the page; a CSV over MAX_CSV_IN_ANSWER is refused as soon as it is. */
async function wholeText(csv: CsvSource): Promise<string> {
  if (typeof csv === 'string') return csv;
  const pieces: string[] = [];
  let length = 0;
  for await (const piece of csv) {
    length += piece.length;
    if (length > MAX_CSV_IN_ANSWER) {
      throw new DeskFailure(
        ErrorCode.TooLarge,
        'This CSV is larger than 64 MiB, too large to hand to the page whole. Export it from the ' +
          'desktop app, which writes it to the file as it is made.',
      );
    }
    pieces.push(piece);
  }
  return pieces.join('');
}

/**
 * A CSV goes through the native save dialog (Electron), written as it is made, or back to the page
 * to download. `rows` is read once the CSV is made (a CSV made as it is written counts its rows).
 */
export async function deliverCsv(
  filename: string,
  csv: CsvSource,
  rows: number | (() => number),
  saveFile: SaveFile | undefined,
): Promise<CsvExport> {
  const count = () => (typeof rows === 'number' ? rows : rows());
  if (!saveFile) {
    const text = await wholeText(csv);
    return { filename, rows: count(), csv: text };
  }
  const savedTo = await saveFile(filename, piecesOf(csv));
  return savedTo
    ? { filename, rows: count(), savedTo }
    : { filename, rows: count(), cancelled: true };
}

/**
 * A day in the user's local time, "2026-11-29": a file's name carries the day on the user's
 * clock, not UTC's (an export made at 01:00 in Auckland is named after that day).
 */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** The name of an export made now: "exchange-desk-<what>-<local day>.csv". */
export function csvFileName(what: string, now: number = Date.now()): string {
  return `exchange-desk-${what}-${localDay(now)}.csv`;
}
