import { describe, expect, it } from 'vitest';
import {
  chartRows,
  gapAt,
  gapsWithin,
  transferMarks,
} from '../../../src/renderer/features/overview/netWorth';
import type { NetWorthPoint } from '../../../src/shared/model';

const p = (time: number, value: string | null, source: NetWorthPoint['source']): NetWorthPoint => ({
  time,
  value,
  source,
});

describe('chart rows', () => {
  it('puts live points on the solid line, backfilled ones on the dashed line, joined where they meet', () => {
    const rows = chartRows([
      p(1, '10', 'backfill'),
      p(2, '11', 'backfill'),
      p(3, '12.5', 'live'),
      p(4, '13', 'live'),
      p(5, '12', 'backfill'),
      p(6, '14', 'live'),
    ]);
    expect(rows.map((r) => r.live)).toEqual([null, null, 12.5, 13, null, 14]);
    // 12.5 and 13 join the backfilled 11 and 12; 14 joins 12.
    expect(rows.map((r) => r.backfill)).toEqual([10, 11, 12.5, 13, 12, 14]);
  });

  it('breaks both lines at a null value and joins nothing across it', () => {
    const rows = chartRows([p(1, '10', 'backfill'), p(2, null, 'backfill'), p(3, '12', 'live')]);
    expect(rows.map((r) => r.backfill)).toEqual([10, null, null]);
    expect(rows.map((r) => r.live)).toEqual([null, null, 12]);
  });
});

describe('gaps', () => {
  const gap = { from: 10, to: 20, assets: ['ETH'], reason: 'r' };

  it('finds the gap a time falls in, ends included', () => {
    expect(gapAt([gap], 10)).toBe(gap);
    expect(gapAt([gap], 20)).toBe(gap);
    expect(gapAt([gap], 21)).toBeUndefined();
  });

  it('cuts gaps to the plotted span and drops those outside it', () => {
    expect(gapsWithin([gap, { ...gap, from: 30, to: 40 }], 15, 25)).toEqual([
      { ...gap, from: 15, to: 20 },
    ]);
  });
});

describe('transferMarks', () => {
  const transfer = (time: number, kind: 'deposit' | 'withdraw') => ({
    time,
    kind,
    ticker: 'BTC',
    amount: '1',
  });

  it('marks each transfer at the first point that includes it, one mark per kind and point', () => {
    const rows = [{ t: 10 }, { t: 20 }, { t: 30 }];
    expect(
      transferMarks(rows, [
        transfer(10, 'deposit'),
        transfer(11, 'deposit'),
        transfer(15, 'withdraw'),
        transfer(20, 'deposit'),
        transfer(31, 'deposit'),
      ]),
    ).toEqual([
      { t: 10, kind: 'deposit', count: 1 },
      { t: 20, kind: 'deposit', count: 2 },
      { t: 20, kind: 'withdraw', count: 1 },
    ]);
  });
});
