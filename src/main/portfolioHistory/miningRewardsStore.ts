import type { DatabaseSync } from 'node:sqlite';
import type { Millis, MiningReward } from '../../shared/model';
import { inTransaction } from './database';

type Row = Record<string, unknown>;

const textOrNull = (value: unknown): string | null => (value === null ? null : String(value));

function rewardOf(row: Row): MiningReward {
  return {
    account: String(row.account),
    day: Number(row.day),
    currency: String(row.currency),
    totalReward: String(row.total_reward),
    reward: String(row.reward),
    fee: String(row.fee),
    fppsRate: String(row.fpps_rate),
    hashrate: String(row.hashrate),
    status: String(row.status) as MiningReward['status'],
    payoutDestination: String(row.payout_destination) as MiningReward['payoutDestination'],
    payoutAddress: textOrNull(row.payout_address),
    payoutTransactionHash: textOrNull(row.payout_transaction_hash),
    payoutTime: row.payout_time === null ? null : Number(row.payout_time),
  };
}

/**
 * The mining rewards' part of the history database (migration 6): one row per profile, account and
 * UTC day. Writing is idempotent: a day whose record is unchanged is not written again.
 */
export class MiningRewardStore {
  constructor(private readonly db: DatabaseSync) {}

  /** Writes the rewards that are new or changed, in one transaction; answers how many. */
  put(profileId: string, rewards: readonly MiningReward[]): number {
    if (rewards.length === 0) return 0;
    return inTransaction(this.db, () => {
      const upsert = this.db.prepare(
        `INSERT INTO mining_rewards (profile, account, day, currency, total_reward, reward, fee,
           fpps_rate, hashrate, status, payout_destination, payout_address,
           payout_transaction_hash, payout_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile, account, day) DO UPDATE SET
           currency = excluded.currency, total_reward = excluded.total_reward,
           reward = excluded.reward, fee = excluded.fee, fpps_rate = excluded.fpps_rate,
           hashrate = excluded.hashrate, status = excluded.status,
           payout_destination = excluded.payout_destination,
           payout_address = excluded.payout_address,
           payout_transaction_hash = excluded.payout_transaction_hash,
           payout_time = excluded.payout_time
         WHERE (currency, total_reward, reward, fee, fpps_rate, hashrate, status,
                payout_destination, payout_address, payout_transaction_hash, payout_time)
           IS NOT (excluded.currency, excluded.total_reward, excluded.reward, excluded.fee,
                excluded.fpps_rate, excluded.hashrate, excluded.status,
                excluded.payout_destination, excluded.payout_address,
                excluded.payout_transaction_hash, excluded.payout_time)`,
      );
      let written = 0;
      for (const r of rewards) {
        const result = upsert.run(
          profileId,
          r.account,
          r.day,
          r.currency,
          r.totalReward,
          r.reward,
          r.fee,
          r.fppsRate,
          r.hashrate,
          r.status,
          r.payoutDestination,
          r.payoutAddress,
          r.payoutTransactionHash,
          r.payoutTime,
        );
        written += Number(result.changes);
      }
      return written;
    });
  }

  /** One account's rewards, newest day first. */
  rewards(profileId: string, account: string): MiningReward[] {
    return (
      this.db
        .prepare('SELECT * FROM mining_rewards WHERE profile = ? AND account = ? ORDER BY day DESC')
        .all(profileId, account) as Row[]
    ).map(rewardOf);
  }

  /** Every account's rewards dated in [from, to], oldest first (the net-worth reconstruction). */
  between(profileId: string, from: Millis, to: Millis): MiningReward[] {
    return (
      this.db
        .prepare(
          'SELECT * FROM mining_rewards WHERE profile = ? AND day BETWEEN ? AND ? ORDER BY day, account',
        )
        .all(profileId, from, to) as Row[]
    ).map(rewardOf);
  }

  /** The newest day kept of the account and its oldest day still pending, or undefined. */
  span(profileId: string, account: string): { last: Millis; pending: Millis | null } | undefined {
    const row = this.db
      .prepare(
        `SELECT max(day) AS last, min(CASE WHEN status = 'pending' THEN day END) AS pending
         FROM mining_rewards WHERE profile = ? AND account = ?`,
      )
      .get(profileId, account) as { last: number | null; pending: number | null };
    return row.last === null ? undefined : { last: row.last, pending: row.pending };
  }
}
