import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  actionsColumn,
  decimalColumn,
  marketColumn,
  sideColumn,
  statusColumn,
  textColumn,
  tickerColumn,
  timeColumn,
} from '../../../../src/renderer/components/table/columns';
import type { Column } from '../../../../src/renderer/components/table/DataTable';
import { CopyableId, orderIdColumn } from '../../../../src/renderer/components/table/ids';
import { RowActions, useRowActions } from '../../../../src/renderer/components/table/rowActions';

afterEach(cleanup);

interface Row {
  id: number;
  market: string;
  side?: 'buy' | 'sell';
  amount: string | null;
  at: number;
  status: string;
}

const rows: Row[] = [
  { id: 30, market: 'ETH_USDT', side: 'sell', amount: '10.5', at: 3_000, status: 'open' },
  { id: 4, market: 'BTC_USDT', amount: null, at: 1_000, status: 'filled' },
  { id: 200, market: 'ADA_USDT', side: 'buy', amount: '9.99', at: 2_000, status: 'canceled' },
];

/** The rows' ids in the column's ascending order. */
const sorted = (column: Column<Row>) => [...rows].sort(column.sort!).map((r) => r.id);

/** A cell as the table renders it. */
function cell(column: Column<Row>, row: Row): HTMLElement {
  const { container } = render(<div>{column.cell(row) as ReactNode}</div>);
  return container.firstElementChild as HTMLElement;
}

describe('the column helpers', () => {
  it('sort text, decimals as decimals (none first), times, and ids as numbers', () => {
    expect(sorted(textColumn('m', 'M', '1fr', (r) => r.market))).toEqual([200, 4, 30]);
    expect(
      sorted(
        decimalColumn(
          'a',
          'A',
          '1fr',
          (r) => r.amount,
          () => null,
        ),
      ),
    ).toEqual([4, 200, 30]);
    expect(sorted(timeColumn((r) => r.at))).toEqual([4, 200, 30]);
    expect(sorted(orderIdColumn((r) => r.id))).toEqual([4, 30, 200]);
    expect(
      sorted(
        statusColumn(
          (r) => r.status,
          '90px',
          (r) => r.status,
        ),
      ),
    ).toEqual([200, 4, 30]);
  });

  it('a decimal is right-aligned; actions are pinned at the end', () => {
    expect(
      decimalColumn(
        'a',
        'A',
        '1fr',
        (r: Row) => r.amount,
        () => null,
      ).align,
    ).toBe('right');
    const actions = actionsColumn('Action', '70px', () => 'x');
    expect([actions.header, actions.width, actions.pin]).toEqual(['Action', '70px', 'end']);
  });

  it('a side is sortable only when asked, and says "—" for a row without one', () => {
    expect(sideColumn((r: Row) => r.side).sort).toBeUndefined();
    expect(sorted(sideColumn((r) => r.side, { sortable: true }))).toEqual([4, 200, 30]);
    const side = sideColumn((r: Row) => r.side);
    expect(cell(side, rows[0]!).innerHTML).toBe('<span class="side side-sell">Sell</span>');
    expect(cell(side, rows[1]!).innerHTML).toBe('<span class="muted">—</span>');
  });

  it('a status not sortable has no sort; the market shows as BASE/QUOTE', () => {
    expect(
      statusColumn(
        (r: Row) => r.status,
        '64px',
        (r) => r.status,
        { sortable: false },
      ).sort,
    ).toBeUndefined();
    const market = marketColumn((r: Row) => r.market);
    expect([market.header, market.width]).toEqual(['Market', '96px']);
    expect(cell(market, rows[0]!).textContent).toBe('ETH/USDT');
  });

  it('a time cell is a machine-readable <time>; a ticker is bold with its title', () => {
    const time = cell(
      timeColumn((r: Row) => r.at),
      rows[0]!,
    ).querySelector('time')!;
    expect(time.getAttribute('dateTime')).toBe(new Date(3_000).toISOString());
    const ticker = tickerColumn(
      'c',
      'C',
      '64px',
      (r: Row) => r.market,
      () => 'the whole name',
    );
    expect(cell(ticker, rows[0]!).innerHTML).toBe(
      '<span title="the whole name" class="ticker">ETH_USDT</span>',
    );
  });
});

describe('CopyableId', () => {
  it('shows the id (or its short form, the whole in the title) with a copy button named for it', () => {
    render(<CopyableId value="0x1234567890abcdef" what="address" shown="0x123…cdef" />);
    const shown = screen.getByText('0x123…cdef');
    expect(shown.getAttribute('title')).toBe('0x1234567890abcdef');
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
  });

  it('an order id shown whole has no title; no id is "—" without a button', () => {
    render(<div>{orderIdColumn((r: Row) => r.id).cell(rows[0]!) as ReactNode}</div>);
    expect(screen.getByText('30').hasAttribute('title')).toBe(false);
    expect(screen.getByRole('button', { name: 'Copy order id' })).toBeTruthy();
    cleanup();
    render(<CopyableId value="" what="client order id" />);
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('row actions', () => {
  it('say a failure in its own row, worded by the caller, until that row is acted on again', async () => {
    const { result } = renderHook(() => useRowActions());
    await act(() =>
      result.current.run(
        'a',
        () => Promise.reject(new Error('Refused.')),
        (error) => `No: ${error.message}`,
      ),
    );
    expect(result.current.errorOf('a')).toBe('No: Refused.');
    expect(result.current.errorOf('b')).toBeUndefined();
    await act(() => result.current.run('a', () => Promise.resolve(), String));
    expect(result.current.errorOf('a')).toBeUndefined();
  });

  it('run one at a time: busy while one runs, a second call meanwhile is dropped', async () => {
    const { result } = renderHook(() => useRowActions());
    let finish!: () => void;
    const ran: string[] = [];
    let first!: Promise<void>;
    act(() => {
      first = result.current.run(
        'a',
        () => new Promise<void>((resolve) => (finish = resolve)),
        String,
      );
    });
    expect(result.current.busy).toBe(true);
    await act(() =>
      result.current.run(
        'b',
        async () => {
          ran.push('b');
        },
        String,
      ),
    );
    expect(ran).toEqual([]);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.busy).toBe(false);
  });

  it('RowActions shows the buttons, and the error beside them as an alert with its title', () => {
    const { rerender } = render(
      <RowActions error={undefined}>
        <button type="button">Close</button>
      </RowActions>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <RowActions error="Not allowed.">
        <button type="button">Close</button>
      </RowActions>,
    );
    const alert = screen.getByRole('alert');
    expect([alert.textContent, alert.getAttribute('title')]).toEqual([
      'Not allowed.',
      'Not allowed.',
    ]);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
