import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WorkersSection } from '../../../src/renderer/features/mining/WorkersSection';
import { useMiningAlerts } from '../../../src/renderer/features/mining/alertsStore';
import { useHashrate } from '../../../src/renderer/features/mining/miningStore';
import { filterWorkers } from '../../../src/renderer/features/mining/workersStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { MiningAlertEvent, MiningSeries } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { FIXED_NOW, noAlerts, worker, workersServed, sectionTestSetUp } from './workersFixture';

const ROWS = [
  worker('rig-02', { now: '2000000000000', status: 'low' }),
  worker('rig-01'),
  worker('rig-03', { status: 'offline', now: '0', lastSeen: FIXED_NOW - 1_800_000 }),
];

function serve(rows = ROWS) {
  const fake = fakeDesk(workersServed(rows));
  setDesk(fake.desk);
  return fake;
}

sectionTestSetUp();

const names = () =>
  screen.getAllByTestId('worker-row').map((row) => row.querySelector('.table-cell')?.textContent);

describe('Workers table', () => {
  it('loads the account, counts by status in the header, sorted by name', async () => {
    const fake = serve();
    render(<WorkersSection account="demo-miner" privacy={false} />);
    await screen.findAllByTestId('worker-row');
    expect(fake.callsTo('mining.workers')).toEqual([{ account: 'demo-miner' }]);
    expect(screen.getByTestId('workers-counts').textContent).toBe('1 online · 1 low · 1 offline');
    expect(names()).toEqual(['rig-01', 'rig-02', 'rig-03']);
    const offline = screen.getAllByTestId('worker-row')[2]!;
    expect(within(offline).getByText(/^Offline/).textContent).toContain('since');
    expect(screen.getAllByTestId('worker-row')[1]!.textContent).toContain('2.00 TH/s');
  });

  it('sorts by a column and filters by name and status', async () => {
    serve();
    render(<WorkersSection account="demo-miner" privacy={false} />);
    await screen.findAllByTestId('worker-row');
    const now = screen.getByRole('button', { name: /^Now/ });
    fireEvent.click(now);
    fireEvent.click(now);
    // Least hashrate first on the second click (the first puts the largest first).
    expect(names()).toEqual(['rig-03', 'rig-02', 'rig-01']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'offline' } });
    expect(names()).toEqual(['rig-03']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Filter workers'), { target: { value: 'RIG-0' } });
    expect(names()).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('Filter workers'), { target: { value: 'nothing' } });
    expect(screen.getByText('No worker matches the filter.')).toBeTruthy();
  });

  it('shows no digit of a hashrate in privacy mode', async () => {
    serve();
    render(<WorkersSection account="demo-miner" privacy />);
    await screen.findAllByTestId('worker-row');
    expect(screen.getAllByTestId('worker-row')[0]!.textContent).not.toMatch(/TH\/s/);
  });

  it('renders only a window of 500 workers (virtualised)', async () => {
    serve(Array.from({ length: 500 }, (_, i) => worker(`w-${String(i).padStart(3, '0')}`)));
    render(<WorkersSection account="demo-miner" privacy={false} />);
    await screen.findAllByTestId('worker-row');
    expect(screen.getAllByTestId('worker-row').length).toBeLessThan(60);
  });
});

describe('filterWorkers', () => {
  it('matches the name in any case and the status', () => {
    expect(filterWorkers(ROWS, 'RIG-02', 'all').map((w) => w.name)).toEqual(['rig-02']);
    expect(filterWorkers(ROWS, '', 'low').map((w) => w.name)).toEqual(['rig-02']);
    expect(filterWorkers(ROWS, ' ', 'all')).toHaveLength(3);
  });
});

/** A period of 24 h ending at FIXED_NOW, at 5 minutes. */
const PERIOD = {
  account: 'demo-miner',
  from: FIXED_NOW / 1000 - 86_400,
  to: FIXED_NOW / 1000,
  interval: '5m' as const,
  maxPoints: 1200,
};

/** A series of `query` every 5 minutes at `hashrate` H/s. */
function seriesOf(query: typeof PERIOD & { worker?: string }, hashrate: string): MiningSeries {
  const points = [];
  for (let t = query.from; t <= query.to; t += 300) points.push({ timestamp: t * 1000, hashrate });
  return {
    account: query.account,
    ...(query.worker ? { worker: query.worker } : {}),
    interval: query.interval,
    from: query.from,
    to: query.to,
    points,
    fetchedPoints: points.length,
    requests: 1,
    stats: { current: hashrate, average: hashrate, min: hashrate, max: hashrate },
    fetchedAt: FIXED_NOW,
  };
}

function event(id: number, overrides: Partial<MiningAlertEvent>): MiningAlertEvent {
  return {
    id,
    at: FIXED_NOW - 3_600_000,
    account: 'demo-miner',
    worker: 'rig-01',
    rule: 'offline',
    kind: 'alert',
    since: null,
    message: `event ${id}`,
    ...overrides,
  };
}

/** The Workers table beside an account chart showing PERIOD, and these alert events kept. */
function serveWithChart(events: MiningAlertEvent[] = []) {
  const fake = fakeDesk({
    ...workersServed(ROWS),
    'mining.alerts': async () => noAlerts({ events }),
    'mining.hashrate': async (input: unknown) =>
      seriesOf(input as typeof PERIOD & { worker: string }, '10000000000000'),
  });
  setDesk(fake.desk);
  useHashrate.setState({ data: seriesOf(PERIOD, '120000000000000'), query: PERIOD });
  // As the Alerts section beside it loads them.
  void useMiningAlerts.getState().load();
  return fake;
}

const openButton = (name: string) =>
  screen.getByRole('button', { name: `${name}: open its hashrate chart` });

describe("A worker's hashrate chart (issue 33, item 2)", () => {
  it("opens from the worker's row over the account chart's period, with the account's line", async () => {
    const fake = serveWithChart();
    render(<WorkersSection account="demo-miner" privacy={false} />);
    await screen.findAllByTestId('worker-row');
    fireEvent.click(openButton('rig-01'));
    const chart = await screen.findByTestId('hashrate-chart');
    expect(fake.callsTo('mining.hashrate')).toEqual([{ ...PERIOD, worker: 'rig-01' }]);
    expect(screen.getByRole('heading', { name: 'Hashrate · rig-01' })).toBeTruthy();
    expect(chart.getAttribute('data-point-count')).toBe('289');
    // The account's line, on the right axis in its own unit.
    expect(chart.textContent).toContain('Account (right axis)');
    expect(chart.querySelectorAll('.recharts-line')).toHaveLength(2);
    // The table stays under it.
    expect(screen.getByRole('table', { name: 'Workers' })).toBeTruthy();
  });

  it('is reached by keyboard and closes back to its row, focus included', async () => {
    serveWithChart();
    render(<WorkersSection account="demo-miner" privacy={false} />);
    await screen.findAllByTestId('worker-row');
    const button = openButton('rig-02');
    expect(button.tagName).toBe('BUTTON');
    fireEvent.click(button);
    await screen.findByTestId('hashrate-chart');
    const back = screen.getByRole('button', { name: 'Back to workers' });
    expect(document.activeElement).toBe(back);
    fireEvent.keyDown(back, { key: 'Escape' });
    expect(screen.queryByTestId('worker-chart')).toBeNull();
    expect(document.activeElement).toBe(openButton('rig-02'));
    fireEvent.click(openButton('rig-02'));
    fireEvent.click(await screen.findByRole('button', { name: 'Back to workers' }));
    expect(screen.queryByTestId('worker-chart')).toBeNull();
  });
});

describe('Alert markers on the charts (issue 33, item 3)', () => {
  it("marks the worker's and the account's events in the window, alert and recovered apart", async () => {
    const events = [
      event(1, { at: FIXED_NOW - 7_200_000, message: 'rig-01 is offline' }),
      event(2, { at: FIXED_NOW - 3_600_000, kind: 'recovered', message: 'rig-01 is back' }),
      // The account's reject rate and the pool: on every chart of the account.
      event(3, { worker: null, rule: 'reject', message: 'reject rate high' }),
      event(4, { account: '', worker: null, rule: 'pool', message: 'cannot see the pool' }),
      // Another worker's, another account's, and one before the window: not on this chart.
      event(5, { worker: 'rig-02', message: 'rig-02 is offline' }),
      event(6, { account: 'demo-rig-b', message: 'b is offline' }),
      event(7, { at: FIXED_NOW - 2 * 86_400_000, message: 'two days ago' }),
    ];
    serveWithChart(events);
    render(<WorkersSection account="demo-miner" privacy={false} />);
    await screen.findAllByTestId('worker-row');
    fireEvent.click(openButton('rig-01'));
    const chart = await screen.findByTestId('hashrate-chart');
    await waitFor(() => expect(chart.getAttribute('data-marker-count')).toBe('4'));
    const marks = await within(chart).findAllByTestId('alert-marker');
    const names = marks.map((m) => m.getAttribute('aria-label') ?? '');
    expect(names).toHaveLength(4);
    expect(names.some((n) => /^Alert, .*: rig-01 is offline$/.test(n))).toBe(true);
    expect(names.some((n) => /^Recovered, .*: rig-01 is back$/.test(n))).toBe(true);
    expect(names.some((n) => n.endsWith('reject rate high'))).toBe(true);
    expect(names.some((n) => n.endsWith('cannot see the pool'))).toBe(true);
    expect(marks.map((m) => m.getAttribute('data-kind')).sort()).toEqual([
      'alert',
      'alert',
      'alert',
      'recovered',
    ]);
    // The tooltip is the same text.
    expect(marks[0]!.querySelector('title')?.textContent).toBe(names[0]);
    expect(chart.textContent).toContain('Recovered');
  });

  it('draws no marker when no event falls in the window', async () => {
    serveWithChart([event(7, { at: FIXED_NOW - 2 * 86_400_000 })]);
    render(<WorkersSection account="demo-miner" privacy={false} />);
    await screen.findAllByTestId('worker-row');
    fireEvent.click(openButton('rig-01'));
    const chart = await screen.findByTestId('hashrate-chart');
    await act(async () => undefined);
    expect(chart.getAttribute('data-marker-count')).toBe('0');
    expect(within(chart).queryAllByTestId('alert-marker')).toHaveLength(0);
  });
});
