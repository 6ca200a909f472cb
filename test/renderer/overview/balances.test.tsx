import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OverviewView } from '../../../src/renderer/features/overview/OverviewView';
import { setDesk } from '../../../src/renderer/lib/desk';
import { fakeDesk } from '../fakeDesk';
import { overview, resetStores, row, sizeTableBodies } from './fixtures';

let unsize: () => void;
beforeAll(() => {
  unsize = sizeTableBodies();
});
afterAll(() => unsize());
beforeEach(resetStores);
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

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
    const cells = within(screen.getByTestId('overview-row'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 6)).toEqual(['0.00', '0.85', '0.00', '0.00', '0.85']);
  });
});
