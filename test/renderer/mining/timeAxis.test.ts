import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { timeTicks } from '../../../src/renderer/features/mining/timeAxis';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-07-12 14:37 local time: not on any round boundary. */
const T0 = new Date(2026, 6, 12, 14, 37).getTime();

const TIME = /\d{1,2}:\d{2}/;
const YEAR = /\b20\d\d\b/;

function adjacentRepeats(labels: string[]): string[] {
  return labels.filter((label, i) => i > 0 && label === labels[i - 1]);
}

describe('time axis ticks', () => {
  const spans: [string, number][] = [
    ['10 minutes', 10 * 60_000],
    ['6 hours', 6 * HOUR],
    ['1 day', DAY],
    ['2 days', 2 * DAY],
    ['7 days', 7 * DAY],
    ['30 days', 30 * DAY],
    ['90 days', 90 * DAY],
    ['200 days', 200 * DAY],
    ['1 year', 365 * DAY],
    ['3 years', 3 * 365 * DAY],
  ];

  for (const [name, span] of spans) {
    for (const maxTicks of [4, 8, 12]) {
      it(`${name} at most ${maxTicks} ticks: ascending, inside the span, no label twice in a row`, () => {
        const { ticks, format } = timeTicks(T0, T0 + span, maxTicks);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(maxTicks);
        // As many as fit, near enough (a day at 7 had 4 labels with only 3- and 6-hour steps; the
        // finest step, 5 minutes, gives 10 minutes 2).
        if (span >= 6 * HOUR) expect(ticks.length).toBeGreaterThanOrEqual(Math.floor(maxTicks / 2));
        for (let i = 0; i < ticks.length; i++) {
          expect(ticks[i]).toBeGreaterThanOrEqual(T0);
          expect(ticks[i]).toBeLessThanOrEqual(T0 + span);
          if (i > 0) expect(ticks[i]).toBeGreaterThan(ticks[i - 1]!);
        }
        const labels = ticks.map(format);
        expect(adjacentRepeats(labels)).toEqual([]);
      });
    }
  }

  it('shows times within a day, days within months, months (with their year) beyond', () => {
    const labels = (span: number) => {
      const { ticks, format } = timeTicks(T0, T0 + span, 8);
      return ticks.map(format);
    };
    // 14:37 to 20:37: all times of the same day.
    for (const label of labels(6 * HOUR)) expect(label).toMatch(TIME);
    for (const label of labels(30 * DAY)) {
      expect(label).not.toMatch(TIME);
      expect(label).not.toMatch(YEAR);
    }
    for (const label of labels(365 * DAY)) expect(label).toMatch(YEAR);
    // A day boundary inside a span of hours is marked with its date, not with 00:00.
    const twoDays = labels(2 * DAY);
    expect(twoDays.some((label) => !TIME.test(label))).toBe(true);
    expect(twoDays.filter((label) => TIME.test(label)).length).toBeGreaterThan(0);
  });

  it('puts ticks on round times: hours on the hour, days at midnight, months on the 1st', () => {
    const hours = timeTicks(T0, T0 + 12 * HOUR, 8).ticks;
    for (const t of hours) expect(new Date(t).getMinutes()).toBe(0);
    const days = timeTicks(T0, T0 + 30 * DAY, 8).ticks;
    for (const t of days) expect(new Date(t).getHours()).toBe(0);
    const months = timeTicks(T0, T0 + 365 * DAY, 8).ticks;
    for (const t of months) expect(new Date(t).getDate()).toBe(1);
  });
});

describe('time axis ticks across a clock change (New York)', () => {
  let ticksThere: typeof timeTicks;
  beforeAll(async () => {
    vi.stubEnv('TZ', 'America/New_York');
    vi.resetModules();
    ({ timeTicks: ticksThere } = await import('../../../src/renderer/features/mining/timeAxis'));
  });
  afterAll(() => vi.unstubAllEnvs());

  it('labels the hour the clock goes back once, every tick on the hour', () => {
    // 1 Nov 2026: 2:00 EDT (06:00 UTC) is 1:00 EST; 23:30 EDT to 4:30 EST is 6 hours.
    const from = Date.UTC(2026, 10, 1, 3, 30);
    const { ticks, format } = ticksThere(from, from + 6 * HOUR, 12);
    const labels = ticks.map(format);
    expect(new Date(from).getHours()).toBe(23);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
    for (const t of ticks) expect(new Date(t).getMinutes()).toBe(0);
    // 1:00 comes twice (05:00 and 06:00 UTC): one tick for it.
    expect(ticks.filter((t) => new Date(t).getHours() === 1)).toHaveLength(1);
  });

  it('keeps to its step the night the clock goes forward: every 2 hours on an even hour', () => {
    // 8 Mar 2026: 2:00 EST (07:00 UTC) is 3:00 EDT; 22:30 EST to 10:30 EDT is 11 hours.
    const from = Date.UTC(2026, 2, 8, 3, 30);
    const { ticks } = ticksThere(from, from + 11 * HOUR, 7);
    expect(ticks.map((t) => new Date(t).getHours())).toEqual([0, 4, 6, 8, 10]);
  });
});
