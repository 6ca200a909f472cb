import type { DatabaseSync } from 'node:sqlite';
import {
  DEFAULT_MINING_ALERT_RULE,
  miningAlertOverride,
  miningAlertRule,
} from '../../shared/contract';
import type { Millis, MiningAlertEvent, MiningAlertRules, QuietHours } from '../../shared/model';
import type { NewAlertEvent, OpenAlert, PayoutSetting } from '../services/miningAlerts';
import { inTransaction } from './database';

/** Events the Mining screen lists at most (the newest). */
export const EVENTS_LISTED = 200;
/** A profile keeps at most this many events; older ones go as new ones come. */
export const EVENTS_KEPT = 5_000;

/** A worker the pool has not named for this long is no longer watched. */
export const WORKERS_FORGOTTEN_MS = 7 * 86_400_000;

type Row = Record<string, unknown>;

function eventOf(row: Row): MiningAlertEvent {
  return {
    id: Number(row.id),
    at: Number(row.at),
    account: String(row.account),
    worker: row.worker === null ? null : String(row.worker),
    rule: row.rule as MiningAlertEvent['rule'],
    kind: row.kind as MiningAlertEvent['kind'],
    since: row.since === null ? null : Number(row.since),
    message: String(row.message),
  };
}

/**
 * The mining alerts' part of the history database (migration 5): events, rules (a rule is its
 * contract shape as JSON, parsed again when read: a row that no longer parses is left out), quiet
 * hours and the workers seen per account.
 */
export class MiningAlertStore {
  constructor(private readonly db: DatabaseSync) {}

  addEvents(profileId: string, events: readonly NewAlertEvent[]): MiningAlertEvent[] {
    if (events.length === 0) return [];
    return inTransaction(this.db, () => {
      const insert = this.db.prepare(
        `INSERT INTO mining_alert_events (profile, at, account, worker, rule, kind, since, message)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      );
      const added = events.map((e) =>
        eventOf(
          insert.get(
            profileId,
            e.at,
            e.account,
            e.worker,
            e.rule,
            e.kind,
            e.since,
            e.message,
          ) as Row,
        ),
      );
      this.db
        .prepare(
          `DELETE FROM mining_alert_events WHERE profile = ? AND id <= (
             SELECT id FROM mining_alert_events WHERE profile = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
        )
        .run(profileId, profileId, EVENTS_KEPT);
      return added;
    });
  }

  /** The newest events first. */
  events(profileId: string, limit = EVENTS_LISTED): MiningAlertEvent[] {
    return (
      this.db
        .prepare('SELECT * FROM mining_alert_events WHERE profile = ? ORDER BY id DESC LIMIT ?')
        .all(profileId, limit) as Row[]
    ).map(eventOf);
  }

  /** The conditions whose last event is an alert: still open. */
  openAlerts(profileId: string): OpenAlert[] {
    const rows = this.db
      .prepare(
        `SELECT e.* FROM mining_alert_events e JOIN (
           SELECT max(id) AS id FROM mining_alert_events WHERE profile = ?
           GROUP BY account, ifnull(worker, ''), rule) last ON e.id = last.id
         WHERE e.kind = 'alert'`,
      )
      .all(profileId) as Row[];
    return rows
      .map(eventOf)
      .map(({ account, worker, rule, at }) => ({ account, worker, rule, at }));
  }

  rules(profileId: string): MiningAlertRules[] {
    const rows = this.db
      .prepare(
        'SELECT account, worker, rule FROM mining_alert_rules WHERE profile = ? ORDER BY account, worker',
      )
      .all(profileId) as Row[];
    const byAccount = new Map<string, MiningAlertRules>();
    for (const row of rows) {
      const account = String(row.account);
      const worker = String(row.worker);
      let json: unknown;
      try {
        json = JSON.parse(String(row.rule));
      } catch {
        continue;
      }
      const entry = byAccount.get(account) ?? {
        account,
        rule: DEFAULT_MINING_ALERT_RULE,
        workers: [],
      };
      if (worker === '') {
        const parsed = miningAlertRule.safeParse(json);
        if (!parsed.success) continue;
        entry.rule = parsed.data;
      } else {
        const parsed = miningAlertOverride.safeParse(json);
        if (!parsed.success) continue;
        entry.workers.push({ worker, rule: parsed.data });
      }
      byAccount.set(account, entry);
    }
    return [...byAccount.values()];
  }

  /** The account's rule (worker null), or a worker's override (rule null: the override goes). */
  setRule(
    profileId: string,
    account: string,
    worker: string | null,
    rule: MiningAlertRules['rule'] | MiningAlertRules['workers'][number]['rule'] | null,
  ): void {
    if (rule === null) {
      this.db
        .prepare('DELETE FROM mining_alert_rules WHERE profile = ? AND account = ? AND worker = ?')
        .run(profileId, account, worker ?? '');
      return;
    }
    this.db
      .prepare(
        `INSERT INTO mining_alert_rules (profile, account, worker, rule) VALUES (?, ?, ?, ?)
         ON CONFLICT (profile, account, worker) DO UPDATE SET rule = excluded.rule`,
      )
      .run(profileId, account, worker ?? '', JSON.stringify(rule));
  }

  quietHours(profileId: string): QuietHours | null {
    const row = this.db
      .prepare('SELECT quiet_from, quiet_to FROM mining_alert_settings WHERE profile = ?')
      .get(profileId) as Row | undefined;
    if (!row || row.quiet_from === null || row.quiet_to === null) return null;
    return { from: Number(row.quiet_from), to: Number(row.quiet_to) };
  }

  setQuietHours(profileId: string, quiet: QuietHours | null): void {
    this.db
      .prepare(
        `INSERT INTO mining_alert_settings (profile, quiet_from, quiet_to) VALUES (?, ?, ?)
         ON CONFLICT (profile) DO UPDATE SET quiet_from = excluded.quiet_from,
           quiet_to = excluded.quiet_to`,
      )
      .run(profileId, quiet?.from ?? null, quiet?.to ?? null);
  }

  /**
   * Remembers the names the pool listed now; answers every worker of the account seen in the last
   * week, by name (a worker retired longer ago is forgotten).
   */
  noteWorkers(profileId: string, account: string, named: readonly string[], at: Millis): string[] {
    inTransaction(this.db, () => {
      const upsert = this.db.prepare(
        `INSERT INTO mining_workers_seen (profile, account, worker, seen_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (profile, account, worker) DO UPDATE SET seen_at = excluded.seen_at`,
      );
      for (const name of named) upsert.run(profileId, account, name, at);
    });
    return (
      this.db
        .prepare(
          `SELECT worker FROM mining_workers_seen
           WHERE profile = ? AND account = ? AND seen_at >= ? ORDER BY worker`,
        )
        .all(profileId, account, at - WORKERS_FORGOTTEN_MS) as Row[]
    ).map((row) => String(row.worker));
  }

  /** The payout destination last seen (or set by the app) for the account. */
  payoutSeen(profileId: string, account: string): PayoutSetting | undefined {
    const row = this.db
      .prepare(
        'SELECT destination, address FROM mining_payout_seen WHERE profile = ? AND account = ?',
      )
      .get(profileId, account) as Row | undefined;
    if (!row) return undefined;
    return {
      destination: row.destination as PayoutSetting['destination'],
      address: row.address === null ? null : String(row.address),
    };
  }

  setPayoutSeen(profileId: string, account: string, payout: PayoutSetting, at: Millis): void {
    this.db
      .prepare(
        `INSERT INTO mining_payout_seen (profile, account, destination, address, seen_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (profile, account) DO UPDATE SET destination = excluded.destination,
           address = excluded.address, seen_at = excluded.seen_at`,
      )
      .run(profileId, account, payout.destination, payout.address, at);
  }
}

/** The tables deleteProfile empties for a profile. */
export const MINING_ALERT_TABLES = [
  'mining_alert_events',
  'mining_alert_rules',
  'mining_alert_settings',
  'mining_workers_seen',
  'mining_payout_seen',
] as const;
