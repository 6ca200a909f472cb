import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type Column } from '../../../../src/renderer/components/table/DataTable';

interface Row {
  id: string;
  name: string;
}

const ROWS: Row[] = Array.from({ length: 5 }, (_, i) => ({ id: `r${i}`, name: `Row ${i}` }));
const COLUMNS: Column<Row>[] = [
  { id: 'name', header: 'Name', width: 'minmax(120px, 1fr)', cell: (r) => r.name },
  { id: 'id', header: 'Id', width: '300px', cell: (r) => r.id },
  {
    id: 'action',
    header: 'Action',
    width: '80px',
    pin: 'end',
    cell: (r) => <button type="button">Remove {r.name}</button>,
  },
];

/** jsdom lays nothing out: the body's sizes are what the test says they are. */
function bodySizes(
  sizes: Partial<
    Record<'scrollHeight' | 'clientHeight' | 'offsetWidth' | 'clientWidth' | 'scrollWidth', number>
  >,
) {
  const originals = Object.keys(sizes).map((key) => [
    key,
    Object.getOwnPropertyDescriptor(HTMLElement.prototype, key),
  ]);
  for (const [key, value] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, key, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('table-body') ? value : 0;
      },
    });
  }
  return () => {
    for (const [key, descriptor] of originals) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key as string, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key as string];
    }
  };
}

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
});

const renderTable = () =>
  render(
    <DataTable label="Things" rows={ROWS} columns={COLUMNS} rowKey={(r) => r.id} status="ready" />,
  );

describe('DataTable', () => {
  it('a body that fits its box is no Tab stop', () => {
    restore = bodySizes({
      scrollHeight: 182,
      clientHeight: 480,
      scrollWidth: 600,
      clientWidth: 600,
    });
    renderTable();
    const [, body] = screen.getAllByRole('rowgroup');
    expect(body!.hasAttribute('tabindex')).toBe(false);
    expect(screen.queryByRole('rowgroup', { name: 'Rows of Things' })).toBeNull();
  });

  it('a body taller than its box is a Tab stop named after the table', () => {
    restore = bodySizes({
      scrollHeight: 2000,
      clientHeight: 480,
      scrollWidth: 600,
      clientWidth: 600,
    });
    renderTable();
    const body = screen.getByRole('rowgroup', { name: 'Rows of Things' });
    expect(body.tabIndex).toBe(0);
    expect(within(body).getAllByRole('row')).toHaveLength(5);
  });

  it('a body wider than its box is a Tab stop too, and the head follows it sideways', () => {
    restore = bodySizes({
      scrollHeight: 182,
      clientHeight: 480,
      scrollWidth: 900,
      clientWidth: 500,
    });
    renderTable();
    const body = screen.getByRole('rowgroup', { name: 'Rows of Things' });
    const [head] = screen.getAllByRole('rowgroup');
    body.scrollLeft = 240;
    fireEvent.scroll(body);
    expect(head!.scrollLeft).toBe(240);
  });

  it('the head leaves room for the body’s scrollbar, so the columns line up', () => {
    restore = bodySizes({
      scrollHeight: 2000,
      clientHeight: 480,
      offsetWidth: 615,
      clientWidth: 600,
    });
    renderTable();
    const [head] = screen.getAllByRole('rowgroup');
    expect(head!.style.paddingRight).toBe('15px');
  });

  it('narrower than all its columns, a low-priority column gives way; wide enough, it shows', () => {
    const columns: Column<Row>[] = [
      COLUMNS[0]!,
      { id: 'note', header: 'Note', width: '100px', priority: 'low', cell: () => 'note' },
      ...COLUMNS.slice(1),
    ];
    const table = (width: number) => {
      restore?.();
      restore = bodySizes({ scrollHeight: 182, clientHeight: 480, clientWidth: width });
      return render(
        <DataTable
          label="Things"
          rows={ROWS}
          columns={columns}
          rowKey={(r) => r.id}
          status="ready"
        />,
      );
    };
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    // 120 + 100 + 300 + 80 = 600 px of least widths (jsdom has no gap or padding).
    table(599);
    expect(headers()).toEqual(['Name', 'Id', 'Action']);
    expect(screen.getByRole('table').style.getPropertyValue('--table-tracks')).toBe('500px');
    expect(screen.getAllByRole('row')[1]!.children).toHaveLength(3);
    cleanup();
    table(600);
    expect(headers()).toEqual(['Name', 'Note', 'Id', 'Action']);
    expect(screen.getAllByRole('row')[1]!.children).toHaveLength(4);
  });

  it('the row’s grid is never narrower than its columns’ least widths', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Things' });
    // 120 + 300 + 80: the first px length of each track.
    expect(table.style.getPropertyValue('--table-tracks')).toBe('500px');
    expect(table.style.getPropertyValue('--table-columns')).toBe('3');
  });

  it('a pinned column is pinned in the head and in every row', () => {
    restore = bodySizes({ scrollHeight: 182, clientHeight: 480 });
    renderTable();
    const pinned = screen
      .getAllByRole('columnheader')
      .map((cell) => cell.classList.contains('pinned-end'));
    expect(pinned).toEqual([false, false, true]);
    for (const button of screen.getAllByRole('button', { name: /^Remove / }))
      expect(button.closest('[role="cell"]')!.classList.contains('pinned-end')).toBe(true);
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(5);
  });
});
