import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TradeView } from '../../../src/renderer/features/trade/TradeView';
import { applyPrices, useTradeStore } from '../../../src/renderer/features/trade/tradeStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { MarketTickers } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import {
  BTC_USDT,
  DOT_USDT,
  ETH_USDT,
  context,
  leaveTradeScreen,
  resetTradeScreen,
} from './fixtures';

/** The market picker: last price and 24 h change per market, favourites first and kept. */

beforeEach(resetTradeScreen);
afterEach(leaveTradeScreen);

const TICKERS: MarketTickers = {
  tickers: {
    BTC_USDT: { lastPrice: '60000', change: '1.2' },
    ETH_USDT: { lastPrice: '3012.5', change: '-2.5' },
    // DOT_USDT: none in the ticker.
  },
  fetchedAt: 1,
};

async function open() {
  const fake = fakeDesk({
    'trade.markets': async () => [BTC_USDT, ETH_USDT, DOT_USDT],
    'trade.tickers': async () => TICKERS,
    'trade.context': async () => context(),
  });
  setDesk(fake.desk);
  render(<TradeView />);
  await screen.findByRole('button', { name: 'Review order' });
  return fake;
}

const picker = () => screen.getByRole('combobox', { name: 'Market' });
const list = () => screen.getByRole('listbox', { name: 'Markets' });
const options = () => within(list()).getAllByRole('option');
/** Each option's market, as it reads first. */
const order = () => options().map((o) => o.querySelector('.trade-option-name')?.textContent);
const key = (k: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(picker(), { key: k, ...init });

/** Opens the list with the prices loaded. */
async function openList() {
  fireEvent.focus(picker());
  await within(list()).findByText('60,000.00');
}

describe('market picker', () => {
  it('writes each last price at its market’s tick, in the list and the header', async () => {
    // Issue 32 item 1: a price at the market's tick, never its digits trimmed ("3,012.5").
    const fine = { ...ETH_USDT, moneyPrec: 4 };
    setDesk(
      fakeDesk({
        'trade.markets': async () => [BTC_USDT, fine],
        'trade.tickers': async () => TICKERS,
        'trade.context': async () => context({ market: fine, lastPrice: '3012.5' }),
      }).desk,
    );
    useTradeStore.setState({ market: 'ETH_USDT' });
    render(<TradeView />);
    await screen.findByRole('button', { name: 'Review order' });
    expect(screen.getByTestId('last-price').textContent).toBe('3,012.5000 USDT');
    await openList();
    expect(options()[1]!.querySelector('.trade-option-price')?.textContent).toBe('3,012.5000');
  });

  it('shows each market’s last price and signed 24 h change, coloured by direction', async () => {
    const fake = await open();
    await openList();
    const [btc, eth, dot] = options();
    expect(btc!.textContent).toContain('BTC/USDT');
    expect(btc!.querySelector('.trade-option-price')?.textContent).toBe('60,000.00');
    const up = btc!.querySelector('.trade-option-change')!;
    expect([up.textContent, up.classList.contains('up')]).toEqual(['+1.20 %', true]);
    const down = eth!.querySelector('.trade-option-change')!;
    expect([down.textContent, down.classList.contains('down')]).toEqual(['−2.50 %', true]);
    expect(eth!.querySelector('.trade-option-price')?.textContent).toBe('3,012.50');
    // No ticker: no number made up.
    expect(dot!.querySelector('.trade-option-price')?.textContent).toBe('—');
    // What a screen reader hears of an option: what shows, then what the numbers are.
    expect(within(list()).getByRole('option', { name: 'BTC/USDT 60,000.00 +1.20 %' })).toBe(btc);
    expect(btc!.getAttribute('aria-description')).toBe(
      'Last price in USDT and 24 h change. Ctrl+D adds it to favourites.',
    );
    expect(within(list()).getByRole('option', { name: 'DOT/USDT paused —' })).toBe(dot);
    expect(dot!.getAttribute('aria-description')).toContain('No price.');
    // Opening the list again asks for fresh prices (once per opening).
    const before = fake.callsTo('trade.tickers').length;
    fireEvent.blur(picker());
    fireEvent.focus(picker());
    expect(fake.callsTo('trade.tickers')).toHaveLength(before + 1);
  });

  it('lists favourites first; the star toggles one without choosing the market; they persist', async () => {
    await open();
    await openList();
    expect(order()).toEqual(['BTC/USDT', 'ETH/USDT', 'DOT/USDT']);
    const dot = options()[2]!;
    fireEvent.mouseDown(dot.querySelector('.trade-star')!);
    expect(order()).toEqual(['DOT/USDT', 'BTC/USDT', 'ETH/USDT']);
    // Its star is named only when it is on.
    expect(within(list()).getByRole('option', { name: /^Favourite DOT\/USDT / })).toBe(
      options()[0],
    );
    expect(options()[0]!.getAttribute('aria-description')).toContain(
      'Ctrl+D removes it from favourites.',
    );
    expect(useTradeStore.getState().market).toBe('BTC_USDT');
    // Still first when the list is filtered.
    fireEvent.change(picker(), { target: { value: 'usdt' } });
    expect(order()).toEqual(['DOT/USDT', 'BTC/USDT', 'ETH/USDT']);

    // Kept across a restart: what was stored is read back into a fresh store.
    const stored = localStorage.getItem('exchange-desk-trade')!;
    expect(JSON.parse(stored).state).toEqual({ market: 'BTC_USDT', favourites: ['DOT_USDT'] });
    act(() => {
      useTradeStore.setState(useTradeStore.getInitialState(), true);
    });
    expect(order()).toEqual(['BTC/USDT', 'ETH/USDT', 'DOT/USDT']);
    localStorage.setItem('exchange-desk-trade', stored);
    await act(() => useTradeStore.persist.rehydrate());
    expect(order()).toEqual(['DOT/USDT', 'BTC/USDT', 'ETH/USDT']);
  });

  it('Ctrl+D on the highlighted option toggles it, says so, and keeps it highlighted', async () => {
    await open();
    await openList();
    expect(list().tabIndex).toBe(-1);
    // The shortcut is written under the list and read with the combobox.
    const hint = screen.getByText(/Ctrl\+D/);
    expect(picker().getAttribute('aria-describedby')).toContain(hint.id);

    key('ArrowDown');
    const eth = () => options().find((o) => o.textContent?.includes('ETH/USDT'))!;
    expect(picker().getAttribute('aria-activedescendant')).toBe(eth().id);
    key('d', { ctrlKey: true });
    expect(order()).toEqual(['ETH/USDT', 'BTC/USDT', 'DOT/USDT']);
    expect(picker().getAttribute('aria-activedescendant')).toBe(eth().id);
    const said = () => within(list().parentElement!).getByRole('status').textContent;
    expect(said()).toBe('ETH/USDT added to favourites.');
    expect(useTradeStore.getState().favourites).toEqual(['ETH_USDT']);
    // ⌘D on a Mac does the same; again removes it.
    key('d', { metaKey: true });
    expect(useTradeStore.getState().favourites).toEqual([]);
    expect(said()).toBe('ETH/USDT removed from favourites.');
    expect(order()).toEqual(['BTC/USDT', 'ETH/USDT', 'DOT/USDT']);
    // Typing moves on: what was said goes.
    fireEvent.change(picker(), { target: { value: 'eth' } });
    expect(said()).toBe('');
    fireEvent.change(picker(), { target: { value: '' } });
    // The rest of the combobox is as it was: arrows, Enter chooses, Escape closes.
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowUp');
    key('Enter');
    expect(useTradeStore.getState().market).toBe('ETH_USDT');
    fireEvent.focus(picker());
    key('ArrowDown');
    key('Escape');
    expect(screen.queryByRole('listbox', { name: 'Markets' })).toBeNull();
    expect(picker().getAttribute('aria-expanded')).toBe('false');
  });

  it('focusing keeps the current market shown and highlighted; Enter untouched changes nothing', async () => {
    await open();
    act(() => {
      useTradeStore.setState({ favourites: ['DOT_USDT'] });
    });
    await openList();
    // Still the market in use, highlighted in a list that starts with the favourite.
    expect(picker()).toHaveProperty('value', 'BTC/USDT');
    expect(order()).toEqual(['DOT/USDT', 'BTC/USDT', 'ETH/USDT']);
    const btc = options()[1]!;
    expect(picker().getAttribute('aria-activedescendant')).toBe(btc.id);
    key('Enter');
    expect(useTradeStore.getState().market).toBe('BTC_USDT');
    expect(picker()).toHaveProperty('value', 'BTC/USDT');
    // Typing replaces it and filters, as before; Enter then takes the first match.
    fireEvent.focus(picker());
    fireEvent.change(picker(), { target: { value: 'eth' } });
    key('Enter');
    expect(useTradeStore.getState().market).toBe('ETH_USDT');
  });
});

describe('market picker, live', () => {
  it('its rows follow the stream’s last prices while the list is open', async () => {
    await open();
    await openList();
    const price = (i: number) => options()[i]!.querySelector('.trade-option-price')?.textContent;
    act(() => applyPrices({ prices: { ETH_USDT: '3050.25', XRP_USDT: '0.5' }, at: 2 }));
    expect(price(1)).toBe('3,050.25');
    // The pushed price moves only the price: the 24 h change stays the ticker's.
    expect(options()[1]!.querySelector('.trade-option-change')?.textContent).toBe('−2.50 %');
    expect(price(0)).toBe('60,000.00');
  });
});
