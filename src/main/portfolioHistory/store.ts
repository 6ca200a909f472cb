import Decimal from 'decimal.js';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Millis } from '../../shared/model';
import { log } from '../lib/log';
import { nextTurn } from '../lib/nextTurn';
import { inTransaction, openHistoryFile } from './database';
import { MINING_ALERT_TABLES, MiningAlertStore } from './miningAlertsStore';
import { MiningRewardStore } from './miningRewardsStore';
import { MOVE_TABLES, MovesStore } from './movesStore';
import { PRICE_ALERT_TABLES, PriceAlertStore } from './priceAlertsStore';
import { TAX_TABLES, TaxStore } from '../tax/store';
import { DAY_MS } from './prices';
import type {
  DailyClose,
  Snapshot,
  SnapshotHolding,
  StoredConvert,
  StoredDeal,
  StoredFlexPayment,
  StoredSubAccountTransfer,
  StoredTransfer,
  SyncCursor,
} from './records';

/** A snapshot like the last one (same quote, same amounts) taken less than this after it is skipped. */
export const SNAPSHOT_DEDUPE_MS = 15 * 60_000;

/**
 * The most snapshots the net-worth series reads as they are; more are read bucketed (up to 4 a
 * bucket): as many as the points a chart draws (service.ts MAX_POINTS). The walk back through them
 * (backfill.ts) is then ~10 ms, ~35 ms the first time, at 50 assets.
 */
export const SERIES_MAX_SNAPSHOTS = 1200;
/** Rows of the series' index one statement reads at most (~10 ms). */
const SLICE_ROWS = 10_000;
/** Snapshots (holdings and all) one statement reads at most (~5 ms at 50 assets). */
const PAGE_ROWS = 100;

/** What the net-worth series reads (seriesSnapshots). */
export interface SeriesRead {
  /** Oldest first. */
  snapshots: Snapshot[];
  /** When the snapshots are a bucketed choice: when each day's last snapshot was taken. */
  lastOfDays?: Millis[];
}

export interface HistoryStoreOptions {
  /** Where a long read lets other work run (default: the next turn of the event loop). */
  pause?: () => Promise<void>;
  /** Rows of the series' index read by one statement (default SLICE_ROWS). */
  sliceRows?: number;
  /** Snapshots read by one statement (default PAGE_ROWS). */
  pageRows?: number;
}

/** The earliest and latest times a range read may ask (SQLite INTEGER, Unix ms). */
const EARLIEST = 0;
const LATEST = Number.MAX_SAFE_INTEGER;

type Row = Record<string, unknown>;
const text = (value: unknown) => value as string;
const int = (value: unknown) => Number(value);

/** Amounts equal as decimals ("1.0" and "1" are one amount). */
const sameAmount = (a: string, b: string) => new Decimal(a).eq(b);

/** Same tickers, and each ticker the same main, trade and flex amounts. Prices do not count. */
function sameHoldings(a: readonly SnapshotHolding[], b: readonly SnapshotHolding[]): boolean {
  if (a.length !== b.length) return false;
  const byTicker = new Map(b.map((h) => [h.ticker, h]));
  return a.every((h) => {
    const other = byTicker.get(h.ticker);
    return (
      other !== undefined &&
      sameAmount(h.main, other.main) &&
      sameAmount(h.trade, other.trade) &&
      sameAmount(h.flex, other.flex)
    );
  });
}

/**
 * A snapshot's holdings are one text in its row (migration 3): ticker, main, trade, flex and price
 * (empty: none), each field ended by the unit separator U+001F. Decimals never contain it; a ticker
 * (the exchange's map key, bounded in length only) that did is refused: the snapshot is not written
 * and the recorder logs why. A range of N snapshots is N rows and N splits, never N x assets row
 * objects. Holdings keep the order they were recorded in (the Overview's: by ticker).
 */
const SEPARATOR = '\u001f';
const FIELDS = 5;

function holdingsText(holdings: readonly SnapshotHolding[]): string {
  let text = '';
  for (const h of holdings) {
    for (const field of [h.ticker, h.main, h.trade, h.flex, h.price ?? '']) {
      if (field.includes(SEPARATOR)) throw new Error('A snapshot field contains U+001F.');
      text += field + SEPARATOR;
    }
  }
  return text;
}

function holdingsOf(text: string): SnapshotHolding[] {
  const fields = text.split(SEPARATOR);
  const holdings: SnapshotHolding[] = [];
  // The text ends with a separator: its last field is the empty one after it.
  for (let i = 0; i + FIELDS < fields.length; i += FIELDS) {
    const price = fields[i + 4]!;
    holdings.push({
      ticker: fields[i]!,
      main: fields[i + 1]!,
      trade: fields[i + 2]!,
      flex: fields[i + 3]!,
      price: price === '' ? null : price,
    });
  }
  return holdings;
}

const SNAPSHOT_SELECT = 'SELECT taken_at, quote, total, holdings FROM snapshots';

function snapshotOfRow(row: Row): Snapshot {
  return {
    takenAt: int(row.taken_at),
    quote: text(row.quote),
    total: text(row.total),
    holdings: holdingsOf(text(row.holdings)),
  };
}

/**
 * The series' bucketed choice over one slice of a range (profile, from, to; then the range's
 * start, its buckets and its span in ms): per bucket and quote the snapshot of the lowest total
 * (`min`), or of the highest (`max`): min-max decimation, so a spike or a dip is drawn. SQLite
 * answers a bare column beside one min() or max() from the row that has it; one aggregate a
 * statement, each a single pass over the slice of the snapshots_series index (a CTE shared by both,
 * or the bucket's first and last as well, measured 2-3 times slower). Totals are compared as REAL
 * for the choice only (which points a chart of about a pixel each draws); every value shown stays
 * the recorded decimal.
 */
const seriesPicks = (aggregate: 'min' | 'max') => `
  SELECT id, ${aggregate}(CAST(total AS REAL)) FROM snapshots
  WHERE profile = ?1 AND taken_at BETWEEN ?2 AND ?3
  GROUP BY CAST((taken_at - ?4) * ?5 / ?6 AS INTEGER), quote`;

/** Every statement the store runs, prepared once. */
function prepareQueries(db: DatabaseSync) {
  const prepare = (sql: string): StatementSync => db.prepare(sql);
  return {
    lastSnapshot: prepare(
      `${SNAPSHOT_SELECT} WHERE profile = ? ORDER BY taken_at DESC, id DESC LIMIT 1`,
    ),
    firstSnapshotAt: prepare('SELECT MIN(taken_at) AS at FROM snapshots WHERE profile = ?'),
    snapshotRange: prepare(
      `${SNAPSHOT_SELECT} WHERE profile = ? AND taken_at BETWEEN ? AND ? ORDER BY taken_at, id`,
    ),
    countRange: prepare(
      'SELECT count(*) AS n, min(taken_at) AS first FROM snapshots WHERE profile = ? AND taken_at BETWEEN ? AND ?',
    ),
    idsInRange: prepare(
      'SELECT id FROM snapshots WHERE profile = ? AND taken_at BETWEEN ? AND ? ORDER BY taken_at, id',
    ),
    lastBefore: prepare(
      'SELECT id FROM snapshots WHERE profile = ? AND taken_at < ? ORDER BY taken_at DESC, id DESC LIMIT 1',
    ),
    firstIn: prepare(
      'SELECT id FROM snapshots WHERE profile = ? AND taken_at BETWEEN ? AND ? ORDER BY taken_at, id LIMIT 1',
    ),
    lastIn: prepare(
      'SELECT id FROM snapshots WHERE profile = ? AND taken_at BETWEEN ? AND ? ORDER BY taken_at DESC, id DESC LIMIT 1',
    ),
    /** Where a slice of at most `?3` rows from `?2` on ends (its last time). */
    sliceEnd: prepare(
      `SELECT max(taken_at) AS at FROM (SELECT taken_at FROM snapshots
         WHERE profile = ?1 AND taken_at >= ?2 ORDER BY taken_at LIMIT ?3)`,
    ),
    seriesLowest: prepare(seriesPicks('min')),
    seriesHighest: prepare(seriesPicks('max')),
    /** When each day's (UTC) last snapshot in a slice was taken. */
    lastOfDays: prepare(
      `SELECT max(taken_at) AS at FROM snapshots WHERE profile = ? AND taken_at BETWEEN ? AND ?
       GROUP BY taken_at / 86400000`,
    ),
    snapshotsById: prepare(
      `${SNAPSHOT_SELECT} WHERE id IN (SELECT value FROM json_each(?)) ORDER BY taken_at, id`,
    ),
    /** A quote's snapshots after (time, id), oldest first, `?5` at most. */
    snapshotPage: prepare(
      `SELECT id, taken_at, quote, total, holdings FROM snapshots
       WHERE profile = ?1 AND quote = ?2 AND (taken_at > ?3 OR (taken_at = ?3 AND id > ?4))
       ORDER BY taken_at, id LIMIT ?5`,
    ),
    insertSnapshot: prepare(
      'INSERT INTO snapshots (profile, taken_at, quote, total, holdings) VALUES (?, ?, ?, ?, ?)',
    ),
    putDeal: prepare(
      `INSERT INTO deals (profile, deal_id, order_id, market, side, role, price, amount, deal,
         fee, fee_asset, time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (profile, deal_id) DO UPDATE SET order_id = excluded.order_id,
         market = excluded.market, side = excluded.side, role = excluded.role,
         price = excluded.price, amount = excluded.amount, deal = excluded.deal,
         fee = excluded.fee, fee_asset = excluded.fee_asset, time = excluded.time`,
    ),
    deals: prepare(
      `SELECT * FROM deals WHERE profile = ? AND time BETWEEN ? AND ? ORDER BY time, deal_id`,
    ),
    putTransfer: prepare(
      `INSERT INTO transfers (profile, key, kind, ticker, amount, fee, status, time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (profile, key) DO UPDATE SET kind = excluded.kind, ticker = excluded.ticker,
         amount = excluded.amount, fee = excluded.fee, status = excluded.status,
         time = excluded.time`,
    ),
    transfers: prepare(
      `SELECT * FROM transfers WHERE profile = ? AND time BETWEEN ? AND ? ORDER BY time, key`,
    ),
    putFlexPayment: prepare(
      `INSERT INTO flex_payments (profile, transaction_id, ticker, amount, time)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (profile, transaction_id) DO UPDATE SET ticker = excluded.ticker,
         amount = excluded.amount, time = excluded.time`,
    ),
    flexPayments: prepare(
      `SELECT * FROM flex_payments WHERE profile = ? AND time BETWEEN ? AND ?
       ORDER BY time, transaction_id`,
    ),
    putDailyClose: prepare(
      `INSERT INTO daily_closes (market, day, close) VALUES (?, ?, ?)
       ON CONFLICT (market, day) DO UPDATE SET close = excluded.close`,
    ),
    closesSpan: prepare(
      'SELECT min(day) AS first, max(day) AS last FROM daily_closes WHERE market = ? AND day BETWEEN ? AND ?',
    ),
    dailyCloses: prepare(
      'SELECT * FROM daily_closes WHERE market = ? AND day BETWEEN ? AND ? ORDER BY day',
    ),
    cursor: prepare('SELECT * FROM sync_cursors WHERE profile = ? AND source = ?'),
    setCursor: prepare(
      `INSERT INTO sync_cursors (profile, source, earliest, through) VALUES (?, ?, ?, ?)
       ON CONFLICT (profile, source) DO UPDATE SET earliest = excluded.earliest,
         through = excluded.through`,
    ),
  };
}
type Queries = ReturnType<typeof prepareQueries>;

/**
 * The portfolio history of every profile (issue 18), over the one database connection main keeps:
 * balance snapshots, the deals, transfers and flex payments fetched so far with their sync cursors,
 * and the markets' daily closes (public, shared by every profile). Amounts stay decimal strings.
 * Every bulk write is one transaction; ranges are read oldest first through (profile, time) indexes.
 */
export class HistoryStore {
  private readonly q: Queries;
  private readonly pause: () => Promise<void>;
  private readonly sliceRows: number;
  private readonly pageRows: number;
  /** The mining alerts' events, rules and settings. */
  readonly miningAlerts: MiningAlertStore;
  /** The mining accounts' daily rewards. */
  readonly miningRewards: MiningRewardStore;
  /** The price alerts (per profile). */
  readonly priceAlerts: PriceAlertStore;
  /** Sub-account transfers and converts (subAccountTransfers, converts below). */
  private readonly moves: MovesStore;
  /** The tax settings and the user's word on deposits and withdrawals (issue 36). */
  readonly tax: TaxStore;

  /**
   * `notice`: what the user should be told about how the file was opened (set aside, refused, or
   * not openable: then this store is in memory), or undefined.
   */
  constructor(
    private readonly db: DatabaseSync,
    readonly notice?: string,
    options: HistoryStoreOptions = {},
  ) {
    this.q = prepareQueries(db);
    this.pause = options.pause ?? nextTurn;
    this.sliceRows = options.sliceRows ?? SLICE_ROWS;
    this.pageRows = options.pageRows ?? PAGE_ROWS;
    this.miningAlerts = new MiningAlertStore(db);
    this.miningRewards = new MiningRewardStore(db);
    this.priceAlerts = new PriceAlertStore(db);
    this.moves = new MovesStore(db);
    this.tax = new TaxStore(db);
  }

  /**
   * The store of the app's data folder (`history.sqlite`), or in memory without one. The file
   * cannot hurt the app (database.ts openHistoryFile); what became of it is logged and kept in
   * `notice`.
   */
  static open(dataDir: string | undefined): HistoryStore {
    const { db, notice } = openHistoryFile(dataDir);
    if (notice) log.error(`[history] ${notice}`);
    return new HistoryStore(db, notice);
  }

  // Snapshots -------------------------------------------------------------------------------------

  /**
   * Records a snapshot, unless the profile's last one is less than 15 minutes older, in the same
   * quote, with identical amounts (prices may differ: the balances did not change).
   */
  addSnapshot(profileId: string, snapshot: Snapshot): 'written' | 'deduplicated' {
    return inTransaction(this.db, () => {
      const last = this.lastSnapshot(profileId);
      if (
        last &&
        last.quote === snapshot.quote &&
        snapshot.takenAt >= last.takenAt &&
        snapshot.takenAt - last.takenAt < SNAPSHOT_DEDUPE_MS &&
        sameHoldings(last.holdings, snapshot.holdings)
      ) {
        return 'deduplicated';
      }
      this.q.insertSnapshot.run(
        profileId,
        snapshot.takenAt,
        snapshot.quote,
        snapshot.total,
        holdingsText(snapshot.holdings),
      );
      return 'written';
    });
  }

  /** The profile's snapshots taken from `from` to `to` (both included), oldest first. */
  snapshots(profileId: string, from: Millis = EARLIEST, to: Millis = LATEST): Snapshot[] {
    return this.q.snapshotRange.all(profileId, from, to).map(snapshotOfRow);
  }

  /**
   * The snapshots the net-worth series walks back through, oldest first: every one taken from
   * `from` to `to` when there are at most `max`; else the range's first and last, and, with the
   * range cut into `max / 2` buckets of time, each bucket's lowest and highest total (per quote:
   * far fewer, and a spike or a dip still there). Then the newest one before `from` (the walk's
   * anchor at the range's start). Read in statements of bounded size (`sliceRows` rows of the index, `pageRows`
   * snapshots), with a pause between them, so that 3 years at 15 minutes neither fills memory nor
   * holds main for long. A bucketed read also answers when each day's last snapshot of the range
   * was taken (`lastOfDays`): those days are recorded, not to be reconstructed (backfill.ts).
   */
  async seriesSnapshots(
    profileId: string,
    from: Millis,
    to: Millis,
    { max = SERIES_MAX_SNAPSHOTS }: { max?: number } = {},
  ): Promise<SeriesRead> {
    const { n, first } = this.q.countRange.get(profileId, from, to) as {
      n: number;
      first: number | null;
    };
    let ids: number[];
    let lastOfDays: Millis[] | undefined;
    if (n <= max || first === null) {
      ids = this.q.idsInRange.all(profileId, from, to).map((r) => int(r.id));
    } else {
      const buckets = Math.max(1, Math.floor(max / 2));
      ({ ids, lastOfDays } = await this.bucketPicks(profileId, first, to, buckets));
    }
    const before = from > EARLIEST ? this.q.lastBefore.get(profileId, from) : undefined;
    if (before) ids.push(int(before.id));
    const snapshots: Snapshot[] = [];
    for (let i = 0; i < ids.length; i += this.pageRows) {
      const page = JSON.stringify(ids.slice(i, i + this.pageRows));
      for (const row of this.q.snapshotsById.all(page)) snapshots.push(snapshotOfRow(row));
      await this.pause();
    }
    snapshots.sort((a, b) => a.takenAt - b.takenAt);
    return lastOfDays ? { snapshots, lastOfDays } : { snapshots };
  }

  /** seriesSnapshots' choice over [from, to], a slice of `sliceRows` index rows at a time. */
  private async bucketPicks(
    profileId: string,
    from: Millis,
    to: Millis,
    buckets: number,
  ): Promise<{ ids: number[]; lastOfDays: Millis[] }> {
    const span = to - from + 1;
    const ids = new Set<number>();
    const lastOfDay = new Map<number, Millis>();
    for (const row of [
      this.q.firstIn.get(profileId, from, to),
      this.q.lastIn.get(profileId, from, to),
    ]) {
      if (row) ids.add(int(row.id));
    }
    for (let start = from; start <= to;) {
      const end = (this.q.sliceEnd.get(profileId, start, this.sliceRows) as { at: number | null })
        .at;
      if (end === null) break;
      const last = Math.min(end, to);
      for (const picks of [this.q.seriesLowest, this.q.seriesHighest]) {
        await this.pause();
        for (const row of picks.all(profileId, start, last, from, buckets, span))
          ids.add(int(row.id));
      }
      await this.pause();
      for (const row of this.q.lastOfDays.all(profileId, start, last)) {
        const at = int(row.at);
        const day = Math.floor(at / DAY_MS);
        lastOfDay.set(day, Math.max(at, lastOfDay.get(day) ?? at));
      }
      start = last + 1;
    }
    return { ids: [...ids], lastOfDays: [...lastOfDay.values()] };
  }

  /**
   * The profile's snapshots in `quote`, oldest first, a page at a time (about `rows` holdings a
   * page), with a pause before each page: what the snapshot CSV writes, at constant memory.
   */
  async *snapshotPages(profileId: string, quote: string, rows: number): AsyncGenerator<Snapshot[]> {
    let after: { at: number; id: number } = { at: -1, id: -1 };
    let largest = 0;
    for (;;) {
      const limit = largest === 0 ? 1 : Math.max(1, Math.floor(rows / largest));
      const page = this.q.snapshotPage.all(profileId, quote, after.at, after.id, limit);
      if (page.length === 0) return;
      const last = page[page.length - 1]!;
      after = { at: int(last.taken_at), id: int(last.id) };
      const snapshots = page.map(snapshotOfRow);
      for (const s of snapshots) largest = Math.max(largest, s.holdings.length);
      yield snapshots;
      await this.pause();
    }
  }

  /** When the profile's first snapshot was taken, or undefined when it has none. */
  firstSnapshotAt(profileId: string): Millis | undefined {
    const row = this.q.firstSnapshotAt.get(profileId) as { at: number | null } | undefined;
    return row?.at ?? undefined;
  }

  lastSnapshot(profileId: string): Snapshot | undefined {
    const row = this.q.lastSnapshot.get(profileId);
    return row && snapshotOfRow(row);
  }

  // Fetched history -------------------------------------------------------------------------------

  /** Inserts or updates (by deal id) in one transaction. */
  putDeals(profileId: string, deals: readonly StoredDeal[]): void {
    inTransaction(this.db, () => {
      for (const d of deals) {
        this.q.putDeal.run(
          profileId,
          d.dealId,
          d.orderId,
          d.market,
          d.side,
          d.role,
          d.price,
          d.amount,
          d.deal,
          d.fee,
          d.feeAsset,
          d.time,
        );
      }
    });
  }

  /** The profile's deals from `from` to `to` (both included), oldest first. */
  deals(profileId: string, from: Millis = EARLIEST, to: Millis = LATEST): StoredDeal[] {
    return this.q.deals.all(profileId, from, to).map((r) => ({
      dealId: int(r.deal_id),
      orderId: r.order_id === null ? null : int(r.order_id),
      market: text(r.market),
      side: text(r.side) as StoredDeal['side'],
      role: text(r.role) as StoredDeal['role'],
      price: text(r.price),
      amount: text(r.amount),
      deal: text(r.deal),
      fee: text(r.fee),
      feeAsset: text(r.fee_asset),
      time: int(r.time),
    }));
  }

  /** Inserts or updates (by key) in one transaction. */
  putTransfers(profileId: string, transfers: readonly StoredTransfer[]): void {
    inTransaction(this.db, () => {
      for (const t of transfers) {
        this.q.putTransfer.run(
          profileId,
          t.key,
          t.kind,
          t.ticker,
          t.amount,
          t.fee,
          t.status,
          t.time,
        );
      }
    });
  }

  transfers(profileId: string, from: Millis = EARLIEST, to: Millis = LATEST): StoredTransfer[] {
    return this.q.transfers.all(profileId, from, to).map((r) => ({
      key: text(r.key),
      kind: text(r.kind) as StoredTransfer['kind'],
      ticker: text(r.ticker),
      amount: text(r.amount),
      fee: text(r.fee),
      status: int(r.status),
      time: int(r.time),
    }));
  }

  /** Inserts or updates (by transaction id) in one transaction. */
  putFlexPayments(profileId: string, payments: readonly StoredFlexPayment[]): void {
    inTransaction(this.db, () => {
      for (const p of payments) {
        this.q.putFlexPayment.run(profileId, p.transactionId, p.ticker, p.amount, p.time);
      }
    });
  }

  flexPayments(
    profileId: string,
    from: Millis = EARLIEST,
    to: Millis = LATEST,
  ): StoredFlexPayment[] {
    return this.q.flexPayments.all(profileId, from, to).map((r) => ({
      transactionId: text(r.transaction_id),
      ticker: text(r.ticker),
      amount: text(r.amount),
      time: int(r.time),
    }));
  }

  /** Daily closes are public: one set for every profile. Inserts or updates by (market, day). */
  putDailyCloses(closes: readonly DailyClose[]): void {
    inTransaction(this.db, () => {
      for (const c of closes) this.q.putDailyClose.run(c.market, c.day, c.close);
    });
  }

  /** The first and the last day of `market` kept from `from` to `to`, or undefined when none. */
  closesSpan(
    market: string,
    from: Millis,
    to: Millis,
  ): { first: Millis; last: Millis } | undefined {
    const r = this.q.closesSpan.get(market, from, to) as {
      first: number | null;
      last: number | null;
    };
    return r.first === null || r.last === null ? undefined : { first: r.first, last: r.last };
  }

  dailyCloses(market: string, from: Millis = EARLIEST, to: Millis = LATEST): DailyClose[] {
    return this.q.dailyCloses.all(market, from, to).map((r) => ({
      market: text(r.market),
      day: int(r.day),
      close: text(r.close),
    }));
  }

  cursor(profileId: string, source: SyncCursor['source']): SyncCursor | undefined {
    const r = this.q.cursor.get(profileId, source);
    return r
      ? {
          source: text(r.source) as SyncCursor['source'],
          earliest: int(r.earliest),
          through: int(r.through),
        }
      : undefined;
  }

  setCursor(profileId: string, cursor: SyncCursor): void {
    this.q.setCursor.run(profileId, cursor.source, cursor.earliest, cursor.through);
  }

  // Internal moves (issue 34 item 6) -------------------------------------------------------------

  /** Inserts or updates (by transaction id) in one transaction. */
  putSubAccountTransfers(profileId: string, transfers: readonly StoredSubAccountTransfer[]): void {
    this.moves.putSubAccountTransfers(profileId, transfers);
  }

  /** The profile's transfers with its sub-accounts from `from` to `to`, oldest first. */
  subAccountTransfers(
    profileId: string,
    from: Millis = EARLIEST,
    to: Millis = LATEST,
  ): StoredSubAccountTransfer[] {
    return this.moves.subAccountTransfers(profileId, from, to);
  }

  /** Inserts or updates (by the convert's id) in one transaction. */
  putConverts(profileId: string, converts: readonly StoredConvert[]): void {
    this.moves.putConverts(profileId, converts);
  }

  /** The profile's converts from `from` to `to`, oldest first. */
  converts(profileId: string, from: Millis = EARLIEST, to: Millis = LATEST): StoredConvert[] {
    return this.moves.converts(profileId, from, to);
  }

  // Lifetime --------------------------------------------------------------------------------------

  /** Every row of the profile (snapshots, fetched history, cursors, mining alerts), in one transaction. */
  deleteProfile(profileId: string): void {
    inTransaction(this.db, () => {
      const tables = ['snapshots', 'deals', 'transfers', 'flex_payments', 'sync_cursors'];
      for (const table of [
        ...tables,
        ...MINING_ALERT_TABLES,
        'mining_rewards',
        ...PRICE_ALERT_TABLES,
        ...MOVE_TABLES,
        ...TAX_TABLES,
      ]) {
        this.db.prepare(`DELETE FROM ${table} WHERE profile = ?`).run(profileId);
      }
    });
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
