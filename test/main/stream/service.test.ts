import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileContext } from '../../../src/main/accounts/accounts';
import { AppEvents } from '../../../src/main/core/events';
import type { OAuthSession } from '../../../src/main/exchange/oauth';
import { StatusMonitor } from '../../../src/main/services/status';
import { describePhase, StreamService } from '../../../src/main/stream/service';
import type { SessionOptions } from '../../../src/main/stream/session';
import type { EventName, EventPayload } from '../../../src/shared/contract';
import type { ExchangeStatus, StreamStatus } from '../../../src/shared/model';
import { TinyExchange } from './tinyExchange';

/**
 * The service over real sockets: it follows the active profile, the lock and sleep, and words the
 * status. The profiles are a stand-in holding real contexts (a real client and status monitor).
 */

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function exchange(): Promise<TinyExchange> {
  const started = await TinyExchange.start();
  cleanups.push(() => started.stop());
  return started;
}

function contextOf(tiny: TinyExchange, id: string): ProfileContext {
  const api = tiny.api();
  // Never started: its status stays `checking` unless a test says otherwise.
  const status = new StatusMonitor(tiny.url, () => undefined, 60_000, api);
  return { id, api, streamApi: api, status, oauth: {} as OAuthSession };
}

class Profiles {
  private readonly listeners = new Set<(context: ProfileContext) => void>();
  constructor(private context: ProfileContext) {}
  active(): ProfileContext {
    return this.context;
  }
  onSwitch(listener: (context: ProfileContext) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  switchTo(context: ProfileContext): void {
    this.context = context;
    for (const listener of this.listeners) listener(context);
  }
}

async function startService(first: TinyExchange, session: Partial<SessionOptions> = {}) {
  const events = new AppEvents();
  const seen: Array<{ name: EventName; payload: unknown }> = [];
  events.subscribe((name, payload) => seen.push({ name, payload }));
  const lock = { locked: false, isLocked: () => lock.locked };
  const profiles = new Profiles(contextOf(first, 'demo'));
  const service = new StreamService({
    accounts: profiles,
    lock,
    events,
    session: {
      random: () => 0,
      bookIntervalMs: 0,
      pricesIntervalMs: 0,
      pushIntervalMs: 0,
      ...session,
    },
  });
  cleanups.push(() => service.stop());
  service.start();
  const of = <E extends EventName>(name: E) =>
    seen.filter((e) => e.name === name).map((e) => e.payload as EventPayload<E>);
  const modes = () => of('stream.status').map((s) => s.mode);
  const setLocked = (locked: boolean) => {
    lock.locked = locked;
    events.emit('lock.changed', { enabled: true, locked, idleMinutes: 5 });
  };
  return { service, events, profiles, of, modes, setLocked };
}

describe('StreamService', () => {
  it('goes live -> polling -> live across a drop, answering the current status', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cleanups.push(() => error.mockRestore());
    const tiny = await exchange();
    const { service, modes, of } = await startService(tiny);
    await vi.waitFor(() => expect(service.current().mode).toBe('live'));
    tiny.dropAll();
    // Each change of words is an event too (Reconnecting…, then Connecting…): one per mode here.
    const changes = () => modes().filter((mode, i, all) => mode !== all[i - 1]);
    await vi.waitFor(() => expect(changes()).toEqual(['live', 'polling', 'live']));
    expect(of('stream.status').map((s) => s.reason)).toContain(
      'Reconnecting in 1 s: the connection dropped',
    );
    expect(error.mock.calls.flat().join('\n')).toMatch(/\[stream\] the live stream dropped/);
    expect(service.current()).toEqual(of('stream.status').at(-1));
    expect(of('stream.resync')).toHaveLength(2);
  });

  it('emits no data while locked, and asks for a resync after unlock', async () => {
    const tiny = await exchange();
    const { service, of, setLocked } = await startService(tiny);
    await vi.waitFor(() => expect(service.current().mode).toBe('live'));
    const resyncs = of('stream.resync').length;
    setLocked(true);
    tiny.push('balanceSpot_update', [{ BTC: { available: '1', freeze: '0' } }]);
    tiny.push('lastprice_update', ['BTC_USDT', '1']);
    // Watching asks for depth and then trades: once trades_subscribe is sent, the answer to
    // depth_subscribe (and its snapshot) came, after the pushes on the same socket.
    await service.watch('BTC_USDT');
    await vi.waitFor(() => expect(tiny.methods()).toContain('trades_subscribe'));
    setLocked(false);
    expect(of('stream.resync')).toHaveLength(resyncs + 1);
    tiny.push('balanceSpot_update', [{ USDT: { available: '2', freeze: '0' } }]);
    await vi.waitFor(() => expect(of('stream.balances')).toHaveLength(1));
    expect(of('stream.balances')[0]!.balances).toEqual({ USDT: { available: '2', freeze: '0' } });
    expect(of('stream.prices')).toHaveLength(0);
    expect(of('stream.book')).toHaveLength(0);
  });

  it('closes the old profile’s stream and opens the new one’s on a switch', async () => {
    const first = await exchange();
    const second = await exchange();
    const { service, profiles } = await startService(first);
    await service.watch('BTC_USDT');
    await vi.waitFor(() => expect(first.methods()).toContain('depth_subscribe'));
    profiles.switchTo(contextOf(second, 'p-2'));
    await vi.waitFor(() => expect(first.sockets.size).toBe(0));
    await vi.waitFor(() => expect(second.methods()).toContain('depth_subscribe'));
    expect(service.current().mode).toBe('live');
  });

  it('closes the stream while the computer sleeps and reopens it on wake', async () => {
    const tiny = await exchange();
    const { service, of } = await startService(tiny);
    await vi.waitFor(() => expect(service.current().mode).toBe('live'));
    service.suspend();
    await vi.waitFor(() => expect(tiny.sockets.size).toBe(0));
    expect(service.current()).toMatchObject({
      mode: 'polling',
      reason: 'The live stream is paused',
    });
    service.resume();
    await vi.waitFor(() => expect(service.current().mode).toBe('live'));
    expect(of('stream.resync')).toHaveLength(2);
  });
});

describe('StreamService: what it refuses', () => {
  it('refuses to watch a market the exchange does not list, and watches a listed one', async () => {
    const tiny = await exchange();
    const { service } = await startService(tiny);
    await expect(service.watch('ETH_USDT')).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'ETH_USDT is not a market of this exchange.',
    });
    await vi.waitFor(() => expect(service.current().mode).toBe('live'));
    await expect(service.watch('BTC_USDT')).resolves.toMatchObject({ mode: 'live' });
    await vi.waitFor(() => expect(tiny.methods()).toContain('depth_subscribe'));
    expect(tiny.requests.filter((r) => r.params[0] === 'ETH_USDT')).toEqual([]);
  });

  it('keeps a profile’s token budget across its sessions (sleep and wake, switching back)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cleanups.push(() => vi.restoreAllMocks());
    const tiny = await exchange();
    const other = await exchange();
    tiny.refuseAuthorize = true;
    const held: Array<() => void> = [];
    const { service, profiles } = await startService(tiny, {
      now: () => 1_000_000,
      schedule: (run) => {
        held.push(run);
        return () => undefined;
      },
    });
    for (let i = 0; i < 10; i++) {
      await vi.waitFor(() =>
        expect(service.current().reason).toMatch(/trying again in|stream token/),
      );
      service.suspend();
      service.resume();
    }
    profiles.switchTo(contextOf(other, 'p-2'));
    await vi.waitFor(() => expect(other.tokenRequests).toHaveLength(1));
    profiles.switchTo(contextOf(tiny, 'demo'));
    await vi.waitFor(() => expect(service.current().reason).toMatch(/stream token/));
    expect(tiny.tokenRequests).toHaveLength(8);
    expect(service.current()).toMatchObject({
      mode: 'polling',
      reason:
        'Waiting 60 s before asking the exchange for another stream token (at most 8 a minute)',
    });
  });
});

describe('describePhase', () => {
  const online: ExchangeStatus = {
    state: 'online',
    baseUrl: 'https://x',
    latencyMs: 5,
    checkedAt: 0,
  };
  const offline: ExchangeStatus = {
    state: 'offline',
    baseUrl: 'https://x',
    reason: 'connection refused',
    checkedAt: 0,
  };
  const words = (phase: Parameters<typeof describePhase>[0], exchange: ExchangeStatus = online) =>
    describePhase(phase, exchange) as Pick<StreamStatus, 'mode' | 'reason'>;

  it('words each phase in plain language', () => {
    expect(words({ phase: 'live' })).toEqual({ mode: 'live' });
    expect(words({ phase: 'connecting' })).toEqual({ mode: 'polling', reason: 'Connecting…' });
    expect(words({ phase: 'waiting', why: 'dropped', retryInMs: 3_600 })).toEqual({
      mode: 'polling',
      reason: 'Reconnecting in 4 s: the connection dropped',
    });
    expect(words({ phase: 'waiting', why: 'refused', retryInMs: 30_000 }).reason).toMatch(
      /^The exchange refused the live stream/,
    );
    expect(words({ phase: 'waiting', why: 'flooded', retryInMs: 8_000 })).toEqual({
      mode: 'polling',
      reason: 'Reconnecting in 8 s: the exchange sent more messages than the app takes',
    });
  });

  it('says which market has no live book while the rest is live', () => {
    expect(
      describePhase({ phase: 'live', noBook: { market: 'BTC_USDT', retryInMs: 4_000 } }, online),
    ).toEqual({
      mode: 'live',
      noBook: { market: 'BTC_USDT', retryInMs: 4_000 },
    });
  });

  it('is offline whenever the exchange status is, whatever the stream does', () => {
    expect(words({ phase: 'live' }, offline)).toEqual({
      mode: 'offline',
      reason: 'The exchange cannot be reached: connection refused',
    });
  });
});
