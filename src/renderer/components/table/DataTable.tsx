import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import type { DeskError } from '../../../shared/errors';

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Compare for sorting; a column without one is not sortable. */
  sort?: (a: Row, b: Row) => number;
  align?: 'left' | 'right';
  /** CSS grid track, e.g. "120px" or "minmax(90px, 1fr)"; its first px length is its least width. */
  width?: string;
  /**
   * "end": the column stays at the right edge while a table too wide for its place scrolls sideways
   * (a row's action stays in view). For the last column.
   */
  pin?: 'end';
  /**
   * "low": a column of little weight (what the row's others already say), the first to give way:
   * hidden while the table is narrower than every column's least width, so the ones that matter
   * (time, amount, filled, ids) keep the room.
   */
  priority?: 'low';
}

const DEFAULT_WIDTH = 'minmax(80px, 1fr)';

/** The least width of a grid track: its first px length ("minmax(90px, 1fr)" -> 90; "1fr" -> 0). */
function leastWidth(track: string): number {
  const px = /(\d+(?:\.\d+)?)px/.exec(track);
  return px ? Number(px[1]) : 0;
}

const cellClass = (column: { align?: 'left' | 'right'; pin?: 'end' }): string =>
  ['table-cell', column.align === 'right' ? 'num' : '', column.pin ? 'pinned-end' : '']
    .filter(Boolean)
    .join(' ');

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
 *
 * Narrower than its columns' least widths, the low-priority columns give way first; still too
 * narrow, the body scrolls sideways (the head follows it) and a pinned column stays in view. A body that scrolls is a Tab stop with a name, so a keyboard reaches
 * every row (arrow keys, Page Up/Down scroll it).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rowHeight = 36, height = 480 } = props;
  const [sort, setSort] = useState<SortState>(props.initialSort);
  const scroller = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  // Whether the body scrolls either way, and the width of its vertical scrollbar (the head leaves
  // that much room on its right, so its columns stay above the body's).
  const [overflow, setOverflow] = useState({ x: false, y: false, scrollbar: 0 });
  // Narrower than all its columns: the low-priority ones give way (measured with the rest below).
  const [narrow, setNarrow] = useState(false);
  const allTracks = props.columns.reduce((sum, c) => sum + leastWidth(c.width ?? DEFAULT_WIDTH), 0);
  const columns = useMemo(
    () => (narrow ? props.columns.filter((c) => c.priority !== 'low') : props.columns),
    [props.columns, narrow],
  );
  const template = columns.map((c) => c.width ?? DEFAULT_WIDTH).join(' ');
  const tracks = columns.reduce((sum, c) => sum + leastWidth(c.width ?? DEFAULT_WIDTH), 0);
  const sizes = {
    '--table-tracks': `${tracks}px`,
    '--table-columns': columns.length,
  } as CSSProperties;

  const rows = useMemo(() => {
    const column = sort ? props.columns.find((c) => c.id === sort.id) : undefined;
    if (!sort || !column?.sort) return props.rows;
    const sorted = [...props.rows].sort(column.sort);
    return sort.dir === 'desc' ? sorted.reverse() : sorted;
  }, [props.rows, props.columns, sort]);

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

  const showing = props.status === 'ready' ? rows.length : -1;
  // Measured after layout and again on every resize.
  useLayoutEffect(() => {
    const body = scroller.current;
    if (!body) return;
    const measure = () => {
      const x = body.scrollWidth > body.clientWidth;
      const y = body.scrollHeight > body.clientHeight;
      const scrollbar = body.offsetWidth - body.clientWidth;
      setOverflow((now) =>
        now.x === x && now.y === y && now.scrollbar === scrollbar ? now : { x, y, scrollbar },
      );
      // Against every column (not the ones shown), so hiding one never makes room to show it.
      const style = table.current ? getComputedStyle(table.current) : undefined;
      const gap = parseFloat(style?.getPropertyValue('--table-gap') ?? '') || 0;
      const pad = parseFloat(style?.getPropertyValue('--table-pad') ?? '') || 0;
      const all = props.columns.length;
      const least = allTracks + (all - 1) * gap + 2 * pad;
      setNarrow(body.clientWidth > 0 && body.clientWidth < least);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    return () => observer.disconnect();
  }, [showing, height, tracks, allTracks, props.columns.length]);
  const scrolls = overflow.x || overflow.y;

  const toggle = (column: Column<Row>) => {
    if (!column.sort) return;
    setSort((current) =>
      current?.id === column.id
        ? { id: column.id, dir: current.dir === 'asc' ? 'desc' : 'asc' }
        : { id: column.id, dir: column.align === 'right' ? 'desc' : 'asc' },
    );
  };

  return (
    <div
      className={overflow.x ? 'table table-overflow-x' : 'table'}
      ref={table}
      role="table"
      aria-label={props.label}
      aria-rowcount={rows.length + 1}
      style={sizes}
    >
      <div
        className="table-head"
        role="rowgroup"
        ref={head}
        style={{ paddingRight: overflow.scrollbar || undefined }}
      >
        <div className="table-row" role="row" style={{ gridTemplateColumns: template }}>
          {columns.map((column) => {
            const sorted = sort?.id === column.id ? sort.dir : undefined;
            return (
              <div
                key={column.id}
                role="columnheader"
                className={cellClass(column)}
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
        tabIndex={scrolls ? 0 : undefined}
        aria-label={scrolls ? `Rows of ${props.label}` : undefined}
        onScroll={(event) => {
          if (head.current) head.current.scrollLeft = event.currentTarget.scrollLeft;
        }}
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
          // A row of one cell: a rowgroup holds rows (axe: aria-required-children).
          <div role="row">
            <div role="cell" className="table-message">
              {props.empty ?? 'Nothing to show.'}
            </div>
          </div>
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
                    <div key={column.id} role="cell" className={cellClass(column)}>
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
