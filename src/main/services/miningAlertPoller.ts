import type { ExchangeApi } from '../exchange/api';
import { fetchAllWorkerNames } from '../exchange/paging';
import { log } from '../lib/log';
import { RepeatingJob, type SetTimer } from '../lib/repeating';
import type { MiningAlertStore } from '../portfolioHistory/miningAlertsStore';
import type {
  Millis,
  MiningAlertEvent,
  MiningAlertRules,
  MiningAlerts,
  PayoutDestination,
  QuietHours,
} from '../../shared/model';
import { MINING_CONCURRENCY, inPool } from './mining';
import {
  MiningAlertEngine,
  SAMPLE_MS,
  type AccountReading,
  type PollReading,
} from './miningAlerts';

/**
 * The mining alerts' poller, in main (so it watches with the window hidden): every `intervalMs`
 * (default the pool's 5-minute sample) it reads the active profile's mining accounts from the pool
 * (the names online now, every worker seen in the last week over its last 24 h at 5 minutes, the
 * account's last hour), hands the readings to the engine (miningAlerts.ts), keeps the events in the
 * history database, pushes them to the page (`mining.alert`) and shows each as a desktop
 * notification outside quiet hours. One poll is 2 + workers requests per account, a few at a time:
 * the client's pacer keeps them within the mining group's limit (1000 per 10 s).
 */

export interface PollerOptions {
  store: MiningAlertStore;
  /** The active profile: its id and its client (accounts.active()). */
  active: () => { id: string; api: ExchangeApi };
  /** Nothing is fetched while the app is locked. */
  isLocked: () => boolean;
  /** Events raised, for the page. */
  emit: (events: MiningAlertEvent[]) => void;
  /** A desktop notification (Electron; the shell's notifier), or none (web host). */
  notify?: (title: string, body: string) => boolean;
  now?: () => Millis;
  /** Local minutes after midnight of a time (quiet hours; tests pass a fixed zone). */
  minuteOfDay?: (at: Millis) => number;
  intervalMs?: number;
  /** The first poll after start (default 30 s: the app's start is not slowed by it). */
  firstDelayMs?: number;
  setTimer?: SetTimer;
}

/** The first poll after start or wake-up. */
export const FIRST_POLL_MS = 30_000;

const localMinute = (at: Millis) => {
  const date = new Date(at);
  return date.getHours() * 60 + date.getMinutes();
};

/** Whether `minute` falls in the quiet hours (from inclusive, to exclusive; may span midnight). */
export function isQuiet(quiet: QuietHours | null, minute: number): boolean {
  if (!quiet) return false;
  return quiet.from < quiet.to
    ? minute >= quiet.from && minute < quiet.to
    : minute >= quiet.from || minute < quiet.to;
}

/** Every mining account of the client, as the engine reads it at `at`. */
export async function readPool(
  api: ExchangeApi,
  workersOf: (account: string, named: readonly string[]) => string[],
  at: Millis,
): Promise<AccountReading[]> {
  const to = Math.floor(at / 1000);
  const accounts = await api.miningAccounts();
  return inPool(
    accounts.map(({ name: account }) => async () => {
      const [named, series, payout] = await Promise.all([
        fetchAllWorkerNames(api, account),
        api.hashrate({ account, interval: '5m', from: to - 3600, to }),
        api.payoutDestination(account),
      ]);
      const online = new Set(named);
      const names = workersOf(account, named);
      const histories = await inPool(
        names.map(
          (worker) => () =>
            api.workerHashrate({ account, worker, interval: '5m', from: to - 86_400, to }),
        ),
        MINING_CONCURRENCY,
      );
      return {
        account,
        payout,
        points: series.points,
        workers: names.map((name, i) => ({
          name,
          named: online.has(name),
          points: histories[i] ?? [],
        })),
      };
    }),
    1,
  );
}

export class MiningAlertPoller {
  private engine: { profileId: string; engine: MiningAlertEngine } | undefined;
  private readonly job: RepeatingJob;
  private running: Promise<void> | undefined;
  private lastPollAt: Millis | null = null;
  private readonly now: () => Millis;
  readonly intervalMs: number;

  constructor(private readonly options: PollerOptions) {
    this.now = options.now ?? Date.now;
    this.intervalMs = options.intervalMs ?? SAMPLE_MS;
    this.job = new RepeatingJob(() => this.poll(), {
      firstDelayMs: options.firstDelayMs ?? FIRST_POLL_MS,
      intervalMs: this.intervalMs,
      onError: (error) => log.error(`[mining alerts] the poll failed: ${String(error)}`),
      setTimer: options.setTimer,
    });
  }

  /** Polls FIRST_POLL_MS after this, then every interval after each poll ends. */
  start(): void {
    this.job.start();
  }

  stop(): void {
    this.job.stop();
  }

  /** The engine of the active profile (a new one, from its open alerts, when the profile changed). */
  private engineOf(profileId: string): MiningAlertEngine {
    if (this.engine?.profileId !== profileId) {
      const store = this.options.store;
      this.engine = {
        profileId,
        engine: new MiningAlertEngine({
          rules: () => store.rules(profileId),
          open: store.openAlerts(profileId),
        }),
      };
      this.lastPollAt = null;
    }
    return this.engine.engine;
  }

  /** One poll now; a poll under way is joined rather than doubled. */
  poll(): Promise<void> {
    this.running ??= this.pollOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pollOnce(): Promise<void> {
    if (this.options.isLocked()) return;
    const { id, api } = this.options.active();
    const engine = this.engineOf(id);
    const store = this.options.store;
    const at = this.now();
    let reading: PollReading;
    try {
      const accounts = await readPool(
        api,
        (account, named) => store.noteWorkers(id, account, named, at),
        at,
      );
      reading = { ok: true, at, accounts };
    } catch (error) {
      log.warn(`[mining alerts] the pool could not be read: ${String(error)}`);
      reading = { ok: false, at, error: String(error) };
    }
    // The profile changed while the pool was read: these readings are not the active profile's.
    if (this.options.active().id !== id) return;
    this.lastPollAt = at;
    const found = engine.evaluate(reading);
    if (reading.ok) {
      for (const { account, payout } of reading.accounts) {
        if (!payout) continue;
        const change = engine.payout(at, account, payout, store.payoutSeen(id, account));
        if (change.remember) store.setPayoutSeen(id, account, payout, at);
        if (change.event) found.push(change.event);
      }
    }
    const added = store.addEvents(id, found);
    if (added.length === 0) return;
    this.options.emit(added);
    if (!this.options.notify) return;
    const quiet = isQuiet(store.quietHours(id), (this.options.minuteOfDay ?? localMinute)(at));
    if (quiet) return;
    for (const event of added) {
      this.options.notify(
        event.kind === 'alert' ? 'Mining alert' : 'Mining: recovered',
        event.message,
      );
    }
  }

  /** What the Mining screen shows. */
  state(): MiningAlerts {
    const { id } = this.options.active();
    const store = this.options.store;
    const engine = this.engineOf(id);
    return {
      events: store.events(id),
      rules: store.rules(id),
      quietHours: store.quietHours(id),
      lastSeenAt: engine.lastSeenAt,
      lastPollAt: this.lastPollAt,
      intervalMs: this.intervalMs,
      fetchedAt: this.now(),
    };
  }

  async check(): Promise<MiningAlerts> {
    await this.poll();
    return this.state();
  }

  setRule(
    account: string,
    worker: string | null,
    rule: MiningAlertRules['rule'] | MiningAlertRules['workers'][number]['rule'] | null,
  ): MiningAlerts {
    this.options.store.setRule(this.options.active().id, account, worker, rule);
    return this.state();
  }

  /** The account's payout destination now. */
  async payout(account: string): Promise<PayoutDestination> {
    const { api } = this.options.active();
    const payout = await api.payoutDestination(account);
    return { account, ...payout, fetchedAt: this.now() };
  }

  /**
   * Changes the payout destination (the contract has checked the address typed twice and the
   * confirmation); the answer is what the next poll compares with, so this change never alerts.
   */
  async setPayout(input: {
    account: string;
    destination: PayoutDestination['destination'];
    address?: string;
  }): Promise<PayoutDestination> {
    const { id, api } = this.options.active();
    const payout = await api.editPayoutDestination(input);
    const at = this.now();
    this.options.store.setPayoutSeen(id, input.account, payout, at);
    return { account: input.account, ...payout, fetchedAt: at };
  }

  setQuietHours(quiet: QuietHours | null): MiningAlerts {
    this.options.store.setQuietHours(this.options.active().id, quiet);
    return this.state();
  }
}
