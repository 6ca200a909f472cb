import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStatusStore } from '../../../src/renderer/features/status/statusStore';
import { TradeView } from '../../../src/renderer/features/trade/TradeView';
import {
  CONTEXT_REFRESH_MS,
  CONTEXT_SAFETY_MS,
  applyPrices,
  applyTrades,
  useTradeContext,
  useTradeStore,
} from '../../../src/renderer/features/trade/tradeStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import type { OrderBook, PublicTrade, TradeContext } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { BTC_USDT, ETH_USDT, context, leaveTradeScreen, resetTradeScreen } from './fixtures';

beforeEach(() => {
  resetTradeScreen();
  useStatusStore.setState({ stream: undefined });
  useSettings.setState({ numberFormat: 'en-US' });
});
afterEach(() => {
  leaveTradeScreen();
  vi.useRealTimers();
});

async function open(ctx: (m: string) => TradeContext = () => context()) {
  const fake = fakeDesk({
    'trade.markets': async () => [BTC_USDT, ETH_USDT],
    'trade.context': async (input) => ctx((input as { market: string }).market),
    'stream.watch': async () => ({ mode: 'live', since: 1 }),
  });
  setDesk(fake.desk);
  const view = render(<TradeView />);
  await screen.findByTestId('order-book');
  return { ...fake, view };
}

const levels = (side: 'ask' | 'bid') =>
  screen
    .queryAllByTestId(`book-${side}`)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

const book = (asks: [string, string][], bids: [string, string][]): OrderBook => ({
  tickerId: 'BTC_USDT',
  timestamp: 2,
  asks,
  bids,
});

const trade = (tradeId: number, price: string, side: 'buy' | 'sell'): PublicTrade => ({
  tradeId,
  price,
  amount: '0.0125',
  total: '0',
  time: Date.UTC(2026, 10, 24, 9, 0, tradeId),
  side,
  rpi: false,
});

describe('order book panel', () => {
  it('shows the fetched book before any push: asks above (best last), the spread, bids below', async () => {
    await open();
    expect(levels('ask')).toEqual([
      ['Ask 61,000.00', '1.0000', '61,000.00'],
      ['Ask 60,100.00', '0.0200', '1,202.00'],
      ['Ask 60,000.00', '0.0100', '600.00'],
    ]);
    expect(levels('bid')).toEqual([
      ['Bid 59,900.00', '0.0100', '599.00'],
      ['Bid 59,800.00', '0.0500', '2,990.00'],
    ]);
    expect(screen.getByTestId('book-spread').textContent).toBe('Spread 100.00 USDT (0.167 %)');
    const table = screen.getByRole('table', { name: /Order book of BTC\/USDT/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Price (USDT)', 'Amount (BTC)', 'Total (USDT)']);
    // The deepest level's bar is full; the best ask's is its share of the deeper side (1.03).
    const rows = screen.getAllByTestId('book-ask');
    expect(rows[0]?.style.getPropertyValue('--depth')).toBe('100%');
    expect(rows[2]?.style.getPropertyValue('--depth')).toBe('1%');
  });

  it('follows the pushed book of the market and its next push; another market is ignored', async () => {
    await open();
    act(() =>
      useTradeContext.getState().applyBook({
        market: 'BTC_USDT',
        book: book([['60050.5', '0.3']], [['60010', '2']]),
      }),
    );
    expect(levels('ask')).toEqual([['Ask 60,050.50', '0.3000', '18,015.15']]);
    expect(levels('bid')).toEqual([['Bid 60,010.00', '2.0000', '120,020.00']]);
    expect(screen.getByTestId('best-bid').textContent).toBe('60,010.00 USDT');

    act(() =>
      useTradeContext.getState().applyBook({
        market: 'ETH_USDT',
        book: book([['1', '1']], [['0.5', '1']]),
      }),
    );
    expect(levels('ask')).toEqual([['Ask 60,050.50', '0.3000', '18,015.15']]);

    act(() =>
      useTradeContext.getState().applyBook({
        market: 'BTC_USDT',
        book: book([['60040', '0.1']], []),
      }),
    );
    expect(levels('ask')).toEqual([['Ask 60,040.00', '0.1000', '6,004.00']]);
    expect(levels('bid')).toEqual([]);
    expect(screen.getByText('No bids')).toBeTruthy();
    expect(screen.getByTestId('book-spread').textContent).toBe('Spread —');
  });

  it('writes the book in the chosen number format', async () => {
    useSettings.setState({ numberFormat: 'de-DE' });
    await open();
    expect(levels('bid')[0]).toEqual(['Bid 59.900,00', '0,0100', '599,00']);
  });
});

describe('last trades and balances', () => {
  it('lists pushed trades newest first with time, price, amount and side; the next push replaces them', async () => {
    await open();
    expect(screen.getByText('Trades appear here as they happen.')).toBeTruthy();
    act(() =>
      applyTrades({
        market: 'BTC_USDT',
        trades: [trade(2, '60001', 'buy'), trade(1, '59990', 'sell')],
      }),
    );
    const rows = () => screen.getAllByTestId('last-trade');
    expect(rows()).toHaveLength(2);
    expect(rows()[0]?.textContent).toContain('Buy 60,001.00');
    expect(rows()[0]?.textContent).toContain(
      new Date(trade(2, '1', 'buy').time).toLocaleTimeString(),
    );
    expect(rows()[1]?.querySelector('.side-sell')?.textContent).toBe('Sell 59,990.00');
    expect(rows()[1]?.textContent).toContain('0.0125');

    act(() => applyTrades({ market: 'ETH_USDT', trades: [trade(9, '3000', 'buy')] }));
    expect(rows()).toHaveLength(2);
    act(() => applyTrades({ market: 'BTC_USDT', trades: [trade(3, '60002', 'sell')] }));
    expect(rows()).toHaveLength(1);
    expect(rows()[0]?.textContent).toContain('60,002.00');
  });

  it("the market's two balances follow pushed balances (others are ignored), masked in privacy mode", async () => {
    await open();
    act(() =>
      useTradeContext.getState().applyBalances({
        balances: {
          BTC: { available: '0.75', freeze: '0.05' },
          ETH: { available: '9', freeze: '0' },
        },
        at: 3,
      }),
    );
    expect(screen.getByTestId('balance-stock').textContent).toContain('0.7500 BTC');
    expect(screen.getByTestId('balance-stock').textContent).toContain('in orders 0.0500');
    expect(screen.getByTestId('balance-money').textContent).toContain('1,000.00 USDT');
    act(() => {
      useSettings.setState({ privacy: true });
    });
    expect(screen.getByTestId('balance-stock').textContent).not.toContain('0.75');
  });
});

describe('watching the market', () => {
  it('watches the market on open and on a change, and none when the screen closes', async () => {
    const fake = await open((m) => (m === 'ETH_USDT' ? context({ market: ETH_USDT }) : context()));
    await waitFor(() => expect(fake.callsTo('stream.watch')).toEqual([{ market: 'BTC_USDT' }]));
    act(() => useTradeStore.getState().selectMarket('ETH_USDT'));
    await waitFor(() =>
      expect(fake.callsTo('stream.watch')).toEqual([
        { market: 'BTC_USDT' },
        { market: 'ETH_USDT' },
      ]),
    );
    fake.view.unmount();
    expect(fake.callsTo('stream.watch').at(-1)).toEqual({ market: null });
    expect(fake.callsTo('stream.watch')).toHaveLength(3);
  });

  it("a market change drops the last market's trades", async () => {
    await open((m) => (m === 'ETH_USDT' ? context({ market: ETH_USDT }) : context()));
    act(() => applyTrades({ market: 'BTC_USDT', trades: [trade(1, '60000', 'buy')] }));
    expect(screen.getAllByTestId('last-trade')).toHaveLength(1);
    act(() => useTradeStore.getState().selectMarket('ETH_USDT'));
    await screen.findByTestId('order-book');
    expect(screen.queryAllByTestId('last-trade')).toHaveLength(0);
  });
});

describe('refreshing the book', () => {
  async function contextLoadsOver(
    mode: 'live' | 'polling',
    ms = CONTEXT_REFRESH_MS,
    noBook?: { market: string; retryInMs: number },
  ) {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    useStatusStore.setState({ stream: { mode, since: 1, ...(noBook ? { noBook } : {}) } });
    const fake = await open();
    const before = fake.callsTo('trade.context').length;
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        vi.advanceTimersByTime(ms);
      });
    }
    return fake.callsTo('trade.context').length - before;
  }

  it('polls every few seconds while the stream is not live', async () => {
    expect(await contextLoadsOver('polling')).toBe(3);
  });

  it('does not poll at the short interval while live', async () => {
    expect(await contextLoadsOver('live')).toBe(0);
  });

  it('keeps a slow safety refresh while live', async () => {
    expect(await contextLoadsOver('live', CONTEXT_SAFETY_MS)).toBe(3);
  });

  it('says when the exchange refused the market’s live book, and polls it meanwhile', async () => {
    const noBook = { market: 'BTC_USDT', retryInMs: 8_000 };
    expect(await contextLoadsOver('live', CONTEXT_REFRESH_MS, noBook)).toBe(3);
    expect(screen.getByTestId('no-live-book').textContent).toBe(
      'No live book for BTC/USDT: the exchange refused to stream it (asked again in 8 s). ' +
        'The book reloads every 5 s meanwhile.',
    );
  });

  it('another market’s refused book changes nothing here', async () => {
    const noBook = { market: 'ETH_USDT', retryInMs: 8_000 };
    expect(await contextLoadsOver('live', CONTEXT_REFRESH_MS, noBook)).toBe(0);
    expect(screen.queryByTestId('no-live-book')).toBeNull();
  });
});

describe('offline (issue 32, item 10)', () => {
  const SINCE = new Date(2026, 10, 24, 0, 35, 12).getTime();
  const hhmm = new Date(SINCE).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  });

  it('marks the book, the trades and the prices frozen, with since when', async () => {
    await open();
    act(() => applyTrades({ market: 'BTC_USDT', trades: [trade(1, '60000', 'buy')] }));
    expect(screen.queryByTestId('frozen-notice')).toBeNull();
    expect(screen.getByTestId('order-book').closest('.is-frozen')).toBeNull();

    act(() =>
      useStatusStore.setState({
        stream: { mode: 'offline', since: SINCE, reason: 'The exchange cannot be reached' },
      }),
    );
    expect(screen.getByTestId('frozen-notice').textContent).toBe(
      `Offline since ${hhmm}: the book, the last trades and the prices below are as they were then, not live.`,
    );
    for (const id of ['order-book', 'last-trades', 'trade-facts']) {
      expect(screen.getByTestId(id).closest('.is-frozen')).not.toBeNull();
    }
    expect(screen.getByRole('heading', { name: /Order book/ }).textContent).toBe(
      `Order book Frozen · offline since ${hhmm}`,
    );
    expect(screen.getByRole('heading', { name: /Last trades/ }).textContent).toBe(
      `Last trades Frozen · offline since ${hhmm}`,
    );

    // Back: live again, nothing frozen.
    act(() => useStatusStore.setState({ stream: { mode: 'live', since: SINCE + 60_000 } }));
    expect(screen.queryByTestId('frozen-notice')).toBeNull();
    expect(screen.getByTestId('order-book').closest('.is-frozen')).toBeNull();
  });

  it('an offline exchange check freezes them too, from when it was checked', async () => {
    useStatusStore.setState({ stream: { mode: 'polling', since: 1 } });
    await open();
    act(() =>
      useStatusStore.setState({
        status: { state: 'offline', baseUrl: 'x', reason: 'connection refused', checkedAt: SINCE },
      }),
    );
    expect(screen.getByTestId('frozen-notice').textContent).toContain(`Offline since ${hhmm}`);
    useStatusStore.setState({ status: undefined });
  });
});

describe('the header’s last price', () => {
  it('follows the newest pushed trade and the stream’s price of the watched market only', async () => {
    await open();
    const last = () => screen.getByTestId('last-price').textContent;
    expect(last()).toBe('60,000.00 USDT');
    act(() =>
      applyTrades({
        market: 'BTC_USDT',
        trades: [trade(2, '60250.5', 'buy'), trade(1, '60000', 'sell')],
      }),
    );
    expect(last()).toBe('60,250.50 USDT');
    act(() => applyPrices({ prices: { BTC_USDT: '60300', ETH_USDT: '3000' }, at: 3 }));
    expect(last()).toBe('60,300.00 USDT');
    act(() => applyPrices({ prices: { ETH_USDT: '3100' }, at: 4 }));
    expect(last()).toBe('60,300.00 USDT');
  });
});
