import type { DatabaseSync } from 'node:sqlite';
import type { Millis } from '../../shared/model';
import { inTransaction } from './database';
import type { StoredConvert, StoredSubAccountTransfer } from './records';

type Row = Record<string, unknown>;

/** The tables of migration 8, per profile (deleting a profile deletes its rows in each). */
export const MOVE_TABLES = ['sub_account_transfers', 'converts'];

/**
 * The internal moves' part of the history database (migration 8): transfers between the main
 * account and its sub-accounts, and converts. Writing is idempotent on the exchange's id: a record
 * fetched again replaces itself, never adds a second row. Read oldest first.
 */
export class MovesStore {
  constructor(private readonly db: DatabaseSync) {}

  putSubAccountTransfers(profileId: string, transfers: readonly StoredSubAccountTransfer[]): void {
    if (transfers.length === 0) return;
    inTransaction(this.db, () => {
      const upsert = this.db.prepare(
        `INSERT INTO sub_account_transfers (profile, transaction_id, sub_account_id, direction,
           ticker, amount, time)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile, transaction_id) DO UPDATE SET
           sub_account_id = excluded.sub_account_id, direction = excluded.direction,
           ticker = excluded.ticker, amount = excluded.amount, time = excluded.time`,
      );
      for (const t of transfers) {
        upsert.run(
          profileId,
          t.transactionId,
          t.subAccountId,
          t.direction,
          t.ticker,
          t.amount,
          t.time,
        );
      }
    });
  }

  subAccountTransfers(profileId: string, from: Millis, to: Millis): StoredSubAccountTransfer[] {
    return (
      this.db
        .prepare(
          `SELECT * FROM sub_account_transfers WHERE profile = ? AND time BETWEEN ? AND ?
           ORDER BY time, transaction_id`,
        )
        .all(profileId, from, to) as Row[]
    ).map((r) => ({
      transactionId: String(r.transaction_id),
      subAccountId: String(r.sub_account_id),
      direction: String(r.direction) as StoredSubAccountTransfer['direction'],
      ticker: String(r.ticker),
      amount: String(r.amount),
      time: Number(r.time),
    }));
  }

  putConverts(profileId: string, converts: readonly StoredConvert[]): void {
    if (converts.length === 0) return;
    inTransaction(this.db, () => {
      const upsert = this.db.prepare(
        `INSERT INTO converts (profile, id, from_ticker, to_ticker, give, receive, time)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile, id) DO UPDATE SET from_ticker = excluded.from_ticker,
           to_ticker = excluded.to_ticker, give = excluded.give, receive = excluded.receive,
           time = excluded.time`,
      );
      for (const c of converts) {
        upsert.run(profileId, c.id, c.from, c.to, c.give, c.receive, c.time);
      }
    });
  }

  converts(profileId: string, from: Millis, to: Millis): StoredConvert[] {
    return (
      this.db
        .prepare(
          'SELECT * FROM converts WHERE profile = ? AND time BETWEEN ? AND ? ORDER BY time, id',
        )
        .all(profileId, from, to) as Row[]
    ).map((r) => ({
      id: String(r.id),
      from: String(r.from_ticker),
      to: String(r.to_ticker),
      give: String(r.give),
      receive: String(r.receive),
      time: Number(r.time),
    }));
  }
}
