import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TradeView } from '../../../src/renderer/features/trade/TradeView';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { TradeContext } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { BTC_USDT, context, leaveTradeScreen, resetTradeScreen } from './fixtures';

/** The amount shortcuts on the order form: names, what a click fills, messages, disabled states. */

beforeEach(resetTradeScreen);
afterEach(leaveTradeScreen);

async function open(ctx: TradeContext = context()) {
  setDesk(
    fakeDesk({
      'trade.markets': async () => [BTC_USDT],
      'trade.context': async () => ctx,
    }).desk,
  );
  render(<TradeView />);
  await screen.findByRole('button', { name: 'Review order' });
}

const amount = () => screen.getByRole('textbox', { name: /^Amount/ }) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const radio = (name: RegExp | string) => fireEvent.click(screen.getByRole('radio', { name }));
const shortcuts = () => screen.getByRole('group', { name: 'Amount shortcuts' });
const button = (name: string) => within(shortcuts()).getByRole('button', { name });

/** The message under the amount field (its aria-describedby error). */
function messageUnderAmount(): string {
  const input = amount();
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return (
    ids.map((id) => document.getElementById(id)).find((el) => el?.className === 'field-error')
      ?.textContent ?? ''
  );
}

describe('amount shortcuts', () => {
  it('name the share and the asset they draw on, which follows the side', async () => {
    await open();
    expect(
      within(shortcuts())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Fill 25 % of available USDT',
      'Fill 50 % of available USDT',
      'Fill 75 % of available USDT',
      'Max: fill 100 % of available USDT',
    ]);
    expect(
      within(shortcuts())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['25 %', '50 %', '75 %', 'Max']);
    radio('Sell BTC');
    expect(button('Fill 50 % of available BTC')).toBeTruthy();
  });

  it('Max on a sell fills the available stock rounded down to the step, and focuses Amount', async () => {
    await open(context({ stock: { available: '0.50005', freeze: '0' } }));
    radio('Sell BTC');
    fireEvent.click(button('Max: fill 100 % of available BTC'));
    expect(amount().value).toBe('0.5');
    expect(document.activeElement).toBe(amount());
    expect(amount().getAttribute('aria-invalid')).toBeNull();
    // The preview estimates what was filled.
    expect(screen.getByRole('region', { name: 'Preview' }).textContent).toContain(
      'Estimated proceeds',
    );
    fireEvent.click(button('Fill 25 % of available BTC'));
    expect(amount().value).toBe('0.125');
  });

  it('a limit buy is disabled until a price is entered, then fills with the fee counted', async () => {
    await open();
    radio('Limit');
    const reason = within(shortcuts()).getByText('Enter a limit price first.');
    for (const b of within(shortcuts()).getAllByRole('button')) {
      expect((b as HTMLButtonElement).disabled).toBe(true);
      expect(b.getAttribute('aria-describedby')).toBe(reason.id);
    }
    type(screen.getByRole('textbox', { name: /Limit price/ }), '60000');
    expect(within(shortcuts()).queryByText('Enter a limit price first.')).toBeNull();
    fireEvent.click(button('Max: fill 100 % of available USDT'));
    expect(amount().value).toBe('0.0166');
  });

  it('a market buy by stock and a spend order fill from the money', async () => {
    await open();
    fireEvent.click(button('Fill 50 % of available USDT'));
    // 500 USDT buys 0.0083 BTC at 60000 (498 + 0.50 fee); 0.0084 would cost 504.51.
    expect(amount().value).toBe('0.0083');
    radio(/Market buy/);
    fireEvent.click(button('Fill 75 % of available USDT'));
    expect(amount().value).toBe('750');
  });

  it('are offered for stop orders as for the order each becomes', async () => {
    await open(context({ money: { available: '1000.005', freeze: '0' } }));
    radio('Stop-market');
    // A stop-market buy is sized in money: the share of the USDT, rounded down to the cent.
    expect(screen.getByRole('textbox', { name: /^Amount to spend \(USDT\)/ })).toBeTruthy();
    fireEvent.click(button('Max: fill 100 % of available USDT'));
    expect(amount().value).toBe('1000');
    expect(document.activeElement).toBe(amount());
    radio('Sell BTC');
    fireEvent.click(button('Fill 50 % of available BTC'));
    expect(amount().value).toBe('0.25');

    // A stop-limit buy, like a limit buy, waits for its limit price (its fee is taken in the BTC).
    radio('Stop-limit');
    radio('Buy BTC');
    expect(within(shortcuts()).getByText('Enter a limit price first.')).toBeTruthy();
    expect((button('Fill 25 % of available USDT') as HTMLButtonElement).disabled).toBe(true);
    type(screen.getByRole('textbox', { name: /^Limit price/ }), '50000');
    fireEvent.click(button('Max: fill 100 % of available USDT'));
    // 1000 / 50000 -> 0.02 at its limit price, whatever the book's asks.
    expect(amount().value).toBe('0.02');
  });

  it('says under the field when the share is below the minimum, and leaves the amount alone', async () => {
    await open(context({ stock: { available: '0.0003', freeze: '0' } }));
    radio('Sell BTC');
    type(amount(), '0.0002');
    fireEvent.click(button('Fill 25 % of available BTC'));
    expect(amount().value).toBe('0.0002');
    expect(messageUnderAmount()).toBe(
      '25 % of the available BTC comes to less than the minimum amount of 0.0001 BTC.',
    );
    expect(document.activeElement).toBe(amount());
    // Editing the amount takes the message away.
    type(amount(), '0.0003');
    expect(amount().getAttribute('aria-invalid')).toBeNull();
  });

  it('is disabled with the reason when the balance is empty', async () => {
    await open(context({ money: { available: '0', freeze: '5' } }));
    expect(within(shortcuts()).getByText('No USDT available.')).toBeTruthy();
    expect((button('Fill 25 % of available USDT') as HTMLButtonElement).disabled).toBe(true);
    // The stock is there: selling is offered.
    radio('Sell BTC');
    expect((button('Fill 25 % of available BTC') as HTMLButtonElement).disabled).toBe(false);
  });

  it('in privacy mode tells no balance: no amounts in names or titles, no state from an empty balance', async () => {
    useSettings.setState({ privacy: true });
    await open(context({ stock: { available: '0', freeze: '0' } }));
    radio('Sell BTC');
    for (const b of within(shortcuts()).getAllByRole('button')) {
      expect((b as HTMLButtonElement).disabled).toBe(false);
      expect(b.getAttribute('title')).toBeNull();
      expect(b.getAttribute('aria-label')).toMatch(/^(Max: f|F)ill \d+ % of available BTC$/);
    }
    expect(within(shortcuts()).queryByText('No BTC available.')).toBeNull();
    fireEvent.click(button('Max: fill 100 % of available BTC'));
    expect(messageUnderAmount()).toBe('No BTC available.');
  });
});
