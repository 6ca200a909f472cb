import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OverviewView } from '../../../src/renderer/features/overview/OverviewView';
import { MASK } from '../../../src/renderer/lib/decimal';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import type { ProfitLoss } from '../../../src/shared/model';
import type { FakeImpl } from '../fakeDesk';
import { deferred, overviewScreenHooks, profitLoss, serveOverview } from './fixtures';

overviewScreenHooks();

function serve(answer?: () => Promise<ProfitLoss>, extra: FakeImpl = {}) {
  return serveOverview({ ...(answer ? { 'portfolio.profitLoss': answer } : {}), ...extra });
}

const section = () => screen.getByRole('region', { name: 'Profit and loss' });
const rows = () => screen.findAllByTestId('profit-loss-row');
const cells = (ticker: string) => {
  const row = screen
    .getAllByTestId('profit-loss-row')
    .find((r) => within(r).getAllByRole('cell')[0]!.textContent?.startsWith(ticker));
  if (!row) throw new Error(`No row for ${ticker}`);
  return within(row).getAllByRole('cell');
};
const totals = () =>
  [
    ...screen
      .getByTestId('profit-loss-totals')
      .querySelectorAll('[role="cell"], [role="rowheader"]'),
  ].map((c) => c.textContent);

describe('Profit and loss table', () => {
  it('shows per asset the amount, average cost, cost basis, realised, unrealised and fees', async () => {
    serve();
    render(<OverviewView />);
    await rows();
    expect(cells('BTC').map((c) => c.textContent)).toEqual([
      'BTC',
      '0.88234567',
      '58,000.12',
      '51,176.15',
      '+1,234.50',
      '+5,294.41',
      // Fees are a value in the quote: at the quote's places, the exact value on hover.
      '12.35',
    ]);
    // What is not known says so, never 0.
    expect(cells('DOT').map((c) => c.textContent)).toEqual([
      'DOT',
      '42.1234',
      'Not known',
      'Not known',
      '0.00',
      'Not known',
      '0.00',
    ]);
  });

  it('marks gains and losses by sign as well as colour; zero has neither', async () => {
    serve();
    render(<OverviewView />);
    await rows();
    const realised = cells('ETH')[4]!;
    expect(realised.textContent).toBe('−210.75');
    expect(realised.querySelector('.down')).toBeTruthy();
    expect(cells('BTC')[5]!.querySelector('.up')!.textContent).toBe('+5,294.41');
    const zero = cells('DOT')[4]!;
    expect(zero.querySelector('.up, .down')).toBeNull();
  });

  it('marks estimated rows and explains the estimate', async () => {
    serve();
    render(<OverviewView />);
    await rows();
    const marker = within(cells('ETH')[0]!).getByText('estimated');
    const note = document.getElementById(marker.getAttribute('aria-describedby')!);
    expect(note?.textContent).toMatch(/^Estimated: .*first day’s close\.$/);
    expect(within(cells('BTC')[0]!).queryByText('estimated')).toBeNull();
  });

  it('has a totals row in the same columns', async () => {
    serve();
    render(<OverviewView />);
    await rows();
    expect(totals()).toEqual(['Total', '', '', '66,851.15', '+1,023.75', '+4,441.31', '15.55']);
  });

  it('explains the method above the table', async () => {
    serve();
    render(<OverviewView />);
    await rows();
    expect(within(section()).getByTestId('profit-loss-method').textContent).toMatch(
      /^Average cost: each buy adds what it cost, fees included, .* Deposits and interest enter at that day’s closing price\./,
    );
  });

  it('hides every amount in privacy mode, sign and colour included, in rows and totals', async () => {
    serve();
    render(<OverviewView />);
    await rows();
    act(() => {
      useSettings.setState({ privacy: true });
    });
    for (const ticker of ['BTC', 'ETH']) {
      const shown = cells(ticker).map((c) => c.textContent);
      expect(shown.slice(1)).toEqual([MASK, MASK, MASK, MASK, MASK, MASK]);
      expect(cells(ticker).some((c) => c.querySelector('.up, .down'))).toBe(false);
    }
    expect(totals().slice(3)).toEqual([MASK, MASK, MASK, MASK]);
    expect(screen.getByRole('table', { name: 'Profit and loss' }).textContent).not.toMatch(/\d/);
    expect(screen.getByTestId('profit-loss-totals').textContent).not.toMatch(/\d/);
  });

  it('shows loading rows, then the empty state when nothing was traded', async () => {
    const answer = deferred<ProfitLoss>();
    serve(() => answer.promise);
    render(<OverviewView />);
    await waitFor(() => expect(within(section()).getByLabelText('Loading')).toBeTruthy());
    await act(async () =>
      answer.resolve(
        profitLoss({
          rows: [],
          totals: { costBasis: '0', realised: '0', unrealised: '0', fees: '0' },
        }),
      ),
    );
    expect(within(section()).getByText(/^No profit or loss yet/)).toBeTruthy();
    expect(screen.queryByTestId('profit-loss-totals')).toBeNull();
  });

  it('says why it failed, with a retry that loads again', async () => {
    let fail = true;
    const fake = serve(async () => {
      if (fail) throw { code: 'EXCHANGE_UNAVAILABLE', message: 'The exchange did not answer.' };
      return profitLoss();
    });
    render(<OverviewView />);
    // Below the fold, the section renders after the first paint.
    await screen.findByRole('region', { name: 'Profit and loss' });
    const alert = await within(section()).findByRole('alert');
    expect(alert.textContent).toContain('The exchange did not answer.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await rows();
    expect(fake.callsTo('portfolio.profitLoss')).toHaveLength(2);
  });

  it('exports through its channel; in the web host the page downloads the CSV', async () => {
    const created = vi.fn(() => 'blob:x');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const fake = serve(undefined, {
      'portfolio.exportProfitLossCsv': async () => ({
        filename: 'profit-loss.csv',
        rows: 3,
        csv: 'ticker\nBTC\nETH\nDOT\n',
      }),
    });
    render(<OverviewView />);
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'Export profit and loss (CSV)' }));
    expect(await within(section()).findByText('Downloaded 3 rows as profit-loss.csv')).toBeTruthy();
    expect(created).toHaveBeenCalledTimes(1);
    expect(fake.callsTo('portfolio.exportProfitLossCsv')).toEqual([{ quote: 'USDT' }]);
  });

  it('says why an export failed', async () => {
    serve(undefined, {
      'portfolio.exportProfitLossCsv': async () => {
        throw { code: 'IO', message: 'The disk is full.' };
      },
    });
    render(<OverviewView />);
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'Export profit and loss (CSV)' }));
    expect((await within(section()).findByRole('alert')).textContent).toBe(
      'Export failed: The disk is full.',
    );
  });
});
