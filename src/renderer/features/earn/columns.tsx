import { Amount } from '../../components/Amount';
import { decimalColumn } from '../../components/table/columns';
import type { Column } from '../../components/table/DataTable';

/** An amount in the row's own asset, at that asset's places (`placesOf`): right-aligned, sortable. */
export function amountColumn<Row extends { currency: string }>(
  id: string,
  header: string,
  value: (row: Row) => string,
  placesOf: (ticker: string) => number,
): Column<Row> {
  return decimalColumn(id, header, 'minmax(152px, 1fr)', value, (row) => (
    <Amount value={value(row)} places={placesOf(row.currency)} unit={row.currency} />
  ));
}
