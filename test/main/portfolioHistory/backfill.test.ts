import { describe, expect, it } from 'vitest';
import {
  backfill,
  backfillSliced,
  rangeBounds,
  type BackfillInput,
} from '../../../src/main/portfolioHistory/backfill';
import { movementsOf } from '../../../src/main/portfolioHistory/movements';
import { DAY_MS } from '../../../src/main/portfolioHistory/prices';
import type { Snapshot } from '../../../src/main/portfolioHistory/records';
import { closesOf, deal, transfer } from './fixtures';

const H = 3_600_000;
const D0 = 20_000 * DAY_MS;
const D1 = D0 + DAY_MS;
const D2 = D1 + DAY_MS;
const D3 = D2 + DAY_MS;
const NOW = D3 + 12 * H;

const closes = closesOf([
  ['BTC_USDT', D0, '50000'],
  ['BTC_USDT', D1, '60000'],
  ['BTC_USDT', D2, '61000'],
  ['BTC_USDT', D3, '62000'],
  ['USDT_EUR', D2, '0.9'],
]);

const buy = deal({ time: D1 + 2 * H });

// USDT 50000 and BTC 1 in on D0; a buy of 0.5 BTC for 30000 + 30 fee on D1; 0.2 BTC out with a
// 0.0005 fee on D2. Held now: BTC 1 + 0.5 - 0.2005 = 1.2995; USDT 50000 - 30030 = 19970.
const movements = movementsOf({
  deals: [buy],
  transfers: [
    transfer('deposit', 'USDT', '50000', '0', D0 + H),
    transfer('deposit', 'BTC', '1', '0', D0 + 2 * H),
    transfer('withdraw', 'BTC', '0.2', '0.0005', D2 + 3 * H),
  ],
  flexPayments: [],
});

const input = (over: Partial<BackfillInput> = {}): BackfillInput => ({
  now: NOW,
  holdings: { BTC: '1.2995', USDT: '19970' },
  movements,
  snapshots: [],
  closes,
  quote: 'USDT',
  from: 0,
  to: NOW,
  ...over,
});

const snapshot = (takenAt: number, btc: [string, string, string], total: string): Snapshot => ({
  takenAt,
  quote: 'USDT',
  total,
  holdings: [
    { ticker: 'BTC', main: btc[0], trade: btc[1], flex: btc[2], price: '61000' },
    { ticker: 'USDT', main: '19970', trade: '0', flex: '0', price: '1' },
  ],
});

const values = (r: ReturnType<typeof backfill>) => r.points.map((p) => [p.time, p.value, p.source]);

describe('backfill', () => {
  it('walks today back through every movement: one point at the end of each day, priced with its close', () => {
    const r = backfill(input());
    expect(values(r)).toEqual([
      [D1 - 1, '100000', 'backfill'], // BTC 1 x 50000 + USDT 50000
      [D2 - 1, '109970', 'backfill'], // BTC 1.5 x 60000 = 90000 + USDT 19970
      [D3 - 1, '99239.5', 'backfill'], // BTC 1.2995 x 61000 = 79269.5 + 19970
      [NOW, '100539', 'backfill'], // BTC 1.2995 x 62000 = 80569 + 19970
    ]);
    expect(r.since).toBe(D0 + H);
    expect(r.gaps).toEqual([]);
    expect(r.unpriced).toEqual([]);
  });

  it('values only the days in the range, but starts no earlier than the first movement', () => {
    expect(values(backfill(input({ from: D2 })))).toEqual([
      [D3 - 1, '99239.5', 'backfill'],
      [NOW, '100539', 'backfill'],
    ]);
    const late = movements.filter((m) => m.time >= D1);
    expect(backfill(input({ movements: late })).points.map((p) => p.time)).toEqual([
      D2 - 1,
      D3 - 1,
      NOW,
    ]);
  });

  it('starts at the first snapshot of all when told it, though the snapshots given begin later', () => {
    // A range's snapshots (store.ts seriesSnapshots) need not reach back to the first one taken.
    const recorded = [snapshot(D2 + 12 * H, ['1.2995', '0', '0'], '99239.5')];
    const late = movements.filter((m) => m.time >= D2);
    const untold = backfill(input({ movements: late, snapshots: recorded }));
    expect(untold.since).toBe(D2 + 3 * H);
    expect(untold.points.map((p) => p.time)).toEqual([D2 + 12 * H, NOW]);
    // From the first snapshot on: the end of D1 is valued too.
    const told = backfill(input({ movements: late, snapshots: recorded, firstSnapshotAt: D1 }));
    expect(told.since).toBe(D1);
    expect(told.points.map((p) => p.time)).toEqual([D2 - 1, D2 + 12 * H, NOW]);
  });

  it('marks a gap where walking back takes a balance below zero, and values nothing inside it', () => {
    // Held now is 0.5 BTC less than the movements explain: undoing the 1 BTC deposit leaves -0.5.
    const r = backfill(input({ holdings: { BTC: '0.7995', USDT: '19970' } }));
    expect(r.gaps).toEqual([
      { from: D0 + H, to: NOW, assets: ['BTC'], reason: expect.stringContaining('below zero') },
    ]);
    expect(r.points.filter((p) => p.source === 'backfill').map((p) => p.value)).toEqual([
      null,
      null,
      null,
      '69539', // now is known: 0.7995 x 62000 = 49569 + 19970
    ]);
    // The walk goes through every movement whatever the range: a shorter one shows the same gap.
    const week = backfill(input({ holdings: { BTC: '0.7995', USDT: '19970' }, from: D2 }));
    expect(week.gaps).toEqual([{ ...r.gaps[0], from: D2 }]);
    expect(week.points.map((p) => p.value)).toEqual([null, '69539']);
  });

  it('a snapshot is a live point and a new anchor; where the walk misses it, the stretch is a gap', () => {
    // Recorded on D2 after the withdrawal: BTC 0.5 + 0.5 + 0.2995 = 1.2995 across the accounts.
    const agreeing = snapshot(D2 + 4 * H, ['0.5', '0.5', '0.2995'], '99239.5');
    const ok = backfill(input({ snapshots: [agreeing] }));
    expect(ok.gaps).toEqual([]);
    expect(values(ok)).toContainEqual([D2 + 4 * H, '99239.5', 'live']);
    // Nothing moved after it on D2: it is D2's end (no reconstructed point beside it).
    expect(ok.points.map((p) => p.time)).toEqual([D1 - 1, D2 - 1, D2 + 4 * H, NOW]);
    // Recorded before the withdrawal (D2 + 3 h): D2's end is still reconstructed after it.
    const early = snapshot(D2 + 2 * H, ['0.5', '0.5', '0.5'], '106500');
    expect(backfill(input({ snapshots: [early] })).points.map((p) => p.time)).toEqual([
      D1 - 1,
      D2 - 1,
      D2 + 2 * H,
      D3 - 1,
      NOW,
    ]);

    // Recorded 1.5 BTC where the walk from now reaches 1.2995: the gap runs from it to now, and
    // the walk goes on from what it recorded.
    const differing = snapshot(D2 + 4 * H, ['1.5', '0', '0'], '111470');
    const r = backfill(input({ snapshots: [differing] }));
    expect(r.gaps).toEqual([
      {
        from: D2 + 4 * H,
        to: NOW,
        assets: ['BTC'],
        reason: expect.stringContaining('differ'),
      },
    ]);
    expect(values(r)).toEqual([
      // Before the buy: 1.2005 BTC x 50000 = 60025 + 50000 USDT.
      [D1 - 1, '110025', 'backfill'],
      // Before the withdrawal: 1.5 + 0.2005 = 1.7005 BTC x 60000 = 102030 + 19970 USDT.
      [D2 - 1, '122000', 'backfill'],
      [D2 + 4 * H, '111470', 'live'],
      [NOW, '100539', 'backfill'],
    ]);
  });

  it('revalues a snapshot taken in another quote, and lists what no close prices', () => {
    const inEur: Snapshot = {
      takenAt: D2 + 4 * H,
      quote: 'EUR',
      total: '1',
      holdings: [
        { ticker: 'BTC', main: '1.2995', trade: '0', flex: '0', price: '54900' },
        { ticker: 'USDT', main: '19970', trade: '0', flex: '0', price: '0.9' },
        { ticker: 'XYZ', main: '5', trade: '0', flex: '0', price: null },
      ],
    };
    const r = backfill(
      input({ snapshots: [inEur], holdings: { BTC: '1.2995', USDT: '19970', XYZ: '5' } }),
    );
    // In USDT with D2's closes: 1.2995 x 61000 + 19970; XYZ has no price.
    expect(values(r)).toContainEqual([D2 + 4 * H, '99239.5', 'live']);
    expect(r.unpriced).toEqual(['XYZ']);
    expect(r.gaps).toEqual([]);
  });

  it('a day on which no holding has a close has no value; holding nothing is worth zero', () => {
    const r = backfill(input({ quote: 'EUR' }));
    // USDT_EUR closes on D2 only; BTC reaches EUR through USDT that day only.
    expect(values(r).map((v) => v[1])).toEqual([null, null, expect.any(String), null]);
    expect(r.unpriced).toEqual(['BTC', 'USDT']);
    const empty = backfill(
      input({ holdings: {}, movements: [], snapshots: [snapshot(D3, ['0', '0', '0'], '0')] }),
    );
    expect(empty.since).toBe(D3);
    expect(backfill(input({ movements: [] })).since).toBeNull();
  });

  it('a day recorded by a snapshot not among those given (a bucketed read) is not reconstructed', () => {
    // Snapshots on D2 (after its withdrawal) and D3; only D3's is given, D2's last is named.
    const recorded = [snapshot(D3 + 6 * H, ['1.2995', '0', '0'], '100539')];
    const without = backfill(input({ snapshots: recorded, from: D1 }));
    expect(without.points.map((p) => [p.time, p.source])).toContainEqual([D3 - 1, 'backfill']);
    const told = backfill(input({ snapshots: recorded, from: D1, lastOfDays: [D2 + 20 * H] }));
    expect(told.points.map((p) => p.time)).not.toContain(D3 - 1);
    // D1 has no snapshot: its end is still reconstructed.
    expect(told.points.map((p) => [p.time, p.source])).toContainEqual([D2 - 1, 'backfill']);
  });

  it('main runs the same walk in slices, letting other work run between them', async () => {
    // Two years of days, a snapshot a day: a few thousand steps.
    const recorded = Array.from({ length: 730 }, (_, i) =>
      snapshot(D0 - i * DAY_MS - 6 * H, ['1', '0', '0'], '50000'),
    );
    const long = input({ snapshots: recorded, holdings: { BTC: '1.2995', USDT: '19970' } });
    let pauses = 0;
    const sliced = await backfillSliced(long, async () => {
      pauses++;
    });
    expect(sliced).toEqual(backfill(long));
    expect(sliced.points.length).toBeGreaterThan(730);
    expect(pauses).toBeGreaterThanOrEqual(3);
  });

  it('a range ends now and reaches back its length', () => {
    expect(rangeBounds('1w', NOW)).toEqual({ from: NOW - 7 * DAY_MS, to: NOW });
    expect(rangeBounds('all', NOW)).toEqual({ from: 0, to: NOW });
  });
});
