import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NetWorthTooltip } from '../../../src/renderer/features/overview/NetWorthChart';
import { overviewPlaces } from '../../../src/renderer/features/overview/allocation';
import { OverviewView } from '../../../src/renderer/features/overview/OverviewView';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { afterPaint } from '../paint';
import {
  eth,
  netWorth,
  overview,
  overviewScreenHooks,
  plRow,
  profitLoss,
  row,
  serveOverview,
  START,
} from './fixtures';

/*
 * Issue 32, item 1 on the Overview: one rule for writing a number. An asset's amount at the asset's
 * places, a price at the market's tick, a value in the quote at the quote's places (2 for fiat);
 * the exact value on hover.
 */

overviewScreenHooks();

/** The cells of `ticker`'s row in the table whose rows carry `testId`. */
const cellsOf = async (testId: string, ticker: string) => {
  await afterPaint();
  const rows = await screen.findAllByTestId(testId);
  const found = rows.find((r) => r.querySelector('.ov-ticker')?.textContent === ticker);
  if (!found) throw new Error(`No row for ${ticker}`);
  return within(found).getAllByRole('cell');
};
const assetRow = (ticker: string) => cellsOf('overview-row', ticker);
const plCells = (ticker: string) => cellsOf('profit-loss-row', ticker);

describe('Overview numbers: one rule', () => {
  it('writes a balance at the asset’s precision, the exact value on hover', async () => {
    const btc = row({
      ticker: 'BTC',
      tradeAvailable: '0.85',
      tradeFrozen: '0.0105411186958',
      total: '0.8605411186958',
      precision: 8,
    });
    serveOverview({ 'portfolio.overview': async () => overview({ rows: [btc] }) });
    render(<OverviewView />);
    const cells = await assetRow('BTC');
    expect(cells.slice(1, 6).map((c) => c.textContent)).toEqual([
      '0.00000000',
      '0.85000000',
      '0.01054112',
      '0.00000000',
      '0.86054112',
    ]);
    expect(cells[3]!.querySelector('.amount')?.getAttribute('title')).toBe('0.0105411186958');
  });

  it('writes the total, the split and each value at the quote’s places', async () => {
    const usdt = row({
      ticker: 'USDT',
      main: '18752.2581348352',
      total: '18752.2581348352',
      price: '1',
      value: '18752.2581348352',
      precision: 6,
    });
    serveOverview({
      'portfolio.overview': async () =>
        overview({ rows: [usdt], total: '18752.2581348352', unpriced: [], quotePrecision: 6 }),
    });
    render(<OverviewView />);
    await waitFor(() =>
      expect(screen.getByTestId('overview-total').textContent).toBe('18,752.258135 USDT'),
    );
    expect(screen.getByTestId('overview-breakdown').querySelector('dd')?.textContent).toBe(
      '18,752.258135',
    );
    const cells = await assetRow('USDT');
    expect(cells[7]!.textContent).toBe('18,752.258135');
    expect(cells[7]!.querySelector('.amount')?.getAttribute('title')).toBe('18752.2581348352');
  });

  it('writes a price at its market’s tick: EUR prices are not "2,810.6688951"', async () => {
    useSettings.setState({ quote: 'EUR' });
    const ethEur = { ...eth, price: '2810.6688951', value: '13350.67725' };
    serveOverview({
      'portfolio.overview': async () =>
        overview({ quote: 'EUR', rows: [ethEur], total: '13350.67725', unpriced: [] }),
    });
    render(<OverviewView />);
    const cells = await assetRow('ETH');
    await waitFor(() => expect(cells[6]!.textContent).toBe('2,810.67'));
    expect(cells[6]!.querySelector('.amount')?.getAttribute('title')).toBe('2810.6688951');
    expect(cells[7]!.textContent).toBe('13,350.68');
  });

  it('writes the P&L average cost at the tick, amounts at the asset’s places, fees in the quote', async () => {
    serveOverview({
      'portfolio.profitLoss': async () =>
        profitLoss({
          rows: [
            plRow({
              ticker: 'BTC',
              amount: '0.88234567',
              averageCost: '63924.0548382',
              costBasis: '56403.1',
              realised: '0',
              unrealised: '0',
              fees: '6.2415003648',
            }),
            plRow({ ticker: 'DOT', amount: '42.1234', realised: '0', fees: '0' }),
          ],
          totals: { costBasis: '56403.1', realised: '0', unrealised: '0', fees: '6.2415003648' },
        }),
    });
    render(<OverviewView />);
    const btc = await plCells('BTC');
    await waitFor(() => expect(btc[2]!.textContent).toBe('63,924.05'));
    expect(btc[2]!.querySelector('.amount')?.getAttribute('title')).toBe('63924.0548382');
    expect(btc[1]!.textContent).toBe('0.88234567');
    expect(btc[6]!.textContent).toBe('6.24');
    // DOT's precision on the Overview is 4.
    expect((await plCells('DOT'))[1]!.textContent).toBe('42.1234');
    const totals = screen.getByTestId('profit-loss-totals');
    expect(totals.textContent).toContain('6.24');
    expect(totals.textContent).not.toContain('6.2415');
  });

  it('writes the net-worth tooltip, summary and axis at the quote’s places', async () => {
    serveOverview({
      'portfolio.overview': async () => overview({ quotePrecision: 6 }),
      'portfolio.netWorth': async () =>
        netWorth({
          points: [
            { time: START, value: '61000.1', source: 'backfill' },
            { time: START + 86_400_000, value: '61234.56789123', source: 'live' },
          ],
        }),
    });
    render(<OverviewView />);
    await screen.findByTestId('net-worth-chart');
    expect(screen.getByTestId('net-worth-summary').textContent).toContain(
      '61,234.567891 USDT at the end',
    );
    render(
      <NetWorthTooltip
        point={{ time: START, value: '61234.56789123', source: 'live' }}
        quote="USDT"
        places={overviewPlaces(overview({ quotePrecision: 6 }), undefined)}
        privacy={false}
      />,
    );
    expect(screen.getByTestId('net-worth-tooltip-value').textContent).toBe('61,234.567891 USDT');
  });
});
