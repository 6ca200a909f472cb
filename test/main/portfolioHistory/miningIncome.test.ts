import { describe, expect, it } from 'vitest';
import { backfill } from '../../../src/main/portfolioHistory/backfill';
import { unitsText } from '../../../src/main/portfolioHistory/exact';
import { miningRewardMovement, movementsOf } from '../../../src/main/portfolioHistory/movements';
import { DAY_MS } from '../../../src/main/portfolioHistory/prices';
import type { Snapshot } from '../../../src/main/portfolioHistory/records';
import type { MiningReward } from '../../../src/shared/model';
import { closesOf, deal, miningReward, transfer } from './fixtures';

const H = 3_600_000;
const D0 = 20_000 * DAY_MS;
const D1 = D0 + DAY_MS;
const D2 = D1 + DAY_MS;
const D3 = D2 + DAY_MS;
const NOW = D3 + 12 * H;

const reward = (over: Partial<MiningReward> = {}): MiningReward =>
  miningReward({ day: D2, ...over });

describe('mining rewards in the net-worth reconstruction', () => {
  it('a reward paid into the main balance is income when its day is paid; others move nothing', () => {
    const m = miningRewardMovement(reward());
    expect(m && [m.time, m.ticker, unitsText(m.change), m.kind]).toEqual([
      D3,
      'BTC',
      '0.0015',
      'mining',
    ]);
    expect(miningRewardMovement(reward({ payoutDestination: 'external_address' }))).toBeUndefined();
    expect(miningRewardMovement(reward({ status: 'pending' }))).toBeUndefined();
    expect(miningRewardMovement(reward({ status: 'canceled' }))).toBeUndefined();
  });

  it('explains the balance the reward added: no gap where, without it, there is one', () => {
    // As backfill.test.ts: held 1.2995 BTC after D2's withdrawal, recorded by a snapshot; then
    // D2's reward of 0.0015 BTC reaches the main balance: held now 1.301 BTC.
    const records = {
      deals: [deal({ time: D1 + 2 * H })],
      transfers: [
        transfer('deposit', 'USDT', '50000', '0', D0 + H),
        transfer('deposit', 'BTC', '1', '0', D0 + 2 * H),
        transfer('withdraw', 'BTC', '0.2', '0.0005', D2 + 3 * H),
      ],
      flexPayments: [],
    };
    const snapshot: Snapshot = {
      takenAt: D2 + 4 * H,
      quote: 'USDT',
      total: '99239.5',
      holdings: [
        { ticker: 'BTC', main: '1.2995', trade: '0', flex: '0', price: '61000' },
        { ticker: 'USDT', main: '19970', trade: '0', flex: '0', price: '1' },
      ],
    };
    const run = (movements: ReturnType<typeof movementsOf>) =>
      backfill({
        now: NOW,
        holdings: { BTC: '1.301', USDT: '19970' },
        movements,
        snapshots: [snapshot],
        closes: closesOf([
          ['BTC_USDT', D0, '50000'],
          ['BTC_USDT', D1, '60000'],
          ['BTC_USDT', D2, '61000'],
          ['BTC_USDT', D3, '62000'],
        ]),
        quote: 'USDT',
        from: 0,
        to: NOW,
      });
    expect(run(movementsOf(records)).gaps).toHaveLength(1);
    const counted = run(movementsOf({ ...records, miningRewards: [reward()] }));
    expect(counted.gaps).toEqual([]);
    expect(counted.points.at(-1)).toMatchObject({ time: NOW, value: '100632' }); // 1.301 x 62000 + 19970
  });
});
