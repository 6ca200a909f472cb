import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../../../src/main/exchange/errors';
import { parseMiningRewards } from '../../../src/main/exchange/schemas';

const NOW = Date.UTC(2026, 10, 28, 12);
const DAY_S = 86_400;
const YESTERDAY = Math.floor(NOW / 1000 / DAY_S) * DAY_S - DAY_S;

const reward = (over: Record<string, unknown> = {}) => ({
  miningAccountName: 'miner123',
  payoutDestination: 'external_address',
  payoutTransactionHash: '0e3e2357e806b6cdb1f70b54c3a3a17b6714ee1f0e68bebb44a74b1efd512098',
  payoutAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  payoutTime: YESTERDAY + DAY_S + 3600,
  rewardCurrency: 'BTC',
  totalReward: '0.00125',
  reward: '0.001',
  fee: '0.00025',
  fppsRate: '0.000125',
  hashRate: '100',
  date: YESTERDAY,
  status: 'successful',
  ...over,
});

const page = (...data: unknown[]) => ({ offset: 0, limit: 30, data });

function refusal(json: unknown): string {
  try {
    parseMiningRewards(json, NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(ExchangeError);
    return (error as ExchangeError).message;
  }
  throw new Error('accepted');
}

describe('mining/rewards schema', () => {
  it('reads a reward field by field (times in ms, amounts as sent)', () => {
    expect(parseMiningRewards(page(reward()), NOW)).toEqual([
      {
        account: 'miner123',
        day: YESTERDAY * 1000,
        currency: 'BTC',
        totalReward: '0.00125',
        reward: '0.001',
        fee: '0.00025',
        fppsRate: '0.000125',
        hashrate: '100',
        status: 'successful',
        payoutDestination: 'external_address',
        payoutAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        payoutTransactionHash: '0e3e2357e806b6cdb1f70b54c3a3a17b6714ee1f0e68bebb44a74b1efd512098',
        payoutTime: (YESTERDAY + DAY_S + 3600) * 1000,
      },
    ]);
  });

  it('reads the snake_case casing and a main-balance payout (nulls)', () => {
    const [read] = parseMiningRewards(
      page({
        mining_account_name: 'miner123',
        payout_destination: 'main_balance',
        payout_transaction_hash: null,
        payout_address: null,
        payout_time: null,
        reward_currency: 'BTC',
        total_reward: '1',
        reward: '0.98',
        fee: '0.02',
        fpps_rate: '0.00000045',
        hash_rate: '5000000000000',
        date: YESTERDAY,
        status: 'pending',
      }),
      NOW,
    );
    expect(read).toMatchObject({
      payoutDestination: 'main_balance',
      payoutAddress: null,
      payoutTransactionHash: null,
      payoutTime: null,
      status: 'pending',
      reward: '0.98',
    });
  });

  it('refuses a negative amount', () => {
    expect(refusal(page(reward({ reward: '-0.001' })))).toMatch(/data\[0\]\.reward/);
    expect(refusal(page(reward({ fee: '-1' })))).toMatch(/data\[0\]\.fee/);
    expect(refusal(page(reward({ hashRate: '-5' })))).toMatch(/hashRate/);
  });

  it('refuses a reward dated in the future', () => {
    expect(refusal(page(reward({ date: YESTERDAY + 3 * DAY_S })))).toMatch(
      /data\[0\]\.date: expected a Unix time not in the future/,
    );
  });

  it('refuses an unknown status and an unknown payout destination', () => {
    expect(refusal(page(reward({ status: 'paid' })))).toMatch(/status/);
    expect(refusal(page(reward({ payoutDestination: 'moon' })))).toMatch(/payoutDestination/);
  });

  it('refuses over-long strings rather than clipping them', () => {
    expect(refusal(page(reward({ miningAccountName: 'w'.repeat(10_000) })))).toMatch(
      /miningAccountName/,
    );
    expect(refusal(page(reward({ rewardCurrency: 'B'.repeat(21) })))).toMatch(/rewardCurrency/);
    expect(refusal(page(reward({ payoutAddress: 'a'.repeat(101) })))).toMatch(/payoutAddress/);
    expect(refusal(page(reward({ payoutTransactionHash: 'f'.repeat(129) })))).toMatch(
      /payoutTransactionHash/,
    );
  });

  it('refuses more than 10,000 rewards in one answer', () => {
    expect(refusal(page(...Array.from({ length: 10_001 }, () => 0)))).toMatch(/10000 items/);
  });
});
