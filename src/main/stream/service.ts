import type { EventPayload } from '../../shared/contract';
import { DeskFailure, ErrorCode } from '../../shared/errors';
import type { ChartInterval, ExchangeStatus, StreamStatus } from '../../shared/model';
import type { Accounts, ProfileContext } from '../accounts/accounts';
import type { AppEvents } from '../core/events';
import {
  newTokenWindow,
  StreamSession,
  TOKENS_PER_MINUTE,
  type CandlesWatch,
  type DataEvent,
  type SessionOptions,
  type SessionPhase,
  type SessionSink,
} from './session';
import type { RequestWindow } from './throttle';

/**
 * Main's one live stream: a session for the active profile (switching or removing it closes the
 * stream and opens the new one's), closed while the computer sleeps. It words `stream.status` from
 * the session's phase and the exchange status, and forwards the session's data events, but none
 * while the app is locked (pushed data is as private as fetched data): after unlock the page is
 * told to resync instead. It keeps each profile's stream-token budget across that profile's
 * sessions, and refuses to watch a market the exchange does not list.
 */

export interface StreamServiceOptions {
  /** The active profile's context, and word of each switch. */
  accounts: Pick<Accounts, 'active' | 'onSwitch'>;
  lock: { isLocked(): boolean };
  events: AppEvents;
  session?: Partial<SessionOptions>;
}

/** The status words for a phase (the pill's tooltip and the banner). */
export function describePhase(
  phase: SessionPhase,
  exchange: ExchangeStatus,
): Pick<StreamStatus, 'mode' | 'reason' | 'noBook'> {
  if (exchange.state === 'offline') {
    return { mode: 'offline', reason: `The exchange cannot be reached: ${exchange.reason}` };
  }
  switch (phase.phase) {
    case 'live':
      return phase.noBook ? { mode: 'live', noBook: phase.noBook } : { mode: 'live' };
    case 'connecting':
      return { mode: 'polling', reason: 'Connecting…' };
    case 'stopped':
      return { mode: 'polling', reason: 'The live stream is paused' };
    case 'waiting': {
      const seconds = Math.max(1, Math.round(phase.retryInMs / 1000));
      if (phase.why === 'refused') {
        return {
          mode: 'polling',
          reason: `The exchange refused the live stream; trying again in ${seconds} s`,
        };
      }
      if (phase.why === 'limited') {
        return {
          mode: 'polling',
          reason: `Waiting ${seconds} s before asking the exchange for another stream token (at most ${TOKENS_PER_MINUTE} a minute)`,
        };
      }
      const cause =
        phase.why === 'dropped'
          ? 'the connection dropped'
          : phase.why === 'flooded'
            ? 'the exchange sent more messages than the app takes'
            : 'the exchange did not answer';
      return { mode: 'polling', reason: `Reconnecting in ${seconds} s: ${cause}` };
    }
  }
}

export class StreamService {
  private session: StreamSession | undefined;
  private phase: SessionPhase = { phase: 'stopped' };
  private status: StreamStatus = { mode: 'polling', since: Date.now(), reason: 'Connecting…' };
  private watched: string | null = null;
  private candles: CandlesWatch | null = null;
  /** Bumped by each watchCandles, as `watches` by each watch. */
  private candleWatches = 0;
  private wasLocked: boolean;
  private suspended = false;
  /** Bumped by each watch: a check still running for an older one gives way. */
  private watches = 0;
  /** Each profile's stream tokens (by profile id), kept across its sessions. */
  private readonly tokens = new Map<string, RequestWindow>();
  private readonly unsubscribe: Array<() => void> = [];

  constructor(private readonly options: StreamServiceOptions) {
    this.wasLocked = options.lock.isLocked();
  }

  /** Opens the active profile's stream and follows profile, lock and exchange status changes. */
  start(): void {
    const { accounts, events } = this.options;
    this.unsubscribe.push(
      accounts.onSwitch((context) => {
        if (!this.suspended) this.open(context);
      }),
      events.subscribe((name, payload) => {
        if (name === 'exchange.status') this.exchangeChanged(payload as ExchangeStatus);
        if (name === 'lock.changed') this.lockChanged();
      }),
    );
    this.open(accounts.active());
  }

  current(): StreamStatus {
    return this.status;
  }

  /**
   * The market whose book and trades the page wants live (null: none). A market the exchange
   * does not list is refused (when its markets cannot be read, the session checks again before
   * subscribing). The latest call wins.
   */
  async watch(market: string | null): Promise<StreamStatus> {
    const call = ++this.watches;
    await this.refuseUnlisted(market);
    if (call === this.watches) {
      this.watched = market;
      this.session?.watch(market);
    }
    return this.status;
  }

  /**
   * The market and interval whose candles the chart shows (market null: none); a market the
   * exchange does not list is refused, as by `watch`. The latest call wins.
   */
  async watchCandles(market: string | null, interval: ChartInterval): Promise<StreamStatus> {
    const call = ++this.candleWatches;
    await this.refuseUnlisted(market);
    if (call === this.candleWatches) {
      this.candles = market === null ? null : { market, interval };
      this.session?.watchCandles(this.candles);
    }
    return this.status;
  }

  /** A market the exchange does not list (when its markets can be read) is refused. */
  private async refuseUnlisted(market: string | null): Promise<void> {
    const session = this.session;
    if (market === null || !session) return;
    const listed = await session.lists(market).catch(() => true);
    if (!listed) {
      throw new DeskFailure(ErrorCode.InvalidInput, `${market} is not a market of this exchange.`);
    }
  }

  /** The computer sleeps: the stream closes (the server would drop it anyway). */
  suspend(): void {
    this.suspended = true;
    this.close();
  }

  resume(): void {
    this.suspended = false;
    this.open(this.options.accounts.active());
  }

  stop(): void {
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    this.close();
  }

  private open(context: ProfileContext): void {
    this.close(false);
    const sink: SessionSink = {
      phase: (phase) => {
        if (this.session !== session) return;
        this.phase = phase;
        this.refresh();
      },
      data: <E extends DataEvent>(event: E, payload: EventPayload<E>) => {
        if (this.session !== session || this.options.lock.isLocked()) return;
        this.options.events.emit(event, payload);
      },
    };
    let tokens = this.tokens.get(context.id);
    if (!tokens) this.tokens.set(context.id, (tokens = newTokenWindow()));
    const session = new StreamSession(context.streamApi, sink, { ...this.options.session, tokens });
    this.session = session;
    session.watch(this.watched);
    session.watchCandles(this.candles);
    session.start();
  }

  /** `report` false: another session opens at once, so no "paused" in between. */
  private close(report = true): void {
    const session = this.session;
    if (!session) return;
    this.session = undefined;
    session.stop();
    this.phase = { phase: 'stopped' };
    if (report) this.refresh();
  }

  private exchangeChanged(status: ExchangeStatus): void {
    // Back online while waiting out a backoff: no need to wait longer.
    if (status.state === 'online' && this.status.mode === 'offline') this.session?.reconnectNow();
    this.refresh();
  }

  private lockChanged(): void {
    const locked = this.options.lock.isLocked();
    if (this.wasLocked && !locked) this.options.events.emit('stream.resync', { at: Date.now() });
    this.wasLocked = locked;
  }

  /** Emits `stream.status` when the mode or its reason changed; `since` moves with the mode. */
  private refresh(): void {
    const next = describePhase(this.phase, this.options.accounts.active().status.current());
    const sameBook =
      next.noBook?.market === this.status.noBook?.market &&
      next.noBook?.retryInMs === this.status.noBook?.retryInMs;
    if (next.mode === this.status.mode && next.reason === this.status.reason && sameBook) return;
    this.status = {
      mode: next.mode,
      since: next.mode === this.status.mode ? this.status.since : Date.now(),
      ...(next.reason !== undefined ? { reason: next.reason } : {}),
      ...(next.noBook !== undefined ? { noBook: next.noBook } : {}),
    };
    this.options.events.emit('stream.status', this.status);
  }
}
