import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import type { FlexOverview, FlexPayments } from '../../../src/shared/model';
import {
  deferred,
  investment,
  LAST_PAID,
  overview,
  payment,
  payments,
  serveEarn,
  setUpEarnTests,
} from './fixtures';
import { cellByHeader as cell } from '../components/table/cellByHeader';

setUpEarnTests();

const DAY = 86_400_000;

/** Earn, with `paid` answering the payments. */
const serve = (paid?: () => Promise<FlexPayments>, data?: () => FlexOverview) =>
  serveEarn(paid ? { 'flex.payments': paid } : {}, data);

const investmentRow = async (text: string) =>
  (await screen.findAllByTestId('investment-row')).find((r) => r.textContent?.includes(text))!;
const paymentsTable = () => screen.getByRole('table', { name: 'Interest payments' });
const paymentRows = async () => {
  await screen.findAllByTestId('payment-row');
  return within(paymentsTable()).getAllByTestId('payment-row');
};

describe('Earn: interest received per investment', () => {
  it('shows what each investment has been paid, in its asset, as main summed it', async () => {
    serve();
    const usdt = await investmentRow('USDT plan');
    await waitFor(() => expect(cell(usdt, 'Interest received').textContent).toBe('0.300001 USDT'));
    const btc = await investmentRow('BTC plan');
    expect(cell(btc, 'Interest received').textContent).toBe('0.00001368 BTC');
  });

  it('an investment with no payment yet has received 0 in its asset', async () => {
    serve(async () => payments({ interest: [] }));
    const usdt = await investmentRow('USDT plan');
    await waitFor(() => expect(cell(usdt, 'Interest received').textContent).toBe('0.000000 USDT'));
  });

  it('says the rate it earns (last payment x 365 / invested) apart from the plan rate', async () => {
    serve();
    const usdt = await investmentRow('USDT plan');
    // 0.2 USDT paid a day ago on 1,500 USDT: 4.87 % a year; the plan pays up to 5.2 %.
    await waitFor(() =>
      expect(cell(usdt, 'Rate').textContent).toBe('Earning 4.87 %Plan up to 5.2 %'),
    );
    expect(screen.getByText(/Earning: the yearly rate of the last payment/)).toBeTruthy();
  });

  it('shows only the plan rate where the last payment says nothing about the rate', async () => {
    const changed = investment({ updatedAt: Date.now() - DAY / 2 });
    const none = investment({ id: 'inv-eth', planId: overview().plans[2]!.id, currency: 'ETH' });
    serve(undefined, () => overview({ investments: [changed, overview().investments[1]!, none] }));
    // Topped up after its last payment; closed; never paid.
    const usdt = await investmentRow('USDT plan');
    await waitFor(() => expect(cell(usdt, 'Interest received').textContent).toBe('0.300001 USDT'));
    expect(cell(usdt, 'Rate').textContent).toBe('Plan up to 5.2 %');
    expect(cell(await investmentRow('BTC plan'), 'Rate').textContent).toBe('Plan up to 2.5 %');
    expect(cell(await investmentRow('ETH plan'), 'Rate').textContent).toBe('Plan up to 4 %');
  });

  it('hides the amounts received in privacy mode, not the rates', async () => {
    useSettings.setState({ privacy: true });
    serve();
    const usdt = await investmentRow('USDT plan');
    await waitFor(() => expect(cell(usdt, 'Interest received').textContent).toBe('••••• USDT'));
    expect(cell(usdt, 'Rate').textContent).toContain('Earning 4.87 %');
    await paymentRows();
    const text = paymentsTable().textContent ?? '';
    expect(text).toContain('••••• USDT');
    expect(text).not.toMatch(/0\.2|0\.1|0\.000001|0\.00000684/);
  });

  it('keeps the investments on screen while payments load, and when they fail', async () => {
    const answer = deferred<FlexPayments>();
    serve(() => answer.promise);
    const usdt = await investmentRow('USDT plan');
    expect(cell(usdt, 'Interest received').textContent).toBe('…');
    await act(async () =>
      answer.reject({ code: 'EXCHANGE_NETWORK', message: 'The exchange did not answer.' }),
    );
    await waitFor(() => expect(cell(usdt, 'Interest received').textContent).toBe('—'));
    expect(cell(usdt, 'Rate').textContent).toBe('Plan up to 5.2 %');
  });
});

describe('Earn: interest payments table', () => {
  it('lists time, asset, amount with its unit and the investment, newest first', async () => {
    serve();
    const rows = await paymentRows();
    expect(rows).toHaveLength(5);
    const first = rows[0]!;
    expect(cell(first, 'Time').querySelector('time')?.getAttribute('dateTime')).toBe(
      new Date(LAST_PAID).toISOString(),
    );
    expect(cell(first, 'Asset').textContent).toBe('USDT');
    expect(cell(first, 'Amount').textContent).toBe('0.200000 USDT');
    expect(cell(first, 'Investment').textContent).toBe('USDT plan · active');
    expect(cell(rows[2]!, 'Amount').textContent).toBe('0.000001 USDT');
    expect(cell(rows[4]!, 'Investment').textContent).toBe('BTC plan · closed');
    expect(cell(rows[4]!, 'Amount').textContent).toBe('0.00000684 BTC');
    const times = rows.map((r) => Date.parse(r.querySelector('time')!.getAttribute('dateTime')!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('names a payment of an investment the list does not hold by its plan', async () => {
    serve(async () =>
      payments({ records: [payment({ investmentId: 'inv-gone', transactionId: 'tx-gone' })] }),
    );
    const [row] = await paymentRows();
    expect(cell(row!, 'Investment').textContent).toBe('USDT plan');
  });

  it('shows one investment’s payments when one is chosen', async () => {
    serve();
    await paymentRows();
    const choice = screen.getByLabelText('Investment') as HTMLSelectElement;
    expect([...choice.options].map((o) => o.textContent)).toEqual([
      'All investments',
      'USDT plan · active',
      'BTC plan · closed',
    ]);
    fireEvent.change(choice, { target: { value: 'inv-btc' } });
    const rows = await paymentRows();
    expect(rows.map((r) => cell(r, 'Asset').textContent)).toEqual(['BTC', 'BTC']);
    expect(screen.getByTestId('payments-count').textContent).toBe('Showing 2 of 5 payments');
  });

  it('loading, empty and error with retry', async () => {
    const answer = deferred<FlexPayments>();
    let fail = true;
    const fake = serve(() =>
      fail ? answer.promise : Promise.resolve(payments({ records: [], interest: [] })),
    );
    await screen.findAllByTestId('investment-row');
    expect(within(paymentsTable()).getByLabelText('Loading')).toBeTruthy();
    await act(async () =>
      answer.reject({ code: 'EXCHANGE_NETWORK', message: 'The exchange did not answer.' }),
    );
    const alert = await within(paymentsTable()).findByRole('alert');
    expect(alert.textContent).toContain('The exchange did not answer.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(paymentsTable()).findByText('No interest has been paid yet.');
    expect(fake.callsTo('flex.payments')).toHaveLength(2);
    // The plans and investments stayed as they were.
    expect(fake.callsTo('flex.overview')).toHaveLength(1);
  });

  it('says when the exchange holds more payments than were loaded', async () => {
    serve(async () => payments({ capped: true }));
    await paymentRows();
    expect(screen.getByTestId('payments-count').textContent).toBe(
      '5 payments · the latest the exchange listed; it holds more, which the totals do not count',
    );
  });
});

describe('Earn: interest by month, in the quote', () => {
  const monthTable = () => screen.findByRole('table', { name: 'Interest by month' });
  const monthRows = async () => within(await monthTable()).findAllByTestId('month-row');

  it("lists each month and asset with its amount at the asset's places and its value in the quote", async () => {
    const fake = serve();
    const rows = await monthRows();
    expect(rows.map((r) => cell(r, 'Month').textContent)).toEqual(['Mar 2026', 'Jan 2026']);
    expect(rows.map((r) => cell(r, 'Asset').textContent)).toEqual(['USDT', 'BTC']);
    expect(rows.map((r) => cell(r, 'Amount').textContent)).toEqual([
      '0.300001 USDT',
      '0.00001368 BTC',
    ]);
    // USDT as the quote: at its own 6 places, as main said.
    expect(rows.map((r) => cell(r, 'Value (USDT)').textContent)).toEqual([
      '0.300001 USDT',
      '0.820800 USDT',
    ]);
    // Asked in Settings' quote.
    expect(fake.callsTo('flex.payments')).toEqual([{ quote: 'USDT' }]);
  });

  it('writes a fiat value at 2 places, an unpriced one as "—", and asks again when the quote changes', async () => {
    const inEur = payments({
      byMonth: {
        quote: 'EUR',
        quotePlaces: 2,
        months: [
          { month: '2026-03', currency: 'USDT', amount: '0.300001', value: '0.277350924' },
          { month: '2026-03', currency: 'XYZ', amount: '5', value: null },
        ],
      },
    });
    const fake = serve(async () => (useSettings.getState().quote === 'EUR' ? inEur : payments()));
    await monthRows();
    act(() => useSettings.getState().setQuote('EUR'));
    await waitFor(async () =>
      expect((await monthRows()).map((r) => cell(r, 'Value (EUR)').textContent)).toEqual([
        '0.28 EUR',
        '—',
      ]),
    );
    expect(fake.callsTo('flex.payments')).toEqual([{ quote: 'USDT' }, { quote: 'EUR' }]);
  });

  it('says nothing has been paid in any month when there are no payments', async () => {
    serve(async () =>
      payments({
        records: [],
        interest: [],
        byMonth: { quote: 'USDT', quotePlaces: 6, months: [] },
      }),
    );
    expect(
      await within(await monthTable()).findByText('No interest has been paid yet.'),
    ).toBeTruthy();
  });
});
