import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EarnView } from '../../../src/renderer/features/earn/EarnView';
import { setDesk } from '../../../src/renderer/lib/desk';
import { fakeDesk } from '../fakeDesk';
import { overview, setUpEarnTests } from './fixtures';

setUpEarnTests();

async function openInvest(ticker: string) {
  setDesk(fakeDesk({ 'flex.overview': async () => overview() }).desk);
  render(<EarnView />);
  fireEvent.click(await screen.findByRole('button', { name: `Invest in the ${ticker} plan` }));
  const form = screen.getByRole('region', { name: `Invest in the ${ticker} plan` });
  return within(form).getByRole('checkbox', {
    name: 'Auto-reinvest the earnings',
  }) as HTMLInputElement;
}

describe('topping up an investment keeps its auto-reinvest', () => {
  it('an ACTIVE investment with auto-reinvest on: the form starts with it on', async () => {
    expect((await openInvest('USDT')).checked).toBe(true);
  });

  it('no active investment in the plan: off, as before', async () => {
    expect((await openInvest('BTC')).checked).toBe(false);
  });
});

async function invest(ticker: string, amount: string, precisions?: Record<string, number>) {
  const fake = fakeDesk({
    'flex.overview': async () => overview(precisions ? { precisions } : {}),
    'flex.invest': async () => ({ transactionId: 'tx-1' }),
  });
  setDesk(fake.desk);
  render(<EarnView />);
  fireEvent.click(await screen.findByRole('button', { name: `Invest in the ${ticker} plan` }));
  const form = screen.getByRole('region', { name: `Invest in the ${ticker} plan` });
  fireEvent.change(within(form).getByLabelText(`Amount (${ticker})`), {
    target: { value: amount },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Invest' }));
  return { form, fake };
}

describe('an investment amount has at most the asset’s decimal places', () => {
  it('USDT (6 places): 10.1234567 is refused under the amount, nothing is sent', async () => {
    const { form, fake } = await invest('USDT', '10.1234567');
    const field = within(form).getByLabelText('Amount (USDT)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('USDT has at most 6 decimal places.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls.filter((c) => c.channel === 'flex.invest')).toHaveLength(0);
  });

  it('6 places exactly (trailing zeros beyond are fine) go on to the confirmation', async () => {
    await invest('USDT', '10.12345600');
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('an asset with 0 places refuses any fraction', async () => {
    const { form } = await invest('USDT', '10.5', { USDT: 0 });
    expect(
      within(form).getByText('USDT has no decimal places: enter a whole number.'),
    ).toBeTruthy();
  });

  it('an asset the list does not know: no client check, the exchange judges', async () => {
    await invest('ETH', '0.0100000000001', {});
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
