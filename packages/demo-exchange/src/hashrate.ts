import { hash32 } from './rng';

/**
 * Mining hashrate, computed on demand from (seed, timestamp); nothing is materialised at start.
 *
 * Series: one point every 5 minutes (timestamps multiple of 300) for the 365 days before the start
 * of the current UTC day, and up to now. Value (H/s, integer string) =
 *   120 TH/s * (1 + 0.06 * sin(2π * secondOfDay / 86400)) * (1 + 0.04 * noise(seed, t))
 * with noise in [-1, 1] from a hash: a daily cycle plus noise. One outage: hashrate "0" (and
 * rejectRate 0) from 02:00 to 08:00 UTC on the day 100 days before the current UTC day
 * (see `outageWindow`). `1h` and `24h` points are the integer mean of the 5m points in
 * [t, t + interval) (not beyond now), at timestamps multiple of the interval.
 *
 * Request limits (the client splits longer ranges):
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

const BASE = 120_000_000_000_000;
const DAY = 86400;

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

function point5m(seed: number, t: number, outage: { from: number; to: number }): bigint {
  if (t >= outage.from && t < outage.to) return 0n;
  const cycle = 1 + 0.06 * Math.sin((2 * Math.PI * (t % DAY)) / DAY);
  const noise = hash32(seed, 'hashrate', t) / 2147483648 - 1;
  return BigInt(Math.round(BASE * cycle * (1 + 0.04 * noise)));
}

function rejectRate(seed: number, t: number, zero: boolean): number {
  if (zero) return 0;
  return Math.round((0.002 + (hash32(seed, 'reject', t) % 1000) / 50_000) * 10_000) / 10_000;
}

/** Points in [from, to] (already validated), clamped to the series. */
export function hashrateSeries(
  seed: number,
  nowSec: number,
  interval: Interval,
  from: number,
  to: number,
): HashratePoint[] {
  const step = INTERVALS[interval];
  const outage = outageWindow(nowSec);
  const start = seriesStart(nowSec);
  const end = Math.min(to, nowSec);
  const points: HashratePoint[] = [];
  let t = Math.ceil(Math.max(from, start) / step) * step;
  for (; t <= end; t += step) {
    let sum = 0n;
    let n = 0n;
    for (let u = t; u < t + step && u <= nowSec; u += 300) {
      sum += point5m(seed, u, outage);
      n += 1n;
    }
    if (n === 0n) continue;
    const value = sum / n;
    points.push({
      timestamp: t,
      hashrate: value.toString(),
      rejectRate: rejectRate(seed, t, value === 0n),
    });
  }
  return points;
}
