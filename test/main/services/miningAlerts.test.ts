import { describe, expect, it } from 'vitest';
import {
  MiningAlertEngine,
  ParsedSeries,
  RULE_WINDOW_MS,
  ruleFor,
  type AccountReading,
  type NewAlertEvent,
  type PollReading,
  type WorkerReading,
} from '../../../src/main/services/miningAlerts';
import { parsePayoutDestination } from '../../../src/main/exchange/schemas';
import { DEFAULT_MINING_ALERT_RULE, setPayoutInput } from '../../../src/shared/contract';
import type { HashratePoint, MiningAlertRules } from '../../../src/shared/model';

const MIN = 60_000;
const SAMPLE = 5 * MIN;
/** A poll time on a sample boundary. */
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % SAMPLE);

/**
 * A worker's last 24 h at 5 minutes up to `at`, 10 TH/s; `hashing(t)` false: no point at t (the
 * pool gives an offline worker none); `rate(t)`: the value at t.
 */
function points(
  at: number,
  hashing: (t: number) => boolean = () => true,
  rate: (t: number) => string = () => '10000000000000',
): HashratePoint[] {
  const out: HashratePoint[] = [];
  for (let t = at - 287 * SAMPLE; t <= at; t += SAMPLE) {
    if (hashing(t)) out.push({ timestamp: t, hashrate: rate(t) });
  }
  return out;
}

function account(at: number, workers: WorkerReading[], rejects?: number[]): AccountReading {
  const series: HashratePoint[] = [];
  for (let t = at - 11 * SAMPLE; t <= at; t += SAMPLE) {
    series.push({ timestamp: t, hashrate: '120000000000000' });
  }
  rejects?.forEach((rate, i) => {
    series[series.length - rejects.length + i]!.rejectRate = rate;
  });
  return { account: 'rig-a', workers, points: series };
}

function poll(at: number, workers: WorkerReading[], rejects?: number[]): PollReading {
  return { ok: true, at, accounts: [account(at, workers, rejects)] };
}

const steady = (at: number, name = 'a-01'): WorkerReading => ({
  name,
  named: true,
  points: points(at),
});

/** Offline since `since`: not named, no point from then on. */
const offlineSince = (at: number, since: number, name = 'a-01'): WorkerReading => ({
  name,
  named: false,
  points: points(at, (t) => t < since),
});

const rules =
  (list: MiningAlertRules[] = []) =>
  () =>
    list;
const summary = (events: NewAlertEvent[]) =>
  events.map((e) => `${e.kind}:${e.rule}:${e.worker ?? e.account}`);

describe('the offline rule', () => {
  it('an app started after a worker went offline 30 min ago alerts at its first poll', () => {
    const engine = new MiningAlertEngine({ rules: rules() });
    const events = engine.evaluate(poll(T0, [offlineSince(T0, T0 - 30 * MIN), steady(T0, 'a-02')]));
    expect(summary(events)).toEqual(['alert:offline:a-01']);
    // Named by the pool's own data: its last point, 35 minutes before the poll.
    expect(events[0]!.since).toBe(T0 - 35 * MIN);
    expect(events[0]!.message).toContain('a-01 (rig-a) is offline since');
  });

  it('needs two readings: a worker gone for less than N minutes plus one sample is not yet an alert', () => {
    const engine = new MiningAlertEngine({ rules: rules() });
    // Last point 10 min ago: offline for 10 min now, not yet 5 min before.
    let at = T0;
    expect(engine.evaluate(poll(at, [offlineSince(at, at - 5 * MIN)]))).toEqual([]);
    at += SAMPLE;
    expect(summary(engine.evaluate(poll(at, [offlineSince(at, at - 10 * MIN)])))).toEqual([
      'alert:offline:a-01',
    ]);
    // Still offline: no second alert.
    at += SAMPLE;
    expect(engine.evaluate(poll(at, [offlineSince(at, at - 15 * MIN)]))).toEqual([]);
  });

  it('recovers when the worker is named and hashing again, with a "recovered" event', () => {
    const engine = new MiningAlertEngine({ rules: rules() });
    let at = T0;
    engine.evaluate(poll(at, [offlineSince(at, at - 30 * MIN)]));
    // Back since the last sample: the sample before still says offline, one reading.
    at += SAMPLE;
    const back = (t: number, from: number): WorkerReading => ({
      name: 'a-01',
      named: true,
      points: points(t, (p) => p < t - 40 * MIN || p >= from),
    });
    expect(engine.evaluate(poll(at, [back(at, at)]))).toEqual([]);
    at += SAMPLE;
    const events = engine.evaluate(poll(at, [back(at, at - SAMPLE)]));
    expect(summary(events)).toEqual(['recovered:offline:a-01']);
    expect(events[0]!.message).toBe('a-01 (rig-a) is back online');
  });

  it('a worker back for two samples when the app looks recovers at once', () => {
    const engine = new MiningAlertEngine({
      rules: rules(),
      open: [{ account: 'rig-a', worker: 'a-01', rule: 'offline', at: T0 - 60 * MIN }],
    });
    const events = engine.evaluate(poll(T0, [steady(T0)]));
    expect(summary(events)).toEqual(['recovered:offline:a-01']);
  });

  it('a condition already alerted before the app started does not alert again', () => {
    const engine = new MiningAlertEngine({
      rules: rules(),
      open: [{ account: 'rig-a', worker: 'a-01', rule: 'offline', at: T0 - 30 * MIN }],
    });
    expect(engine.evaluate(poll(T0, [offlineSince(T0, T0 - 30 * MIN)]))).toEqual([]);
  });

  it('a flapping worker (on/off every reading) raises at most one alert per rule window', () => {
    const engine = new MiningAlertEngine({ rules: rules([rule({ offlineMinutes: 5 })]) });
    const all: NewAlertEvent[] = [];
    // Six hours of polls, the worker hashing every other sample and named every other poll.
    for (let i = 0; i < 72; i++) {
      const at = T0 + i * SAMPLE;
      const even = (t: number) => Math.round((t - T0) / SAMPLE) % 2 === 0;
      all.push(
        ...engine.evaluate(poll(at, [{ name: 'a-01', named: even(at), points: points(at, even) }])),
      );
    }
    const alerts = all.filter((e) => e.kind === 'alert');
    expect(alerts.length).toBeLessThanOrEqual(6);
    for (const alert of alerts) {
      expect(alerts.filter((a) => Math.abs(a.at - alert.at) < RULE_WINDOW_MS)).toHaveLength(1);
    }
  });

  it('flapping in pairs (two off, two on) alerts once per rule window, not at every pair', () => {
    const engine = new MiningAlertEngine({ rules: rules([rule({ offlineMinutes: 5 })]) });
    const all: NewAlertEvent[] = [];
    const hashing = (t: number) => Math.floor((t - T0) / SAMPLE / 2) % 2 === 1;
    for (let i = 0; i < 48; i++) {
      const at = T0 + i * SAMPLE;
      all.push(
        ...engine.evaluate(
          poll(at, [{ name: 'a-01', named: hashing(at), points: points(at, hashing) }]),
        ),
      );
    }
    const alerts = all.filter((e) => e.kind === 'alert');
    // Four hours: at most one alert an hour.
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.length).toBeLessThanOrEqual(4);
    for (const alert of alerts) {
      expect(alerts.filter((a) => Math.abs(a.at - alert.at) < RULE_WINDOW_MS)).toHaveLength(1);
    }
  });
});

function rule(
  over: Partial<MiningAlertRules['rule']>,
  workers: MiningAlertRules['workers'] = [],
): MiningAlertRules {
  return { account: 'rig-a', rule: { ...DEFAULT_MINING_ALERT_RULE, ...over }, workers };
}

describe('the low rule', () => {
  const lowFrom = (at: number, from: number, low = '2000000000000'): WorkerReading => ({
    name: 'a-01',
    named: true,
    points: points(
      at,
      () => true,
      (t) => (t >= from ? low : '10000000000000'),
    ),
  });

  it('below X % of its own 24 h mean on two readings alerts; two normal readings recover', () => {
    const engine = new MiningAlertEngine({ rules: rules([rule({ lowPercent: 50 })]) });
    let at = T0;
    // Low for one sample only: one reading.
    expect(engine.evaluate(poll(at, [lowFrom(at, at)]))).toEqual([]);
    at += SAMPLE;
    const events = engine.evaluate(poll(at, [lowFrom(at, at - SAMPLE)]));
    expect(summary(events)).toEqual(['alert:low:a-01']);
    expect(events[0]!.message).toContain('a-01 (rig-a) hashes low since');
    at += SAMPLE;
    // Normal again from this sample (low from T0 to the sample before): one reading; then two.
    const lowSpell = (t: number): WorkerReading => ({
      name: 'a-01',
      named: true,
      points: points(
        t,
        () => true,
        (p) => (p >= T0 && p < at ? '2000000000000' : '10000000000000'),
      ),
    });
    expect(engine.evaluate(poll(at, [lowSpell(at)]))).toEqual([]);
    at += SAMPLE;
    expect(summary(engine.evaluate(poll(at, [lowSpell(at)])))).toEqual(['recovered:low:a-01']);
  });

  it('below a fixed value, even at its usual rate; a worker override raises the bar', () => {
    const fixed = rule({ lowPercent: null, lowBelow: '5000000000000' }, [
      { worker: 'a-02', rule: { lowBelow: '20000000000000' } },
    ]);
    const engine = new MiningAlertEngine({ rules: rules([fixed]) });
    const events = engine.evaluate(poll(T0, [steady(T0), steady(T0, 'a-02')]));
    expect(summary(events)).toEqual(['alert:low:a-02']);
    expect(ruleFor([fixed], 'rig-a', 'a-02').lowBelow).toBe('20000000000000');
    expect(ruleFor([fixed], 'rig-a', 'a-01').lowBelow).toBe('5000000000000');
  });

  it('an offline worker is the offline rule, never also "low"', () => {
    const engine = new MiningAlertEngine({ rules: rules() });
    const events = engine.evaluate(poll(T0, [offlineSince(T0, T0 - 30 * MIN)]));
    expect(events.map((e) => e.rule)).toEqual(['offline']);
  });
});

describe('the reject rule', () => {
  it("the account's reject rate above Y % on two readings alerts; under it twice recovers", () => {
    const engine = new MiningAlertEngine({
      rules: rules([rule({ rejectPercent: 2, offlineMinutes: null, lowPercent: null })]),
    });
    expect(engine.evaluate(poll(T0, [steady(T0)], [0.01, 0.05]))).toEqual([]);
    const events = engine.evaluate(poll(T0 + SAMPLE, [steady(T0 + SAMPLE)], [0.05, 0.05]));
    expect(summary(events)).toEqual(['alert:reject:rig-a']);
    expect(events[0]!.worker).toBeNull();
    expect(summary(engine.evaluate(poll(T0 + 2 * SAMPLE, [steady(T0)], [0.01, 0.01])))).toEqual([
      'recovered:reject:rig-a',
    ]);
  });

  it('no rule, no alert: rejects are unwatched by default', () => {
    const engine = new MiningAlertEngine({ rules: rules() });
    expect(engine.evaluate(poll(T0, [steady(T0)], [0.5, 0.5]))).toEqual([]);
  });
});

describe('cannot see the pool', () => {
  it('a failed fetch raises only the "cannot see the pool" alert, never an offline storm', () => {
    const engine = new MiningAlertEngine({ rules: rules() });
    const workers = (at: number) => [steady(at), steady(at, 'a-02'), steady(at, 'a-03')];
    expect(engine.evaluate(poll(T0, workers(T0)))).toEqual([]);
    const all: NewAlertEvent[] = [];
    for (let i = 1; i <= 6; i++) {
      all.push(...engine.evaluate({ ok: false, at: T0 + i * SAMPLE, error: 'timed out' }));
    }
    expect(summary(all)).toEqual(['alert:pool:']);
    expect(all[0]!.since).toBe(T0);
    expect(all[0]!.message).toMatch(/^Cannot see the pool since \d\d:\d\d UTC$/);
    expect(engine.lastSeenAt).toBe(T0);
    // Seen again (every worker fine): two good polls recover; no worker event.
    const back = [7, 8].flatMap((i) =>
      engine.evaluate(poll(T0 + i * SAMPLE, workers(T0 + i * SAMPLE))),
    );
    expect(summary(back)).toEqual(['recovered:pool:']);
  });

  it('stale data (the newest point too old) is the pool condition, not every worker offline', () => {
    const engine = new MiningAlertEngine({ rules: rules() });
    const stale = (at: number): PollReading => {
      const old = at - 60 * MIN;
      const reading = account(old, [
        { ...offlineSince(old, old - 30 * MIN), named: false },
        { ...steady(old, 'a-02'), named: false },
      ]);
      return { ok: true, at, accounts: [reading] };
    };
    const events = [...engine.evaluate(stale(T0)), ...engine.evaluate(stale(T0 + SAMPLE))];
    expect(summary(events)).toEqual(['alert:pool:']);
  });
});

describe('ParsedSeries', () => {
  const at = (n: number) => T0 + n * SAMPLE;
  const answer = (from: number, to: number, value = (n: number) => String(n)) =>
    Array.from({ length: to - from + 1 }, (_, i) => ({
      timestamp: at(from + i),
      hashrate: value(from + i),
    }));

  it('parses only what it has not seen, the newest kept point again (the pool may revise it)', () => {
    const series = new ParsedSeries();
    series.update(answer(0, 3));
    expect(series.values).toEqual([0, 1, 2, 3]);
    // The window moved one sample; the pool revised its newest point (3 -> 30).
    series.update(answer(1, 4, (n) => String(n === 3 ? 30 : n)));
    expect(series.times).toEqual([at(1), at(2), at(3), at(4)]);
    expect(series.values).toEqual([1, 2, 30, 4]);
  });

  it('starts over when the answer no longer holds the points it kept', () => {
    const series = new ParsedSeries();
    series.update(answer(0, 3));
    series.update(answer(10, 12));
    expect(series.values).toEqual([10, 11, 12]);
    series.update([]);
    expect(series.times).toEqual([]);
  });

  it('the 24 h mean and the last point above zero, at a time', () => {
    const series = new ParsedSeries();
    series.update(answer(0, 3, (n) => (n === 3 ? '0' : '10')));
    expect(series.dayMean(at(3))).toBe(7.5);
    expect(series.lastHashing(at(3))).toBe(at(2));
    expect(series.lastHashing(at(0) - 1)).toBeNull();
  });
});

describe('the payout destination', () => {
  const MAIN = { destination: 'main_balance' as const, address: null };
  const ADDRESS = { destination: 'external_address' as const, address: 'bc1qexample' };

  it('a change outside the app alerts on the second reading that agrees, once', () => {
    const engine = new MiningAlertEngine({ rules: rules() });
    expect(engine.payout(T0, 'rig-a', MAIN, undefined)).toEqual({ remember: true });
    expect(engine.payout(T0, 'rig-a', MAIN, MAIN)).toEqual({ remember: false });
    expect(engine.payout(T0, 'rig-a', ADDRESS, MAIN)).toEqual({ remember: false });
    const second = engine.payout(T0 + SAMPLE, 'rig-a', ADDRESS, MAIN);
    expect(second.remember).toBe(true);
    expect(second.event).toMatchObject({ rule: 'payout', kind: 'alert', account: 'rig-a' });
    expect(second.event!.message).toContain('now the address bc1qexample (was the main balance)');
    expect(engine.payout(T0 + 2 * SAMPLE, 'rig-a', ADDRESS, ADDRESS)).toEqual({ remember: false });
  });

  it('a reading that flips back before the second is no alert', () => {
    const engine = new MiningAlertEngine({ rules: rules() });
    expect(engine.payout(T0, 'rig-a', ADDRESS, MAIN).event).toBeUndefined();
    expect(engine.payout(T0 + SAMPLE, 'rig-a', MAIN, MAIN).event).toBeUndefined();
    expect(engine.payout(T0 + 2 * SAMPLE, 'rig-a', ADDRESS, MAIN).event).toBeUndefined();
  });

  it('the answer is read in both casings and bounded where it enters', () => {
    expect(
      parsePayoutDestination({ payout_destination: 'external_address', external_address: 'bc1q' }),
    ).toEqual({ destination: 'external_address', address: 'bc1q' });
    expect(
      parsePayoutDestination({ payoutDestination: 'main_balance', externalAddress: null }),
    ).toEqual(MAIN);
    expect(() => parsePayoutDestination({ payoutDestination: 'somewhere' })).toThrow(
      /payoutDestination/,
    );
    expect(() =>
      parsePayoutDestination({
        payoutDestination: 'external_address',
        externalAddress: 'b'.repeat(10_000),
      }),
    ).toThrow(/externalAddress/);
  });

  it('a change needs the address typed twice, the same, and the account name as confirmation', () => {
    const base = { account: 'rig-a', destination: 'external_address', confirmation: 'rig-a' };
    const issues = (input: object) =>
      setPayoutInput
        .safeParse(input)
        .error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(issues({ ...base, address: 'bc1qa', addressAgain: 'bc1qb' })).toEqual([
      'addressAgain: Type the same address again: the two differ.',
    ]);
    expect(
      issues({ ...base, address: 'bc1qa', addressAgain: 'bc1qa', confirmation: 'yes' }),
    ).toEqual(["confirmation: Type the account's name, rig-a, to confirm."]);
    expect(issues({ ...base })).toEqual(['address: Enter the BTC address.']);
    expect(issues({ ...base, address: 'bc1qa', addressAgain: 'bc1qa' })).toBeUndefined();
    expect(
      issues({ account: 'rig-a', destination: 'main_balance', confirmation: 'rig-a' }),
    ).toBeUndefined();
  });
});
