import type { ExchangeApi } from '../exchange/api';
import { fetchAllWorkerNames } from '../exchange/paging';
import { Precise } from '../../shared/decimal';
import type { HashratePoint, MiningWorkers, WorkerRow } from '../../shared/model';
import { MINING_CONCURRENCY, inPool, miningFailure, rejectRateAverage } from './mining';

/**
 * The Workers table of one mining account. The pool names only the workers online now
 * (workers/names); a worker that was seen and is no longer named is offline, so the names seen are
 * kept per account (`WorkerBook`) for as long as the app runs. Each worker's last 24 hours come from
 * workers/hashrate at 5 minutes (a few requests at a time: the client's pacer keeps the mining group
 * within its rate limit); the account's reject rate from the account's series (the pool gives none
 * per worker).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Worker names seen per account. */
export class WorkerBook {
  private readonly seen = new Map<string, Set<string>>();

  /** Remembers `online` and answers every name seen for the account, sorted. */
  note(account: string, online: readonly string[]): string[] {
    const names = this.seen.get(account) ?? new Set<string>();
    for (const name of online) names.add(name);
    this.seen.set(account, names);
    return [...names].sort();
  }
}

/**
 * One worker's row from its points over the last 24 h (H/s, by time). Offline: not named by the
 * pool; low: named, but its last point is under half its 24 h mean.
 */
export function workerRow(
  name: string,
  online: boolean,
  points: readonly HashratePoint[],
  nowMs: number,
  rejectRate?: number,
): WorkerRow {
  const mean = (list: readonly HashratePoint[]) =>
    list.length === 0
      ? new Precise(0)
      : list
          .reduce((sum, p) => sum.plus(p.hashrate), new Precise(0))
          .div(list.length)
          .toDecimalPlaces(0);
  const day = points.filter((p) => p.timestamp > nowMs - DAY_MS);
  const hour = day.filter((p) => p.timestamp > nowMs - HOUR_MS);
  const last = day.at(-1);
  const average24h = mean(day);
  const current = online && last ? new Precise(last.hashrate) : new Precise(0);
  const status = !online ? 'offline' : current.lt(average24h.div(2)) ? 'low' : 'online';
  const sparkline: string[] = [];
  for (let h = 23; h >= 0; h--) {
    const from = nowMs - (h + 1) * HOUR_MS;
    sparkline.push(
      mean(day.filter((p) => p.timestamp > from && p.timestamp <= from + HOUR_MS)).toFixed(),
    );
  }
  return {
    name,
    status,
    lastSeen: last ? last.timestamp : null,
    now: current.toFixed(),
    average1h: mean(hour).toFixed(),
    average24h: average24h.toFixed(),
    ...(rejectRate === undefined ? {} : { rejectRate }),
    sparkline,
  };
}

export async function miningWorkers(
  api: ExchangeApi,
  book: WorkerBook,
  account: string,
  nowMs: number = Date.now(),
): Promise<MiningWorkers> {
  try {
    const to = Math.floor(nowMs / 1000);
    const from = to - 86_400;
    const [online, info, series] = await Promise.all([
      fetchAllWorkerNames(api, account),
      api.minerInfo(account),
      api.hashrate({ account, interval: '1h', from, to }),
    ]);
    const named = new Set(online);
    const rejectRate = rejectRateAverage(series.points);
    const names = book.note(account, online);
    const histories = await inPool(
      names.map(
        (worker) => () => api.workerHashrate({ account, worker, interval: '5m', from, to }),
      ),
      MINING_CONCURRENCY,
    );
    return {
      account,
      info,
      workers: names.map((name, i) =>
        workerRow(name, named.has(name), histories[i] ?? [], nowMs, rejectRate),
      ),
      fetchedAt: nowMs,
    };
  } catch (error) {
    throw miningFailure(error);
  }
}
