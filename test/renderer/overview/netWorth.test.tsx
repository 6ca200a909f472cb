import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { NetWorthTooltip } from '../../../src/renderer/features/overview/NetWorthChart';
import { overviewPlaces } from '../../../src/renderer/features/overview/allocation';
import { OverviewView } from '../../../src/renderer/features/overview/OverviewView';
import { useTradeStore } from '../../../src/renderer/features/trade/tradeStore';
import { MASK } from '../../../src/renderer/lib/decimal';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import type { FakeImpl } from '../fakeDesk';
import { afterPaint, holdPaints } from '../paint';
import type { NetWorthSeries, PortfolioOverview } from '../../../src/shared/model';
import {
  deferred,
  netWorth,
  overview,
  overviewScreenHooks,
  profitLoss,
  serveOverview,
  START,
} from './fixtures';

const DAY = 86_400_000;

overviewScreenHooks();

type Query = { quote: string; range: NetWorthSeries['range'] };

/** The Overview's bridge, the series answering as `series` says and the holdings as `holdings`. */
function serve(
  series?: (query: Query) => Promise<NetWorthSeries>,
  extra: FakeImpl = {},
  holdings?: () => Promise<PortfolioOverview>,
) {
  return serveOverview({
    ...(series ? { 'portfolio.netWorth': (input: unknown) => series(input as Query) } : {}),
    ...(holdings ? { 'portfolio.overview': holdings } : {}),
    ...extra,
  });
}

const section = () => screen.getByRole('region', { name: 'Net worth' });
const chart = () => screen.findByTestId('net-worth-chart');
const rangeButton = (name: string) =>
  within(screen.getByRole('group', { name: 'Range' })).getByRole('button', { name });
/** The d attribute of a line's path (recharts draws one path per line; "M" starts each run). */
const linePath = (container: HTMLElement, line: 'live' | 'backfill') =>
  container.querySelector(`.ov-line-${line} path.recharts-curve`)?.getAttribute('d') ?? '';
const runs = (d: string) => (d.match(/M/g) ?? []).length;

describe('Net-worth chart', () => {
  it('loads after the holdings have answered, never before', async () => {
    holdPaints();
    const holdings = deferred<PortfolioOverview>();
    const fake = serve(undefined, {}, () => holdings.promise);
    render(<OverviewView />);
    await act(async () => {});
    expect(fake.callsTo('portfolio.netWorth')).toEqual([]);
    expect(fake.callsTo('portfolio.profitLoss')).toEqual([]);
    await act(async () => holdings.resolve(overview()));
    await afterPaint();
    await chart();
    expect(fake.callsTo('portfolio.netWorth')).toEqual([{ quote: 'USDT', range: '3m' }]);
    // The profit and loss section is a chunk of its own, below the fold.
    await waitFor(() => expect(fake.callsTo('portfolio.profitLoss')).toEqual([{ quote: 'USDT' }]));
  });

  it('asks for the range of the button pressed, and marks that one pressed', async () => {
    const fake = serve();
    render(<OverviewView />);
    await chart();
    expect(rangeButton('3m').getAttribute('aria-pressed')).toBe('true');
    for (const [label, range] of [
      ['1w', '1w'],
      ['1m', '1m'],
      ['1y', '1y'],
      ['All', 'all'],
    ] as const) {
      fireEvent.click(rangeButton(label));
      await waitFor(() =>
        expect(fake.callsTo('portfolio.netWorth').at(-1)).toEqual({ quote: 'USDT', range }),
      );
      expect(rangeButton(label).getAttribute('aria-pressed')).toBe('true');
    }
    expect(fake.callsTo('portfolio.netWorth')).toHaveLength(5);
  });

  it('asks again in the new quote when the Overview’s quote changes', async () => {
    const fake = serve();
    render(<OverviewView />);
    await chart();
    fireEvent.change(screen.getByLabelText('Value in'), { target: { value: 'BTC' } });
    await waitFor(() =>
      expect(fake.callsTo('portfolio.netWorth').at(-1)).toEqual({ quote: 'BTC', range: '3m' }),
    );
    await waitFor(() =>
      expect(fake.callsTo('portfolio.profitLoss').at(-1)).toEqual({ quote: 'BTC' }),
    );
  });

  it('draws live snapshots solid and backfilled days dashed, and says which is which', async () => {
    serve();
    const { container } = render(<OverviewView />);
    await chart();
    expect(runs(linePath(container, 'live'))).toBe(1);
    expect(runs(linePath(container, 'backfill'))).toBe(1);
    const legend = within(section()).getByRole('list', { name: 'Legend' });
    expect(legend.textContent).toContain('Recorded live');
    expect(legend.textContent).toContain('Reconstructed');
  });

  it('marks a lone live snapshot among many days with a dot, so it shows', async () => {
    const days = Array.from({ length: 90 }, (_, i) => ({
      time: START + i * DAY,
      value: String(60000 + i),
      source: 'backfill' as const,
    }));
    const live = { time: START + 90 * DAY, value: '60100', source: 'live' as const };
    serve(async () => netWorth({ points: [...days, live] }));
    const { container } = render(<OverviewView />);
    await chart();
    // recharts draws dots in a layer of their own: the one dot is the live line's.
    const dots = [...container.querySelectorAll('.recharts-line-dot')];
    expect(dots.map((d) => d.getAttribute('fill'))).toEqual(['var(--ov-live)']);
  });

  it('draws no line across a null value: the line breaks there', async () => {
    const points = netWorth().points.map((p, i) => (i === 1 ? { ...p, value: null } : p));
    serve(async () => netWorth({ points }));
    const { container } = render(<OverviewView />);
    await chart();
    // Backfill: day 0, (null), day 2 joined to the first live point: two runs, not one.
    expect(runs(linePath(container, 'backfill'))).toBe(2);
  });

  it('shades each gap and gives its reason and assets in the legend and the summary', async () => {
    const gap = {
      from: START + DAY,
      to: START + 2 * DAY,
      assets: ['ETH'],
      reason: 'A withdrawal the API does not show',
    };
    serve(async () => netWorth({ gaps: [gap] }));
    const { container } = render(<OverviewView />);
    await chart();
    expect(container.querySelectorAll('.ov-gap-area')).toHaveLength(1);
    const items = screen.getAllByTestId('net-worth-gap');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('A withdrawal the API does not show (ETH)');
    expect(screen.getByTestId('net-worth-summary').textContent).toContain(
      '1 gap: Mar 2, 2026 to Mar 3, 2026, A withdrawal the API does not show (ETH).',
    );
  });

  it('says in words where the series starts, how far the exchange reaches, and what is unpriced', async () => {
    serve(async () => netWorth({ unpriced: ['DOT', 'KSM'] }));
    render(<OverviewView />);
    await chart();
    const since = screen.getByTestId('net-worth-since').textContent ?? '';
    expect(since).toMatch(/^Reconstructed from .*2026; the exchange keeps six months of deals/);
    expect(screen.getByTestId('net-worth-unpriced').textContent).toBe(
      'Not in the values: DOT and KSM have no daily price in USDT.',
    );
  });

  it('shows values on the axis and in the summary, and none in privacy mode', async () => {
    serve();
    const { container } = render(<OverviewView />);
    await chart();
    const ticks = () => container.querySelectorAll('.recharts-yAxis .recharts-cartesian-axis-tick');
    expect(ticks().length).toBeGreaterThan(1);
    expect(screen.getByTestId('net-worth-summary').textContent).toContain('64,120.10 USDT');

    act(() => {
      useSettings.setState({ privacy: true });
    });
    expect(ticks()).toHaveLength(0);
    const summary = screen.getByTestId('net-worth-summary').textContent ?? '';
    expect(summary).not.toContain('64,120');
    expect(summary).toContain('hidden');
    expect(section().textContent).not.toMatch(/6\d,\d{3}/);
  });

  it('shows a skeleton while loading, then "No history yet" for an empty series', async () => {
    const answer = deferred<NetWorthSeries>();
    serve(() => answer.promise);
    render(<OverviewView />);
    await waitFor(() => expect(within(section()).getByLabelText('Loading')).toBeTruthy());
    // The history is asked for once the total has painted.
    await afterPaint();
    await act(async () => answer.resolve(netWorth({ points: [], since: null })));
    expect(within(section()).getByTestId('net-worth-empty').textContent).toMatch(
      /^No history yet: /,
    );
    expect(screen.queryByTestId('net-worth-chart')).toBeNull();
  });

  it('says why it failed with a retry, and the rest of the screen stays usable', async () => {
    let fail = true;
    const fake = serve(async (q) => {
      if (fail) throw { code: 'EXCHANGE_UNAVAILABLE', message: 'The exchange did not answer.' };
      return netWorth({ quote: q.quote });
    });
    render(<OverviewView />);
    const alert = await within(section()).findByRole('alert');
    expect(alert.textContent).toContain('The exchange did not answer.');
    // The holdings, the P&L and the other controls are still there and work.
    expect(screen.getByTestId('overview-total')).toBeTruthy();
    expect(screen.getAllByTestId('overview-row').length).toBeGreaterThan(0);
    fireEvent.click(rangeButton('1y'));
    await waitFor(() => expect(fake.callsTo('portfolio.netWorth')).toHaveLength(2));
    fail = false;
    fireEvent.click(within(section()).getByRole('button', { name: 'Try again' }));
    await chart();
    expect(within(section()).queryByRole('alert')).toBeNull();
    expect(fake.callsTo('portfolio.netWorth').at(-1)).toEqual({ quote: 'USDT', range: '1y' });
  });

  it('after an order, follows the total: one ask per change of the total, none of its own', async () => {
    // The test's clock: each answer is built one tick after the last; the holdings' reload after
    // the order is held until the test lets it answer.
    let clock = 1_000;
    const held = deferred<void>();
    let holding = false;
    const fake = serve(
      async (q) => netWorth({ quote: q.quote, range: q.range, fetchedAt: ++clock }),
      {
        'orders.place': async () => ({ outcome: 'placed' }) as never,
        'portfolio.profitLoss': async () => profitLoss({ fetchedAt: ++clock }),
      },
      async () => {
        if (holding) await held.promise;
        return overview({ fetchedAt: ++clock });
      },
    );
    render(<OverviewView />);
    await chart();
    await screen.findAllByTestId('profit-loss-row');
    expect(fake.callsTo('portfolio.netWorth')).toHaveLength(1);
    expect(fake.callsTo('portfolio.profitLoss')).toHaveLength(1);

    holding = true;
    await act(async () => {
      await useTradeStore.getState().place({
        kind: 'stock_market',
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.1',
      });
    });
    // The order changed the holdings: they are asked again, and until they answer (the test
    // holds that answer) the chart and the P&L are not.
    await waitFor(() => expect(fake.callsTo('portfolio.overview')).toHaveLength(2));
    expect(fake.callsTo('portfolio.netWorth')).toHaveLength(1);
    expect(fake.callsTo('portfolio.profitLoss')).toHaveLength(1);
    // The new total: each section asks once, and once only.
    await act(async () => held.resolve());
    await waitFor(() => expect(fake.callsTo('portfolio.netWorth')).toHaveLength(2));
    await waitFor(() => expect(fake.callsTo('portfolio.profitLoss')).toHaveLength(2));
    await act(async () => {});
    expect(fake.callsTo('portfolio.netWorth')).toEqual([
      { quote: 'USDT', range: '3m' },
      { quote: 'USDT', range: '3m' },
    ]);
    expect(fake.callsTo('portfolio.profitLoss')).toHaveLength(2);
    expect(fake.callsTo('portfolio.overview')).toHaveLength(2);
  });

  it('exports the snapshots through its channel and says where they went', async () => {
    const fake = serve(undefined, {
      'portfolio.exportSnapshotsCsv': async () => ({
        filename: 'snapshots.csv',
        rows: 1234,
        savedTo: '/home/me/snapshots.csv',
      }),
    });
    render(<OverviewView />);
    await chart();
    fireEvent.click(screen.getByRole('button', { name: 'Export snapshots (CSV)' }));
    expect(
      await within(section()).findByText('Saved 1,234 rows to /home/me/snapshots.csv'),
    ).toBeTruthy();
    expect(fake.callsTo('portfolio.exportSnapshotsCsv')).toEqual([{ quote: 'USDT' }]);
  });

  it('has no accessibility violations axe can find in a DOM', async () => {
    serve(async () =>
      netWorth({ gaps: [{ from: START + DAY, to: START + 2 * DAY, assets: [], reason: 'x' }] }),
    );
    render(<OverviewView />);
    await chart();
    await screen.findAllByTestId('profit-loss-row');
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
    ).toEqual([]);
  });
});

describe('Net-worth tooltip', () => {
  const point = { time: START + 3 * DAY, value: '63875.75', source: 'live' as const };

  it('gives the date, the value in the quote and the source', () => {
    render(
      <NetWorthTooltip
        point={point}
        quote="USDT"
        places={overviewPlaces(overview(), undefined)}
        privacy={false}
      />,
    );
    const tip = screen.getByTestId('net-worth-tooltip');
    expect(tip.textContent).toContain('2026');
    expect(screen.getByTestId('net-worth-tooltip-value').textContent).toBe('63,875.75 USDT');
    expect(tip.textContent).toContain('Recorded live');
  });

  it('masks the value in privacy mode', () => {
    render(
      <NetWorthTooltip
        point={point}
        quote="USDT"
        places={overviewPlaces(overview(), undefined)}
        privacy
      />,
    );
    expect(screen.getByTestId('net-worth-tooltip-value').textContent).toBe(`${MASK} USDT`);
    expect(screen.getByTestId('net-worth-tooltip').textContent).not.toContain('63');
  });

  it('names the gap a point falls in, and says a null point has no value', () => {
    render(
      <NetWorthTooltip
        point={{ ...point, value: null, source: 'backfill' }}
        quote="USDT"
        places={overviewPlaces(overview(), undefined)}
        privacy={false}
        gap={{ from: 0, to: 1, assets: ['ETH'], reason: 'A transfer the API does not show' }}
      />,
    );
    const tip = screen.getByTestId('net-worth-tooltip');
    expect(tip.textContent).toContain('No value');
    expect(tip.textContent).toContain('Gap: A transfer the API does not show (ETH)');
    expect(tip.textContent).toContain('Reconstructed');
  });
});
