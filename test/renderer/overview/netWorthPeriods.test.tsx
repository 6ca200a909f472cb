import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { overviewPlaces } from '../../../src/renderer/features/overview/allocation';
import { NetWorthTooltip } from '../../../src/renderer/features/overview/NetWorthChart';
import { OverviewView } from '../../../src/renderer/features/overview/OverviewView';
import { MASK } from '../../../src/renderer/lib/decimal';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import type { NetWorthSeries, PortfolioOverview } from '../../../src/shared/model';
import {
  deferred,
  netWorth,
  overview,
  overviewScreenHooks,
  serveOverview,
  START,
} from './fixtures';

/*
 * Issue 32, item 14: the net worth says how it changed over the usual periods, its axis's unit,
 * where deposits and withdrawals moved it, when a range reaches the start of the history; its
 * last time label is not cut; a quote chosen in Settings shows at once.
 */

overviewScreenHooks();

const DAY = 86_400_000;
const section = () => screen.getByRole('region', { name: 'Net worth' });
const chart = () => screen.findByTestId('net-worth-chart');

const PERIODS: NetWorthSeries['periods'] = [
  {
    id: 'today',
    from: START + 3 * DAY,
    start: '63999.6',
    change: '120.5',
    percent: '0.18828',
    fromStartOfData: false,
  },
  {
    id: '7d',
    from: START - 4 * DAY,
    start: '61000.5',
    change: '3119.6',
    percent: '5.114',
    fromStartOfData: true,
  },
  {
    id: '30d',
    from: START - 27 * DAY,
    start: '64500',
    change: '-379.9',
    percent: '-0.589',
    fromStartOfData: true,
  },
  { id: 'ytd', from: 0, start: null, change: null, percent: null, fromStartOfData: false },
];

describe('Net-worth headline and marks', () => {
  it('heads the chart with the change today, over 7 and 30 days and the year, in the quote and %', async () => {
    serveOverview({ 'portfolio.netWorth': async () => netWorth({ periods: PERIODS }) });
    render(<OverviewView />);
    await chart();
    const period = (id: string) => screen.getByTestId(`net-worth-period-${id}`).textContent;
    expect(period('today')).toBe('Today+120.50 USDT +0.19 %');
    expect(period('7d')).toMatch(/^7 d \(since Mar 1, 2026\)\+3,119.60 USDT \+5.11 %$/);
    expect(period('30d')).toMatch(/^30 d \(since .*\)−379.90 USDT −0.59 %$/);
    expect(screen.getByTestId('net-worth-period-30d').querySelector('.down')).toBeTruthy();
    expect(period('ytd')).toBe('Year to dateNot known');

    act(() => {
      useSettings.setState({ privacy: true });
    });
    expect(period('today')).toBe(`Today${MASK} USDT ${MASK}`);
    expect(screen.getByTestId('net-worth-periods').querySelector('.up, .down')).toBeNull();
  });

  it('names the unit of the value axis', async () => {
    serveOverview();
    render(<OverviewView />);
    await chart();
    expect(within(section()).getByTestId('net-worth-unit').textContent).toBe('USDT');
  });

  it('marks each deposit and withdrawal of the range where it moved the line', async () => {
    const transfers: NetWorthSeries['transfers'] = [
      { time: START + DAY, kind: 'deposit', ticker: 'BTC', amount: '0.5' },
      { time: START + 2 * DAY, kind: 'withdraw', ticker: 'USDT', amount: '1500' },
    ];
    serveOverview({ 'portfolio.netWorth': async () => netWorth({ transfers }) });
    const { container } = render(<OverviewView />);
    await chart();
    expect(container.querySelectorAll('.ov-transfer-deposit')).toHaveLength(1);
    expect(container.querySelectorAll('.ov-transfer-withdraw')).toHaveLength(1);
    expect(screen.getByTestId('net-worth-transfers').textContent).toMatch(
      /1 deposit \(▲\) and 1 withdrawal \(▼\) in this range/,
    );
    expect(screen.getByTestId('net-worth-summary').textContent).toContain(
      'Deposits and withdrawals: Mar 2, 2026, Deposit 0.50000000 BTC; Mar 3, 2026, Withdrawal 1,500.00 USDT.',
    );
  });

  it('says in the tooltip what came in or went out since the point before', () => {
    render(
      <NetWorthTooltip
        point={{ time: START + DAY, value: '92000', source: 'backfill' }}
        quote="USDT"
        places={overviewPlaces(overview(), undefined)}
        privacy={false}
        transfers={[{ time: START + DAY, kind: 'deposit', ticker: 'BTC', amount: '0.5' }]}
      />,
    );
    expect(screen.getByTestId('net-worth-tooltip').textContent).toContain('Deposit 0.50000000 BTC');
  });

  it('says when the range reaches back past the start of the history', async () => {
    serveOverview({
      'portfolio.netWorth': async () => netWorth({ range: '1y', from: START - 300 * DAY }),
    });
    render(<OverviewView />);
    await chart();
    expect(screen.getByTestId('net-worth-range-start').textContent).toBe(
      'This range reaches the start of the history: nothing is known before Mar 1, 2026.',
    );
  });

  it('says nothing of the kind when the history reaches back past the range', async () => {
    serveOverview({
      'portfolio.netWorth': async () => netWorth({ range: '1w', from: START + DAY }),
    });
    render(<OverviewView />);
    await chart();
    expect(screen.getByTestId('net-worth-since')).toBeTruthy();
    expect(screen.queryByTestId('net-worth-range-start')).toBeNull();
  });

  it('ends the last time label at the plot’s edge, so it is not cut', async () => {
    serveOverview();
    const { container } = render(<OverviewView />);
    await chart();
    const ticks = [...container.querySelectorAll('text.ov-time-tick')];
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.at(-1)!.getAttribute('text-anchor')).toBe('end');
    expect(ticks[0]!.getAttribute('text-anchor')).toBe('start');
  });

  it('follows a quote chosen in Settings at once: never a USDT figure under "EUR"', async () => {
    const eur = deferred<PortfolioOverview>();
    const fake = serveOverview({
      'portfolio.overview': (input) =>
        (input as { quote: string }).quote === 'EUR' ? eur.promise : Promise.resolve(overview()),
    });
    const { container } = render(<OverviewView />);
    await chart();
    expect(screen.getByTestId('overview-total').textContent).toBe('73,066.23 USDT');

    // What Settings' quote picker does.
    act(() => useSettings.getState().setQuote('EUR'));
    await waitFor(() =>
      expect(fake.callsTo('portfolio.overview').at(-1)).toEqual({ quote: 'EUR' }),
    );
    const select = screen.getByLabelText('Value in') as HTMLSelectElement;
    expect(select.value).toBe('EUR');
    // The choice of quotes stays while the new one loads.
    expect([...select.options].map((o) => o.value)).toEqual(['USDT', 'BTC', 'EUR']);
    // Nothing on the screen but the picker's options names USDT: no USDT figure is left.
    const shown = container.cloneNode(true) as HTMLElement;
    shown.querySelectorAll('option').forEach((option) => option.remove());
    expect(shown.textContent).not.toContain('USDT');

    await act(async () => eur.resolve(overview({ quote: 'EUR', total: '62000.1' })));
    expect(screen.getByTestId('overview-total').textContent).toBe('62,000.10 EUR');
    await waitFor(() =>
      expect(fake.callsTo('portfolio.netWorth').at(-1)).toEqual({ quote: 'EUR', range: '3m' }),
    );
    expect(within(section()).queryByText(/USDT/)).toBeNull();
  });
});
