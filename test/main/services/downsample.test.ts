import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downsample } from '../../../src/main/services/downsample';

interface P {
  t: number;
  v: number;
}

const x = (p: P) => p.t;
const y = (p: P) => p.v;

/** A year at 5 minutes like the demo's: a daily cycle with noise, one 6-hour outage, one spike. */
function year(): { points: P[]; outage: [number, number]; spike: number } {
  const n = 105_120;
  const outageStart = 265 * 288 + 24; // 02:00 on day 265
  const spike = 40_000;
  let seed = 7;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 1_073_741_824 - 1;
  };
  const points: P[] = [];
  for (let i = 0; i < n; i++) {
    const t = i * 300_000;
    let v = 120e12 * (1 + 0.06 * Math.sin((2 * Math.PI * (i % 288)) / 288)) * (1 + 0.04 * noise());
    if (i >= outageStart && i < outageStart + 72) v = 0;
    if (i === spike) v = 400e12;
    points.push({ t, v });
  }
  return { points, outage: [outageStart, outageStart + 72], spike };
}

describe('downsample (min-max LTTB)', () => {
  it('reduces a year at 5m to about the target, keeping first, last, the outage and the spike', () => {
    const { points, outage, spike } = year();
    const out = downsample(points, 1200, x, y);
    expect(out.length).toBeLessThanOrEqual(1200);
    expect(out.length).toBeGreaterThan(900);
    expect(out[0]).toBe(points[0]);
    expect(out.at(-1)).toBe(points.at(-1));
    const zeros = out.filter((p) => p.v === 0);
    expect(zeros.length).toBeGreaterThan(0);
    for (const p of zeros) {
      const index = p.t / 300_000;
      expect(index).toBeGreaterThanOrEqual(outage[0]);
      expect(index).toBeLessThan(outage[1]);
    }
    expect(out).toContain(points[spike]);
  });

  it('returns a short series as it is (a copy)', () => {
    const points = [
      { t: 1, v: 2 },
      { t: 2, v: 3 },
    ];
    const out = downsample(points, 1200, x, y);
    expect(out).toEqual(points);
    expect(out).not.toBe(points);
  });

  it('keeps the points of a flat series evenly, first and last included', () => {
    const points = Array.from({ length: 10_000 }, (_, i) => ({ t: i, v: 5 }));
    const out = downsample(points, 100, x, y);
    expect(out.length).toBe(100);
    expect(out[0]).toBe(points[0]);
    expect(out.at(-1)).toBe(points.at(-1));
  });

  it('for any series: at most the target, sorted, a subset, ends kept, extremes kept', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 3, maxLength: 2000 }),
        fc.integer({ min: 3, max: 400 }),
        (values, target) => {
          const points = values.map((v, i) => ({ t: i * 10, v }));
          const out = downsample(points, target, x, y);
          if (out.length > target) return false;
          if (points.length <= target) return out.length === points.length;
          if (out[0] !== points[0] || out.at(-1) !== points.at(-1)) return false;
          for (let i = 1; i < out.length; i++) if (!(out[i]!.t > out[i - 1]!.t)) return false;
          const set = new Set(points);
          if (!out.every((p) => set.has(p))) return false;
          if (target < 5) return true;
          // The series' extremes survive, or a point within the tolerance of them does.
          const min = Math.min(...values);
          const max = Math.max(...values);
          const slack = (max - min) * 0.2;
          return out.some((p) => p.v <= min + slack) && out.some((p) => p.v >= max - slack);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps a lone zero in a flat-ish series, whatever the target', () => {
    const points = Array.from({ length: 50_000 }, (_, i) => ({ t: i, v: 100 + (i % 5) }));
    points[31_337] = { t: 31_337, v: 0 };
    for (const target of [5, 50, 500, 1200, 5000])
      expect(downsample(points, target, x, y)).toContain(points[31_337]);
  });
});
