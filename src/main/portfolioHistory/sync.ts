import { feeAssetOf, historyEarliest, historyWindows } from '../../shared/executed';
import type {
  Candle,
  ConvertRecord,
  DepositWithdraw,
  FlexPayment,
  MarketDeal,
  Millis,
  SubAccountTransfer,
} from '../../shared/model';
import { statusName } from '../../shared/transferStatus';
import type { ExchangeApi } from '../exchange/api';
import { ExchangeError } from '../exchange/errors';
import { deals as dealsOfWindow } from '../services/keyHistory';
import type {
  DailyClose,
  StoredConvert,
  StoredDeal,
  StoredFlexPayment,
  StoredSubAccountTransfer,
  StoredTransfer,
  SyncCursor,
} from './records';
import type { HistoryStore } from './store';

/**
 * Fetches the active profile's history into the store (issue 18), once and then incrementally:
 * deals (executed-history, 31 days a query, six months back), deposits and withdrawals
 * (main-account/history, paged, no date filter) and flex interest payments (payment-history, paged
 * by date). Each source keeps a cursor: the first sync reaches as far back as the exchange lets
 * it, later ones fetch only what came after the cursor's `through`, with an overlap (upserts keep
 * each record once). Every record comes through the client, which parses it (zod) before it is
 * mapped here; each source stores at most SYNC_CAP records a sync.
 */

/** Most records one source stores in one sync (the next sync goes on from its cursor). */
export const SYNC_CAP = 10_000;
/** Deals are final once made: a small overlap covers the boundary second and a clock skew. */
const DEALS_OVERLAP_MS = 60 * 60_000;
/**
 * A transfer is listed when it is created and becomes successful later (a withdrawal pending for
 * days): the last two weeks are read again, so one that completed since is stored.
 */
const TRANSFERS_OVERLAP_MS = 14 * 86_400_000;
const PAYMENTS_OVERLAP_MS = 86_400_000;
/** main-account/history answers up to 100 a page, and never past offset + limit = 10,000. */
const TRANSFERS_PAGE = 100;
const TRANSFERS_OFFSET_END = 10_000;
/** payment-history answers up to 100 a page. */
const PAYMENTS_PAGE = 100;
/** A sub-account transfer or a convert is final when listed: the overlap covers clock skew. */
const MOVES_OVERLAP_MS = 60 * 60_000;
/** sub-account/transfer/history answers up to 100 a page; read no further than this offset. */
const SUB_TRANSFERS_PAGE = 100;
const SUB_TRANSFERS_OFFSET_END = 10_000;
/** sub-account/list: up to 100 a page; at most this many pages (1,000 sub-accounts). */
const SUB_ACCOUNTS_PAGE = 100;
const SUB_ACCOUNTS_PAGES = 10;
/** convert/history: up to 100 a page, `from`-`to` at most 30 days, six months back. */
const CONVERTS_PAGE = 100;
const CONVERT_WINDOW_SECONDS = 30 * 86_400;
/** v1 kline: up to 1,440 candles a request. */
const KLINE_LIMIT = 1440;
const DAY_MS = 86_400_000;

export interface SyncResult {
  /** Records fetched (and upserted) per source. */
  deals: number;
  transfers: number;
  flexPayments: number;
  subAccountTransfers: number;
  converts: number;
  /** Sources that had more than one sync stores (the rest comes with the next one). */
  capped: SyncCursor['source'][];
  /** The key may not read flex payments: none are counted. */
  flexUnavailable: boolean;
  /** The key may not read sub-accounts (or converts): none of those are counted. */
  movesUnavailable: ('subAccounts' | 'converts')[];
}

const seconds = (ms: Millis) => Math.floor(ms / 1000);

/** A deal of executed-history as stored; one without a side (never from this endpoint) is not. */
export function storedDeal(d: MarketDeal): StoredDeal | undefined {
  // What a stored deal does not keep: the client order id, the counterparty, the RPI flag.
  const { side, orderId, feeAsset: _f, clientOrderId: _c, dealOrderId: _o, rpi: _r, ...same } = d;
  if (!side) return undefined;
  return { ...same, side, orderId: orderId ?? null, feeAsset: feeAssetOf(d) };
}

/**
 * A deposit or withdrawal as stored, when it changed a balance: a successful one (3, 7) in full,
 * a partially successful withdrawal (18) by its processed part (amount and fee); any other status
 * (pending, canceled, frozen...) changed nothing and is not stored. The key is the exchange's
 * unique id, else the transaction id (or hash) with the method and time.
 *
 * The balance change (records.ts, StoredTransfer): a deposit adds `amount`; a withdrawal takes
 * `amount + fee`. The record's `amount` is read as what was sent (what reached the destination)
 * and `fee` as charged on top, as the history lists them side by side.
 */
export function storedTransfer(r: DepositWithdraw): StoredTransfer | undefined {
  const name = statusName(r.method, r.status);
  const partial = r.method === 2 && name === 'Partially successful';
  if (name !== 'Successful' && !partial) return undefined;
  const processed = partial ? r.details?.partial : undefined;
  if (partial && !processed) return undefined;
  return {
    key: r.uniqueId
      ? `unique:${r.uniqueId}`
      : `tx:${r.method}:${r.transactionId || r.transactionHash}:${r.createdAt}`,
    kind: r.method === 1 ? 'deposit' : 'withdraw',
    ticker: r.ticker,
    amount: processed ? processed.processedAmount : r.amount,
    fee: processed ? processed.processedFee : r.fee,
    status: r.status,
    time: r.createdAt,
  };
}

export function storedFlexPayment(p: FlexPayment): StoredFlexPayment {
  return {
    transactionId: p.transactionId,
    ticker: p.currency,
    amount: p.amount,
    time: p.createdAt,
  };
}

/**
 * Where a source read in windows back six months goes on from (Unix seconds): its cursor less the
 * overlap, or the earliest the exchange keeps; and the `earliest` its cursor then keeps.
 */
function windowsStart(
  store: HistoryStore,
  profileId: string,
  source: 'deals' | 'converts',
  overlapMs: Millis,
  now: Millis,
) {
  const cursor = store.cursor(profileId, source);
  const kept = historyEarliest(now);
  const resume = cursor ? seconds(cursor.through - overlapMs) : undefined;
  // A cursor older than what the exchange keeps (the app not run for six months): what lies
  // between is gone, and the store's history starts again at the earliest kept.
  const from = resume !== undefined && resume >= kept ? resume : kept;
  const earliest = cursor && from === resume ? cursor.earliest : from * 1000;
  return { from, earliest };
}

/** Deals: the 31-day windows from the cursor (or six months ago) to now, oldest first. */
async function syncDeals(api: ExchangeApi, store: HistoryStore, profileId: string, now: Millis) {
  const { from, earliest } = windowsStart(store, profileId, 'deals', DEALS_OVERLAP_MS, now);
  let count = 0;
  // Oldest first, the cursor moved after each window: a sync stopped by the cap or a failure
  // goes on from there next time.
  // Up to the next whole second: a deal made earlier in this second is within "now".
  for (const window of historyWindows({ from, to: Math.ceil(now / 1000) }).reverse()) {
    // On the sync's clock: the window is clamped to what the exchange keeps at `now`.
    const page = await dealsOfWindow(api, window, now);
    const stored = page.records.flatMap((d) => storedDeal(d) ?? []);
    store.putDeals(profileId, stored);
    store.setCursor(profileId, { source: 'deals', earliest, through: window.to * 1000 });
    count += stored.length;
    if (page.capped || count >= SYNC_CAP) return { count, capped: true };
  }
  return { count, capped: false };
}

/** A sub-account transfer as stored, with the sub-account it was listed for. */
export function storedSubAccountTransfer(
  subAccountId: string,
  t: SubAccountTransfer,
): StoredSubAccountTransfer {
  return {
    transactionId: t.transactionId,
    subAccountId,
    direction: t.direction,
    ticker: t.ticker,
    amount: t.amount,
    time: t.createdAt,
  };
}

/** A convert as stored; one whose path names no asset (never from the exchange) is not. */
export function storedConvert(c: ConvertRecord): StoredConvert | undefined {
  if (!c.from || !c.to) return undefined;
  return { id: c.id, from: c.from, to: c.to, give: c.give, receive: c.receive, time: c.date };
}

/** A newest-first list the exchange pages by offset: transfers, flex payments, sub-account moves. */
interface NewestFirst<R> {
  source: SyncCursor['source'];
  /** Read again at each sync: what may have changed (or been late) since. */
  overlapMs: Millis;
  pageSize: number;
  /** The exchange pages no further than this offset + page size. */
  lastOffset: number;
  /** One page; `since` (the first time none) is what the cursor asks for. */
  page: (offset: number, since: Millis | undefined) => Promise<R[]>;
  time: (record: R) => Millis;
  /** Stores the records that count; answers how many. */
  put: (records: R[]) => number;
}

/**
 * Pages a newest-first list from the newest until a record older than the cursor's `through`
 * (less the overlap), a short page, the last page or the cap. Complete, the new cursor joins the
 * last one (the first time: reaches the beginning); cut short, it covers only what was fetched.
 */
async function syncNewestFirst<R>(
  store: HistoryStore,
  profileId: string,
  now: Millis,
  list: NewestFirst<R>,
): Promise<{ count: number; capped: boolean }> {
  const cursor = store.cursor(profileId, list.source);
  const since = cursor ? cursor.through - list.overlapMs : undefined;
  const records: R[] = [];
  let complete = false;
  pages: for (let offset = 0; offset + list.pageSize <= list.lastOffset; offset += list.pageSize) {
    const page = await list.page(offset, since);
    for (const record of page) {
      if (since !== undefined && list.time(record) < since) {
        complete = true;
        break pages;
      }
      records.push(record);
    }
    if (page.length < list.pageSize) {
      complete = true;
      break;
    }
    if (records.length >= SYNC_CAP) break;
  }
  const count = list.put(records);
  store.setCursor(profileId, {
    source: list.source,
    earliest: complete ? (cursor?.earliest ?? 0) : Math.min(now, ...records.map(list.time)),
    through: now,
  });
  return { count, capped: !complete };
}

const syncTransfers = (api: ExchangeApi, store: HistoryStore, profileId: string, now: Millis) =>
  syncNewestFirst(store, profileId, now, {
    source: 'transfers',
    overlapMs: TRANSFERS_OVERLAP_MS,
    pageSize: TRANSFERS_PAGE,
    lastOffset: TRANSFERS_OFFSET_END,
    // No date filter: newest first, page after page.
    page: async (offset) =>
      (await api.depositWithdrawHistory({ offset, limit: TRANSFERS_PAGE })).records,
    time: (r) => r.createdAt,
    put: (records) => {
      const stored = records.flatMap((r) => storedTransfer(r) ?? []);
      store.putTransfers(profileId, stored);
      return stored.length;
    },
  });

/** A key that may not read flex has no payments to tell: undefined (and no cursor is written). */
async function syncFlexPayments(
  api: ExchangeApi,
  store: HistoryStore,
  profileId: string,
  now: Millis,
) {
  return unlessForbidden(() =>
    syncNewestFirst(store, profileId, now, {
      source: 'flexPayments',
      overlapMs: PAYMENTS_OVERLAP_MS,
      pageSize: PAYMENTS_PAGE,
      lastOffset: Number.MAX_SAFE_INTEGER,
      page: async (offset, since) =>
        (
          await api.flexPayments({
            dateFrom: since === undefined ? undefined : seconds(since),
            offset,
            limit: PAYMENTS_PAGE,
          })
        ).records,
      time: (p) => p.createdAt,
      put: (records) => {
        store.putFlexPayments(profileId, records.map(storedFlexPayment));
        return records.length;
      },
    }),
  );
}

/** A key that may not read a source: undefined (and no cursor is written). */
async function unlessForbidden<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ExchangeError && error.kind === 'permission') return undefined;
    throw error;
  }
}

/**
 * Transfers between the main account and each of its sub-accounts (sub-account/transfer/history,
 * one list per sub-account, newest first, paged to a bounded offset), each with its own cursor
 * (`subAccount:<id>`). The sub-accounts are listed first (a bounded number of pages).
 */
async function syncSubAccountTransfers(
  api: ExchangeApi,
  store: HistoryStore,
  profileId: string,
  now: Millis,
) {
  const ids: string[] = [];
  for (let page = 0; page < SUB_ACCOUNTS_PAGES; page++) {
    const { records } = await api.subAccounts({
      offset: page * SUB_ACCOUNTS_PAGE,
      limit: SUB_ACCOUNTS_PAGE,
    });
    ids.push(...records.map((r) => r.id));
    if (records.length < SUB_ACCOUNTS_PAGE) break;
  }
  let count = 0;
  const capped: SyncCursor['source'][] = [];
  for (const id of new Set(ids)) {
    const source = `subAccount:${id}` as const;
    const synced = await syncNewestFirst<SubAccountTransfer>(store, profileId, now, {
      source,
      overlapMs: MOVES_OVERLAP_MS,
      pageSize: SUB_TRANSFERS_PAGE,
      lastOffset: SUB_TRANSFERS_OFFSET_END,
      page: async (offset) =>
        (await api.subAccountTransfers({ id, offset, limit: SUB_TRANSFERS_PAGE })).records,
      time: (t) => t.createdAt,
      put: (records) => {
        store.putSubAccountTransfers(
          profileId,
          records.map((t) => storedSubAccountTransfer(id, t)),
        );
        return records.length;
      },
    });
    count += synced.count;
    if (synced.capped) capped.push(source);
  }
  return { count, capped };
}

/**
 * Converts (convert/history): the 30-day windows from the cursor (or six months ago, as far as the
 * exchange answers) to now, oldest first, each paged; the cursor moves after each window.
 */
async function syncConverts(api: ExchangeApi, store: HistoryStore, profileId: string, now: Millis) {
  const { from, earliest } = windowsStart(store, profileId, 'converts', MOVES_OVERLAP_MS, now);
  let count = 0;
  const windows = historyWindows({ from, to: Math.ceil(now / 1000) }, CONVERT_WINDOW_SECONDS);
  for (const window of windows.reverse()) {
    for (let offset = 0; ; offset += CONVERTS_PAGE) {
      const page = await api.convertHistory({ ...window, offset, limit: CONVERTS_PAGE });
      const stored = page.records.flatMap((c) => storedConvert(c) ?? []);
      store.putConverts(profileId, stored);
      count += page.records.length;
      if (count >= SYNC_CAP) return { count, capped: true };
      if (page.records.length < CONVERTS_PAGE) break;
    }
    store.setCursor(profileId, { source: 'converts', earliest, through: window.to * 1000 });
  }
  return { count, capped: false };
}

/**
 * Fetches what is new of the profile's deals, transfers, flex payments, sub-account transfers and
 * converts into the store (the first time: as far back as the exchange keeps them). `now`: the time
 * the sync runs to.
 */
export async function syncHistory(
  api: ExchangeApi,
  store: HistoryStore,
  profileId: string,
  now: Millis = Date.now(),
): Promise<SyncResult> {
  const deals = await syncDeals(api, store, profileId, now);
  const transfers = await syncTransfers(api, store, profileId, now);
  const payments = await syncFlexPayments(api, store, profileId, now);
  const subAccounts = await unlessForbidden(() =>
    syncSubAccountTransfers(api, store, profileId, now),
  );
  const converts = await unlessForbidden(() => syncConverts(api, store, profileId, now));
  const capped: SyncCursor['source'][] = [];
  if (deals.capped) capped.push('deals');
  if (transfers.capped) capped.push('transfers');
  if (payments?.capped) capped.push('flexPayments');
  capped.push(...(subAccounts?.capped ?? []));
  if (converts?.capped) capped.push('converts');
  const movesUnavailable: SyncResult['movesUnavailable'] = [];
  if (!subAccounts) movesUnavailable.push('subAccounts');
  if (!converts) movesUnavailable.push('converts');
  return {
    deals: deals.count,
    transfers: transfers.count,
    flexPayments: payments?.count ?? 0,
    subAccountTransfers: subAccounts?.count ?? 0,
    converts: converts?.count ?? 0,
    capped,
    flexUnavailable: payments === undefined,
    movesUnavailable,
  };
}

const dayOf = (ms: Millis) => Math.floor(ms / DAY_MS) * DAY_MS;

const dailyClose = (market: string, candle: Candle): DailyClose => ({
  market,
  day: dayOf(candle.time),
  close: candle.close,
});

/**
 * The daily closes (v1 kline, 1d) of each market from `from` to `to` into the store: only the days
 * after the last one stored (that one again: it may have been today's, still moving), in requests
 * of at most 1,440 days, the markets side by side. Answers how many closes were fetched; a market
 * that fails fails the sync (after the others settled, each having stored what it fetched).
 */
export async function syncDailyCloses(
  api: ExchangeApi,
  store: HistoryStore,
  markets: readonly string[],
  from: Millis,
  to: Millis,
): Promise<number> {
  let count = 0;
  const end = seconds(Math.min(to, Date.now()));
  // The markets side by side (the client paces them within the exchange's limits).
  const syncMarket = async (market: string) => {
    const known = store.closesSpan(market, dayOf(from), to);
    let start = seconds(known && known.first <= dayOf(from) ? known.last : dayOf(from));
    while (start < end) {
      // Both ends are included and the kline answers the latest KLINE_LIMIT days: a request
      // spans KLINE_LIMIT days, not one more (its first day would be dropped, and looked for again
      // by every later sync).
      const stop = Math.min(end, start + (KLINE_LIMIT - 1) * 86_400);
      const candles = await api.kline(market, {
        interval: '1d',
        start,
        end: stop,
        limit: KLINE_LIMIT,
      });
      store.putDailyCloses(candles.map((c) => dailyClose(market, c)));
      count += candles.length;
      start = stop;
    }
  };
  const settled = await Promise.allSettled(markets.map(syncMarket));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return count;
}
