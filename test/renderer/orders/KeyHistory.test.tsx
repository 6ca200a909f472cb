import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrdersView } from '../../../src/renderer/features/orders/OrdersView';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import {
  NO_HISTORY_FILTERS,
  rangeOf,
  useKeyHistoryStore,
} from '../../../src/renderer/features/orders/keyHistoryStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { HISTORY_WINDOW_SECONDS, historyEarliest } from '../../../src/shared/executed';
import type {
  ApiDealsPage,
  ApiOrdersPage,
  ExecutedOrder,
  MarketDeal,
} from '../../../src/shared/model';
import { executed, resetStores, sizeTablesForSuite, ordersDesk } from './fixtures';
import { BTC_USDT } from '../trade/fixtures';

sizeTablesForSuite();
beforeEach(() => {
  resetStores();
  useKeyHistoryStore.setState(useKeyHistoryStore.getInitialState(), true);
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

interface WindowQuery {
  from: number;
  to: number;
  market?: string;
  side?: string;
  clientOrderId?: string;
}

/** A window's answer as main gives it: the range asked, the six months, the records. */
function pageOf<T>(records: T[], q: WindowQuery) {
  return {
    records,
    from: q.from,
    to: q.to,
    earliest: historyEarliest(Date.now()),
    capped: false,
    fetchedAt: Date.now(),
  };
}

const deal = (over: Partial<MarketDeal> = {}): MarketDeal => ({
  dealId: 501,
  orderId: 1,
  clientOrderId: '',
  side: 'sell',
  role: 'taker',
  price: '64000',
  amount: '0.01',
  deal: '640',
  fee: '0.64',
  time: Date.now() - 60_000,
  market: 'BTC_USDT',
  ...over,
});

/** The bridge of both tabs; `orders` the executed orders of every window (default: one filled). */
function setUp(orders?: () => ExecutedOrder[]) {
  const fake = ordersDesk({
    'keyHistory.orders': async (q): Promise<ApiOrdersPage> =>
      pageOf(
        orders?.() ?? [executed({ orderId: 1, timestamp: Date.now() - 60_000 })],
        q as WindowQuery,
      ),
    'keyHistory.deals': async (q): Promise<ApiDealsPage> =>
      pageOf([deal(), deal({ dealId: 502, role: 'maker' })], q as WindowQuery),
    'keyHistory.orderDeals': async () => ({
      orderId: 1,
      deals: [deal({ side: undefined }), deal({ dealId: 502, side: undefined })],
      capped: false,
      fetchedAt: Date.now(),
    }),
    'keyHistory.exportDealsCsv': async () => ({ filename: 'd.csv', rows: 2, csv: 'x' }),
  });
  setDesk(fake.desk);
  return fake;
}

const lastQuery = (fake: ReturnType<typeof setUp>, channel: 'keyHistory.orders') =>
  fake.callsTo(channel).at(-1) as WindowQuery;

describe('History by API key', () => {
  it('names the tabs, the partner history as such', () => {
    setUp();
    render(<OrdersView />);
    const names = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(names).toEqual([
      'Active',
      'Conditional',
      'Executed orders',
      'Deals',
      'Order history (partner)',
    ]);
  });

  it('Executed orders: the newest 31 days, what the window shows and how far back it reaches', async () => {
    const fake = setUp();
    useShellStore.setState({ ordersTab: 'executed' });
    render(<OrdersView />);
    await screen.findByTestId('api-order');
    const q = lastQuery(fake, 'keyHistory.orders');
    expect(q.to - q.from).toBe(HISTORY_WINDOW_SECONDS);
    expect(Math.abs(q.to - Date.now() / 1000)).toBeLessThan(5);
    expect(screen.getByTestId('history-window').textContent).toMatch(
      /^Showing .+ to .+; the exchange keeps six months \(since .+\)\.$/,
    );
    expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('api-orders-count').textContent).toBe('1 order');
  });

  it('a window up to now includes what finished earlier in the current second', () => {
    // Windows are whole seconds; an order that finished at 12:00:00.400 is seen at 12:00:00.900.
    const finished = Date.UTC(2026, 10, 24, 12, 0, 0, 400);
    const range = rangeOf({ ...NO_HISTORY_FILTERS, preset: '1d' }, finished + 500);
    expect('to' in range && range.to * 1000).toBeGreaterThanOrEqual(finished);
    const custom = rangeOf(
      { ...NO_HISTORY_FILTERS, preset: 'custom', fromDate: '2026-11-24', toDate: '2026-12-01' },
      finished + 500,
    );
    expect('to' in custom && custom.to * 1000).toBeGreaterThanOrEqual(finished);
  });

  it('six months page by 31-day windows with Older and Newer', async () => {
    const fake = setUp();
    useShellStore.setState({ ordersTab: 'executed' });
    render(<OrdersView />);
    await screen.findByTestId('api-order');
    fireEvent.change(screen.getByLabelText('Time range'), { target: { value: '6m' } });
    await waitFor(() =>
      expect(screen.getByTestId('history-window').textContent).toMatch(/1 of 6|1 of 7/),
    );
    const newest = lastQuery(fake, 'keyHistory.orders');
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(lastQuery(fake, 'keyHistory.orders').to).toBeLessThan(newest.to));
    const older = lastQuery(fake, 'keyHistory.orders');
    expect(older.to).toBe(newest.from);
    expect(older.to - older.from).toBeLessThanOrEqual(HISTORY_WINDOW_SECONDS);
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(lastQuery(fake, 'keyHistory.orders').to).toBeGreaterThan(older.to));
  });

  it('sends market, side and a checked client order id; a bad id is refused under its field', async () => {
    const fake = setUp();
    useShellStore.setState({ ordersTab: 'executed' });
    render(<OrdersView />);
    await screen.findByTestId('api-order');
    await screen.findByRole('option', { name: 'ETH/USDT' });
    fireEvent.change(screen.getByLabelText('Market'), { target: { value: 'ETH_USDT' } });
    fireEvent.change(screen.getByLabelText('Side'), { target: { value: 'sell' } });
    await waitFor(() =>
      expect(lastQuery(fake, 'keyHistory.orders')).toMatchObject({
        market: 'ETH_USDT',
        side: 'sell',
      }),
    );
    const sent = fake.callsTo('keyHistory.orders').length;
    fireEvent.change(screen.getByLabelText('Client order id'), { target: { value: 'a b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Use letters, digits/)).toBeTruthy();
    expect(fake.callsTo('keyHistory.orders')).toHaveLength(sent);
    fireEvent.change(screen.getByLabelText('Client order id'), { target: { value: 'bot-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(lastQuery(fake, 'keyHistory.orders')).toMatchObject({ clientOrderId: 'bot-7' }),
    );
  });

  it('a status filter defaults to orders with fills: canceled-unfilled ones are not "executed"', async () => {
    const unfilled = executed({
      orderId: 2,
      status: 'CANCELED',
      dealStock: '0',
      dealMoney: '0',
      dealFee: '0',
      timestamp: Date.now() - 30_000,
    });
    setUp(() => [executed({ orderId: 1, timestamp: Date.now() - 60_000 }), unfilled]);
    useShellStore.setState({ ordersTab: 'executed' });
    render(<OrdersView />);
    await waitFor(() => expect(screen.getAllByTestId('api-order')).toHaveLength(1));
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('filled');
    expect(screen.getByTestId('api-orders-count').textContent).toBe('1 order');
    fireEvent.change(status, { target: { value: 'all' } });
    expect(screen.getAllByTestId('api-order')).toHaveLength(2);
    fireEvent.change(status, { target: { value: 'unfilled' } });
    const rows = screen.getAllByTestId('api-order');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('button', { name: 'Deals of order 2' })).toBeTruthy();
  });

  it('an order’s detail lists its deals', async () => {
    const fake = setUp();
    useShellStore.setState({ ordersTab: 'executed' });
    render(<OrdersView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deals of order 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deals of order 1' });
    await waitFor(() => expect(within(dialog).getAllByTestId('order-deal')).toHaveLength(2));
    expect(fake.callsTo('keyHistory.orderDeals')).toEqual([{ orderId: 1 }]);
    expect(within(dialog).getByTestId('order-deals-count').textContent).toBe('2 deals');
    // Issue 32 point 8: an order's deals carry no side; each shows the order's, and its type in words.
    for (const row of within(dialog).getAllByTestId('order-deal')) {
      expect(within(row).getAllByRole('cell')[0]!.textContent).toBe('Sell');
    }
    expect(dialog.textContent).toContain('BTC/USDT sell · Limit');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Deals: lists the window’s deals with their units; the export covers the whole range', async () => {
    const fake = setUp();
    useShellStore.setState({ ordersTab: 'deals' });
    render(<OrdersView />);
    await waitFor(() => expect(screen.getAllByTestId('api-deal')).toHaveLength(2));
    expect(screen.getAllByTestId('api-deal')[0]!.textContent).toContain('USDT');
    fireEvent.change(screen.getByLabelText('Time range'), { target: { value: '6m' } });
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(fake.callsTo('keyHistory.exportDealsCsv')).toHaveLength(1));
    const range = fake.callsTo('keyHistory.exportDealsCsv')[0] as WindowQuery;
    expect(range.from).toBe(historyEarliest(Date.now()));
  });

  it('writes one fill the same on Executed orders and Deals: at the market’s places', async () => {
    // The exchange's BTC/USDT: BTC at 6 places, USDT at 2 (a fee too: it is USDT). Before the one rule Executed padded
    // from the rows and Deals trimmed: "0.012400 BTC" on one, "0.0124 BTC" on the other.
    const market = { ...BTC_USDT, stockPrec: 6, moneyPrec: 2 };
    const fill = {
      amount: '0.0124',
      dealStock: '0.0124',
      dealMoney: '795.026',
      dealFee: '0.795026',
    };
    setDesk(
      ordersDesk({
        'trade.markets': async () => [market],
        'keyHistory.orders': async (q): Promise<ApiOrdersPage> =>
          pageOf(
            [executed({ orderId: 1, price: '64115', ...fill, timestamp: Date.now() - 60_000 })],
            q as WindowQuery,
          ),
        'keyHistory.deals': async (q): Promise<ApiDealsPage> =>
          pageOf([deal({ amount: '0.0124', deal: '795.026', fee: '0.795026' })], q as WindowQuery),
      }).desk,
    );
    useShellStore.setState({ ordersTab: 'executed' });
    render(<OrdersView />);
    const order = await screen.findByTestId('api-order');
    await waitFor(() => expect(order.textContent).toContain('0.012400 BTC'));
    expect(order.textContent).toContain('64,115.00 USDT');
    expect(order.textContent).toContain('795.03 USDT');
    // The fee at USDT's places, its exact value on hover.
    expect(order.textContent).toContain('0.80 USDT');
    expect(order.querySelector('[title="0.795026"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Deals' }));
    const [row] = await screen.findAllByTestId('api-deal');
    expect(row!.textContent).toContain('0.012400 BTC');
    expect(row!.textContent).toContain('795.03 USDT');
    expect(row!.textContent).toContain('0.80 USDT');
    expect(row!.querySelector('[title="0.795026"]')).not.toBeNull();
  });
});
