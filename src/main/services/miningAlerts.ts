import { DEFAULT_MINING_ALERT_RULE } from '../../shared/contract';
import type {
  HashratePoint,
  Millis,
  MiningAlertEvent,
  MiningAlertRule,
  MiningAlertRuleKind,
  MiningAlertRules,
} from '../../shared/model';

/**
 * The mining alert engine (rule 11, docs/architecture.md: alerts never cry wolf). Pure: each poll's
 * readings and the poll's time go in, the events to keep and notify come out; no clock, no I/O.
 *
 * Every condition is decided from the pool's own data, so an app that was closed alerts on what
 * happened meanwhile:
 * - offline: the worker is not in the pool's names list now, and its last hashrate point above
 *   zero is at least N minutes old;
 * - low: named, and its last point is below X % of its own 24 h mean, or below a fixed value;
 * - reject: the account's last reject rate is above Y % (the pool gives none per worker).
 *
 * A condition alerts after two consecutive readings that agree, and recovers (a "recovered" event)
 * after two that agree it is over. The first time a condition is read (the app just started), the
 * reading before it comes from the pool's history (the same check one sample earlier), so a worker
 * that went offline 30 minutes before the app started alerts at the first poll. After an alert, the
 * same condition does not alert again within the rule window, however it flaps.
 *
 * A poll that failed, or whose data is stale (the pool's newest point older than `staleMs`), is
 * the "cannot see the pool" condition: no worker is judged on it (never an offline storm); it
 * alerts after two such polls and recovers after two good ones.
 */

/** The pool's sample interval: one hashrate point every 5 minutes. */
export const SAMPLE_MS = 5 * 60_000;
/** After an alert, the same condition of the same worker does not alert again for this long. */
export const RULE_WINDOW_MS = 60 * 60_000;
/** Data whose newest point is older than this is stale (three samples missed). */
export const STALE_MS = 4 * SAMPLE_MS;
const DAY_MS = 86_400_000;

/** One worker as the pool answered for it in this poll. */
export interface WorkerReading {
  name: string;
  /** In the pool's names list (online) now. */
  named: boolean;
  /** Its last 24 h at 5 minutes, H/s, oldest first. */
  points: readonly HashratePoint[];
}

/** One account as the pool answered for it in this poll. */
export interface AccountReading {
  account: string;
  workers: readonly WorkerReading[];
  /** The account's series, oldest first (its reject rates and how fresh the data is). */
  points: readonly HashratePoint[];
}

export type PollReading =
  | { ok: true; at: Millis; accounts: readonly AccountReading[] }
  | { ok: false; at: Millis; error: string };

/** An event before the store gives it its id. */
export type NewAlertEvent = Omit<MiningAlertEvent, 'id'>;

/** A condition open when the engine starts (the last event of its key in the database was an alert). */
export interface OpenAlert {
  account: string;
  worker: string | null;
  rule: MiningAlertRuleKind;
  at: Millis;
}

export interface EngineOptions {
  /** The rules in force, per account (an account without: DEFAULT_MINING_ALERT_RULE). */
  rules: () => readonly MiningAlertRules[];
  windowMs?: number;
  staleMs?: number;
  sampleMs?: number;
  /** Conditions already alerted (from the database): they do not alert again, and can recover. */
  open?: readonly OpenAlert[];
}

interface Condition {
  active: boolean;
  /** Consecutive readings that disagree with `active`. */
  streak: number;
  lastAlertAt: Millis;
}

/** What one reading of one condition says: on or off, and since when (from the pool's data). */
interface Reading {
  on: boolean;
  previous: boolean;
  since: Millis | null;
}

const keyOf = (account: string, worker: string | null, rule: MiningAlertRuleKind) =>
  `${rule}\u0000${account}\u0000${worker ?? ''}`;

/** The account's rule with the worker's override over it. */
export function ruleFor(
  rules: readonly MiningAlertRules[],
  account: string,
  worker: string | null,
): MiningAlertRule {
  const entry = rules.find((r) => r.account === account);
  const base = entry?.rule ?? DEFAULT_MINING_ALERT_RULE;
  if (worker === null || !entry) return base;
  const override = entry.workers.find((w) => w.worker === worker)?.rule;
  return override ? { ...base, ...override } : base;
}

/** When the time `at` is given as UTC hours and minutes ("14:05 UTC"). */
export function clockText(at: Millis): string {
  return `${new Date(at).toISOString().slice(11, 16)} UTC`;
}

/**
 * A ratio check on hashrates. Hashrate is not money: a number (H/s below 2^53 is exact, and a
 * threshold compared at 15 significant digits cannot turn) keeps 500 workers' evaluation in
 * a few milliseconds.
 */
const value = (point: HashratePoint) => Number(point.hashrate);

/** Index of the last point at or before `t` (-1: none). Points are by time. */
function lastAtOrBefore(points: readonly HashratePoint[], t: Millis): number {
  let i = points.length - 1;
  while (i >= 0 && points[i]!.timestamp > t) i--;
  return i;
}

/** The time of the last point above zero at or before `t` (null: none in the 24 h). */
function lastHashing(points: readonly HashratePoint[], t: Millis): Millis | null {
  for (let i = lastAtOrBefore(points, t); i >= 0; i--) {
    if (value(points[i]!) > 0) return points[i]!.timestamp;
  }
  return null;
}

function offlineReading(
  worker: WorkerReading,
  minutes: number,
  at: Millis,
  sampleMs: number,
): Reading {
  const last = lastHashing(worker.points, at);
  const gone = (t: Millis) => {
    const seen = lastHashing(worker.points, t);
    return seen === null || t - seen >= minutes * 60_000;
  };
  return {
    on: !worker.named && gone(at),
    previous: gone(at - sampleMs),
    since: last,
  };
}

function lowReading(worker: WorkerReading, rule: MiningAlertRule, at: Millis, sampleMs: number) {
  let sum = 0;
  let count = 0;
  for (const point of worker.points) {
    if (point.timestamp <= at - DAY_MS || point.timestamp > at) continue;
    sum += value(point);
    count++;
  }
  const mean = count ? sum / count : 0;
  const fixed = rule.lowBelow === null ? null : Number(rule.lowBelow);
  const lowAt = (t: Millis) => {
    const i = lastAtOrBefore(worker.points, t);
    // No point in the last sample: that is for the offline check, not this one.
    if (i < 0 || t - worker.points[i]!.timestamp >= 2 * sampleMs) return { low: false, from: null };
    const now = value(worker.points[i]!);
    const low =
      (rule.lowPercent !== null && now < (mean * rule.lowPercent) / 100) ||
      (fixed !== null && now < fixed);
    return { low, from: worker.points[i]!.timestamp };
  };
  const current = lowAt(at);
  return {
    on: worker.named && current.low,
    previous: lowAt(at - sampleMs).low,
    since: current.from,
  };
}

function rejectReading(points: readonly HashratePoint[], percent: number): Reading {
  const rates = points.filter((p) => p.rejectRate !== undefined);
  const above = (p: HashratePoint | undefined) => p !== undefined && p.rejectRate! * 100 > percent;
  const last = rates.at(-1);
  return { on: above(last), previous: above(rates.at(-2)), since: last?.timestamp ?? null };
}

const describe = {
  offline: (who: string, since: Millis | null) =>
    since === null
      ? `${who} is offline (no hashrate in 24 h)`
      : `${who} is offline since ${clockText(since)}`,
  low: (who: string, since: Millis | null) =>
    `${who} hashes low${since === null ? '' : ` since ${clockText(since)}`}`,
  reject: (who: string) => `${who}: reject rate above the limit`,
  pool: (_who: string, since: Millis | null) =>
    since === null
      ? 'Cannot see the pool: no answer yet'
      : `Cannot see the pool since ${clockText(since)}`,
};

const recoveredText = {
  offline: (who: string) => `${who} is back online`,
  low: (who: string) => `${who} hashes normally again`,
  reject: (who: string) => `${who}: reject rate back under the limit`,
  pool: () => 'The pool answers again',
};

export class MiningAlertEngine {
  private readonly conditions = new Map<string, Condition>();
  private readonly windowMs: number;
  private readonly staleMs: number;
  private readonly sampleMs: number;
  /** The last poll whose data was fresh. */
  private lastSeen: Millis | null = null;

  constructor(private readonly options: EngineOptions) {
    this.windowMs = options.windowMs ?? RULE_WINDOW_MS;
    this.staleMs = options.staleMs ?? STALE_MS;
    this.sampleMs = options.sampleMs ?? SAMPLE_MS;
    for (const open of options.open ?? []) {
      this.conditions.set(keyOf(open.account, open.worker, open.rule), {
        active: true,
        streak: 0,
        lastAlertAt: open.at,
      });
    }
  }

  /** The last poll that saw the pool (null: none since the engine started). */
  get lastSeenAt(): Millis | null {
    return this.lastSeen;
  }

  evaluate(poll: PollReading): NewAlertEvent[] {
    const events: NewAlertEvent[] = [];
    const newest = poll.ok
      ? Math.max(-Infinity, ...poll.accounts.map((a) => a.points.at(-1)?.timestamp ?? -Infinity))
      : -Infinity;
    const seen = poll.ok && (poll.accounts.length === 0 || poll.at - newest <= this.staleMs);
    this.step(events, poll.at, '', null, 'pool', {
      on: !seen,
      // The pool has no history of itself: two polls either way.
      previous: seen,
      since: this.lastSeen,
    });
    if (!poll.ok || !seen) return events;
    this.lastSeen = poll.at;
    const rules = this.options.rules();
    for (const account of poll.accounts) {
      const accountRule = ruleFor(rules, account.account, null);
      if (accountRule.rejectPercent !== null) {
        const reading = rejectReading(account.points, accountRule.rejectPercent);
        this.step(events, poll.at, account.account, null, 'reject', reading);
      }
      for (const worker of account.workers) {
        const rule = ruleFor(rules, account.account, worker.name);
        if (rule.offlineMinutes !== null) {
          const reading = offlineReading(worker, rule.offlineMinutes, poll.at, this.sampleMs);
          this.step(events, poll.at, account.account, worker.name, 'offline', reading);
        }
        if (rule.lowPercent !== null || rule.lowBelow !== null) {
          const reading = lowReading(worker, rule, poll.at, this.sampleMs);
          this.step(events, poll.at, account.account, worker.name, 'low', reading);
        }
      }
    }
    return events;
  }

  /** One reading of one condition: counts it, and raises or recovers when two agree. */
  private step(
    events: NewAlertEvent[],
    at: Millis,
    account: string,
    worker: string | null,
    rule: MiningAlertRuleKind,
    reading: Reading,
  ): void {
    const key = keyOf(account, worker, rule);
    let condition = this.conditions.get(key);
    if (!condition) {
      if (!reading.on) return;
      condition = { active: false, streak: 0, lastAlertAt: -Infinity };
      this.conditions.set(key, condition);
    }
    if (reading.on === condition.active) {
      condition.streak = 0;
      return;
    }
    // A first disagreeing reading whose sample before (the pool's history) agrees with it: two.
    condition.streak =
      condition.streak === 0 && reading.previous === reading.on ? 2 : condition.streak + 1;
    if (condition.streak < 2) return;
    const who = worker === null ? account : `${worker} (${account})`;
    if (!condition.active) {
      if (at - condition.lastAlertAt < this.windowMs) return;
      condition.active = true;
      condition.streak = 0;
      condition.lastAlertAt = at;
      events.push({
        at,
        account,
        worker,
        rule,
        kind: 'alert',
        since: reading.since,
        message: describe[rule](who, reading.since),
      });
    } else {
      condition.active = false;
      condition.streak = 0;
      events.push({
        at,
        account,
        worker,
        rule,
        kind: 'recovered',
        since: null,
        message: recoveredText[rule](who),
      });
    }
  }
}
