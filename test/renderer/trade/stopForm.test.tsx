import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import type { Region } from '../../../src/shared/model';
import { profile, profiles } from '../orders/fixtures';
import { leaveTradeScreen, openTrade, resetTradeScreen } from './fixtures';

/** Issue 17 point 1 on screen: the stop kinds in the form, their checks, preview and review. */

beforeEach(resetTradeScreen);
afterEach(leaveTradeScreen);

const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

/** Trade for a profile of `region` (none: no profiles loaded). */
function open(region?: Region) {
  if (region) useProfilesStore.setState({ state: profiles(profile({ region, id: region })) });
  return openTrade();
}

/** Chooses Stop-limit and types its amount, activation price and limit price. */
function stopLimit(amount: string, activation: string, price: string) {
  fireEvent.click(screen.getByRole('radio', { name: 'Stop-limit' }));
  type(/^Amount/, amount);
  type(/^Activation price/, activation);
  type(/^Limit price/, price);
}

/** Reviews and confirms the form, then answers what orders.place was sent. */
async function confirmed(fake: Awaited<ReturnType<typeof openTrade>>) {
  fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
  await screen.findByRole('dialog');
  fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
  await screen.findByTestId('trade-outcome');
  return fake.callsTo('orders.place');
}

const kinds = () =>
  screen.getAllByRole('radio').filter((r) => r.getAttribute('name') === 'trade-kind');
const kindLabels = () => kinds().map((r) => r.parentElement?.textContent);

describe('stop orders in the trade form', () => {
  it('a stop-limit: condition in words, preview, review and the input sent', async () => {
    const fake = await open();
    stopLimit('0.01', '70000', '70500');
    expect(screen.getByTestId('trade-stop-condition').textContent).toBe(
      'Triggers when the last price rises to or above 70,000 USDT, then becomes a limit order at 70,500 USDT.',
    );
    const preview = screen.getByTestId('trade-stop-preview').textContent;
    expect(preview).toContain('Total at your price705.00 USDT');
    fireEvent.click(screen.getByRole('radio', { name: /^Sell / }));
    expect(screen.getByTestId('trade-stop-condition').textContent).toContain(
      'falls to or below 70,000 USDT',
    );
    fireEvent.click(screen.getByRole('radio', { name: /^Buy / }));
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Stop: buy 0.01 BTC on BTC/USDT?')).toBeTruthy();
    expect(within(dialog).getByTestId('trade-review-stop').textContent).toContain(
      'rises to or above 70,000 USDT, then becomes a limit order at 70,500 USDT',
    );
    expect(dialog.textContent).toContain('Stop-limit order');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    const outcome = await screen.findByTestId('trade-outcome');
    expect(outcome.textContent).toContain(
      'Stop order placed: it waits in Orders until it triggers. Triggers when the last price rises to or above 70,000 USDT',
    );
    const [sent] = fake.callsTo('orders.place');
    expect(sent).toMatchObject({ kind: 'stop_limit', activationPrice: '70000', price: '70500' });
  });

  it('a stop-market buy is sized in money and becomes a market order', async () => {
    const fake = await open();
    fireEvent.click(screen.getByRole('radio', { name: 'Stop-market' }));
    expect(screen.queryByRole('textbox', { name: /^Limit price/ })).toBeNull();
    type(/^Amount to spend \(USDT\)/, '100');
    type(/^Activation price/, '65000');
    expect(screen.getByTestId('trade-stop-condition').textContent).toBe(
      'Triggers when the last price rises to or above 65,000 USDT, then becomes a market order.',
    );
    expect(await confirmed(fake)).toEqual([
      {
        kind: 'stop_market',
        market: 'BTC_USDT',
        side: 'buy',
        amount: '100',
        activationPrice: '65000',
      },
    ]);
  });

  it('each check shows its message under its field, and nothing is sent', async () => {
    const fake = await open();
    stopLimit('0.00005', '70000.001', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    const errorOf = (name: RegExp) => {
      const input = screen.getByRole('textbox', { name });
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    };
    expect(errorOf(/^Amount/)).toContain('At least 0.0001 BTC');
    expect(errorOf(/^Activation price/)).toContain(
      'Use at most 2 decimals for the activation price (tick 0.01 USDT)',
    );
    expect(errorOf(/^Limit price/)).toContain('The price must be greater than 0.');
    stopLimit('0.0201', '70000', '50000');
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    expect(errorOf(/^Amount/)).toContain('Not enough USDT');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('orders.place')).toEqual([]);
  });
});

describe('a stop whose condition already holds (issue 32 point 3)', () => {
  it('a buy stop below the last price says it would trigger at once and why, form and review', async () => {
    await open();
    stopLimit('0.01', '59000', '59500');
    expect(screen.getByTestId('trade-stop-at-once').textContent).toBe(
      'Would trigger at once: the last price 60,000 USDT is already at or above 59,000 USDT.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('trade-review-at-once').textContent).toBe(
      'Would trigger at once: the last price 60,000 USDT is already at or above 59,000 USDT.',
    );
  });

  it('a sell stop above the last price says so; one beyond it says nothing', async () => {
    await open();
    stopLimit('0.01', '61000', '60500');
    fireEvent.click(screen.getByRole('radio', { name: /^Sell / }));
    expect(screen.getByTestId('trade-stop-at-once').textContent).toBe(
      'Would trigger at once: the last price 60,000 USDT is already at or below 61,000 USDT.',
    );
    type(/^Activation price/, '59000');
    expect(screen.queryByTestId('trade-stop-at-once')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /^Buy / }));
    type(/^Activation price/, '61000');
    expect(screen.queryByTestId('trade-stop-at-once')).toBeNull();
  });
});

describe('the kinds a profile is offered', () => {
  it('global and demo profiles: market, spend, limit, stop-limit, stop-market', async () => {
    await open('global');
    expect(kindLabels()).toEqual([
      'Market (amount in BTC)',
      'Market buy (spend USDT)',
      'Limit',
      'Stop-limit',
      'Stop-market',
    ]);
  });

  it('EU profiles: no stop-limit, and a limit order is immediate-or-cancel', async () => {
    const fake = await open('eu');
    expect(kindLabels()).toEqual([
      'Market (amount in BTC)',
      'Market buy (spend USDT)',
      'Limit',
      'Stop-market',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Limit' }));
    const ioc = screen.getByRole('checkbox', { name: /Immediate or cancel/ }) as HTMLInputElement;
    expect([ioc.checked, ioc.disabled]).toEqual([true, true]);
    expect(screen.queryByRole('checkbox', { name: /Post-only/ })).toBeNull();
    type(/^Amount/, '0.01');
    type(/^Limit price/, '59000');
    expect(await confirmed(fake)).toEqual([
      { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '59000', ioc: true },
    ]);
  });
});
