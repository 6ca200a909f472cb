import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { MiningView } from '../../../src/renderer/features/mining/MiningView';
import {
  fromLocalInput,
  toLocalInput,
  useMiningStore,
} from '../../../src/renderer/features/mining/miningStore';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { DeskFailure } from '../../../src/shared/errors';
import type { MiningSeries, ProfileSummary, ProfilesState } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { noAlerts, workersServed } from './workersFixture';

function profile(overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: 'demo',
    name: 'Demo',
    region: 'demo',
    baseUrl: 'http://127.0.0.1:9',
    isDemo: true,
    missingPermissions: [],
    oauth: { partnerConfigured: false, connected: false },
    ...overrides,
  } as ProfileSummary;
}

const profiles = (active = profile()): ProfilesState => ({
  profiles: [active],
  activeId: active.id,
  keychain: { available: true },
});

type Query = { account: string; from: number; to: number; interval: string; maxPoints: number };

/** 288 points of 5 minutes around 120 TH/s. */
function series(query: Query, count = 288): MiningSeries {
  const start = query.to * 1000 - count * 300_000;
  const points = Array.from({ length: count }, (_, i) => ({
    timestamp: start + i * 300_000,
    hashrate: String(118_000_000_000_000 + (i % 7) * 1_234_567_891_234),
    rejectRate: 0.01 + (i % 3) / 1000,
  }));
  return {
    account: query.account,
    interval: query.interval as MiningSeries['interval'],
    from: query.from,
    to: query.to,
    points,
    fetchedPoints: count,
    requests: 1,
    stats: {
      current: points.at(-1)?.hashrate ?? '0',
      average: '121703703707407.428',
      min: '118000000000000',
      max: '125407407347404',
    },
    rejectRateAverage: 0.011,
    fetchedAt: Date.now(),
  };
}

function serve(answer: (query: Query) => Promise<MiningSeries> = async (q) => series(q)) {
  const fake = fakeDesk({
    'mining.hashrate': (input) => answer(input as Query),
    ...workersServed(),
  });
  setDesk(fake.desk);
  return fake;
}

const calls = (fake: ReturnType<typeof serve>) => fake.callsTo('mining.hashrate') as Query[];

beforeEach(() => {
  localStorage.clear();
  useMiningStore.setState(useMiningStore.getInitialState(), true);
  useProfilesStore.setState({ state: profiles(), fetchedAt: Date.now(), error: undefined });
  useSettings.setState({ privacy: false, autoRefreshSeconds: 0 });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

const rangeButton = (name: string) => screen.getByRole('button', { name, exact: true } as never);
const interval = () => screen.getByLabelText('Interval') as HTMLSelectElement;

describe('Mining form', () => {
  it('starts on the demo miner, 24 h at 5 minutes, and loads it', async () => {
    const fake = serve();
    render(<MiningView />);
    expect((screen.getByLabelText('Mining account') as HTMLInputElement).value).toBe('demo-miner');
    expect(interval().value).toBe('5m');
    expect(rangeButton('24 h').getAttribute('aria-pressed')).toBe('true');
    await screen.findByTestId('mining-stats');
    const [first] = calls(fake);
    expect(first).toMatchObject({ account: 'demo-miner', interval: '5m' });
    expect(first!.to - first!.from).toBe(86_400);
    expect(first!.maxPoints).toBeGreaterThanOrEqual(50);
    expect(screen.getByTestId('mining-stats').textContent).toContain('125.41 TH/s');
  });

  it('gives each range its default interval, and the interval can be changed', async () => {
    const fake = serve();
    render(<MiningView />);
    await screen.findByTestId('mining-stats');
    const expected: [string, string, number][] = [
      ['7 d', '1h', 7],
      ['30 d', '1h', 30],
      ['90 d', '1h', 90],
      ['1 y', '24h', 365],
      ['24 h', '5m', 1],
    ];
    for (const [label, value, days] of expected) {
      fireEvent.click(rangeButton(label));
      expect(interval().value).toBe(value);
      await waitFor(() => expect(calls(fake).at(-1)).toMatchObject({ interval: value }));
      const last = calls(fake).at(-1)!;
      expect(last.to - last.from).toBe(days * 86_400);
    }
    fireEvent.click(rangeButton('1 y'));
    fireEvent.change(interval(), { target: { value: '5m' } });
    await waitFor(() => expect(calls(fake).at(-1)).toMatchObject({ interval: '5m' }));
    expect(calls(fake).at(-1)!.to - calls(fake).at(-1)!.from).toBe(365 * 86_400);
    expect(rangeButton('1 y').getAttribute('aria-pressed')).toBe('true');
  });

  it('says so next to the interval when a range changes it, and only then', async () => {
    const fake = serve();
    render(<MiningView />);
    await screen.findByTestId('mining-stats');
    const note = () => document.getElementById('mining-interval-note')!;
    expect(interval().getAttribute('aria-describedby')).toBe('mining-interval-note');
    expect(note().getAttribute('role')).toBe('status');
    expect(note().textContent).toBe('');

    fireEvent.click(rangeButton('7 d'));
    expect(note().textContent).toBe('Interval changed to 1 hour for 7 d.');
    // 30 d keeps 1 hour: nothing changed, nothing to say.
    fireEvent.click(rangeButton('30 d'));
    expect(interval().value).toBe('1h');
    expect(note().textContent).toBe('');
    fireEvent.click(rangeButton('1 y'));
    expect(note().textContent).toBe('Interval changed to 24 hours for 1 y.');
    // The user's own choice needs no note.
    fireEvent.change(interval(), { target: { value: '1h' } });
    expect(note().textContent).toBe('');
    await waitFor(() => expect(calls(fake).at(-1)).toMatchObject({ interval: '1h' }));
  });

  it('opens the period inputs with Custom, filled with the shown period, and loads them on Show', async () => {
    const fake = serve();
    render(<MiningView />);
    await screen.findByTestId('mining-stats');
    expect(screen.queryByLabelText('From')).toBeNull();
    expect(screen.queryByLabelText('To')).toBeNull();
    const first = calls(fake)[0]!;

    fireEvent.click(rangeButton('Custom'));
    expect(rangeButton('Custom').getAttribute('aria-pressed')).toBe('true');
    expect(rangeButton('24 h').getAttribute('aria-pressed')).toBe('false');
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect(document.activeElement).toBe(from);
    expect(from.value).toBe(toLocalInput(first.from));
    expect(to.value).toBe(toLocalInput(first.to));
    // Opening the inputs asks nothing yet.
    expect(calls(fake)).toHaveLength(1);

    fireEvent.change(from, { target: { value: '2026-03-04T05:06' } });
    fireEvent.change(to, { target: { value: '2026-03-09T05:06' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls(fake)).toHaveLength(2));
    expect(calls(fake)[1]).toMatchObject({
      from: fromLocalInput('2026-03-04T05:06'),
      to: fromLocalInput('2026-03-09T05:06'),
    });

    // A preset closes them again.
    fireEvent.click(rangeButton('7 d'));
    expect(screen.queryByLabelText('From')).toBeNull();
  });

  it('puts a missing or reversed period under the input it concerns, and asks nothing', async () => {
    const fake = serve();
    render(<MiningView />);
    await screen.findByTestId('mining-stats');
    fireEvent.click(rangeButton('Custom'));
    const show = screen.getByRole('button', { name: 'Show' });

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    fireEvent.click(show);
    const end = await screen.findByText('Choose an end time.');
    expect(end.id).toBe('mining-to-error');
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-09T05:06' } });
    expect(screen.queryByText('Choose an end time.')).toBeNull();
    fireEvent.click(show);
    expect((await screen.findByText('Choose a start time.')).id).toBe('mining-from-error');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10T05:06' } });
    fireEvent.click(show);
    expect((await screen.findByText('Choose an end after the start.')).id).toBe('mining-to-error');
    expect(calls(fake)).toHaveLength(1);
  });

  it('remembers the account name per profile', async () => {
    serve();
    render(<MiningView />);
    const input = screen.getByLabelText('Mining account') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'my-rig' } });
    expect(useMiningStore.getState().accounts).toEqual({ demo: 'my-rig' });
    act(() =>
      useProfilesStore.setState({
        state: profiles(profile({ id: 'main', name: 'Main', isDemo: false })),
      }),
    );
    expect(input.value).toBe('');
    act(() => useProfilesStore.setState({ state: profiles() }));
    expect(input.value).toBe('my-rig');
    expect(localStorage.getItem('exchange-desk-mining')).toContain('my-rig');
  });

  it('puts "Account not found" under the account and "Incorrect timestamp" under From', async () => {
    let fail: DeskFailure = new DeskFailure('EXCHANGE_VALIDATION', 'Validation failed', {
      account: ['Account not found'],
    });
    serve(async () => {
      throw fail;
    });
    render(<MiningView />);
    const account = await screen.findByText('Account not found');
    expect(account.id).toBe('mining-account-error');
    expect(screen.getByLabelText('Mining account').getAttribute('aria-describedby')).toBe(
      'mining-account-error',
    );
    expect(screen.queryByRole('alert')).toBeNull();

    fail = new DeskFailure('EXCHANGE_VALIDATION', 'Incorrect timestamp', {
      from: ['Incorrect timestamp: the exchange refused this period.'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const from = await screen.findByText(/^Incorrect timestamp/);
    expect(from.id).toBe('mining-from-error');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Account not found')).toBeNull();
  });

  it('says so when the account has no hashrate in the period', async () => {
    serve(async (q) => ({ ...series(q, 0), stats: null, rejectRateAverage: undefined }));
    render(<MiningView />);
    await screen.findByText('No hashrate for this account in this period');
    expect(screen.queryByTestId('hashrate-chart')).toBeNull();
    expect(screen.queryByTestId('mining-stats')).toBeNull();
  });

  it('draws the chart with the points it got', async () => {
    serve();
    render(<MiningView />);
    const chart = await screen.findByTestId('hashrate-chart');
    expect(chart.getAttribute('data-point-count')).toBe('288');
    expect(chart.getAttribute('data-unit')).toBe('TH/s');
  });
});

describe("Alert markers on the account's chart (issue 33, item 3)", () => {
  it("marks its workers' and its own events in the period, not another account's", async () => {
    const now = Date.now();
    const base = { since: null, rule: 'offline' as const, kind: 'alert' as const };
    const events = [
      {
        ...base,
        id: 1,
        at: now - 3_600_000,
        account: 'demo-miner',
        worker: 'rig-01',
        message: 'rig-01 offline',
      },
      {
        ...base,
        id: 2,
        at: now - 1_800_000,
        account: 'demo-miner',
        worker: 'rig-01',
        kind: 'recovered' as const,
        message: 'rig-01 back',
      },
      {
        ...base,
        id: 3,
        at: now - 3_600_000,
        account: 'demo-rig-b',
        worker: 'b-01',
        message: 'b-01 offline',
      },
      {
        ...base,
        id: 4,
        at: now - 3 * 86_400_000,
        account: 'demo-miner',
        worker: 'rig-02',
        message: 'old',
      },
    ];
    const fake = fakeDesk({
      'mining.hashrate': async (input) => series(input as Query),
      ...workersServed(),
      'mining.alerts': async () => noAlerts({ events }),
    });
    setDesk(fake.desk);
    render(<MiningView />);
    const chart = await screen.findByTestId('hashrate-chart');
    await waitFor(() => expect(chart.getAttribute('data-marker-count')).toBe('2'));
    const marks = await within(chart).findAllByTestId('alert-marker');
    expect(marks.map((m) => m.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Alert, .*: rig-01 offline$/),
      expect.stringMatching(/^Recovered, .*: rig-01 back$/),
    ]);
  });
});

describe('Privacy mode', () => {
  it('shows no digit of any hashrate value, in the statistics or in the chart', async () => {
    useSettings.setState({ privacy: true });
    let answered: MiningSeries | undefined;
    serve(async (q) => (answered = series(q)));
    const { container } = render(<MiningView />);
    await screen.findByTestId('hashrate-chart');
    expect(screen.getByTestId('mining-stats').textContent).not.toMatch(/\d/);
    expect(screen.getByTestId('mining-stats').textContent).toContain('•••••');
    expect(screen.getByTestId('hashrate-chart').getAttribute('data-unit')).toBeNull();
    const text = container.textContent ?? '';
    expect(text).not.toContain('TH/s');
    for (const value of [
      answered!.stats!.max,
      answered!.stats!.min,
      answered!.stats!.average,
      '125.41',
      '118.00',
      '121.70',
    ])
      expect(text).not.toContain(value);
    expect(
      container.querySelectorAll('.recharts-yAxis .recharts-cartesian-axis-tick'),
    ).toHaveLength(0);
  });
});

describe('Time axis', () => {
  const labels = (container: HTMLElement) =>
    [...container.querySelectorAll('.recharts-xAxis-tick-labels text')].map(
      (text) => text.textContent ?? '',
    );

  for (const [name, step, count] of [
    ['1 y at 24 hours', 86_400, 366],
    ['90 d at 1 hour', 3_600, 2_160],
    ['7 d at 1 hour', 3_600, 168],
    ['24 h at 5 minutes', 300, 288],
  ] as const) {
    it(`labels the ticks of ${name} each differently from its neighbours, a few of them`, async () => {
      const spanMs = step * count * 1000;
      // The series() helper spaces its points 5 minutes apart: respace them at `step`.
      serve(async (q) => {
        const s = series(q, count);
        const start = q.to * 1000 - spanMs;
        return {
          ...s,
          points: s.points.map((p, i) => ({ ...p, timestamp: start + i * step * 1000 })),
        };
      });
      const { container } = render(<MiningView />);
      await screen.findByTestId('hashrate-chart');
      await waitFor(() => expect(labels(container).length).toBeGreaterThan(1));
      const shown = labels(container);
      expect(shown.length).toBeLessThanOrEqual(12);
      expect(shown.filter((label, i) => i > 0 && label === shown[i - 1])).toEqual([]);
    });
  }
});

describe('Selection under the chart', () => {
  const fullTime = new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const at = (ms: number) => fullTime.format(new Date(ms));

  it('names its two handles and says which times they stand at', async () => {
    let answered: MiningSeries | undefined;
    serve(async (q) => (answered = series(q)));
    const { container } = render(<MiningView />);
    await screen.findByTestId('hashrate-chart');
    const points = answered!.points;
    const start = screen.getByRole('slider', { name: 'Start of selection' });
    const end = screen.getByRole('slider', { name: 'End of selection' });
    expect(start.getAttribute('aria-valuetext')).toBe(at(points[0]!.timestamp));
    expect(end.getAttribute('aria-valuetext')).toBe(at(points.at(-1)!.timestamp));
    for (const labelled of container.querySelectorAll('[aria-label]')) {
      expect(labelled.getAttribute('aria-label')).not.toMatch(/undefined|Min value|Max value/);
    }
  });

  it('zooms the chart to the handles and writes the shown window as text', async () => {
    let answered: MiningSeries | undefined;
    serve(async (q) => (answered = series(q)));
    render(<MiningView />);
    await screen.findByTestId('hashrate-chart');
    const points = answered!.points;
    expect(screen.getByTestId('mining-window').textContent).toBe(
      `Shown: ${at(points[0]!.timestamp)} – ${at(points.at(-1)!.timestamp)}`,
    );
    expect(
      screen.queryByRole('button', { name: 'Load detail for the selected window' }),
    ).toBeNull();

    fireEvent.change(screen.getByRole('slider', { name: 'Start of selection' }), {
      target: { value: '100' },
    });
    fireEvent.change(screen.getByRole('slider', { name: 'End of selection' }), {
      target: { value: '199' },
    });
    const chart = screen.getByTestId('hashrate-chart');
    expect(chart.getAttribute('data-shown-count')).toBe('100');
    expect(screen.getByTestId('mining-window').textContent).toBe(
      `Shown: ${at(points[100]!.timestamp)} – ${at(points[199]!.timestamp)}`,
    );
    expect(
      screen.getByRole('slider', { name: 'End of selection' }).getAttribute('aria-valuetext'),
    ).toBe(at(points[199]!.timestamp));
    screen.getByRole('button', { name: 'Load detail for the selected window' });

    // The start never passes the end: the window keeps at least two points.
    fireEvent.change(screen.getByRole('slider', { name: 'Start of selection' }), {
      target: { value: '250' },
    });
    expect(chart.getAttribute('data-shown-count')).toBe('2');
  });
});

describe('Load detail for the selected window', () => {
  /** `count` points spread evenly over the asked period, as the exchange would answer it. */
  const spread = (q: Query, count = 366) => {
    const s = series(q, count);
    const step = ((q.to - q.from) * 1000) / (count - 1);
    return {
      ...s,
      points: s.points.map((p, i) => ({ ...p, timestamp: Math.round(q.from * 1000 + i * step) })),
    };
  };
  const start = () => screen.getByRole('slider', { name: 'Start of selection' });
  const loadDetail = () =>
    fireEvent.click(screen.getByRole('button', { name: 'Load detail for the selected window' }));

  async function showYear(fake: ReturnType<typeof serve>, at: string) {
    render(<MiningView />);
    await screen.findByTestId('hashrate-chart');
    fireEvent.click(rangeButton('1 y'));
    if (at !== '24h') fireEvent.change(interval(), { target: { value: at } });
    await waitFor(() => expect(calls(fake).at(-1)).toMatchObject({ interval: at }));
    await waitFor(() =>
      expect(screen.getByTestId('hashrate-chart').getAttribute('data-point-count')).toBe('366'),
    );
  }

  it('keeps a 5-minute view at 5 minutes for a window of half a year (was 24 hours)', async () => {
    const fake = serve(async (q) => spread(q));
    await showYear(fake, '5m');
    fireEvent.change(start(), { target: { value: '183' } });
    loadDetail();
    await waitFor(() => expect(calls(fake)).toHaveLength(4));
    const detail = calls(fake).at(-1)!;
    expect(detail.interval).toBe('5m');
    expect(detail.to - detail.from).toBeGreaterThan(180 * 86_400);
    expect(interval().value).toBe('5m');
  });

  it('goes finer from a 24-hour view: 1 hour for a month, 5 minutes for a few days', async () => {
    const fake = serve(async (q) => spread(q));
    await showYear(fake, '24h');
    // 30 of 365 days.
    fireEvent.change(start(), { target: { value: '335' } });
    loadDetail();
    await waitFor(() => expect(calls(fake).at(-1)).toMatchObject({ interval: '1h' }));
    const month = calls(fake).at(-1)!;
    expect(month.to - month.from).toBeGreaterThan(29 * 86_400);
    expect(month.to - month.from).toBeLessThan(31 * 86_400);
    expect(interval().value).toBe('1h');
    expect(document.getElementById('mining-interval-note')!.textContent).toBe(
      'Interval changed to 1 hour for the selected window.',
    );

    // The month's last 5 days.
    await waitFor(() => expect(start().getAttribute('aria-valuetext')).not.toBe(null));
    await waitFor(() => expect(screen.getByTestId('mining-window').textContent).toMatch(/^Shown/));
    fireEvent.change(start(), { target: { value: '305' } });
    loadDetail();
    await waitFor(() => expect(calls(fake).at(-1)).toMatchObject({ interval: '5m' }));
    const days = calls(fake).at(-1)!;
    expect(days.to - days.from).toBeLessThan(7 * 86_400);
  });
});

describe('Mining figures describe the window shown (issue 32, item 18)', () => {
  it('says which window they cover, and "Current" only while the latest reading is recent', async () => {
    serve();
    render(<MiningView />);
    const stats = await screen.findByTestId('mining-stats');
    expect(stats.textContent).toContain('Current');
    expect(screen.getByTestId('mining-stats-window').textContent).toMatch(
      /^Over the window shown: .+ to .+$/,
    );
  });

  it('a window whose readings stopped hours ago has a "last reading" with its time, not "Current"', async () => {
    // The pool's last point is three hours old: the figures are not current.
    serve(async (q) => series({ ...q, to: q.to - 3 * 3600 }));
    render(<MiningView />);
    const stats = await screen.findByTestId('mining-stats');
    expect(stats.textContent).not.toContain('Current');
    expect(stats.textContent).toMatch(/Last reading.*TH\/s at /);
  });
});
