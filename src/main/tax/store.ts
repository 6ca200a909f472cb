import type { DatabaseSync } from 'node:sqlite';
import type { TaxMethod, TaxSettings } from '../../shared/model';
import type { DepositCost, UserMarks } from './events';

type Row = Record<string, unknown>;

/** Until the user says otherwise: the calendar year, 12 months to long term, FIFO. */
export const DEFAULT_TAX_SETTINGS: TaxSettings = {
  yearStartMonth: 1,
  longTermMonths: 12,
  methods: {},
  defaultMethod: 'fifo',
};

/**
 * The taxes' part of the history database (migration 9), per profile: the settings, the method of
 * each tax year, the deposits' costs (or own-wallet marks) and the withdrawals marked spent.
 */
export class TaxStore {
  constructor(private readonly db: DatabaseSync) {}

  settings(profileId: string): TaxSettings {
    const row = this.db.prepare('SELECT * FROM tax_settings WHERE profile = ?').get(profileId) as
      Row | undefined;
    const methods = Object.fromEntries(
      (
        this.db
          .prepare('SELECT year, method FROM tax_year_methods WHERE profile = ? ORDER BY year')
          .all(profileId) as Row[]
      ).map((r) => [String(r.year), r.method as TaxMethod]),
    );
    if (!row) return { ...DEFAULT_TAX_SETTINGS, methods };
    return {
      yearStartMonth: Number(row.year_start_month),
      longTermMonths: Number(row.long_term_months),
      methods,
      defaultMethod: row.default_method as TaxMethod,
    };
  }

  saveSettings(profileId: string, settings: Omit<TaxSettings, 'methods'>): TaxSettings {
    this.db
      .prepare(
        `INSERT INTO tax_settings (profile, year_start_month, long_term_months, default_method)
         VALUES (?, ?, ?, ?)
         ON CONFLICT (profile) DO UPDATE SET year_start_month = excluded.year_start_month,
           long_term_months = excluded.long_term_months, default_method = excluded.default_method`,
      )
      .run(profileId, settings.yearStartMonth, settings.longTermMonths, settings.defaultMethod);
    return this.settings(profileId);
  }

  setYearMethod(profileId: string, year: number, method: TaxMethod): TaxSettings {
    this.db
      .prepare(
        `INSERT INTO tax_year_methods (profile, year, method) VALUES (?, ?, ?)
         ON CONFLICT (profile, year) DO UPDATE SET method = excluded.method`,
      )
      .run(profileId, year, method);
    return this.settings(profileId);
  }

  /** A deposit's cost or own-wallet mark; neither forgets what was said. */
  setDepositCost(profileId: string, key: string, said: DepositCost): void {
    if (said.cost === null && !said.ownWallet) {
      this.db
        .prepare('DELETE FROM tax_deposit_costs WHERE profile = ? AND key = ?')
        .run(profileId, key);
      return;
    }
    this.db
      .prepare(
        `INSERT INTO tax_deposit_costs (profile, key, quote, cost, own_wallet) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (profile, key) DO UPDATE SET quote = excluded.quote, cost = excluded.cost,
           own_wallet = excluded.own_wallet`,
      )
      .run(profileId, key, said.quote, said.cost, said.ownWallet ? 1 : 0);
  }

  setWithdrawalSpent(profileId: string, key: string, spent: boolean): void {
    const sql = spent
      ? 'INSERT OR IGNORE INTO tax_spent_withdrawals (profile, key) VALUES (?, ?)'
      : 'DELETE FROM tax_spent_withdrawals WHERE profile = ? AND key = ?';
    this.db.prepare(sql).run(profileId, key);
  }

  /** What the user said about the profile's deposits and withdrawals. */
  marks(profileId: string): UserMarks {
    const costs = this.db
      .prepare('SELECT key, quote, cost, own_wallet FROM tax_deposit_costs WHERE profile = ?')
      .all(profileId) as Row[];
    const spent = this.db
      .prepare('SELECT key FROM tax_spent_withdrawals WHERE profile = ?')
      .all(profileId) as Row[];
    return {
      depositCosts: new Map(
        costs.map((r) => [
          String(r.key),
          {
            quote: String(r.quote),
            cost: r.cost === null ? null : String(r.cost),
            ownWallet: Number(r.own_wallet) === 1,
          },
        ]),
      ),
      spentWithdrawals: new Set(spent.map((r) => String(r.key))),
    };
  }
}

/** The tables deleteProfile empties for a profile. */
export const TAX_TABLES = [
  'tax_settings',
  'tax_year_methods',
  'tax_deposit_costs',
  'tax_spent_withdrawals',
] as const;
