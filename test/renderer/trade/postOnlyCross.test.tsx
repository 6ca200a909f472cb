import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TradeView } from '../../../src/renderer/features/trade/TradeView';
import { useTradeStore } from '../../../src/renderer/features/trade/tradeStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import type { PlacementOutcome } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { BTC_USDT, context } from './fixtures';

beforeEach(() => {
  useTradeStore.setState(useTradeStore.getInitialState(), true);
  useSettings.setState({ privacy: false, autoRefreshSeconds: 0 });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

const PLACED: PlacementOutcome = {
  outcome: 'placed',
  clientOrderId: 'desk-abc123',
  orderId: 4242,
  market: 'BTC_USDT',
  side: 'buy',
  dealStock: '0',
  dealMoney: '0',
  dealFee: '0',
  status: 'NEW',
  reconciled: false,
};
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function reviewPostOnlyBuy(price: string) {
  const fake = fakeDesk({
    'trade.markets': async () => [BTC_USDT],
    'trade.context': async () => context(),
    'orders.place': async () => PLACED,
  });
  setDesk(fake.desk);
  render(<TradeView />);
  await screen.findByRole('button', { name: 'Review order' });
  fireEvent.click(screen.getByRole('radio', { name: /Limit/ }));
  type(screen.getByRole('textbox', { name: /^Amount/ }), '0.01');
  type(screen.getByRole('textbox', { name: /Limit price/ }), price);
  fireEvent.click(screen.getByRole('checkbox', { name: /Post-only/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
  return { fake, dialog: await screen.findByRole('dialog') };
}

describe('a post-only limit that crosses the book', () => {
  it('the confirmation says the exchange would refuse it, and Confirm sends nothing', async () => {
    // The best ask is 60000: a post-only buy at 60100 would fill at once.
    const { fake, dialog } = await reviewPostOnlyBuy('60100');
    expect(dialog.textContent).toContain(
      'Post-only: this price crosses the book, so the exchange would refuse it.',
    );
    const confirm = screen.getByRole('button', { name: 'Confirm order' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(fake.callsTo('orders.place')).toEqual([]);
  });

  it('below the best ask it is confirmed and sent as usual', async () => {
    const { fake, dialog } = await reviewPostOnlyBuy('59000');
    expect(dialog.textContent).not.toContain('crosses the book');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    await screen.findByTestId('trade-outcome');
    expect(fake.callsTo('orders.place')).toHaveLength(1);
  });
});
