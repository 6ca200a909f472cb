import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../../src/renderer/components/ViewParts';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import type { FlexTransaction } from '../../../src/shared/model';
import {
  BTC_PLAN,
  ETH_PLAN,
  REFUSALS,
  USDT_PLAN,
  deferred,
  investment,
  overview,
  serveEarn,
  setUpEarnTests,
} from './fixtures';

setUpEarnTests();

const TX: FlexTransaction = { transactionId: 'tx-1' };

const serve = serveEarn;

const planRow = async (ticker: string) =>
  (await screen.findAllByTestId('plan-row')).find((r) => r.textContent?.startsWith(ticker))!;

async function openInvest(ticker = 'USDT') {
  fireEvent.click(await screen.findByRole('button', { name: `Invest in the ${ticker} plan` }));
  return screen.getByRole('region', { name: `Invest in the ${ticker} plan` });
}

const amountInput = (form: HTMLElement, ticker = 'USDT') =>
  within(form).getByLabelText(`Amount (${ticker})`) as HTMLInputElement;

/** The message bound to the amount input by aria-describedby (the one under the field). */
function amountMessage(form: HTMLElement, ticker = 'USDT'): string | null {
  const input = amountInput(form, ticker);
  const error = document.getElementById(`${input.id}-error`);
  if (!error) return null;
  expect(input.getAttribute('aria-describedby')).toContain(error.id);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return error.textContent;
}

async function submitAmount(value: string, ticker = 'USDT') {
  const form = await openInvest(ticker);
  fireEvent.change(amountInput(form, ticker), { target: { value } });
  fireEvent.click(within(form).getByRole('button', { name: 'Invest' }));
  return form;
}

describe('Earn: plans', () => {
  it('lists each plan with minimum and maximum in its unit, the rate as a percent a year, and the balance', async () => {
    serve();
    const usdt = await planRow('USDT');
    // USDT at its 6 places (the exchange's currency_precision), as every screen writes it.
    expect(usdt.textContent).toContain('10.000000 USDT');
    expect(usdt.textContent).toContain('100,000.000000 USDT');
    expect(usdt.textContent).toContain('5.2 %');
    expect(usdt.textContent).toContain('12.500000 USDT');
    const btc = await planRow('BTC');
    expect(btc.textContent).toContain('0.00050000 BTC');
    expect(btc.textContent).toContain('2.5 %');
    expect(screen.getByRole('columnheader', { name: 'Rate (up to, a year)' })).toBeTruthy();
  });

  it('opens the invest form with the unit and the available main balance', async () => {
    serve();
    const form = await openInvest('BTC');
    expect(amountInput(form, 'BTC')).toBe(document.activeElement);
    expect(form.textContent).toContain('Available in the main account: 0.25000000 BTC');
    expect(within(form).getByRole('checkbox', { name: 'Auto-reinvest the earnings' })).toBeTruthy();
  });
});

describe('Earn: invest checks (nothing is sent while one fails)', () => {
  const cases: [string, string][] = [
    ['', 'Enter the amount to invest.'],
    ['abc', 'Enter the amount as a number, e.g. 0.5.'],
    ['1e3', 'Enter the amount as a number, e.g. 0.5.'],
    ['-5', 'Enter the amount as a number, e.g. 0.5.'],
    ['0', 'Enter an amount above 0.'],
    ['0.000', 'Enter an amount above 0.'],
    ['9.99', 'At least 10.000000 USDT.'],
    ['100000.01', 'At most 100,000.000000 USDT.'],
    ['12.51', 'You have 12.500000 USDT in the main account.'],
  ];
  it.each(cases)('amount %j -> %s', async (value, message) => {
    const fake = serve();
    const form = await submitAmount(value);
    expect(amountMessage(form)).toBe(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('flex.invest')).toEqual([]);
  });

  it('does not show the balance in the message when amounts are hidden', async () => {
    useSettings.setState({ privacy: true });
    const fake = serve();
    const form = await submitAmount('20');
    expect(amountMessage(form)).toBe('You have ••••• USDT in the main account.');
    expect(form.textContent).not.toContain('12.5');
    expect(fake.callsTo('flex.invest')).toEqual([]);
  });

  it('compares as decimals: exactly the minimum and exactly the balance pass', async () => {
    // An asset with 18 places (the places check has its own file: investRules.test.tsx).
    serve({}, () =>
      overview({ balances: { USDT: '10.000000000000000001' }, precisions: { USDT: 18 } }),
    );
    const form = await submitAmount('10.000000000000000001');
    expect(amountMessage(form)).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('clears the message as the amount is edited', async () => {
    serve();
    const form = await submitAmount('5');
    expect(amountMessage(form)).toBe('At least 10.000000 USDT.');
    fireEvent.change(amountInput(form), { target: { value: '11' } });
    expect(amountMessage(form)).toBeNull();
  });
});

describe('Earn: invest', () => {
  it('confirms with what happens, then sends once and reloads', async () => {
    const fake = serve({ 'flex.invest': async () => TX });
    const form = await openInvest();
    fireEvent.change(amountInput(form), { target: { value: ' 12.5 ' } });
    // A top-up of the ACTIVE investment keeps its auto-reinvest, which is on.
    const reinvest = within(form).getByRole('checkbox', { name: 'Auto-reinvest the earnings' });
    expect((reinvest as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Invest' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm the investment' });
    expect(within(dialog).getByTestId('invest-question').textContent).toBe(
      'Invest 12.500000 USDT in the USDT plan (up to 5.2 % a year), auto-reinvest on.',
    );
    expect(fake.callsTo('flex.invest')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invest' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Invested 12.500000 USDT in the USDT plan.',
    );
    expect(fake.callsTo('flex.invest')).toEqual([
      { plan: USDT_PLAN.id, amount: '12.5', withReinvest: true },
    ]);
    expect(fake.callsTo('flex.overview')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invest in the USDT plan' })).toBeNull();
  });

  it('estimates what the amount earns a day and a month as it is typed, and confirms it', async () => {
    serve({ 'flex.invest': async () => TX });
    const form = await openInvest();
    const estimate = () => within(form).queryByTestId('invest-estimate')?.textContent ?? null;
    // Nothing to estimate before a number is typed.
    expect(estimate()).toBeNull();
    fireEvent.change(amountInput(form), { target: { value: '12' } });
    // 12 x 0.052 / 365 = 0.0017095… a day, 12 x 0.052 / 12 = 0.052 a month, at USDT's 6 places.
    expect(estimate()).toBe('≈ 0.001710 USDT a day, ≈ 0.052000 USDT a month at up to 5.2 % a year');
    fireEvent.change(amountInput(form), { target: { value: '12.5' } });
    expect(estimate()).toBe('≈ 0.001781 USDT a day, ≈ 0.054167 USDT a month at up to 5.2 % a year');
    fireEvent.change(amountInput(form), { target: { value: 'abc' } });
    expect(estimate()).toBeNull();
    fireEvent.change(amountInput(form), { target: { value: '12.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invest' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm the investment' });
    expect(within(dialog).getByTestId('invest-estimate').textContent).toBe(
      '≈ 0.001781 USDT a day, ≈ 0.054167 USDT a month at up to 5.2 % a year',
    );
  });

  it("writes the estimate at the asset's places (BTC at 8)", async () => {
    serve();
    const form = await openInvest('BTC');
    fireEvent.change(amountInput(form, 'BTC'), { target: { value: '0.2' } });
    // 0.2 x 0.025 / 365 = 0.0000136986… a day; 0.2 x 0.025 / 12 = 0.000416666… a month.
    expect(within(form).getByTestId('invest-estimate').textContent).toBe(
      '≈ 0.00001370 BTC a day, ≈ 0.00041667 BTC a month at up to 2.5 % a year',
    );
  });

  it('says auto-reinvest off when it is off, and Cancel sends nothing', async () => {
    const fake = serve({ 'flex.invest': async () => TX });
    const form = await openInvest();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Auto-reinvest the earnings' }));
    fireEvent.change(amountInput(form), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invest' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('invest-question').textContent).toBe(
      'Invest 10.000000 USDT in the USDT plan (up to 5.2 % a year), auto-reinvest off.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(amountInput(form).value).toBe('10');
    expect(fake.callsTo('flex.invest')).toEqual([]);
  });

  it('sends one request however often Invest is pressed while it is in flight', async () => {
    const answer = deferred<FlexTransaction>();
    const fake = serve({ 'flex.invest': () => answer.promise });
    await submitAmount('10');
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Invest' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    const busy = within(screen.getByRole('dialog')).getByRole('button', { name: 'Investing…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(fake.callsTo('flex.invest')).toHaveLength(1);
    await act(async () => answer.resolve(TX));
    await screen.findByText('Invested 10.000000 USDT in the USDT plan.');
    expect(fake.callsTo('flex.invest')).toHaveLength(1);
  });

  it('puts an `amount` refusal under the amount field', async () => {
    serve({
      'flex.invest': async () => {
        throw REFUSALS.amountMax;
      },
    });
    const form = await submitAmount('10');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Invest' }));
    await waitFor(() =>
      expect(amountMessage(form)).toBe('The amount must not be greater than 100000.'),
    );
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('puts a `balance` refusal under the amount field as "Not enough balance"', async () => {
    serve({
      'flex.invest': async () => {
        throw REFUSALS.balance;
      },
    });
    const form = await submitAmount('10');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Invest' }));
    await waitFor(() =>
      expect(amountMessage(form)).toBe(
        'Not enough balance: the main account holds less than that.',
      ),
    );
  });

  it('keeps a differently worded `balance` message after "Not enough balance:"', async () => {
    serve({
      'flex.invest': async () => {
        throw { code: 'EXCHANGE_VALIDATION', message: 'x', fields: { balance: ['Only 3 left.'] } };
      },
    });
    const form = await submitAmount('10');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Invest' }));
    await waitFor(() => expect(amountMessage(form)).toBe('Not enough balance: Only 3 left.'));
  });

  it('shows a `plan` refusal at the top of the form, naming the plan', async () => {
    serve({
      'flex.invest': async () => {
        throw REFUSALS.plan;
      },
    });
    const form = await submitAmount('10');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Invest' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(
      'The USDT plan refused the investment: Plan is not active or not available in your region.',
    );
    expect(amountMessage(form)).toBeNull();
  });

  it('maps by field name, not by code (a code-0 `amount` lands under the field too)', async () => {
    serve({
      'flex.invest': async () => {
        throw {
          code: 'EXCHANGE_VALIDATION',
          message: 'Validation failed',
          fields: { amount: ['validation.numeric'] },
        };
      },
    });
    const form = await submitAmount('10');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Invest' }));
    await waitFor(() => expect(amountMessage(form)).toBe('validation.numeric'));
  });

  it('shows any other failure as its message at the top of the form', async () => {
    serve({
      'flex.invest': async () => {
        throw { code: 'EXCHANGE_NETWORK', message: 'The exchange did not answer.' };
      },
    });
    const form = await submitAmount('10');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Invest' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The exchange did not answer.',
    );
  });
});

describe('Earn: investments and Close', () => {
  const rows = async () => screen.findAllByTestId('investment-row');
  const rowOf = async (text: string) => (await rows()).find((r) => r.textContent?.includes(text))!;

  it('lists active and closed investments with invested, auto-reinvest, status and dates', async () => {
    serve();
    const active = await rowOf('USDT plan');
    expect(active.textContent).toContain('1,500.000000 USDT');
    // The status and the auto-reinvest under the plan (the times stay in view at 1400 px).
    expect(active.textContent).toContain('USDT planactive Reinvest on');
    expect(active.querySelectorAll('time')).toHaveLength(2);
    const closed = await rowOf('BTC plan');
    expect(closed.textContent).toContain('0.00000000 BTC');
    expect(closed.textContent).toContain('BTC planclosed Reinvest off');
  });

  it("writes Created and Updated in the app's one time format (as the payments table does)", async () => {
    serve();
    const times = [...(await rowOf('USDT plan')).querySelectorAll('time')];
    expect(times).toHaveLength(2);
    for (const t of times) expect(t.textContent).toBe(formatTime(Date.parse(t.dateTime)));
  });

  it('offers Close only for an ACTIVE investment holding more than 0', async () => {
    serve({}, () =>
      overview({
        investments: [
          investment(),
          investment({ id: 'closed', planId: BTC_PLAN.id, currency: 'BTC', status: 'CLOSED' }),
          investment({ id: 'zero', planId: ETH_PLAN.id, currency: 'ETH', invested: '0.000' }),
        ],
      }),
    );
    await rows();
    const closeButtons = screen.getAllByRole('button', { name: /^Close the / });
    expect(closeButtons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Close the USDT plan investment',
    ]);
  });

  it('closes after confirmation, by plan, and reloads', async () => {
    const fake = serve({ 'flex.close': async () => TX });
    fireEvent.click(await screen.findByRole('button', { name: 'Close the USDT plan investment' }));
    const dialog = screen.getByRole('dialog', { name: 'Close the USDT plan investment?' });
    expect(within(dialog).getByTestId('close-question').textContent).toContain(
      'Close your investment of 1,500.000000 USDT in the USDT plan?',
    );
    expect(fake.callsTo('flex.close')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close investment' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Closed the USDT plan investment of 1,500.000000 USDT.',
    );
    expect(fake.callsTo('flex.close')).toEqual([{ plan: USDT_PLAN.id }]);
    await waitFor(() => expect(fake.callsTo('flex.overview')).toHaveLength(2));
  });

  it('sends one close however often it is confirmed while in flight', async () => {
    const answer = deferred<FlexTransaction>();
    const fake = serve({ 'flex.close': () => answer.promise });
    fireEvent.click(await screen.findByRole('button', { name: 'Close the USDT plan investment' }));
    const confirm = within(screen.getByRole('dialog')).getByRole('button', {
      name: 'Close investment',
    });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(fake.callsTo('flex.close')).toHaveLength(1);
    await act(async () => answer.resolve(TX));
  });

  it('shows a refusal of close next to that investment, and keeps it after the reload', async () => {
    let closed = false;
    const fake = serve(
      {
        'flex.close': async () => {
          closed = true;
          throw REFUSALS.investment;
        },
      },
      () =>
        closed
          ? overview({ investments: [investment({ status: 'CLOSED', invested: '0' })] })
          : overview(),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Close the USDT plan investment' }));
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Close investment' }),
    );
    await waitFor(() => expect(fake.callsTo('flex.overview')).toHaveLength(2));
    const row = await rowOf('USDT plan');
    await waitFor(() => expect(row.textContent).toContain('closed'));
    expect(within(row).getByRole('alert').textContent).toBe(
      'Investment is not in ACTIVE status or its amount is not greater than zero.',
    );
    expect(within(row).queryByRole('button', { name: /^Close/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Earn: no lending access', () => {
  it('shows a plain notice instead of an error dump for a 403', async () => {
    serve({}, () => {
      throw REFUSALS.permission;
    });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain(
      "This API key has no access to Earn (flex). Enable lending in the key's permissions, or use another key.",
    );
    expect(document.body.textContent).not.toContain('EXCHANGE_PERMISSION');
    expect(document.body.textContent).not.toContain('permission to use this endpoint');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open Accounts' })).toBeTruthy();
  });

  it('shows another load failure with its message and a retry', async () => {
    let fail = true;
    const fake = serve({}, () => {
      if (fail) throw { code: 'EXCHANGE_NETWORK', message: 'The exchange did not answer.' };
      return overview();
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]!.textContent).toContain('The exchange did not answer.');
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    await planRow('USDT');
    expect(fake.callsTo('flex.overview')).toHaveLength(2);
  });
});
