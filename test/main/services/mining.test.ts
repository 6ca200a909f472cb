import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { ExchangeApi, HashrateQuery } from '../../../src/main/exchange/api';
import { ExchangeError } from '../../../src/main/exchange/errors';
import { HASHRATE_RANGE_LIMITS } from '../../../src/shared/contract';
import {
  chunkRange,
  fetchHashrate,
  hashrateCsv,
  hashrateStats,
  inPool,
  mergeSeries,
  miningSeries,
} from '../../../src/main/services/mining';
import { DeskFailure } from '../../../src/shared/errors';
import type { HashratePoint } from '../../../src/shared/model';

const DAY = 86_400;

describe('chunkRange', () => {
  it('splits a range into chunks within the interval limit, covering it exactly', () => {
    for (const interval of ['5m', '1h', '24h'] as const) {
      const limit = HASHRATE_RANGE_LIMITS[interval];
      for (const span of [1, limit - 1, limit, limit + 1, 2 * limit, 365 * DAY, 3 * 366 * DAY]) {
        const from = 1_700_000_000;
        const chunks = chunkRange(from, from + span, interval);
        expect(chunks.length).toBe(Math.ceil(span / limit));
        expect(chunks[0]!.from).toBe(from);
        expect(chunks.at(-1)!.to).toBe(from + span);
        for (const c of chunks) {
          expect(c.to - c.from).toBeLessThanOrEqual(limit);
          expect(c.to).toBeGreaterThan(c.from);
        }
        for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.from).toBe(chunks[i - 1]!.to);
      }
    }
    expect(chunkRange(0, 365 * DAY, '5m')).toHaveLength(53);
    expect(chunkRange(0, 365 * DAY, '1h')).toHaveLength(5);
    expect(chunkRange(0, 365 * DAY, '24h')).toHaveLength(1);
  });
});

describe('mergeSeries', () => {
  it('sorts by time and keeps one point per timestamp', () => {
    const p = (t: number, h = String(t)): HashratePoint => ({ timestamp: t, hashrate: h });
    expect(mergeSeries([[p(3), p(4)], [p(1), p(2), p(3, 'dup')], []])).toEqual([
      p(1),
      p(2),
      p(3),
      p(4),
    ]);
  });
});

describe('hashrateStats', () => {
  it('is exact in decimal over the full series', () => {
    const points: HashratePoint[] = [
      { timestamp: 1, hashrate: '123456789012345678901' },
      { timestamp: 2, hashrate: '0' },
      { timestamp: 3, hashrate: '1' },
    ];
    const stats = hashrateStats(points)!;
    expect(stats.current).toBe('1');
    expect(stats.min).toBe('0');
    expect(stats.max).toBe('123456789012345678901');
    // (123456789012345678902 / 3) = 41152263004115226300.666... -> 3 places, half up
    expect(stats.average).toBe('41152263004115226300.667');
    expect(hashrateStats([])).toBeNull();
  });
});

describe('inPool', () => {
  it('runs at most N at once and keeps the order of results', async () => {
    let running = 0;
    let peak = 0;
    const tasks = Array.from({ length: 20 }, (_, i) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 2));
      running--;
      return i;
    });
    expect(await inPool(tasks, 4)).toEqual([...Array(20).keys()]);
    expect(peak).toBe(4);
  });
});

function fakeApi(answer: (q: HashrateQuery) => HashratePoint[] | Error) {
  const queries: HashrateQuery[] = [];
  const api = {
    hashrate: async (q: HashrateQuery) => {
      queries.push(q);
      const result = answer(q);
      if (result instanceof Error) throw result;
      return { account: q.account, points: result };
    },
  } as unknown as ExchangeApi;
  return { api, queries };
}

/** Points every `step` s in [from, to], inclusive like the demo. */
const pointsOf = (q: HashrateQuery, step: number) => {
  const out: HashratePoint[] = [];
  for (let t = Math.ceil(q.from / step) * step; t <= q.to; t += step)
    out.push({ timestamp: t * 1000, hashrate: String(1000 + (t % 7)), rejectRate: 0.01 });
  return out;
};

describe('fetchHashrate / miningSeries', () => {
  it('fetches every chunk, merges the shared boundaries and downsamples to maxPoints', async () => {
    const { api, queries } = fakeApi((q) => pointsOf(q, 300));
    const now = 1_800_000_000;
    const series = await miningSeries(
      api,
      { account: 'a', from: now - 30 * DAY, to: now, interval: '5m', maxPoints: 500 },
      { now: () => now * 1000 },
    );
    expect(queries).toHaveLength(5);
    expect(queries.every((q) => q.to - q.from <= 7 * DAY)).toBe(true);
    expect(series.requests).toBe(5);
    expect(series.fetchedPoints).toBe(30 * 288 + 1);
    expect(series.points.length).toBeLessThanOrEqual(500);
    expect(series.rejectRateAverage).toBeCloseTo(0.01, 10);
    const sum = Array.from({ length: 30 * 288 + 1 }, (_, i) => now - 30 * DAY + i * 300).reduce(
      (s, t) => s.add(1000 + (t % 7)),
      new Decimal(0),
    );
    expect(series.stats!.average).toBe(
      sum
        .div(30 * 288 + 1)
        .toDecimalPlaces(3, Decimal.ROUND_HALF_UP)
        .toFixed(),
    );
  });

  it("with a worker, reads that worker's hashrate (workers/hashrate), chunked the same way", async () => {
    const asked: (HashrateQuery & { worker: string })[] = [];
    const api = {
      hashrate: () => Promise.reject(new Error('the account series was asked for')),
      workerHashrate: async (q: HashrateQuery & { worker: string }) => {
        asked.push(q);
        return pointsOf(q, 300);
      },
    } as unknown as ExchangeApi;
    const now = 1_800_000_000;
    const series = await miningSeries(
      api,
      {
        account: 'a',
        worker: 'rig-01',
        from: now - 10 * DAY,
        to: now,
        interval: '5m',
        maxPoints: 5000,
      },
      { now: () => now * 1000 },
    );
    expect(asked.map((q) => q.worker)).toEqual(['rig-01', 'rig-01']);
    expect(asked.every((q) => q.account === 'a' && q.to - q.from <= 7 * DAY)).toBe(true);
    expect(series.worker).toBe('rig-01');
    expect(series.fetchedPoints).toBe(10 * 288 + 1);
  });

  it('clamps the end to now, so no chunk starts in the future', async () => {
    const { api, queries } = fakeApi((q) => pointsOf(q, 3600));
    const now = 1_800_000_000;
    await fetchHashrate(
      api,
      { account: 'a', from: now - 10 * DAY, to: now + 30 * DAY, interval: '5m' },
      { now: () => now * 1000 },
    );
    expect(queries).toHaveLength(2);
    expect(Math.max(...queries.map((q) => q.to))).toBe(now);
  });

  it('maps "Incorrect timestamp" to the start field and "Account not found" to the account', async () => {
    const timestamp = new ExchangeError({
      kind: 'validation',
      message: 'Incorrect timestamp',
      status: 422,
      code: 422,
    });
    const { api } = fakeApi(() => timestamp);
    const error = await fetchHashrate(api, { account: 'a', from: 1, to: 2, interval: '1h' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DeskFailure);
    expect((error as DeskFailure).fields!['from']![0]).toMatch(/^Incorrect timestamp/);

    const missing = new ExchangeError({
      kind: 'validation',
      message: 'Validation failed: Account not found',
      status: 400,
      code: 0,
      fields: { account: ['Account not found'] },
    });
    const other = fakeApi(() => missing);
    await expect(
      fetchHashrate(other.api, { account: 'x', from: 1, to: 2, interval: '1h' }),
    ).rejects.toMatchObject({
      code: 'EXCHANGE_VALIDATION',
      fields: { account: ['Account not found'] },
    });

    const network = new ExchangeError({ kind: 'network', message: 'refused' });
    const third = fakeApi(() => network);
    await expect(
      fetchHashrate(third.api, { account: 'x', from: 1, to: 2, interval: '1h' }),
    ).rejects.toBe(network);
  });
});

describe('hashrateCsv', () => {
  it('writes ISO UTC time, H/s and percent, one row per point', () => {
    const csv = hashrateCsv([
      { timestamp: 1_700_000_100_000, hashrate: '120000000000000', rejectRate: 0.0123 },
      { timestamp: 1_700_000_400_000, hashrate: '0' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      '"Time (ISO 8601, UTC)",Hashrate (H/s),Reject rate (%)',
      '2023-11-14T22:15:00.000Z,120000000000000,1.23',
      '2023-11-14T22:20:00.000Z,0,',
      '',
    ]);
  });
});
