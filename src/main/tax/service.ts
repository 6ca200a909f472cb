import Decimal from 'decimal.js';
import type {
  PortfolioOverview,
  TaxExportFormat,
  TaxMethod,
  TaxReport,
  TaxSettings,
} from '../../shared/model';
import { unitsText } from '../portfolioHistory/exact';
import { movementsOf } from '../portfolioHistory/movements';
import type { PortfolioHistory } from '../portfolioHistory/service';
import type { HistoryStore } from '../portfolioHistory/store';
import { closeValuation, taxEvents, type DepositCost } from './events';
import type { TaxHistory } from './history';
import { taxReport } from './report';
import { exportTax } from './exports';
import type { SaveFile } from '../services/csv';

export interface TaxServiceOptions {
  store: HistoryStore;
  portfolioHistory: PortfolioHistory;
  /** The active profile's id (accounts.active()). */
  activeId: () => string;
}

/** The records the history database keeps, as the tax report and the exports read them. */
export function taxHistoryOf(records: TaxHistory): TaxHistory {
  return {
    deals: records.deals,
    transfers: records.transfers,
    flexPayments: records.flexPayments,
    miningRewards: records.miningRewards,
    subAccountTransfers: records.subAccountTransfers,
    converts: records.converts,
  };
}

/**
 * Taxes (issue 36) of the active profile: the settings and the user's word on deposits and
 * withdrawals (kept in the history database, tax/store.ts), and the year's report, computed from
 * the history after syncing what is new exactly as the profit and loss does (portfolioHistory
 * service.ts `prepare`: today's balances from the Overview, the records, the daily closes).
 */
export class TaxService {
  constructor(private readonly options: TaxServiceOptions) {}

  settings(): TaxSettings {
    return this.options.store.tax.settings(this.options.activeId());
  }

  saveSettings(settings: Omit<TaxSettings, 'methods'>): TaxSettings {
    return this.options.store.tax.saveSettings(this.options.activeId(), settings);
  }

  setYearMethod(year: number, method: TaxMethod): TaxSettings {
    return this.options.store.tax.setYearMethod(this.options.activeId(), year, method);
  }

  setDepositCost(key: string, said: DepositCost): void {
    this.options.store.tax.setDepositCost(this.options.activeId(), key, said);
  }

  setWithdrawalSpent(key: string, spent: boolean): void {
    this.options.store.tax.setWithdrawalSpent(this.options.activeId(), key, spent);
  }

  /** The profile's records the report reads (what the exports write), without syncing. */
  history(profileId: string): TaxHistory {
    return taxHistoryOf(this.options.portfolioHistory.records(profileId, Date.now()));
  }

  /**
   * `tax.export`: a file tax tools import, of the records the history holds (the Taxes screen's
   * report synced them when it opened); the realised gains from the year's report.
   */
  export(
    input: { quote: string; year: number; format: TaxExportFormat },
    saveFile: SaveFile | undefined,
  ) {
    return exportTax(input, {
      history: this.history(this.options.activeId()),
      report: () => this.report(input.quote, input.year),
      yearStartMonth: this.settings().yearStartMonth,
      saveFile,
    });
  }

  /**
   * Per asset, what the profile held before its records begin: the first balance snapshot less
   * what the records up to it moved (movements.ts, as the net-worth walk counts them).
   */
  private heldBefore(profileId: string, records: Parameters<typeof movementsOf>[0]) {
    const first = this.options.store.firstSnapshotAt(profileId);
    if (first === undefined) return {};
    const snapshot = this.options.store.snapshots(profileId, first, first)[0];
    if (!snapshot) return {};
    const moved = new Map<string, bigint>();
    for (const m of movementsOf(records)) {
      if (m.time <= first) moved.set(m.ticker, (moved.get(m.ticker) ?? 0n) + m.change);
    }
    return Object.fromEntries(
      snapshot.holdings.map((h) => [
        h.ticker,
        new Decimal(h.main)
          .plus(h.trade)
          .plus(h.flex)
          .minus(unitsText(moved.get(h.ticker) ?? 0n))
          .toFixed(),
      ]),
    );
  }

  /** `tax.report`: the year's report in `quote`, after syncing what is new. */
  async report(quote: string, year: number): Promise<TaxReport> {
    const now = Date.now();
    const prepared = await this.options.portfolioHistory.prepare(quote, now);
    const { id, overview, records, miningRewards, closes } = prepared;
    const history = taxHistoryOf({ ...records, miningRewards });
    const value = closeValuation(closes, quote);
    const events = taxEvents(history, value, quote, this.options.store.tax.marks(id));
    const prices = new Map(overview.rows.map((r) => [r.ticker, r.price]));
    const report = taxReport({
      events,
      settings: this.options.store.tax.settings(id),
      year,
      quote,
      priceNow: (asset) => {
        if (asset === quote) return new Decimal(1);
        const price = prices.get(asset);
        return price ? new Decimal(price) : undefined;
      },
      value,
      balances: balancesOf(overview),
      historyFrom: historyFromOf(history),
      heldBefore: this.heldBefore(id, { ...records, miningRewards }),
      now,
    });
    // The number rule's places for the screen: each asset's display places, the quote's.
    const precisions = Object.fromEntries(overview.rows.map((r) => [r.ticker, r.precision]));
    return { ...report, precisions, quotePlaces: overview.quotePrecision };
  }
}

/** Held now per asset: every account's total, as the Overview adds it up. */
function balancesOf(overview: PortfolioOverview): Record<string, string> {
  return Object.fromEntries(overview.rows.map((r) => [r.ticker, r.total]));
}

/** The earliest record of the history, or null. */
export function historyFromOf(history: TaxHistory): number | null {
  const times = [
    history.deals[0]?.time,
    history.transfers[0]?.time,
    history.flexPayments[0]?.time,
    history.miningRewards[0]?.day,
  ].filter((t): t is number => t !== undefined);
  return times.length > 0 ? Math.min(...times) : null;
}
