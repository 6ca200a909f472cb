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

/** Where an account's rewards go: the main balance, or an external address. */
export interface PayoutSetting {
  destination: 'main_balance' | 'external_address';
  address: string | null;
}

const payoutText = (p: PayoutSetting) =>
  p.destination === 'main_balance' ? 'the main balance' : `the address ${p.address ?? '(none)'}`;

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
  /** Where its rewards go now (compared with the one seen: `payout`). */
  payout?: PayoutSetting;
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
  return AccountRules.of(rules, account).rule(worker);
}

/**
 * One account's rule and its workers' overrides, looked up once a poll (not once a worker): the
 * overrides by name (the first one listed for a name, as `find` would).
 */
class AccountRules {
  private readonly overrides = new Map<string, Partial<MiningAlertRule>>();
  private readonly base: MiningAlertRule;

  private constructor(entry: MiningAlertRules | undefined) {
    this.base = entry?.rule ?? DEFAULT_MINING_ALERT_RULE;
    for (const w of entry?.workers ?? []) {
      if (!this.overrides.has(w.worker)) this.overrides.set(w.worker, w.rule);
    }
  }

  static of(rules: readonly MiningAlertRules[], account: string): AccountRules {
    return new AccountRules(rules.find((r) => r.account === account));
  }

  /** The account's rule (`worker` null), or the worker's: the account's with its override over it. */
  rule(worker: string | null): MiningAlertRule {
    const override = worker === null ? undefined : this.overrides.get(worker);
    return override ? { ...this.base, ...override } : this.base;
  }
}

/** When the time `at` is given as UTC hours and minutes ("14:05 UTC"). */
export function clockText(at: Millis): string {
  return `${new Date(at).toISOString().slice(11, 16)} UTC`;
}

/**
 * A worker's hashrate as numbers, kept between polls so that each poll parses only the points it
 * has not seen (one in steady state; the 24 h mean of 500 workers would otherwise parse 144,000
 * strings a poll). Hashrate is not money: a number (H/s below 2^53 is exact; a threshold compared
 * at 15 significant digits cannot turn) for a ratio check.
 */
export class ParsedSeries {
  times: Millis[] = [];
  values: number[] = [];

  /**
   * Takes the pool's latest answer (by time). The newest point kept is parsed again (the pool may
   * have revised it); an answer that no longer holds the point before it starts the series over.
   */
  update(points: readonly HashratePoint[]): void {
    const n = this.times.length;
    const keep = n >= 2 ? this.times[n - 2]! : -Infinity;
    let i = points.length;
    while (i > 0 && points[i - 1]!.timestamp > keep) i--;
    if (n >= 2 && i > 0 && points[i - 1]!.timestamp === keep) {
      // The newest point kept goes, to be parsed again (pop: no reallocation of the arrays).
      this.times.pop();
      this.values.pop();
    } else {
      this.times = [];
      this.values = [];
      i = 0;
    }
    for (; i < points.length; i++) {
      this.times.push(points[i]!.timestamp);
      this.values.push(Number(points[i]!.hashrate));
    }
    const first = points[0]?.timestamp ?? Infinity;
    let drop = 0;
    while (drop < this.times.length && this.times[drop]! < first) drop++;
    if (drop) {
      this.times.splice(0, drop);
      this.values.splice(0, drop);
    }
  }

  /** Index of the last point at or before `t` (-1: none). */
  lastAtOrBefore(t: Millis): number {
    let i = this.times.length - 1;
    while (i >= 0 && this.times[i]! > t) i--;
    return i;
  }

  /** The time of the last point above zero at or before `t` (null: none in the 24 h). */
  lastHashing(t: Millis): Millis | null {
    for (let i = this.lastAtOrBefore(t); i >= 0; i--) {
      if (this.values[i]! > 0) return this.times[i]!;
    }
    return null;
  }

  /** The mean over (t - 24 h, t] (0: no point). */
  dayMean(t: Millis): number {
    let sum = 0;
    let count = 0;
    for (let i = this.lastAtOrBefore(t); i >= 0 && this.times[i]! > t - DAY_MS; i--) {
      sum += this.values[i]!;
      count++;
    }
    return count ? sum / count : 0;
  }
}

/*
 * The readings below run for every worker at every poll (500 workers: 1,000 a poll), so they are
 * plain functions over the parsed series: no closure, no key string built (npm run bench -- mining).
 */

/** No hashrate above zero at `t` for `minutes` (or none in the 24 h at all). */
function goneAt(series: ParsedSeries, t: Millis, minutes: number): boolean {
  const seen = series.lastHashing(t);
  return seen === null || t - seen >= minutes * 60_000;
}

function offlineReading(
  named: boolean,
  series: ParsedSeries,
  minutes: number,
  at: Millis,
  sampleMs: number,
): Reading {
  return {
    on: !named && goneAt(series, at, minutes),
    previous: goneAt(series, at - sampleMs, minutes),
    since: series.lastHashing(at),
  };
}

/**
 * The index of the point a low check reads at `t`: the last at or before it, or -1 when there is
 * none within the last two samples (no point: that is for the offline check, not this one).
 */
function lowPointAt(series: ParsedSeries, t: Millis, sampleMs: number): number {
  const i = series.lastAtOrBefore(t);
  return i < 0 || t - series.times[i]! >= 2 * sampleMs ? -1 : i;
}

/** Whether the point `i` (-1: none) is below the rule's share of `mean` or its fixed value. */
function lowPoint(
  series: ParsedSeries,
  i: number,
  rule: MiningAlertRule,
  mean: number,
  fixed: number | null,
): boolean {
  if (i < 0) return false;
  const now = series.values[i]!;
  return (
    (rule.lowPercent !== null && now < (mean * rule.lowPercent) / 100) ||
    (fixed !== null && now < fixed)
  );
}

function lowReading(
  named: boolean,
  series: ParsedSeries,
  rule: MiningAlertRule,
  at: Millis,
  sampleMs: number,
): Reading {
  const mean = series.dayMean(at);
  const fixed = rule.lowBelow === null ? null : Number(rule.lowBelow);
  const current = lowPointAt(series, at, sampleMs);
  return {
    on: named && lowPoint(series, current, rule, mean, fixed),
    previous: lowPoint(series, lowPointAt(series, at - sampleMs, sampleMs), rule, mean, fixed),
    since: current < 0 ? null : series.times[current]!,
  };
}

const rejectAbove = (p: HashratePoint | undefined, percent: number) =>
  p !== undefined && p.rejectRate! * 100 > percent;

function rejectReading(points: readonly HashratePoint[], percent: number): Reading {
  // The last two points that carry a reject rate.
  let last: HashratePoint | undefined;
  let before: HashratePoint | undefined;
  for (let i = points.length - 1; i >= 0 && !before; i--) {
    if (points[i]!.rejectRate === undefined) continue;
    if (last) before = points[i];
    else last = points[i];
  }
  return {
    on: rejectAbove(last, percent),
    previous: rejectAbove(before, percent),
    since: last?.timestamp ?? null,
  };
}

/** What the engine keeps of one worker: its parsed series and its conditions' keys. */
interface WorkerState {
  series: ParsedSeries;
  offlineKey: string;
  lowKey: string;
  /** The last poll (by count) that held the worker. */
  polled: number;
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
  /** Each worker's points as numbers and its keys, by account, then name. */
  private readonly workers = new Map<string, Map<string, WorkerState>>();
  /** Polls read with data (numbers the workers each was seen in). */
  private polls = 0;
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

  /** A payout destination read once that differs from the one seen, per account. */
  private readonly payoutPending = new Map<string, string>();

  /**
   * The payout destination read for an account, against the last one the app saw or set: a change
   * made outside the app alerts when two readings in a row agree on it. `remember`: the reading is
   * now the one seen (the first reading of an account, or the change once alerted).
   */
  payout(
    at: Millis,
    account: string,
    reading: PayoutSetting,
    seen: PayoutSetting | undefined,
  ): { remember: boolean; event?: NewAlertEvent } {
    const text = payoutText(reading);
    if (!seen) return { remember: true };
    if (payoutText(seen) === text) {
      this.payoutPending.delete(account);
      return { remember: false };
    }
    if (this.payoutPending.get(account) !== text) {
      this.payoutPending.set(account, text);
      return { remember: false };
    }
    this.payoutPending.delete(account);
    return {
      remember: true,
      event: {
        at,
        account,
        worker: null,
        rule: 'payout',
        kind: 'alert',
        since: null,
        message: `The payout destination of ${account} changed outside the app: now ${text} (was ${payoutText(seen)})`,
      },
    };
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
    this.step(events, poll.at, keyOf('', null, 'pool'), '', null, 'pool', {
      on: !seen,
      // The pool has no history of itself: two polls either way.
      previous: seen,
      since: this.lastSeen,
    });
    if (!poll.ok || !seen) return events;
    this.lastSeen = poll.at;
    const rules = this.options.rules();
    const polled = ++this.polls;
    for (const account of poll.accounts) {
      const name = account.account;
      const accountRules = AccountRules.of(rules, name);
      const accountRule = accountRules.rule(null);
      if (accountRule.rejectPercent !== null) {
        const reading = rejectReading(account.points, accountRule.rejectPercent);
        this.step(events, poll.at, keyOf(name, null, 'reject'), name, null, 'reject', reading);
      }
      let workers = this.workers.get(name);
      if (!workers) this.workers.set(name, (workers = new Map()));
      for (const worker of account.workers) {
        let state = workers.get(worker.name);
        if (!state) {
          state = {
            series: new ParsedSeries(),
            offlineKey: keyOf(name, worker.name, 'offline'),
            lowKey: keyOf(name, worker.name, 'low'),
            polled,
          };
          workers.set(worker.name, state);
        }
        state.polled = polled;
        const series = state.series;
        series.update(worker.points);
        const rule = accountRules.rule(worker.name);
        if (rule.offlineMinutes !== null) {
          const minutes = rule.offlineMinutes;
          const reading = offlineReading(worker.named, series, minutes, poll.at, this.sampleMs);
          this.step(events, poll.at, state.offlineKey, name, worker.name, 'offline', reading);
        }
        if (rule.lowPercent !== null || rule.lowBelow !== null) {
          const reading = lowReading(worker.named, series, rule, poll.at, this.sampleMs);
          this.step(events, poll.at, state.lowKey, name, worker.name, 'low', reading);
        }
      }
    }
    // A worker no longer in the readings (forgotten, or its account gone) is no longer kept.
    for (const [account, workers] of this.workers) {
      for (const [name, state] of workers) if (state.polled !== polled) workers.delete(name);
      if (workers.size === 0) this.workers.delete(account);
    }
    return events;
  }

  /** One reading of one condition: counts it, and raises or recovers when two agree. */
  private step(
    events: NewAlertEvent[],
    at: Millis,
    key: string,
    account: string,
    worker: string | null,
    rule: Exclude<MiningAlertRuleKind, 'payout'>,
    reading: Reading,
  ): void {
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
