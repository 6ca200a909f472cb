import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StatusPill } from '../../../src/renderer/features/status';
import { useStatusStore } from '../../../src/renderer/features/status/statusStore';
import { TradeView } from '../../../src/renderer/features/trade/TradeView';
import { setDesk } from '../../../src/renderer/lib/desk';
import { afterPaint } from '../paint';
import type { ExchangeStatus, TradeContext } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { BTC_USDT, context, leaveTradeScreen, resetTradeScreen } from './fixtures';

/**
 * Issue 14, item 5: "Review order" is not offered on an exchange that is down or on a book too old
 * to trust, and says why beside the button.
 */

const BASE = 'http://127.0.0.1:9';
const ONLINE: ExchangeStatus = { state: 'online', baseUrl: BASE, latencyMs: 12, checkedAt: 1 };
const OFFLINE: ExchangeStatus = {
  state: 'offline',
  baseUrl: BASE,
  reason: 'connection refused',
  checkedAt: 2,
};

beforeEach(() => {
  resetTradeScreen();
  useStatusStore.setState({ status: undefined, bridgeError: undefined });
});
afterEach(leaveTradeScreen);

/** The trade screen beside the status pill (which follows main's status pushes), as in the app. */
async function open(status: ExchangeStatus, ctx: () => TradeContext = () => context()) {
  const fake = fakeDesk({
    'exchange.status': async () => status,
    'trade.markets': async () => [BTC_USDT],
    'trade.context': async () => ctx(),
    'orders.place': async () => {
      throw new Error('must not be sent');
    },
  });
  setDesk(fake.desk);
  render(
    <>
      <StatusPill />
      <TradeView />
    </>,
  );
  await screen.findByRole('button', { name: 'Review order' });
  await afterPaint();
  return fake;
}

const button = () => screen.getByRole('button', { name: 'Review order' }) as HTMLButtonElement;
const reason = () => screen.queryByTestId('trade-review-blocked')?.textContent;

function fillAndReview() {
  fireEvent.change(screen.getByRole('textbox', { name: /^Amount/ }), { target: { value: '0.01' } });
  fireEvent.submit(button().closest('form')!);
}

describe('Review order', () => {
  it('is disabled, with the reason beside it, while the exchange is offline', async () => {
    const fake = await open(ONLINE);
    expect(button().disabled).toBe(false);
    expect(reason()).toBeUndefined();

    act(() => fake.emit('exchange.status', OFFLINE));
    expect(screen.getByTestId('status-pill').textContent).toContain('Offline');
    expect(button().disabled).toBe(true);
    expect(reason()).toBe('The exchange is offline (connection refused).');
    // Announced when it appears.
    expect(screen.getByTestId('trade-review-blocked').getAttribute('role')).toBe('status');

    // Enter in a field submits the form: still no review, nothing sent.
    fillAndReview();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('orders.place')).toEqual([]);

    act(() => fake.emit('exchange.status', ONLINE));
    expect(button().disabled).toBe(false);
    expect(reason()).toBeUndefined();
  });

  it('is disabled on a book more than 30 s old: refresh first', async () => {
    await open(ONLINE, () => context({ fetchedAt: Date.now() - 45_000 }));
    expect(button().disabled).toBe(true);
    expect(reason()).toMatch(/^The book is 4\d s old: refresh first\.$/);
    fillAndReview();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is enabled on a fresh book while the exchange is online (or not checked yet)', async () => {
    await open({ state: 'checking', baseUrl: BASE });
    expect(button().disabled).toBe(false);
    expect(reason()).toBeUndefined();
    fillAndReview();
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
