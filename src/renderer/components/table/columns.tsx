import type { ReactNode } from 'react';
import type { OrderSide } from '../../../shared/model';
import { compareDecimal } from '../../lib/decimal';
import { marketLabel } from '../../lib/format';
import { Time } from '../ViewParts';
import type { Column } from './DataTable';

/*
 * The columns every table repeats, one way each: text, a decimal, a time, a market, a side, a
 * status, the row's actions (and in ids.tsx a copyable id, in rowActions.tsx the actions' busy and
 * error). A view lists its columns with these and writes out only what is its own. Only types come
 * from DataTable, and nothing here copies: Overview's first paint has these without the table.
 */

/** Buy/sell in words and colour (the word carries the meaning; the colour only helps). */
function SideLabel({ side }: { side: OrderSide }) {
  return <span className={`side side-${side}`}>{side === 'buy' ? 'Buy' : 'Sell'}</span>;
}

/** A column of text, sorted by that text; `cell` shows it otherwise (default: the text itself). */
export function textColumn<Row>(
  id: string,
  header: string,
  width: string,
  text: (row: Row) => string,
  cell: (row: Row) => ReactNode = text,
): Column<Row> {
  return { id, header, width, cell, sort: (a, b) => text(a).localeCompare(text(b)) };
}

/** A ticker, an alias or a plan's name set as a ticker (bold), sorted by its text. */
export function tickerColumn<Row>(
  id: string,
  header: string,
  width: string,
  text: (row: Row) => string,
  title?: (row: Row) => string,
): Column<Row> {
  return textColumn(id, header, width, text, (row) => (
    <span title={title?.(row)} className="ticker">
      {text(row)}
    </span>
  ));
}

/** A decimal (an amount, a price, a rate): right-aligned, sorted as a decimal (null first). */
export function decimalColumn<Row>(
  id: string,
  header: string,
  width: string,
  value: (row: Row) => string | null,
  cell: (row: Row) => ReactNode,
): Column<Row> {
  return {
    id,
    header,
    align: 'right',
    width,
    cell,
    sort: (a, b) => compareDecimal(value(a), value(b)),
  };
}

/** A local time with seconds (Unix ms), sorted by time: "Time" unless told otherwise. */
export function timeColumn<Row>(
  at: (row: Row) => number,
  {
    id = 'time',
    header = 'Time',
    width = '184px',
    cell = (row: Row) => <Time ms={at(row)} />,
  }: { id?: string; header?: string; width?: string; cell?: (row: Row) => ReactNode } = {},
): Column<Row> {
  return { id, header, width, cell, sort: (a, b) => at(a) - at(b) };
}

/** The exchange's market name, shown as "BTC/USDT", sorted by name. */
export function marketColumn<Row>(market: (row: Row) => string, width = '96px'): Column<Row> {
  return textColumn('market', 'Market', width, market, (row) => marketLabel(market(row)));
}

/** Buy or sell in words and colour; "—" for a row without a side. */
export function sideColumn<Row>(
  side: (row: Row) => OrderSide | undefined,
  { sortable = false }: { sortable?: boolean } = {},
): Column<Row> {
  return {
    id: 'side',
    header: 'Side',
    width: '48px',
    cell: (row) => {
      const s = side(row);
      return s ? <SideLabel side={s} /> : <span className="muted">—</span>;
    },
    sort: sortable ? (a, b) => (side(a) ?? '').localeCompare(side(b) ?? '') : undefined,
  };
}

/** A row's status: `cell` shows it (a word, a badge), sorted by its text unless not `sortable`. */
export function statusColumn<Row>(
  status: (row: Row) => string,
  width: string,
  cell: (row: Row) => ReactNode,
  { sortable = true }: { sortable?: boolean } = {},
): Column<Row> {
  const column = textColumn('status', 'Status', width, status, cell);
  return sortable ? column : { ...column, sort: undefined };
}

/** What can be done with a row (buttons, and RowActions' error): last, in view when it scrolls. */
export function actionsColumn<Row>(
  header: string,
  width: string,
  cell: (row: Row) => ReactNode,
): Column<Row> {
  return { id: 'actions', header, width, pin: 'end', cell };
}
