import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leaveTradeScreen, openTrade, resetTradeScreen } from './fixtures';

beforeEach(resetTradeScreen);
afterEach(leaveTradeScreen);

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function reviewPostOnlyBuy(price: string) {
  const fake = await openTrade();
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
