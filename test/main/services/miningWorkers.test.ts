import { describe, expect, it } from 'vitest';
import { WorkerBook, workerRow } from '../../../src/main/services/miningWorkers';
import {
  parseMinerInfo,
  parseWorkerHashrate,
  parseWorkerNames,
} from '../../../src/main/exchange/schemas';
import type { HashratePoint } from '../../../src/shared/model';

const NOW = 1_800_000_000_000;
const MIN = 60_000;

/** Every 5 minutes over the last 24 h, at `value` H/s (the last `lastLow` points at `low`). */
function day(value: string, lastLow = 0, low = '0'): HashratePoint[] {
  return Array.from({ length: 288 }, (_, i) => ({
    timestamp: NOW - (287 - i) * 5 * MIN,
    hashrate: i >= 288 - lastLow ? low : value,
  }));
}

describe('workerRow', () => {
  it('online: the last point, the 1 h and 24 h means, 24 hourly sparkline points', () => {
    const row = workerRow('rig-01', true, day('10', 12, '4'), NOW, 0.01);
    expect(row).toMatchObject({
      name: 'rig-01',
      status: 'low',
      now: '4',
      average1h: '4',
      lastSeen: NOW,
      rejectRate: 0.01,
    });
    // (276 x 10 + 12 x 4) / 288 = 9.75 -> 10 (whole H/s)
    expect(row.average24h).toBe('10');
    expect(row.sparkline).toHaveLength(24);
    expect(row.sparkline.at(-1)).toBe('4');
    expect(workerRow('rig-01', true, day('10'), NOW).status).toBe('online');
  });

  it('offline: not named by the pool; hashes 0, last seen at its last point', () => {
    const points = day('10').filter((p) => p.timestamp <= NOW - 30 * MIN);
    const row = workerRow('rig-02', false, points, NOW);
    expect([row.status, row.now, row.lastSeen]).toEqual(['offline', '0', NOW - 30 * MIN]);
    expect(workerRow('rig-03', false, [], NOW)).toMatchObject({
      lastSeen: null,
      average24h: '0',
    });
  });
});

describe('WorkerBook', () => {
  it('keeps every name seen per account, sorted', () => {
    const book = new WorkerBook();
    expect(book.note('a', ['w2', 'w1'])).toEqual(['w1', 'w2']);
    expect(book.note('a', ['w3'])).toEqual(['w1', 'w2', 'w3']);
    expect(book.note('b', [])).toEqual([]);
  });
});

describe('bad mining input is refused where it enters', () => {
  it('a worker name of 10,000 characters', () => {
    expect(() => parseWorkerNames({ data: { workers: ['w'.repeat(10_000)] } })).toThrow(/workers/);
    expect(parseWorkerNames({ data: { workers: ['w'.repeat(255)] } })).toHaveLength(1);
  });

  it('a negative hashrate; TH/s becomes H/s exactly', () => {
    expect(() =>
      parseWorkerHashrate({ data: { hashrates: [{ time: 1_700_000_000, hashrate: '-1' }] } }),
    ).toThrow(/hashrate/);
    expect(
      parseWorkerHashrate({ data: { hashrates: [{ time: 1_700_000_000, hashrate: '42.1' }] } }),
    ).toEqual([{ timestamp: 1_700_000_000_000, hashrate: '42100000000000' }]);
  });

  it('a negative or fractional worker count', () => {
    const info = (online: unknown) => ({
      data: { fee: '2', workers: { online, offline: 0, low: 0 }, stratum: [] },
    });
    expect(parseMinerInfo(info(3)).workers.online).toBe(3);
    expect(() => parseMinerInfo(info(-1))).toThrow(/online/);
    expect(() => parseMinerInfo(info(1.5))).toThrow(/online/);
  });
});
