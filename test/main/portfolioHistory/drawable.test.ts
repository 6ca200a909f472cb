import { describe, expect, it } from 'vitest';
import { drawable } from '../../../src/main/portfolioHistory/service';
import type { NetWorthPoint } from '../../../src/shared/model';

const DAY = 86_400_000;

/** Days of backfill, a gap of nulls, more backfill, then live snapshots every hour. */
function series(): NetWorthPoint[] {
  const points: NetWorthPoint[] = [];
  for (let i = 0; i < 3000; i++) {
    const value = i >= 1000 && i < 1010 ? null : String(100_000 + ((i * 37) % 1000));
    points.push({ time: i * DAY, value, source: 'backfill' });
  }
  for (let i = 0; i < 2000; i++) {
    points.push({ time: 3000 * DAY + i * 3_600_000, value: `${200_000 + i}.5`, source: 'live' });
  }
  return points;
}

describe('drawable', () => {
  it('keeps a short series as it is', () => {
    const points = series().slice(0, 50);
    expect(drawable(points, 1200)).toEqual(points);
  });

  it('reduces a long one to about the maximum, keeping its gaps, its runs’ ends and its values', () => {
    const points = series();
    const drawn = drawable(points, 1200);
    expect(drawn.length).toBeLessThanOrEqual(1200 + 10 + 6);
    expect(drawn.length).toBeGreaterThan(1000);
    // Every point drawn is one of the series' own, value untouched, in time order.
    const byTime = new Map(points.map((p) => [p.time, p]));
    for (const p of drawn) expect(byTime.get(p.time)).toEqual(p);
    expect(drawn.map((p) => p.time)).toEqual([...drawn.map((p) => p.time)].sort((a, b) => a - b));
    // Every null stays (the line breaks there), and both ends of each run are kept.
    expect(drawn.filter((p) => p.value === null)).toHaveLength(10);
    for (const t of [0, 999 * DAY, 1010 * DAY, 2999 * DAY, 3000 * DAY]) {
      expect(drawn.some((p) => p.time === t)).toBe(true);
    }
    expect(drawn.at(-1)).toEqual(points.at(-1));
    // The live run keeps its share: about 2,000 / 5,000 of the points.
    const live = drawn.filter((p) => p.source === 'live').length;
    expect(live).toBeGreaterThan(400);
    expect(live).toBeLessThan(560);
  });
});
