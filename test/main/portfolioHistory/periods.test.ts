import { describe, expect, it } from 'vitest';
import {
  MAX_TRANSFERS,
  netWorthPeriods,
  periodStarts,
  transfersWithin,
} from '../../../src/main/portfolioHistory/periods';
import type { StoredTransfer } from '../../../src/main/portfolioHistory/records';
import type { NetWorthPoint } from '../../../src/shared/model';

const DAY = 86_400_000;
const point = (time: number, value: string | null): NetWorthPoint => ({
  time,
  value,
  source: 'backfill',
});

describe('net-worth periods', () => {
  it('start at local midnight, 7 and 30 days back and 1 January', () => {
    const now = new Date(2026, 10, 28, 9, 30).getTime();
    expect(periodStarts(now)).toEqual([
      { id: 'today', from: new Date(2026, 10, 28).getTime() },
      { id: '7d', from: now - 7 * DAY },
      { id: '30d', from: now - 30 * DAY },
      { id: 'ytd', from: new Date(2026, 0, 1).getTime() },
    ]);
  });

  it('change from the value at each start to the last value, in the quote and in percent', () => {
    const points = [point(0, '1000'), point(10, '1100'), point(20, null), point(30, '1210.5')];
    const [a, b, c] = netWorthPeriods(points, [
      { id: 'today', from: 15 },
      { id: '7d', from: 10 },
      { id: '30d', from: 25 },
    ]);
    expect(a).toEqual({
      id: 'today',
      from: 15,
      start: '1100',
      change: '110.5',
      percent: '10.04545455',
      fromStartOfData: false,
    });
    expect(b!.change).toBe('110.5');
    // The value at its start is not known (a gap): no change is made up.
    expect(c).toMatchObject({ start: null, change: null, percent: null });
  });

  it('counts from the start of the data when the history begins after the period', () => {
    const [ytd] = netWorthPeriods([point(100, '0'), point(200, '50')], [{ id: 'ytd', from: 10 }]);
    // Started from zero: a change, but no percent.
    expect(ytd).toMatchObject({ start: '0', change: '50', percent: null, fromStartOfData: true });
    expect(netWorthPeriods([], [{ id: 'ytd', from: 10 }])[0]).toMatchObject({
      change: null,
      fromStartOfData: false,
    });
  });

  it('marks the deposits and withdrawals of the range, the latest at most MAX_TRANSFERS', () => {
    const transfer = (time: number, kind: 'deposit' | 'withdraw'): StoredTransfer => ({
      key: String(time),
      kind,
      ticker: 'BTC',
      amount: '0.5',
      fee: '0.0001',
      status: 3,
      time,
    });
    const all = Array.from({ length: MAX_TRANSFERS + 10 }, (_, i) =>
      transfer(100 + i, i % 2 ? 'withdraw' : 'deposit'),
    );
    const within = transfersWithin([transfer(5, 'deposit'), ...all], 50, 10_000);
    expect(within).toHaveLength(MAX_TRANSFERS);
    expect(within[0]).toEqual({ time: 110, kind: 'deposit', ticker: 'BTC', amount: '0.5' });
    expect(within.at(-1)!.time).toBe(100 + MAX_TRANSFERS + 9);
  });
});
