import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OverviewView } from '../../../src/renderer/features/overview/OverviewView';
import { setDesk } from '../../../src/renderer/lib/desk';
import { fakeDesk } from '../fakeDesk';
import { overview, overviewScreenHooks, row } from './fixtures';

overviewScreenHooks();

describe('Overview balances', () => {
  it('shows a balance with the same decimals as Trade: its own scale, whatever the asset precision', async () => {
    const btc = row({
      ticker: 'BTC',
      main: '0',
      tradeAvailable: '0.85',
      total: '0.85000000',
      precision: 8,
    });
    const data = { ...overview(), rows: [btc] };
    setDesk(fakeDesk({ 'portfolio.overview': async () => data }).desk);
    render(<OverviewView />);
    await screen.findByTestId('overview-total');
    // The assets table renders after the first paint.
    const cells = within(await screen.findByTestId('overview-row'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 6)).toEqual(['0.00', '0.85', '0.00', '0.00', '0.85']);
  });
});
