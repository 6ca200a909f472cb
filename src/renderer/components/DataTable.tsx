import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { DeskError } from '../../shared/errors';

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Compare for sorting; a column without one is not sortable. */
  sort?: (a: Row, b: Row) => number;
  align?: 'left' | 'right';
  /** CSS grid track, e.g. "120px" or "minmax(90px, 1fr)". */
  width?: string;
}

export type SortState = { id: string; dir: 'asc' | 'desc' } | undefined;

export interface DataTableProps<Row> {
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** loading: skeleton rows; error: message with retry; ready: rows or the empty state. */
  status: 'loading' | 'error' | 'ready';
  error?: DeskError | undefined;
  onRetry?: () => void;
  empty?: ReactNode;
  initialSort?: SortState;
  rowHeight?: number;
  /** Height of the scrolling body in px (the table virtualises its rows inside it). */
  height?: number;
  rowTestId?: string;
}

/**
 * The one table of the app: virtualised rows (10,000 scroll smoothly with a few dozen in the DOM),
 * sortable columns, right-aligned amounts, and loading / empty / error states.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rowHeight = 36, height = 480 } = props;
  const [sort, setSort] = useState<SortState>(props.initialSort);
  const scroller = useRef<HTMLDivElement>(null);
  const template = columns.map((c) => c.width ?? 'minmax(80px, 1fr)').join(' ');

  const rows = useMemo(() => {
    const column = sort ? columns.find((c) => c.id === sort.id) : undefined;
    if (!sort || !column?.sort) return props.rows;
    const sorted = [...props.rows].sort(column.sort);
    return sort.dir === 'desc' ? sorted.reverse() : sorted;
  }, [props.rows, columns, sort]);

  // The app does not use the React Compiler; the virtualiser is used as its docs say.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: props.status === 'ready' ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    // The body's height is known: the first render already holds every visible row.
    initialRect: { width: 0, height },
    // Rows rendered beyond the visible ones: enough for smooth scrolling, few enough to keep each
    // frame's work small (npm run bench -- tables).
    overscan: 4,
  });

  const toggle = (column: Column<Row>) => {
    if (!column.sort) return;
    setSort((current) =>
      current?.id === column.id
        ? { id: column.id, dir: current.dir === 'asc' ? 'desc' : 'asc' }
        : { id: column.id, dir: column.align === 'right' ? 'desc' : 'asc' },
    );
  };

  return (
    <div className="table" role="table" aria-label={props.label} aria-rowcount={rows.length + 1}>
      <div className="table-head" role="rowgroup">
        <div className="table-row" role="row" style={{ gridTemplateColumns: template }}>
          {columns.map((column) => {
            const sorted = sort?.id === column.id ? sort.dir : undefined;
            return (
              <div
                key={column.id}
                role="columnheader"
                className={`table-cell ${column.align === 'right' ? 'num' : ''}`}
                aria-sort={
                  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
                }
              >
                {column.sort ? (
                  <button type="button" className="sort-button" onClick={() => toggle(column)}>
                    {column.header}
                    <span aria-hidden="true" className="sort-mark">
                      {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </div>
            );
          })}
        </div>
      </div>
      <div
        className="table-body"
        role="rowgroup"
        ref={scroller}
        style={{ height: props.status === 'ready' && rows.length === 0 ? 'auto' : height }}
      >
        {props.status === 'loading' ? (
          <div aria-busy="true" aria-label="Loading">
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="table-row skeleton-row" style={{ height: rowHeight }}>
                <span className="skeleton" />
              </div>
            ))}
          </div>
        ) : props.status === 'error' ? (
          <div className="table-message" role="alert">
            <p>{props.error?.message ?? 'Could not load this list.'}</p>
            {props.onRetry ? (
              <button type="button" className="btn btn-secondary" onClick={props.onRetry}>
                Try again
              </button>
            ) : null}
          </div>
        ) : rows.length === 0 ? (
          <div className="table-message">{props.empty ?? 'Nothing to show.'}</div>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              return (
                <div
                  key={props.rowKey(row)}
                  role="row"
                  aria-rowindex={item.index + 2}
                  data-testid={props.rowTestId}
                  className="table-row"
                  style={{
                    gridTemplateColumns: template,
                    height: rowHeight,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  {columns.map((column) => (
                    <div
                      key={column.id}
                      role="cell"
                      className={`table-cell ${column.align === 'right' ? 'num' : ''}`}
                    >
                      {column.cell(row)}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
