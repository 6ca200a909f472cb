import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { useTradeContext } from '../../../src/renderer/features/trade/tradeStore';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { profile, profiles } from '../orders/fixtures';
import { context, leaveTradeScreen, openTrade, resetTradeScreen } from './fixtures';

/**
 * Issue 32 point 6: a limit or stop price far from the last price is named in the confirmation
 * with its distance (the threshold is a setting); the confirmation names the account and agrees
 * with the preview behind it.
 */

beforeEach(resetTradeScreen);
afterEach(leaveTradeScreen);

const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

async function review() {
  fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
  return screen.findByRole('dialog');
}

function limit(side: 'Buy' | 'Sell', amount: string, price: string) {
  fireEvent.click(screen.getByRole('radio', { name: 'Limit' }));
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(`^${side} `) }));
  type(/^Amount/, amount);
  type(/^Limit price/, price);
}

describe('the fat-finger guard', () => {
  it('a limit price beyond the threshold is named with its distance; within it, nothing', async () => {
    await openTrade();
    limit('Sell', '0.01', '70000');
    const dialog = await review();
    expect(within(dialog).getByTestId('trade-review-far').textContent).toBe(
      'The limit price 70,000 USDT is 16.67 % above the last price 60,000 USDT (more than the 10 % set in Settings).',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    type(/^Limit price/, '65000');
    expect(within(await review()).queryByTestId('trade-review-far')).toBeNull();
  });

  it('the threshold is the setting; a stop names its activation price', async () => {
    act(() => {
      useSettings.setState({ priceGuardPercent: 20 });
    });
    await openTrade();
    limit('Sell', '0.01', '70000');
    expect(within(await review()).queryByTestId('trade-review-far')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Stop-market' }));
    fireEvent.click(screen.getByRole('radio', { name: /^Sell / }));
    type(/^Amount/, '0.01');
    type(/^Activation price/, '40000');
    expect(within(await review()).getByTestId('trade-review-far').textContent).toBe(
      'The activation price 40,000 USDT is 33.33 % below the last price 60,000 USDT (more than the 20 % set in Settings).',
    );
  });

  it('the confirmation names the account and agrees with the preview while it is open', async () => {
    useProfilesStore.setState({ state: profiles(profile({ name: 'Main desk' })) });
    await openTrade();
    fireEvent.click(screen.getByRole('radio', { name: /^Market \(amount in/ }));
    type(/^Amount/, '0.015');
    const dialog = await review();
    expect(within(dialog).getByTestId('trade-review-account').textContent).toBe('Main desk');
    const preview = () => screen.getByRole('region', { name: 'Preview' }).textContent;
    const before = preview();
    expect(before).toContain('60,033.33 USDT');
    // The book moves behind the dialog: the preview stays what is being confirmed.
    act(() => {
      useTradeContext.setState({
        data: context({
          book: {
            tickerId: 'BTC_USDT',
            timestamp: Date.now(),
            asks: [['65000', '5']],
            bids: [['59000', '5']],
          },
        }),
      });
    });
    expect(preview()).toBe(before);
    expect(within(dialog).getByText(/60,033\.33/)).toBeTruthy();
  });
});
