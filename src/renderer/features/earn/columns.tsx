import { Amount } from '../../components/Amount';
import type { Column } from '../../components/DataTable';
import { compareDecimal } from '../../lib/decimal';
import { placesOf } from './format';

/** An amount in the row's own asset: right-aligned, with its own digits, sortable. */
export function amountColumn<Row extends { currency: string }>(
  id: string,
  header: string,
  value: (row: Row) => string,
): Column<Row> {
  return {
    id,
    header,
    align: 'right',
    width: 'minmax(120px, 1fr)',
    cell: (row) => <Amount value={value(row)} places={placesOf(value(row))} unit={row.currency} />,
    sort: (a, b) => compareDecimal(value(a), value(b)),
  };
}

/** A ticker or a plan's name, set as a ticker, sorted by its text. */
export function tickerColumn<Row>(
  id: string,
  header: string,
  width: string,
  label: (row: Row) => string,
): Column<Row> {
  return {
    id,
    header,
    width,
    cell: (row) => <span className="ticker">{label(row)}</span>,
    sort: (a, b) => label(a).localeCompare(label(b)),
  };
}
