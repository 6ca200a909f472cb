import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MINING_ACCOUNTS,
  hashrateSeries as series,
  outageWindow,
  seriesStart,
  workerSeries,
  workerStates,
  type Interval,
  type WorkerChange,
} from '../../src/hashrate';

const NOW = 1_795_000_000; // fixed "now", seconds
const [MINER, RIG_B] = MINING_ACCOUNTS as [
  (typeof MINING_ACCOUNTS)[0],
  (typeof MINING_ACCOUNTS)[0],
];
const hashrateSeries = (seed: number, now: number, interval: Interval, from: number, to: number) =>
  series(seed, now, MINER, [], interval, from, to);
/** A worker's TH/s as H/s, exactly. */
function toH(th: string): bigint {
  const [whole, frac = ''] = th.split('.');
  return BigInt(whole ?? '0') * 10n ** 12n + BigInt(frac.padEnd(12, '0'));
}

describe('hashrate series', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = hashrateSeries(42, NOW, '5m', NOW - 3600, NOW);
    expect(hashrateSeries(42, NOW, '5m', NOW - 3600, NOW)).toEqual(a);
    expect(hashrateSeries(7, NOW, '5m', NOW - 3600, NOW)).not.toEqual(a);
    expect(a.length).toBe(12);
    for (const p of a) {
      expect(p.timestamp % 300).toBe(0);
      expect(p.hashrate).toMatch(/^\d+$/);
    }
  });

  it('has one outage of zeros 100 days back, 02:00-08:00 UTC', () => {
    const outage = outageWindow(NOW);
    const points = hashrateSeries(42, NOW, '5m', outage.from - 3600, outage.to + 3600);
    const zeros = points.filter((p) => p.hashrate === '0');
    expect(zeros.length).toBe(72);
    expect(zeros[0]?.timestamp).toBe(outage.from);
    expect(zeros.at(-1)?.timestamp).toBe(outage.to - 300);
    expect(outage.to - outage.from).toBe(6 * 3600);
  });

  it("aggregates 1h and 24h as the sum of each worker's integer mean of its 5m points", () => {
    const t = Math.floor((NOW - 86400 * 3) / 3600) * 3600;
    const hour = hashrateSeries(42, NOW, '1h', t, t);
    let sum = 0n;
    for (const w of MINER.workers) {
      const five = workerSeries(42, NOW, MINER, w, [], '5m', t, t + 3300);
      expect(five.length).toBe(12);
      sum += five.reduce((s, p) => s + toH(p.hashrate), 0n) / 12n;
    }
    expect(hour[0]?.hashrate).toBe(sum.toString());
    const day = hashrateSeries(42, NOW, '24h', NOW - 10 * 86400, NOW);
    expect(day.every((p) => p.timestamp % 86400 === 0)).toBe(true);
  });

  it('has a daily cycle: the mean at 06:00 is above the mean at 18:00', () => {
    let morning = 0n;
    let evening = 0n;
    for (let d = 1; d <= 10; d++) {
      const day = Math.floor(NOW / 86400) * 86400 - d * 86400;
      morning += BigInt(
        hashrateSeries(42, NOW, '1h', day + 6 * 3600, day + 6 * 3600)[0]?.hashrate ?? '0',
      );
      evening += BigInt(
        hashrateSeries(42, NOW, '1h', day + 18 * 3600, day + 18 * 3600)[0]?.hashrate ?? '0',
      );
    }
    expect(morning > evening).toBe(true);
  });

  it('starts 365 days before today and stops at now', () => {
    const start = seriesStart(NOW);
    const points = hashrateSeries(42, NOW, '24h', start - 5 * 86400, start + 86400);
    expect(points[0]?.timestamp).toBe(start);
    expect(
      hashrateSeries(42, NOW, '5m', NOW - 600, NOW + 3600).every((p) => p.timestamp <= NOW),
    ).toBe(true);
  });
});

describe('worker series', () => {
  it('adds up to the account at every point, whatever the workers do (property)', () => {
    const worker = fc.constantFrom(...RIG_B.workers);
    const change = fc.record({
      worker,
      state: fc.constantFrom('online' as const, 'low' as const, 'offline' as const),
      ago: fc.integer({ min: 0, max: 3 * 86400 }),
    });
    fc.assert(
      fc.property(
        fc.array(change, { maxLength: 4 }),
        fc.constantFrom<Interval>('5m', '1h'),
        fc.integer({ min: 3600, max: 2 * 86400 }),
        (changes, interval, back) => {
          const control: WorkerChange[] = changes.map((c) => ({
            account: RIG_B.name,
            worker: c.worker,
            state: c.state,
            since: NOW - c.ago,
          }));
          const from = NOW - back;
          const to = from + (interval === '5m' ? 3 * 3600 : 12 * 3600);
          const account = series(42, NOW, RIG_B, control, interval, from, to);
          const sums = new Map<number, bigint>();
          for (const w of RIG_B.workers) {
            for (const p of workerSeries(42, NOW, RIG_B, w, control, interval, from, to)) {
              sums.set(p.time, (sums.get(p.time) ?? 0n) + toH(p.hashrate));
            }
          }
          for (const p of account) {
            expect(sums.get(p.timestamp) ?? 0n).toBe(BigInt(p.hashrate));
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a worker taken offline has no point from then on and leaves the online list', () => {
    const since = Math.floor(NOW / 300) * 300 - 1800;
    const control: WorkerChange[] = [
      { account: MINER.name, worker: 'rig-01', state: 'offline', since },
    ];
    const points = workerSeries(42, NOW, MINER, 'rig-01', control, '5m', NOW - 3600, NOW);
    expect(points.at(-1)?.time).toBe(since - 300);
    expect(workerStates(42, NOW, MINER, control)[0]).toEqual({ name: 'rig-01', state: 'offline' });
    const back: WorkerChange[] = [...control, { ...control[0]!, state: 'online', since: NOW }];
    expect(workerStates(42, NOW, MINER, back)[0]?.state).toBe('online');
  });

  it('a low worker runs at a quarter; the seeded b-12 is offline since 20:00 yesterday', () => {
    const t = Math.floor(NOW / 300) * 300 - 600;
    const low: WorkerChange[] = [{ account: MINER.name, worker: 'rig-02', state: 'low', since: t }];
    const before = toH(workerSeries(42, NOW, MINER, 'rig-02', [], '5m', t, t)[0]!.hashrate);
    const after = toH(workerSeries(42, NOW, MINER, 'rig-02', low, '5m', t, t)[0]!.hashrate);
    expect(after * 4n - before <= 2n && before - after * 4n <= 2n).toBe(true);
    const states = workerStates(42, NOW, RIG_B, []);
    expect(states.find((w) => w.name === 'b-12')?.state).toBe('offline');
    expect(states.filter((w) => w.state === 'offline').length).toBe(1);
  });
});
