import { Decimal } from './decimal';
import { hash32 } from './rng';

/**
 * Mining hashrate, computed on demand from (seed, timestamp, the control's worker changes); nothing
 * is materialised at start.
 *
 * Every mining account has workers (`MINING_ACCOUNTS`); a worker's 5-minute value (H/s, integer) is
 *   base(worker) * (1 + 0.06 * sin(2π * secondOfDay / 86400)) * (1 + 0.04 * noise(seed, worker, t))
 * with base about 10 TH/s (8 to 12) and noise in [-1, 1] from a hash: a daily cycle plus noise. A
 * "low" worker runs at a quarter of that; an offline worker has no point. The account's hashrate is
 * the sum of its workers' at every point and every interval (each worker's 1h/24h value is the
 * integer mean of its 5m values over the slots in [t, t + interval) up to now, an offline slot
 * counting 0; the account's is the sum of those), so the workers add up to the account exactly.
 *
 * Seeded events: one pool outage, every worker "0" (and rejectRate 0) from 02:00 to 08:00 UTC on the
 * day 100 days before the current UTC day (`outageWindow`); worker k (from 0) of each account drops
 * out on day 3 + 5k before today from 10:00 for 30 + 10k minutes, then recovers; `demo-rig-b`'s
 * worker `b-04` runs low every day 12:00-14:00 UTC and its last worker `b-12` has been offline since
 * 20:00 UTC yesterday. The control's changes (`WorkerChange`) apply from their `since` on.
 *
 * Series: one point every 5 minutes (timestamps multiple of 300) for the 365 days before the start
 * of the current UTC day, and up to now. Request limits (the client splits longer ranges):
 *   interval 5m:  to - from <= 7 days   (<= 2,016 points)
 *   interval 1h:  to - from <= 90 days  (<= 2,160 points)
 *   interval 24h: to - from <= 366 days (<= 366 points)
 * `interval` defaults to 1h; `to` defaults to now; `from` defaults to to - 1 day (5m, 1h) or
 * to - 30 days (24h). `to` beyond now is clamped to now; points before the series start are
 * omitted. Errors: from > to, from in the future, or a range over the limit answer HTTP 422
 * `{code:422, message:"Incorrect timestamp"}`.
 */
export const INTERVALS = { '5m': 300, '1h': 3600, '24h': 86400 } as const;
export type Interval = keyof typeof INTERVALS;
export const MAX_RANGE: Record<Interval, number> = {
  '5m': 7 * 86400,
  '1h': 90 * 86400,
  '24h': 366 * 86400,
};
export const DEFAULT_RANGE: Record<Interval, number> = {
  '5m': 86400,
  '1h': 86400,
  '24h': 30 * 86400,
};

const DAY = 86400;
const SLOT = 300;

export type WorkerState = 'online' | 'low' | 'offline';

/** A worker's state changed through the control endpoint, from `since` (Unix seconds) on. */
export interface WorkerChange {
  account: string;
  worker: string;
  state: WorkerState;
  since: number;
}

export interface MiningAccountDef {
  name: string;
  /** Days before the current UTC day it was created. */
  createdDaysAgo: number;
  /** Worker names, alphabetical; none: the account is disabled (200 with empty series). */
  workers: readonly string[];
}

const names = (prefix: string) =>
  Array.from({ length: 12 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);

/** The first mining account (the app's demo profile watches it). */
export const DEMO_MINING_ACCOUNT = 'demo-miner';

/** The mining accounts, oldest first; `demo-miner-off` is disabled (200 with empty series, §5). */
export const MINING_ACCOUNTS: readonly MiningAccountDef[] = [
  { name: DEMO_MINING_ACCOUNT, createdDaysAgo: 400, workers: names('rig') },
  { name: 'demo-rig-b', createdDaysAgo: 380, workers: names('b') },
  { name: 'demo-miner-off', createdDaysAgo: 30, workers: [] },
];

export function miningAccount(name: string | undefined): MiningAccountDef | undefined {
  return MINING_ACCOUNTS.find((a) => a.name === name);
}

export function dayStart(nowSec: number): number {
  return Math.floor(nowSec / DAY) * DAY;
}

export function seriesStart(nowSec: number): number {
  return dayStart(nowSec) - 365 * DAY;
}

export function outageWindow(nowSec: number): { from: number; to: number } {
  const day = dayStart(nowSec) - 100 * DAY;
  return { from: day + 2 * 3600, to: day + 8 * 3600 };
}

export interface HashratePoint {
  timestamp: number;
  hashrate: string;
  rejectRate: number;
}

export interface WorkerPoint {
  time: number;
  /** TH/s, exact decimal. */
  hashrate: string;
}

/** Everything a worker's value at one slot depends on, worked out once per request. */
interface WorkerModel {
  name: string;
  base: number;
  /** Seeded state windows and control changes, in order of `since` (later wins). */
  changes: { since: number; until: number; state: WorkerState }[];
}

function workerModels(
  seed: number,
  nowSec: number,
  account: MiningAccountDef,
  control: readonly WorkerChange[],
): WorkerModel[] {
  const today = dayStart(nowSec);
  return account.workers.map((name, k) => {
    const base = Math.round(8e12 + (hash32(seed, 'worker-base', account.name, name) % 4000) * 1e9);
    const dropFrom = today - (3 + 5 * k) * DAY + 10 * 3600;
    const changes: WorkerModel['changes'] = [
      { since: dropFrom, until: dropFrom + (30 + 10 * k) * 60, state: 'offline' },
    ];
    if (account.name === 'demo-rig-b' && name === 'b-12') {
      changes.push({ since: today - DAY + 20 * 3600, until: Infinity, state: 'offline' });
    }
    for (const c of control) {
      if (c.account === account.name && c.worker === name) {
        changes.push({ since: c.since, until: Infinity, state: c.state });
      }
    }
    return { name, base, changes };
  });
}

function stateAt(model: WorkerModel, account: string, t: number): WorkerState {
  let state: WorkerState = 'online';
  if (account === 'demo-rig-b' && model.name === 'b-04') {
    const second = t % DAY;
    if (second >= 12 * 3600 && second < 14 * 3600) state = 'low';
  }
  for (const c of model.changes) {
    if (t >= c.since && t < c.until) state = c.state;
  }
  return state;
}

/** One worker's 5m value at slot t: H/s, or null when offline. */
function slotValue(
  seed: number,
  account: string,
  model: WorkerModel,
  t: number,
  cycle: number,
  outage: boolean,
): number | null {
  const state = stateAt(model, account, t);
  if (state === 'offline') return null;
  if (outage) return 0;
  const noise = hash32(seed, 'hashrate', account, model.name, t) / 2147483648 - 1;
  const value = Math.round(model.base * cycle * (1 + 0.04 * noise));
  return state === 'low' ? Math.round(value / 4) : value;
}

function rejectRate(seed: number, t: number, zero: boolean): number {
  if (zero) return 0;
  return Math.round((0.002 + (hash32(seed, 'reject', t) % 1000) / 50_000) * 10_000) / 10_000;
}

/**
 * Per aligned timestamp in [from, to] (already validated, clamped to the series and to now): each
 * worker's integer mean (null when every slot was offline).
 */
function aggregate(
  seed: number,
  nowSec: number,
  account: MiningAccountDef,
  models: WorkerModel[],
  interval: Interval,
  from: number,
  to: number,
): { t: number; values: (number | null)[] }[] {
  const step = INTERVALS[interval];
  const outage = outageWindow(nowSec);
  const end = Math.min(to, nowSec);
  const out: { t: number; values: (number | null)[] }[] = [];
  const sums = new Array<number>(models.length);
  const present = new Array<boolean>(models.length);
  for (let t = Math.ceil(Math.max(from, seriesStart(nowSec)) / step) * step; t <= end; t += step) {
    sums.fill(0);
    present.fill(false);
    let n = 0;
    for (let u = t; u < t + step && u <= nowSec; u += SLOT) {
      n += 1;
      const cycle = 1 + 0.06 * Math.sin((2 * Math.PI * (u % DAY)) / DAY);
      const down = u >= outage.from && u < outage.to;
      for (let w = 0; w < models.length; w++) {
        const v = slotValue(seed, account.name, models[w]!, u, cycle, down);
        if (v !== null) {
          sums[w]! += v;
          present[w] = true;
        }
      }
    }
    if (n === 0) continue;
    out.push({ t, values: sums.map((s, w) => (present[w] ? Math.floor(s / n) : null)) });
  }
  return out;
}

/** The account's points in [from, to]: the sum of its workers'. */
export function hashrateSeries(
  seed: number,
  nowSec: number,
  account: MiningAccountDef,
  control: readonly WorkerChange[],
  interval: Interval,
  from: number,
  to: number,
): HashratePoint[] {
  if (account.workers.length === 0) return [];
  const models = workerModels(seed, nowSec, account, control);
  return aggregate(seed, nowSec, account, models, interval, from, to).map(({ t, values }) => {
    const sum = values.reduce<number>((s, v) => s + (v ?? 0), 0);
    return { timestamp: t, hashrate: String(sum), rejectRate: rejectRate(seed, t, sum === 0) };
  });
}

const TERA = new Decimal(1e12);

/** One worker's points in [from, to], TH/s; a timestamp whose slots were all offline has none. */
export function workerSeries(
  seed: number,
  nowSec: number,
  account: MiningAccountDef,
  worker: string,
  control: readonly WorkerChange[],
  interval: Interval,
  from: number,
  to: number,
): WorkerPoint[] {
  const models = workerModels(seed, nowSec, account, control).filter((m) => m.name === worker);
  const points: WorkerPoint[] = [];
  for (const { t, values } of aggregate(seed, nowSec, account, models, interval, from, to)) {
    const v = values[0];
    if (v !== null && v !== undefined) {
      points.push({ time: t, hashrate: new Decimal(v).div(TERA).toFixed() });
    }
  }
  return points;
}

/** Each worker's state now (online: low counts apart), alphabetical. */
export function workerStates(
  seed: number,
  nowSec: number,
  account: MiningAccountDef,
  control: readonly WorkerChange[],
): { name: string; state: WorkerState }[] {
  return workerModels(seed, nowSec, account, control).map((m) => ({
    name: m.name,
    state: stateAt(m, account.name, nowSec),
  }));
}
