import { Amount } from '../../components/Amount';
import { decimalColumn } from '../../components/table/columns';
import type { Column } from '../../components/table/DataTable';
import { placesOf } from './format';

/** An amount in the row's own asset: right-aligned, with its own digits, sortable. */
export function amountColumn<Row extends { currency: string }>(
  id: string,
  header: string,
  value: (row: Row) => string,
): Column<Row> {
  return decimalColumn(id, header, 'minmax(120px, 1fr)', value, (row) => (
    <Amount value={value(row)} places={placesOf(value(row))} unit={row.currency} />
  ));
}
