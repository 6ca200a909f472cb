/**
 * The time axis of the hashrate chart: ticks on round local times (on the hour, at midnight, on the
 * 1st of a month), as many as fit, each labelled in the format its spacing calls for, so no two
 * neighbours read the same: times within a day (a midnight reads as its date), days within months,
 * months with their year beyond.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.44 * DAY;

type Step =
  | { unit: 'minute'; every: number }
  | { unit: 'day'; every: number }
  | { unit: 'month'; every: number };

/** From the finest to the coarsest; the first that gives at most the asked number of ticks wins. */
const STEPS: readonly Step[] = [
  ...[5, 10, 15, 30, 60, 120, 180, 240, 360, 720].map(
    (every) => ({ unit: 'minute', every }) as const,
  ),
  ...[1, 2, 5, 7, 14].map((every) => ({ unit: 'day', every }) as const),
  ...[1, 2, 3, 6, 12, 24, 60, 120].map((every) => ({ unit: 'month', every }) as const),
];

const approxMs = (step: Step) =>
  step.every * (step.unit === 'minute' ? MINUTE : step.unit === 'day' ? DAY : MONTH);

/** The step's round times in [from, to], local time. */
function ticksOf(step: Step, from: number, to: number): number[] {
  const start = new Date(from);
  const out: number[] = [];
  const push = (date: Date) => {
    const t = date.getTime();
    if (t >= from && t <= to && t !== out[out.length - 1]) out.push(t);
    return t <= to;
  };
  if (step.unit === 'minute') {
    // Counted from the local midnight, so "every 3 hours" is 00:00, 03:00, …, each day afresh.
    for (let day = 0; ; day++) {
      const midnight = new Date(start.getFullYear(), start.getMonth(), start.getDate() + day);
      if (midnight.getTime() > to) break;
      for (let m = 0; m < 24 * 60; m += step.every) {
        const at = new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate(), 0, m);
        if (at.getDate() !== midnight.getDate()) break;
        if (!push(at)) break;
      }
    }
  } else if (step.unit === 'day') {
    // The 1st, then every `every` days of each month, none closer than that to the next 1st (for
    // weeks: the 1st, 8th, 15th and 22nd).
    for (let day = 0; ; day++) {
      const at = new Date(start.getFullYear(), start.getMonth(), start.getDate() + day);
      if (at.getTime() > to) break;
      const date = at.getDate();
      if ((date - 1) % step.every !== 0) continue;
      if (date > 1 && date + step.every > 32) continue;
      push(at);
    }
  } else {
    const first = Math.floor((start.getFullYear() * 12 + start.getMonth()) / step.every);
    for (let k = first; ; k++) {
      const months = k * step.every;
      if (!push(new Date(Math.floor(months / 12), months % 12, 1))) break;
    }
  }
  return out;
}

function formatFor(step: Step): (ms: number) => string {
  const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
  const month = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });
  const year = new Intl.DateTimeFormat(undefined, { year: 'numeric' });
  if (step.unit === 'minute') {
    return (ms) => {
      const d = new Date(ms);
      return d.getHours() === 0 && d.getMinutes() === 0 ? day.format(d) : time.format(d);
    };
  }
  if (step.unit === 'day') return (ms) => day.format(new Date(ms));
  if (step.every >= 12) return (ms) => year.format(new Date(ms));
  return (ms) => month.format(new Date(ms));
}

export interface TimeTicks {
  /** Tick times (ms), ascending, inside [from, to]. */
  ticks: number[];
  format(ms: number): string;
}

/** At most `maxTicks` (at least 2) round ticks over [from, to] (ms), and their label format. */
export function timeTicks(from: number, to: number, maxTicks: number): TimeTicks {
  const most = Math.max(2, Math.floor(maxTicks));
  for (const step of STEPS) {
    if ((to - from) / approxMs(step) > most + 1) continue;
    const ticks = ticksOf(step, from, to);
    if (ticks.length > most) continue;
    // A coarser step has fewer still: then the two ends will do.
    if (ticks.length < 2) break;
    const format = formatFor(step);
    // Belt and braces (a clock change can make two round times read the same): one of each.
    const distinct = ticks.filter((t, i) => i === 0 || format(t) !== format(ticks[i - 1]!));
    return { ticks: distinct, format };
  }
  // Too short for two round times: the two ends, as times (or dates when a day or more apart).
  const format = formatFor(to - from < DAY ? STEPS[0]! : { unit: 'day', every: 1 });
  return { ticks: from === to ? [from] : [from, to], format };
}
