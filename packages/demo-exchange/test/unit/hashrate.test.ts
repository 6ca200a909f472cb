import { describe, expect, it } from 'vitest';
import { hashrateSeries, outageWindow, seriesStart } from '../../src/hashrate';

const NOW = 1_795_000_000; // fixed "now", seconds

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

  it('aggregates 1h and 24h as the integer mean of the 5m points', () => {
    const t = Math.floor((NOW - 86400 * 3) / 3600) * 3600;
    const five = hashrateSeries(42, NOW, '5m', t, t + 3300);
    const hour = hashrateSeries(42, NOW, '1h', t, t);
    const sum = five.reduce((s, p) => s + BigInt(p.hashrate), 0n);
    expect(hour[0]?.hashrate).toBe((sum / 12n).toString());
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
