import type { DatabaseSync } from 'node:sqlite';

/**
 * The history database's schema, one migration per version, applied in order by `PRAGMA
 * user_version` (0: empty). Each migration runs in one transaction together with the version bump,
 * so a database is always at exactly one version. A migration, once released, never changes: a new
 * version is a new entry at the end.
 *
 * Amounts and prices are TEXT (decimal strings, never REAL); times are INTEGER Unix ms. Every
 * per-profile table leads its key or an index with (profile, time): a profile's rows of a range are
 * one index range, and deleting a profile is one range per table.
 */
export interface Migration {
  version: number;
  /** What the version adds (for the reader of this file and for errors). */
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'balance snapshots',
    sql: `
      CREATE TABLE snapshots (
        id INTEGER PRIMARY KEY,
        profile TEXT NOT NULL,
        taken_at INTEGER NOT NULL,
        quote TEXT NOT NULL,
        total TEXT NOT NULL
      );
      CREATE INDEX snapshots_profile_time ON snapshots (profile, taken_at);
      CREATE TABLE snapshot_holdings (
        snapshot_id INTEGER NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
        ticker TEXT NOT NULL,
        main TEXT NOT NULL,
        trade TEXT NOT NULL,
        flex TEXT NOT NULL,
        price TEXT,
        PRIMARY KEY (snapshot_id, ticker)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    name: 'fetched history: deals, transfers, flex payments, daily closes, sync cursors',
    sql: `
      CREATE TABLE deals (
        profile TEXT NOT NULL,
        deal_id INTEGER NOT NULL,
        order_id INTEGER,
        market TEXT NOT NULL,
        side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
        role TEXT NOT NULL CHECK (role IN ('maker', 'taker')),
        price TEXT NOT NULL,
        amount TEXT NOT NULL,
        deal TEXT NOT NULL,
        fee TEXT NOT NULL,
        fee_asset TEXT NOT NULL,
        time INTEGER NOT NULL,
        PRIMARY KEY (profile, deal_id)
      ) WITHOUT ROWID;
      CREATE INDEX deals_profile_time ON deals (profile, time);
      CREATE TABLE transfers (
        profile TEXT NOT NULL,
        key TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('deposit', 'withdraw')),
        ticker TEXT NOT NULL,
        amount TEXT NOT NULL,
        fee TEXT NOT NULL,
        status INTEGER NOT NULL,
        time INTEGER NOT NULL,
        PRIMARY KEY (profile, key)
      ) WITHOUT ROWID;
      CREATE INDEX transfers_profile_time ON transfers (profile, time);
      CREATE TABLE flex_payments (
        profile TEXT NOT NULL,
        transaction_id TEXT NOT NULL,
        ticker TEXT NOT NULL,
        amount TEXT NOT NULL,
        time INTEGER NOT NULL,
        PRIMARY KEY (profile, transaction_id)
      ) WITHOUT ROWID;
      CREATE INDEX flex_payments_profile_time ON flex_payments (profile, time);
      CREATE TABLE daily_closes (
        market TEXT NOT NULL,
        day INTEGER NOT NULL,
        close TEXT NOT NULL,
        PRIMARY KEY (market, day)
      ) WITHOUT ROWID;
      CREATE TABLE sync_cursors (
        profile TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('deals', 'transfers', 'flexPayments')),
        earliest INTEGER NOT NULL,
        through INTEGER NOT NULL,
        PRIMARY KEY (profile, source)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 3,
    name: "a snapshot's holdings in its own row (one text, read in one piece)",
    // The text: ticker, main, trade, flex and price (empty: none), each field ended by U+001F
    // (store.ts holdingsText). Reading 5 years of daily snapshots no longer gathers 91,000 rows.
    sql: `
      ALTER TABLE snapshots ADD COLUMN holdings TEXT NOT NULL DEFAULT '';
      UPDATE snapshots SET holdings = ifnull((
        SELECT group_concat(ticker || char(31) || main || char(31) || trade || char(31) || flex
          || char(31) || ifnull(price, '') || char(31), '')
        FROM (SELECT * FROM snapshot_holdings h WHERE h.snapshot_id = snapshots.id ORDER BY ticker)
      ), '');
      DROP TABLE snapshot_holdings;
    `,
  },
  {
    version: 4,
    name: "the net-worth series' index: a profile's snapshot times, quotes and totals",
    // Everything the chart's bucketed read of a range needs (store.ts seriesSnapshots) is in the
    // index: 3 years at 15 minutes (105,000 snapshots) are read from ~5 MB of it rather than from
    // the 170 MB of rows. It leads with (profile, taken_at), so it serves the old index's reads.
    sql: `
      CREATE INDEX snapshots_series ON snapshots (profile, taken_at, quote, total);
      DROP INDEX snapshots_profile_time;
    `,
  },
  {
    version: 5,
    name: 'mining alerts: their events, rules, quiet hours, the workers and payouts seen',
    // Events are kept (listed on the Mining screen; an alert whose key's last event is an alert
    // is still open when the app starts). A rule's `worker` is '' for the account's own rule;
    // thresholds NULL: that check is off (an override's NULL: the account's). Quiet hours are
    // minutes after local midnight. The workers seen let an offline worker (gone from the pool's
    // names list) be known after a restart; the payout destination seen (or set by the app) is what
    // the next one read is compared with.
    sql: `
      CREATE TABLE mining_alert_events (
        id INTEGER PRIMARY KEY,
        profile TEXT NOT NULL,
        at INTEGER NOT NULL,
        account TEXT NOT NULL,
        worker TEXT,
        rule TEXT NOT NULL CHECK (rule IN ('offline', 'low', 'reject', 'pool', 'payout')),
        kind TEXT NOT NULL CHECK (kind IN ('alert', 'recovered')),
        since INTEGER,
        message TEXT NOT NULL
      );
      CREATE INDEX mining_alert_events_profile_time ON mining_alert_events (profile, at);
      CREATE TABLE mining_alert_rules (
        profile TEXT NOT NULL,
        account TEXT NOT NULL,
        worker TEXT NOT NULL,
        rule TEXT NOT NULL,
        PRIMARY KEY (profile, account, worker)
      ) WITHOUT ROWID;
      CREATE TABLE mining_alert_settings (
        profile TEXT NOT NULL PRIMARY KEY,
        quiet_from INTEGER,
        quiet_to INTEGER
      ) WITHOUT ROWID;
      CREATE TABLE mining_workers_seen (
        profile TEXT NOT NULL,
        account TEXT NOT NULL,
        worker TEXT NOT NULL,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (profile, account, worker)
      ) WITHOUT ROWID;
      CREATE TABLE mining_payout_seen (
        profile TEXT NOT NULL,
        account TEXT NOT NULL,
        destination TEXT NOT NULL CHECK (destination IN ('main_balance', 'external_address')),
        address TEXT,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (profile, account)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 6,
    name: "mining rewards: each account's reward per UTC day",
    // One row per (profile, account, day): a sync writes a day again only when the exchange's
    // record of it changed (a pending day becoming final). `day` is midnight UTC in ms; amounts
    // and the hashrate (H/s) are decimal text. The (profile, day) index serves the net-worth
    // reconstruction, which reads every account's rewards of a range.
    sql: `
      CREATE TABLE mining_rewards (
        profile TEXT NOT NULL,
        account TEXT NOT NULL,
        day INTEGER NOT NULL,
        currency TEXT NOT NULL,
        total_reward TEXT NOT NULL,
        reward TEXT NOT NULL,
        fee TEXT NOT NULL,
        fpps_rate TEXT NOT NULL,
        hashrate TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'successful', 'canceled')),
        payout_destination TEXT NOT NULL
          CHECK (payout_destination IN ('main_balance', 'external_address')),
        payout_address TEXT,
        payout_transaction_hash TEXT,
        payout_time INTEGER,
        PRIMARY KEY (profile, account, day)
      ) WITHOUT ROWID;
      CREATE INDEX mining_rewards_profile_day ON mining_rewards (profile, day);
    `,
  },
  {
    version: 7,
    name: 'price alerts',
    sql: `
      CREATE TABLE price_alerts (
        id INTEGER PRIMARY KEY,
        profile TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        market TEXT NOT NULL,
        direction TEXT NOT NULL CHECK (direction IN ('above', 'below')),
        price TEXT NOT NULL,
        repeat TEXT NOT NULL CHECK (repeat IN ('once', 'every')),
        note TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('armed', 'fired')),
        fired_at INTEGER,
        fired_price TEXT
      );
      CREATE INDEX price_alerts_profile_time ON price_alerts (profile, created_at);
    `,
  },
  {
    version: 8,
    name: 'internal moves: sub-account transfers and converts; a cursor per sub-account',
    // Kept per profile, one row per exchange id (a sync writes a record again, never twice). The
    // cursors' table is rebuilt without its closed list of sources: the sub-account history is
    // synced per sub-account (source 'subAccount:<id>'), and converts are a source of their own.
    sql: `
      CREATE TABLE sub_account_transfers (
        profile TEXT NOT NULL,
        transaction_id TEXT NOT NULL,
        sub_account_id TEXT NOT NULL,
        direction TEXT NOT NULL CHECK (direction IN ('main_to_sub', 'sub_to_main')),
        ticker TEXT NOT NULL,
        amount TEXT NOT NULL,
        time INTEGER NOT NULL,
        PRIMARY KEY (profile, transaction_id)
      ) WITHOUT ROWID;
      CREATE INDEX sub_account_transfers_profile_time ON sub_account_transfers (profile, time);
      CREATE TABLE converts (
        profile TEXT NOT NULL,
        id TEXT NOT NULL,
        from_ticker TEXT NOT NULL,
        to_ticker TEXT NOT NULL,
        give TEXT NOT NULL,
        receive TEXT NOT NULL,
        time INTEGER NOT NULL,
        PRIMARY KEY (profile, id)
      ) WITHOUT ROWID;
      CREATE INDEX converts_profile_time ON converts (profile, time);
      CREATE TABLE sync_cursors_8 (
        profile TEXT NOT NULL,
        source TEXT NOT NULL,
        earliest INTEGER NOT NULL,
        through INTEGER NOT NULL,
        PRIMARY KEY (profile, source)
      ) WITHOUT ROWID;
      INSERT INTO sync_cursors_8 SELECT profile, source, earliest, through FROM sync_cursors;
      DROP TABLE sync_cursors;
      ALTER TABLE sync_cursors_8 RENAME TO sync_cursors;
    `,
  },
  {
    version: 9,
    name: "tax settings and the user's word on deposits and withdrawals",
    // Per profile (issue 36): the tax settings, the method chosen per tax year, a deposit's cost
    // as the user entered it (decimal text, in `quote`) or its mark as a transfer from their own
    // wallet, and the withdrawals marked spent. Keyed by the stored transfer's key.
    sql: `
      CREATE TABLE tax_settings (
        profile TEXT NOT NULL PRIMARY KEY,
        year_start_month INTEGER NOT NULL,
        long_term_months INTEGER NOT NULL,
        default_method TEXT NOT NULL CHECK (default_method IN ('fifo', 'lifo', 'hifo', 'average'))
      ) WITHOUT ROWID;
      CREATE TABLE tax_year_methods (
        profile TEXT NOT NULL,
        year INTEGER NOT NULL,
        method TEXT NOT NULL CHECK (method IN ('fifo', 'lifo', 'hifo', 'average')),
        PRIMARY KEY (profile, year)
      ) WITHOUT ROWID;
      CREATE TABLE tax_deposit_costs (
        profile TEXT NOT NULL,
        key TEXT NOT NULL,
        quote TEXT NOT NULL,
        cost TEXT,
        own_wallet INTEGER NOT NULL CHECK (own_wallet IN (0, 1)),
        PRIMARY KEY (profile, key)
      ) WITHOUT ROWID;
      CREATE TABLE tax_spent_withdrawals (
        profile TEXT NOT NULL,
        key TEXT NOT NULL,
        PRIMARY KEY (profile, key)
      ) WITHOUT ROWID;
    `,
  },
];

export const LATEST_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  return row.user_version;
}
