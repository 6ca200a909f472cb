import Decimal from 'decimal.js';
import type { ExchangeApi } from '../exchange/api';
import { isExchangeError } from '../exchange/errors';
import {
  HASHRATE_RANGE_LIMITS,
  WATCHER_LINK_CAP,
  WATCHER_LINK_CAP_MESSAGE,
  type ChannelParsed,
} from '../../shared/contract';
import { Precise } from '../../shared/decimal';
import { DeskFailure } from '../../shared/errors';
import type {
  HashrateInterval,
  HashratePoint,
  HashrateStats,
  CsvExport,
  MiningSeries,
  MiningPool,
  WatcherLinks,
} from '../../shared/model';
import { downsample } from './downsample';
import { deliverCsv, localDay, toCsv, type SaveFile } from './csv';

/**
 * Mining hashrate over any range: split into requests the exchange accepts, fetched a few at a time
 * (the client's pacer keeps the mining group within §7), merged by timestamp, downsampled for the
 * chart; the statistics are computed over the full series in decimal.
 */

/** Requests in flight at once for one series. */
export const MINING_CONCURRENCY = 4;

export interface Chunk {
  /** Unix seconds, inclusive. */
  from: number;
  to: number;
}

/**
 * [from, to] as consecutive chunks of at most the interval's limit. Neighbours share their boundary
 * second (the exchange's bounds may be inclusive or exclusive; duplicates are merged away).
 */
export function chunkRange(from: number, to: number, interval: HashrateInterval): Chunk[] {
  const limit = HASHRATE_RANGE_LIMITS[interval];
  if (to <= from) return [{ from, to }];
  const chunks: Chunk[] = [];
  for (let start = from; start < to; start += limit) {
    chunks.push({ from: start, to: Math.min(to, start + limit) });
  }
  return chunks;
}

/** Runs `tasks` with at most `concurrency` at once; the first failure stops new starts. */
export async function inPool<T>(
  tasks: readonly (() => Promise<T>)[],
  concurrency: number,
): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  let failed = false;
  async function worker(): Promise<void> {
    while (!failed && next < tasks.length) {
      const index = next++;
      try {
        results[index] = await tasks[index]!();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, tasks.length)) }, worker),
  );
  return results;
}

/** The chunks' points as one series: sorted by timestamp, one point per timestamp (the first). */
export function mergeSeries(parts: readonly (readonly HashratePoint[])[]): HashratePoint[] {
  const all = parts.flat();
  all.sort((a, b) => a.timestamp - b.timestamp);
  const merged: HashratePoint[] = [];
  for (const point of all) {
    if (merged.length && merged[merged.length - 1]!.timestamp === point.timestamp) continue;
    merged.push(point);
  }
  return merged;
}

/** Places kept in the average (H/s), rounded half up. */
const AVERAGE_PLACES = 3;

/** current / average / min / max in H/s, exact (decimal.js); null for an empty series. */
export function hashrateStats(points: readonly HashratePoint[]): HashrateStats | null {
  if (points.length === 0) return null;
  let sum = new Precise(0);
  let min: Decimal | undefined;
  let max: Decimal | undefined;
  for (const point of points) {
    const value = new Precise(point.hashrate);
    sum = sum.add(value);
    if (!min || value.lt(min)) min = value;
    if (!max || value.gt(max)) max = value;
  }
  const average = sum.div(points.length).toDecimalPlaces(AVERAGE_PLACES, Decimal.ROUND_HALF_UP);
  return {
    current: new Decimal(points[points.length - 1]!.hashrate).toFixed(),
    average: average.toFixed(),
    min: min!.toFixed(),
    max: max!.toFixed(),
  };
}

/** Mean reject rate (a ratio, not an amount) over the points that carry one. */
export function rejectRateAverage(points: readonly HashratePoint[]): number | undefined {
  let sum = 0;
  let count = 0;
  for (const point of points) {
    if (point.rejectRate === undefined) continue;
    sum += point.rejectRate;
    count++;
  }
  return count ? sum / count : undefined;
}

/**
 * The exchange's refusals as field errors of the form: "Incorrect timestamp" (422) belongs to the
 * start time, "Account not found" (field `account`) to the account name.
 */
export function miningFailure(error: unknown): unknown {
  if (!isExchangeError(error) || error.kind !== 'validation') return error;
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(error.fields)) {
    // workers/names, miners/info: an unknown account is `errors.user`.
    if (name === 'account' || name === 'user') (fields['account'] ??= []).push(...messages);
    else if (name === 'from' || name === 'to' || name === 'interval') fields[name] = messages;
  }
  if (/incorrect timestamp/i.test(error.message) || error.code === 422) {
    (fields['from'] ??= []).push(
      'Incorrect timestamp: the exchange refused this period. Choose a start in the past, before the end.',
    );
  }
  if (Object.keys(fields).length === 0) return error;
  return new DeskFailure(error.toDeskError().code, error.message, fields);
}

/** A mining account and a period (Unix seconds) at one interval, as the contract parses it. */
export type RangeQuery = ChannelParsed<'mining.exportCsv'> & { worker?: string | undefined };

export interface FullSeries {
  account: string;
  points: HashratePoint[];
  requests: number;
}

/**
 * Every point of [from, to] of the account, or of one of its workers (`worker`). `to` is clamped to now (the exchange clamps it too, and a chunk that
 * starts in the future would be refused); a period entirely in the future goes out as asked, so the
 * exchange's own answer explains it.
 */
export async function fetchHashrate(
  api: ExchangeApi,
  query: RangeQuery,
  options: { now?: () => number; concurrency?: number } = {},
): Promise<FullSeries> {
  const nowSec = Math.floor((options.now ?? Date.now)() / 1000);
  const to = Math.min(query.to, nowSec);
  const chunks = to > query.from ? chunkRange(query.from, to, query.interval) : [query];
  try {
    const answers = await inPool(
      chunks.map((chunk) => {
        const range = {
          account: query.account,
          from: chunk.from,
          to: chunk.to,
          interval: query.interval,
        };
        const { worker } = query;
        return worker === undefined
          ? async () => (await api.hashrate(range)).points
          : () => api.workerHashrate({ ...range, worker });
      }),
      options.concurrency ?? MINING_CONCURRENCY,
    );
    return {
      account: query.account,
      points: mergeSeries(answers),
      requests: chunks.length,
    };
  } catch (error) {
    throw miningFailure(error);
  }
}

/** The projection used to draw: a number, for geometry only (see downsample.ts). */
const plotValue = (point: HashratePoint) => Number(point.hashrate);

export async function miningSeries(
  api: ExchangeApi,
  input: ChannelParsed<'mining.hashrate'>,
  options: { now?: () => number; concurrency?: number } = {},
): Promise<MiningSeries> {
  const full = await fetchHashrate(api, input, options);
  const average = rejectRateAverage(full.points);
  return {
    account: input.account,
    ...(input.worker === undefined ? {} : { worker: input.worker }),
    interval: input.interval,
    from: input.from,
    to: input.to,
    points: downsample(full.points, input.maxPoints, (p) => p.timestamp, plotValue),
    fetchedPoints: full.points.length,
    requests: full.requests,
    stats: hashrateStats(full.points),
    ...(average === undefined ? {} : { rejectRateAverage: average }),
    fetchedAt: Date.now(),
  };
}

/** Columns of the hashrate CSV: ISO 8601 UTC time, H/s, percent. */
export const HASHRATE_CSV_COLUMNS = [
  'Time (ISO 8601, UTC)',
  'Hashrate (H/s)',
  'Reject rate (%)',
] as const;

/** A ratio (0.0123) as a percent string ("1.23"), through decimal (no float artefacts). */
function percentOf(ratio: number | undefined): string {
  if (ratio === undefined) return '';
  return new Decimal(String(ratio)).mul(100).toFixed();
}

export function hashrateCsv(points: readonly HashratePoint[]): string {
  const rows = points.map((p) => [
    new Date(p.timestamp).toISOString(),
    p.hashrate,
    percentOf(p.rejectRate),
  ]);
  return toCsv(HASHRATE_CSV_COLUMNS, rows);
}

export function hashrateCsvName(query: RangeQuery): string {
  const day = (seconds: number) => localDay(seconds * 1000);
  const safe = query.account.replace(/[^A-Za-z0-9._-]+/g, '_');
  return `exchange-desk-hashrate-${safe}-${query.interval}-${day(query.from)}-to-${day(query.to)}.csv`;
}

/** The full-resolution series of a range as CSV. */
export async function exportCsv(
  api: ExchangeApi,
  query: RangeQuery,
  saveFile: SaveFile | undefined,
): Promise<CsvExport> {
  const { points } = await fetchHashrate(api, query);
  return deliverCsv(hashrateCsvName(query), hashrateCsv(points), points.length, saveFile);
}

/** The account's active watcher links. */
export async function watcherLinks(
  api: ExchangeApi,
  account: string,
  now: () => number = Date.now,
): Promise<WatcherLinks> {
  try {
    return { account, links: await api.watcherLinks(account), fetchedAt: now() };
  } catch (error) {
    throw miningFailure(error);
  }
}

/**
 * A new watcher link of one account, then the list after it. At the cap nothing is sent: the
 * exchange would refuse ("Limit exceeded") and no link can be revoked through the API to make room.
 */
export async function createWatcherLink(
  api: ExchangeApi,
  input: ChannelParsed<'mining.createWatcherLink'>,
  now: () => number = Date.now,
): Promise<WatcherLinks> {
  const before = await watcherLinks(api, input.account, now);
  if (before.links.length >= WATCHER_LINK_CAP) {
    throw new DeskFailure('INVALID_INPUT', WATCHER_LINK_CAP_MESSAGE);
  }
  try {
    await api.createWatcherLink({
      accounts: [input.account],
      name: input.name,
      permissions: input.permissions,
      liveUntil: input.liveUntil,
    });
  } catch (error) {
    // Another app made one meanwhile: the exchange's own cap.
    if (
      isExchangeError(error) &&
      error.kind === 'validation' &&
      Object.values(error.fields).some((m) => m.some((text) => /limit exceeded/i.test(text)))
    ) {
      throw new DeskFailure('EXCHANGE_VALIDATION', WATCHER_LINK_CAP_MESSAGE);
    }
    throw miningFailure(error);
  }
  return watcherLinks(api, input.account, now);
}

/** The whole pool's figures now. */
export async function miningPool(
  api: ExchangeApi,
  now: () => number = Date.now,
): Promise<MiningPool> {
  return { ...(await api.miningPool()), fetchedAt: now() };
}
