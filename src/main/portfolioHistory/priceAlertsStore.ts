import type { DatabaseSync } from 'node:sqlite';
import type { Millis, PriceAlert, PriceAlertSpec } from '../../shared/model';

type Row = Record<string, unknown>;

function alertOf(row: Row): PriceAlert {
  return {
    id: Number(row.id),
    createdAt: Number(row.created_at),
    market: String(row.market),
    direction: row.direction as PriceAlert['direction'],
    price: String(row.price),
    repeat: row.repeat as PriceAlert['repeat'],
    note: String(row.note),
    state: row.state as PriceAlert['state'],
    firedAt: row.fired_at === null ? null : Number(row.fired_at),
    firedPrice: row.fired_price === null ? null : String(row.fired_price),
  };
}

/**
 * The price alerts' part of the history database (migration 7), per profile: each alert as the
 * user set it, its state (armed or fired) and when it last fired. Prices are decimal strings.
 */
export class PriceAlertStore {
  constructor(private readonly db: DatabaseSync) {}

  /** A profile's alerts, oldest first. */
  list(profileId: string): PriceAlert[] {
    return (
      this.db
        .prepare('SELECT * FROM price_alerts WHERE profile = ? ORDER BY created_at, id')
        .all(profileId) as Row[]
    ).map(alertOf);
  }

  count(profileId: string): number {
    const row = this.db
      .prepare('SELECT count(*) AS n FROM price_alerts WHERE profile = ?')
      .get(profileId) as Row;
    return Number(row.n);
  }

  /** Adds an armed alert. */
  add(profileId: string, spec: PriceAlertSpec, at: Millis): PriceAlert {
    const row = this.db
      .prepare(
        `INSERT INTO price_alerts (profile, created_at, market, direction, price, repeat, note, state)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'armed') RETURNING *`,
      )
      .get(profileId, at, spec.market, spec.direction, spec.price, spec.repeat, spec.note) as Row;
    return alertOf(row);
  }

  /** Changes an alert's fields and arms it again; false when the profile has no such alert. */
  edit(profileId: string, id: number, spec: PriceAlertSpec): boolean {
    const { changes } = this.db
      .prepare(
        `UPDATE price_alerts SET market = ?, direction = ?, price = ?, repeat = ?, note = ?,
           state = 'armed', fired_at = NULL, fired_price = NULL
         WHERE profile = ? AND id = ?`,
      )
      .run(spec.market, spec.direction, spec.price, spec.repeat, spec.note, profileId, id);
    return Number(changes) > 0;
  }

  /** False when the profile has no such alert. */
  remove(profileId: string, id: number): boolean {
    const { changes } = this.db
      .prepare('DELETE FROM price_alerts WHERE profile = ? AND id = ?')
      .run(profileId, id);
    return Number(changes) > 0;
  }

  /** An alert's new state (fired: when and at what price; armed: the last firing is kept). */
  setState(
    profileId: string,
    id: number,
    change: { state: 'fired'; at: Millis; price: string } | { state: 'armed' },
  ): void {
    if (change.state === 'fired') {
      this.db
        .prepare(
          `UPDATE price_alerts SET state = 'fired', fired_at = ?, fired_price = ?
           WHERE profile = ? AND id = ?`,
        )
        .run(change.at, change.price, profileId, id);
    } else {
      this.db
        .prepare(`UPDATE price_alerts SET state = 'armed' WHERE profile = ? AND id = ?`)
        .run(profileId, id);
    }
  }
}

/** The tables deleteProfile empties for a profile. */
export const PRICE_ALERT_TABLES = ['price_alerts'] as const;
