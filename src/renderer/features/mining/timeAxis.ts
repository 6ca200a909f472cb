/**
 * The time axis of the hashrate chart: ticks on round local times (d3-time's intervals: on the
 * hour, at midnight, on the 1st of a month), as many as fit, all labelled in the one format their
 * alignment calls for, so no two neighbours read the same: times within a day (a midnight reads as
 * its date), days within months, months with their year, years.
 */
import { timeDay, timeHour, timeMinute, timeMonth, timeYear, type TimeInterval } from 'd3-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every `n` days from the 1st, none closer than `n` to the next 1st (the 1st, 8th, 15th, 22nd). */
const monthDays = (n: number) =>
  timeDay.filter((d) => (d.getDate() - 1) % n === 0 && d.getDate() + n <= 32);

/**
 * The steps, finest first, with their rough length. d3's own (`timeTicks`) jump from 3 to 6 hours,
 * 2 days to a week to a month to 3 months to a year, and take the nearest to a count rather than
 * the most that fit: a day had 4 labels at 1024 px, 90 days 3 up to 1400 px. These fill the gaps.
 */
const STEPS: readonly (readonly [TimeInterval, number])[] = [
  ...[5, 10, 15, 30].map((n) => [timeMinute.every(n)!, n * MINUTE] as const),
  ...[1, 2, 3, 4, 6, 12].map((n) => [timeHour.every(n)!, n * HOUR] as const),
  [timeDay, DAY],
  ...[2, 5, 7, 14].map((n) => [monthDays(n), n * DAY] as const),
  ...[1, 2, 3, 6].map((n) => [timeMonth.every(n)!, n * 30 * DAY] as const),
  ...[1, 2, 5, 10].map((n) => [timeYear.every(n)!, n * 365 * DAY] as const),
];

const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const month = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });
const year = new Intl.DateTimeFormat(undefined, { year: 'numeric' });

/** Whether `ms` is where `interval` starts (a local midnight, a 1st of the month, a 1 January). */
const starts = (interval: TimeInterval, ms: number) => +interval.floor(new Date(ms)) === ms;

/** The coarsest boundary all the ticks fall on picks their format. */
function formatFor(ticks: number[]): (ms: number) => string {
  const all = (interval: TimeInterval) => ticks.every((t) => starts(interval, t));
  if (all(timeYear)) return (ms) => year.format(ms);
  if (all(timeMonth)) return (ms) => month.format(ms);
  if (all(timeDay)) return (ms) => day.format(ms);
  return (ms) => (starts(timeDay, ms) ? day : time).format(ms);
}

export interface TimeTicks {
  /** Tick times (ms), ascending, inside [from, to]. */
  ticks: number[];
  format(ms: number): string;
}

/** At most `maxTicks` (at least 2) round ticks over [from, to] (ms), and their label format. */
export function timeTicks(from: number, to: number, maxTicks: number): TimeTicks {
  const most = Math.max(2, Math.floor(maxTicks));
  for (const [step, length] of STEPS) {
    // Far too many: skip without listing them.
    if ((to - from) / length > most + 1) continue;
    const ticks = step.range(new Date(from), new Date(to + 1)).map(Number);
    if (ticks.length > most) continue;
    // A coarser step has fewer still: then the two ends will do.
    if (ticks.length < 2) break;
    const format = formatFor(ticks);
    // Belt and braces (a clock going back repeats an hour): one of each.
    const distinct = ticks.filter((t, i) => i === 0 || format(t) !== format(ticks[i - 1]!));
    return { ticks: distinct, format };
  }
  // Too short for two round times: the two ends, as times (or dates when a day or more apart).
  const ends = to - from < DAY ? time : day;
  return { ticks: from === to ? [from] : [from, to], format: (ms) => ends.format(ms) };
}

/**
 * The props of a chart's time axis over `dataKey` (ms), with these ticks: the one look of the app's
 * time axes (the hashrate chart, the net-worth chart).
 */
export function timeAxisProps(axis: TimeTicks, dataKey = 't') {
  return {
    dataKey,
    type: 'number',
    scale: 'time',
    domain: ['dataMin', 'dataMax'],
    ticks: axis.ticks,
    tickFormatter: axis.format,
    // The ticks are chosen to fit: every one is shown.
    interval: 0,
    stroke: 'var(--muted)',
    fontSize: 12,
  } as const;
}
