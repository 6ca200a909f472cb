import Decimal from 'decimal.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { outageWindow } from '@exchange-desk/demo-exchange';
import { startMainCore } from '../../support/core';
import type { CsvExport, MiningSeries } from '../../../src/shared/model';

/** mining.hashrate and mining.exportCsv end to end in main, against the demo exchange over HTTP. */
const DAY = 86_400;

describe.each(CASINGS)('%s casing', (casing) => {
  const start = () => startMainCore({ demoExchange: { casing } });

  const nowSec = () => Math.floor(Date.now() / 1000);

  describe('mining.hashrate', () => {
    it('fetches a year at 5m in chunks, keeps the outage after downsampling, and totals exactly', async () => {
      const { call } = await start();
      const to = nowSec();
      const from = to - 365 * DAY;
      const series = await call<MiningSeries>('mining.hashrate', {
        account: ' demo-miner ',
        from,
        to,
        interval: '5m',
        maxPoints: 1200,
      });
      expect(series.account).toBe('demo-miner');
      expect(series.requests).toBe(Math.ceil(365 / 7));
      expect(Math.abs(series.fetchedPoints - 105_120)).toBeLessThanOrEqual(2);
      expect(series.points.length).toBeLessThanOrEqual(1200);
      expect(series.points.length).toBeGreaterThan(400);
      // Sorted, unique timestamps, first and last of the full series kept.
      for (let i = 1; i < series.points.length; i++)
        expect(series.points[i]!.timestamp).toBeGreaterThan(series.points[i - 1]!.timestamp);

      const outage = outageWindow(to);
      const inOutage = series.points.filter(
        (p) => p.timestamp >= outage.from * 1000 && p.timestamp < outage.to * 1000,
      );
      expect(inOutage.length).toBeGreaterThan(0);
      expect(inOutage.every((p) => p.hashrate === '0')).toBe(true);
      // Outside the outage nothing is zero.
      expect(series.points.filter((p) => p.hashrate === '0').length).toBe(inOutage.length);

      const stats = series.stats!;
      expect(stats.min).toBe('0');
      expect(new Decimal(stats.max).gt('120000000000000')).toBe(true);
      expect(new Decimal(stats.average).gt('100000000000000')).toBe(true);
      expect(series.rejectRateAverage).toBeGreaterThan(0);
      expect(series.rejectRateAverage).toBeLessThan(0.03);
    });

    it('asks the exchange once for a range within the limit and answers every point', async () => {
      const { core, call } = await start();
      const to = nowSec();
      const series = await call<MiningSeries>('mining.hashrate', {
        account: 'demo-miner',
        from: to - DAY,
        to,
        interval: '1h',
      });
      expect(series.requests).toBe(1);
      expect(series.points.length).toBe(series.fetchedPoints);
      const direct = await core.accounts
        .active()
        .api.hashrate({ account: 'demo-miner', from: to - DAY, to, interval: '1h' });
      expect(series.points.map((p) => p.hashrate)).toEqual(direct.points.map((p) => p.hashrate));
      // Statistics exact in decimal over the series.
      const values = direct.points.map((p) => new Decimal(p.hashrate));
      const sum = values.reduce((a, b) => a.add(b), new Decimal(0));
      expect(series.stats!.average).toBe(
        sum.div(values.length).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed(),
      );
      expect(series.stats!.current).toBe(direct.points.at(-1)!.hashrate);
    });

    it('puts "Account not found" under the account, and refuses a start in the future under the start', async () => {
      const { call } = await start();
      const to = nowSec();
      await expect(
        call('mining.hashrate', { account: 'nobody', from: to - DAY, to, interval: '1h' }),
      ).rejects.toMatchObject({ fields: { account: ['Account not found'] } });
      // Refused in main: no request for a range that has not happened yet.
      const error = await call('mining.hashrate', {
        account: 'demo-miner',
        from: to + DAY,
        to: to + DAY + 3600,
        interval: '1h',
      }).catch((e: unknown) => e as { code: string; fields: Record<string, string[]> });
      expect(error).toMatchObject({ code: 'INVALID_INPUT' });
      expect((error as { fields: Record<string, string[]> }).fields['from']).toContain(
        'Choose a start that is not in the future.',
      );
      await expect(
        call('mining.hashrate', { account: '  ', from: to, to: to - 1, interval: '1h' }),
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        fields: {
          account: ['Enter the mining account name.'],
          from: ['Choose a start before the end.'],
        },
      });
    });

    it('answers an empty series for a disabled account', async () => {
      const { call } = await start();
      const to = nowSec();
      const series = await call<MiningSeries>('mining.hashrate', {
        account: 'demo-miner-off',
        from: to - 30 * DAY,
        to,
        interval: '5m',
      });
      expect(series.points).toEqual([]);
      expect(series.fetchedPoints).toBe(0);
      expect(series.requests).toBe(5);
      expect(series.stats).toBeNull();
      expect(series.rejectRateAverage).toBeUndefined();
    });
  });

  describe('mining.exportCsv', () => {
    it('writes every point of the full series, row by row', async () => {
      const { core, call } = await start();
      const to = nowSec();
      const from = to - 10 * DAY;
      const result = await call<CsvExport>('mining.exportCsv', {
        account: 'demo-miner',
        from,
        to,
        interval: '5m',
      });
      const rows = parse(result.csv!, { columns: true }) as Record<string, string>[];
      expect(Object.keys(rows[0]!)).toEqual([
        'Time (ISO 8601, UTC)',
        'Hashrate (H/s)',
        'Reject rate (%)',
      ]);
      expect(result.rows).toBe(rows.length);
      expect(result.filename).toMatch(/^exchange-desk-hashrate-demo-miner-5m-.*\.csv$/);
      const api = core.accounts.active().api;
      const a = await api.hashrate({
        account: 'demo-miner',
        from,
        to: from + 7 * DAY,
        interval: '5m',
      });
      const b = await api.hashrate({
        account: 'demo-miner',
        from: from + 7 * DAY,
        to,
        interval: '5m',
      });
      const byTime = new Map([...a.points, ...b.points].map((p) => [p.timestamp, p]));
      const expected = [...byTime.values()].sort((p, q) => p.timestamp - q.timestamp);
      expect(rows.length).toBe(expected.length);
      rows.forEach((row, i) => {
        const point = expected[i]!;
        expect(row['Time (ISO 8601, UTC)']).toBe(new Date(point.timestamp).toISOString());
        expect(row['Hashrate (H/s)']).toBe(point.hashrate);
        expect(row['Reject rate (%)']).toBe(
          new Decimal(String(point.rejectRate)).mul(100).toFixed(),
        );
      });
    });
  });
});
