import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticesButton, NoticesRegion } from '../../../src/renderer/components/Notices';
import { applyOrdersPush } from '../../../src/renderer/features/orders/ordersStore';
import { useMarkets } from '../../../src/renderer/features/trade/tradeStore';
import { applyArrivals } from '../../../src/renderer/features/transfers/arrivals';
import { setDesk } from '../../../src/renderer/lib/desk';
import { NOTICE_SHOWN_MS, NOTICES_SHOWN, useNotices } from '../../../src/renderer/lib/noticesStore';
import { resetProfileData } from '../../../src/renderer/lib/remote';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import type { TransferArrival } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { order } from '../orders/fixtures';
import { BTC_USDT } from '../trade/fixtures';

/** Issue 32 point 15: notices carry their time, leave after a while, and stay in a list. */

const NOW = Date.UTC(2026, 10, 28, 9, 30, 0);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  useNotices.setState({ shown: [], kept: [], unread: 0, held: false });
  useSettings.setState({ privacy: false });
  useMarkets.setState({
    data: { markets: [{ ...BTC_USDT, stockPrec: 6 }], fetchedAt: NOW },
  });
  setDesk(fakeDesk({}).desk);
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const fill = (orderId: number) =>
  act(() =>
    applyOrdersPush({
      changes: [
        {
          event: 'finish',
          order: order({ orderId, dealStock: '0.5', dealMoney: '30000', status: 'FILLED' }),
        },
      ],
      at: Date.now(),
    }),
  );

/** The clock moves by `ms` (the test's own). */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

const deposit: TransferArrival = {
  method: 1,
  ticker: 'BTC',
  amount: '0.5',
  places: 8,
  createdAt: NOW - 60_000,
  network: 'BTC',
  status: 3,
};

function app() {
  render(
    <>
      <NoticesButton />
      <NoticesRegion />
    </>,
  );
}

describe('in-app notices', () => {
  it('a fill notice carries its time and leaves after a while', () => {
    app();
    fill(1);
    const notice = screen.getByTestId('fill-notice');
    const time = notice.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe(new Date(NOW).toISOString());
    expect(notice.textContent).toContain(
      'Filled: buy 0.500000 BTC for 30,000.00 USDT at 60,000.00 USDT on BTC/USDT',
    );
    advance(NOTICE_SHOWN_MS - 1);
    expect(screen.getByTestId('fill-notice')).toBeTruthy();
    advance(1);
    expect(screen.queryByTestId('fill-notice')).toBeNull();
  });

  it('shows the newest few at once; the list keeps every one, newest first, with its time', () => {
    app();
    for (let id = 1; id <= NOTICES_SHOWN + 1; id += 1) {
      fill(id);
      advance(1_000);
    }
    expect(screen.getAllByTestId('fill-notice')).toHaveLength(NOTICES_SHOWN);
    advance(NOTICE_SHOWN_MS);
    expect(screen.queryByTestId('fill-notice')).toBeNull();

    const button = screen.getByRole('button', { name: `Notices, ${NOTICES_SHOWN + 1} new` });
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Notices' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(NOTICES_SHOWN + 1);
    expect(items.map((li) => li.querySelector('time')?.getAttribute('dateTime'))).toEqual(
      [3, 2, 1, 0].map((s) => new Date(NOW + s * 1_000).toISOString()),
    );
    expect(items[0]!.textContent).toContain('Filled: buy 0.500000 BTC');
    // Opened: nothing new any more.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Notices' })).toBeTruthy();
  });

  it('none leaves while the pointer is on the notices; a while after it leaves them', () => {
    app();
    fill(1);
    const region = screen.getByRole('status');
    fireEvent.mouseEnter(region);
    advance(NOTICE_SHOWN_MS * 3);
    expect(screen.getByTestId('fill-notice')).toBeTruthy();
    fireEvent.mouseLeave(region);
    advance(NOTICE_SHOWN_MS - 1);
    expect(screen.getByTestId('fill-notice')).toBeTruthy();
    advance(1);
    expect(screen.queryByTestId('fill-notice')).toBeNull();
  });

  it('none leaves while the keyboard is on one; Dismiss moves focus on, never to the page', () => {
    render(
      <>
        <NoticesRegion />
        <main id="main-content" tabIndex={-1} />
      </>,
    );
    fill(1);
    fill(2);
    const dismiss2 = screen.getByRole('button', { name: 'Dismiss the fill notice of order 2' });
    act(() => dismiss2.focus());
    advance(NOTICE_SHOWN_MS);
    expect(screen.getAllByTestId('fill-notice')).toHaveLength(2);
    fireEvent.click(dismiss2);
    const dismiss1 = screen.getByRole('button', { name: 'Dismiss the fill notice of order 1' });
    expect(document.activeElement).toBe(dismiss1);
    fireEvent.click(dismiss1);
    expect(screen.queryByTestId('fill-notice')).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('main-content'));
    expect(useNotices.getState().held).toBe(false);
  });

  it('a dismissed notice stays in the list', () => {
    app();
    fill(7);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the fill notice of order 7' }));
    expect(screen.queryByTestId('fill-notice')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Notices, 1 new' }));
    expect(screen.getByTestId('notices-list').textContent).toContain('0.500000 BTC');
  });

  it('a deposit that arrived: its notice at the asset’s places, the History reloads', () => {
    app();
    act(() => applyArrivals({ arrivals: [deposit], at: NOW }));
    const notice = screen.getByTestId('transfer-notice');
    expect(notice.textContent).toContain('Deposit arrived: 0.50000000 BTC');
    expect(within(notice).getByTitle('0.5')).toBeTruthy();
    act(() =>
      applyArrivals({
        arrivals: [{ ...deposit, method: 2, ticker: 'USDT', amount: '40', places: 2 }],
        at: NOW + 1,
      }),
    );
    expect(screen.getAllByTestId('transfer-notice')[0]!.textContent).toContain(
      'Withdrawal completed: 40.00 USDT (network BTC)',
    );
    advance(NOTICE_SHOWN_MS);
    expect(screen.queryByTestId('transfer-notice')).toBeNull();
    expect(useNotices.getState().kept).toHaveLength(2);
  });

  it('privacy mode masks the amounts, in the notice and the list', () => {
    useSettings.setState({ privacy: true });
    app();
    act(() => applyArrivals({ arrivals: [deposit], at: NOW }));
    expect(screen.getByTestId('transfer-notice').textContent).not.toContain('0.5');
    fireEvent.click(screen.getByRole('button', { name: 'Notices, 1 new' }));
    expect(screen.getByTestId('notices-list').textContent).toContain('•••••');
    expect(screen.getByTestId('notices-list').textContent).not.toContain('0.5');
  });

  it('another profile: its notices start empty', () => {
    app();
    fill(1);
    act(() => resetProfileData());
    expect(screen.queryByTestId('fill-notice')).toBeNull();
    expect(useNotices.getState()).toMatchObject({ shown: [], kept: [], unread: 0 });
  });
});
