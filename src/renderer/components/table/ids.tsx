import { Copyable } from '../CopyButton';
import type { Column } from './DataTable';

/**
 * An identifier with its copy button, copied whole: shown whole or as `shown` (shortened), the
 * whole one in its title unless `titled` is false (a short id shown whole); "—" when there is none.
 */
export function CopyableId({
  value,
  what,
  shown = value,
  titled = true,
}: {
  value: string;
  /** What it is, in words ("order id"): the copy button's name. */
  what: string;
  shown?: string;
  titled?: boolean;
}) {
  if (!value) return <span className="muted">—</span>;
  return (
    <Copyable value={value} what={what}>
      <span className="mono small" title={titled ? value : undefined}>
        {shown}
      </span>
    </Copyable>
  );
}

/** An order's id ("Id"), whole, with its copy button; sorted by number. */
export function orderIdColumn<Row>(id: (row: Row) => number): Column<Row> {
  return {
    id: 'id',
    header: 'Id',
    width: '112px',
    cell: (row) => <CopyableId value={String(id(row))} what="order id" titled={false} />,
    sort: (a, b) => id(a) - id(b),
  };
}
