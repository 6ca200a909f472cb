import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TaxesView } from '../../../src/renderer/features/taxes/TaxesView';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { CsvExport, TaxReport, TaxSettings } from '../../../src/shared/model';
import { fakeDesk, type FakeImpl } from '../fakeDesk';
import { THIS_YEAR, taxReport, taxTestSetUp } from './taxFixture';

taxTestSetUp();

function serve(report: () => TaxReport, more: FakeImpl = {}) {
  const fake = fakeDesk({ 'tax.report': async () => report(), ...more });
  setDesk(fake.desk);
  return fake;
}

const DEPOSIT = {
  key: 'deposit:abc',
  asset: 'BTC',
  at: Date.UTC(THIS_YEAR, 1, 3),
  amount: '0.25',
  value: '15000.5',
};

describe('Taxes: settings', () => {
  it('says bad input under its field and sends nothing', async () => {
    const fake = serve(() => taxReport());
    render(<TaxesView />);
    const months = await screen.findByLabelText('Long term after (months)');
    fireEvent.change(months, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter whole months.')).toBeTruthy();
    expect(months.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(months, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter the months.')).toBeTruthy();
    fireEvent.change(months, { target: { value: '241' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter at most 240 months.')).toBeTruthy();
    expect(fake.callsTo('tax.saveSettings')).toEqual([]);
  });

  it('saves the start month, long-term months and default method, then reloads', async () => {
    let settings: TaxSettings = {
      yearStartMonth: 1,
      longTermMonths: 12,
      methods: {},
      defaultMethod: 'fifo',
    };
    const fake = serve(() => taxReport({ settings }), {
      'tax.saveSettings': async (input) => {
        settings = { ...settings, ...(input as Partial<TaxSettings>) };
        return settings;
      },
    });
    render(<TaxesView />);
    fireEvent.change(await screen.findByLabelText('Tax year starts in'), {
      target: { value: '4' },
    });
    fireEvent.change(screen.getByLabelText('Long term after (months)'), {
      target: { value: '36' },
    });
    fireEvent.change(screen.getByLabelText('Default method'), { target: { value: 'average' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(fake.callsTo('tax.saveSettings')).toEqual([
        { yearStartMonth: 4, longTermMonths: 36, defaultMethod: 'average' },
      ]),
    );
    await waitFor(() => expect(fake.callsTo('tax.report')).toHaveLength(2));
    expect((await screen.findByText('Settings saved.')).textContent).toBe('Settings saved.');
  });
});

describe('Taxes: deposits without a cost', () => {
  it('checks the cost, sends it in the quote, and the report reloads', async () => {
    let deposits = [DEPOSIT];
    const fake = serve(() => taxReport({ unknownCostDeposits: deposits }), {
      'tax.setDepositCost': async () => {
        deposits = [];
      },
    });
    render(<TaxesView />);
    const item = await screen.findByTestId('tax-deposit');
    expect(item.textContent).toContain('0.25000000 BTC');
    expect(item.textContent).toContain('15,000.500000 USDT');
    fireEvent.click(within(item).getByRole('button', { name: /^Enter cost/ }));
    const field = within(item).getByLabelText('Cost in USDT');
    fireEvent.change(field, { target: { value: 'ten' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save cost' }));
    expect(await within(item).findByText('Enter the cost as a number, e.g. 0.5.')).toBeTruthy();
    expect(fake.callsTo('tax.setDepositCost')).toEqual([]);
    fireEvent.change(field, { target: { value: '14000.25' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save cost' }));
    await waitFor(() =>
      expect(fake.callsTo('tax.setDepositCost')).toEqual([
        { key: 'deposit:abc', quote: 'USDT', cost: '14000.25', ownWallet: false },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('tax-deposit')).toBeNull());
    expect(fake.callsTo('tax.report')).toHaveLength(2);
  });

  it('"My own wallet" marks it a transfer; a refusal is said', async () => {
    let refuse = true;
    const fake = serve(() => taxReport({ unknownCostDeposits: [DEPOSIT] }), {
      'tax.setDepositCost': async () => {
        if (refuse) throw new Error('The history database is busy.');
      },
    });
    render(<TaxesView />);
    const item = await screen.findByTestId('tax-deposit');
    fireEvent.click(within(item).getByRole('button', { name: /^My own wallet/ }));
    expect((await within(item).findByRole('alert')).textContent).toContain('Could not save');
    refuse = false;
    fireEvent.click(within(item).getByRole('button', { name: /^My own wallet/ }));
    await waitFor(() => expect(fake.callsTo('tax.report')).toHaveLength(2));
    expect(fake.callsTo('tax.setDepositCost').at(-1)).toEqual({
      key: 'deposit:abc',
      quote: 'USDT',
      cost: null,
      ownWallet: true,
    });
  });
});

describe('Taxes: exports', () => {
  it('each button asks main for its format and says what was saved', async () => {
    const fake = serve(() => taxReport(), {
      'tax.export': async (input): Promise<CsvExport> => ({
        filename: `${(input as { format: string }).format}.csv`,
        rows: 3,
        savedTo: `/home/me/${(input as { format: string }).format}.csv`,
      }),
    });
    render(<TaxesView />);
    for (const [name, format] of [
      ['Koinly', 'koinly'],
      ['CoinTracking', 'cointracking'],
      ['Realized gains (CSV)', 'realized'],
      ['Ledger (CSV)', 'ledger'],
    ] as const) {
      fireEvent.click(await screen.findByRole('button', { name }));
      expect(await screen.findByText(`Saved 3 rows to /home/me/${format}.csv`)).toBeTruthy();
    }
    expect(fake.callsTo('tax.export')).toEqual(
      ['koinly', 'cointracking', 'realized', 'ledger'].map((format) => ({
        quote: 'USDT',
        year: THIS_YEAR,
        format,
      })),
    );
  });

  it('a failed export says why', async () => {
    serve(() => taxReport(), {
      'tax.export': async () => {
        throw new Error('The disk is full.');
      },
    });
    render(<TaxesView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Koinly' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Export failed: The disk is full.');
  });
});
