import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeApi } from '../../../src/main/exchange/api';
import { log } from '../../../src/main/lib/log';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import { MiningAlertPoller, isQuiet } from '../../../src/main/services/miningAlertPoller';
import type { HashratePoint, MiningAlertEvent } from '../../../src/shared/model';

const MIN = 60_000;
const SAMPLE = 5 * MIN;
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % SAMPLE);

/** A pool of one account, `rig-a`, with workers a-01 and a-02; a-01 offline from `offlineFrom`. */
function fakePool(state: {
  offlineFrom: number | null;
  fail: boolean;
  payout?: { destination: 'main_balance' | 'external_address'; address: string | null };
}) {
  const series = (to: number, from: number, keep: (t: number) => boolean): HashratePoint[] => {
    const out: HashratePoint[] = [];
    for (let t = Math.ceil((from * 1000) / SAMPLE) * SAMPLE; t <= to * 1000; t += SAMPLE) {
      if (keep(t)) out.push({ timestamp: t, hashrate: '10000000000000' });
    }
    return out;
  };
  const offline = (t: number) => state.offlineFrom !== null && t >= state.offlineFrom;
  const fail = async () => {
    if (state.fail) throw new Error('connect ECONNREFUSED 127.0.0.1:1');
  };
  return {
    miningAccounts: async () => (await fail(), [{ name: 'rig-a', createdAt: 0 }]),
    workerNames: async ({ offset }: { offset: number }) => {
      await fail();
      if (offset > 0) return [];
      return offline(Number.MAX_SAFE_INTEGER) ? ['a-02'] : ['a-01', 'a-02'];
    },
    hashrate: async ({ from, to }: { from: number; to: number }) => ({
      account: 'rig-a',
      points: series(to, from, () => true),
    }),
    payoutDestination: async () => state.payout ?? { destination: 'main_balance', address: null },
    editPayoutDestination: async (input: {
      destination: 'main_balance' | 'external_address';
      address?: string;
    }) => {
      state.payout = { destination: input.destination, address: input.address ?? null };
      return state.payout;
    },
    workerHashrate: async ({ worker, from, to }: { worker: string; from: number; to: number }) =>
      series(to, from, (t) => worker !== 'a-01' || !offline(t)),
  } as unknown as ExchangeApi;
}

function setUp(options: { quiet?: boolean; locked?: boolean } = {}) {
  const store = HistoryStore.open(undefined);
  const pool: Parameters<typeof fakePool>[0] = { offlineFrom: null, fail: false };
  let now = T0;
  const emitted: MiningAlertEvent[] = [];
  const notified: string[] = [];
  const api = fakePool(pool);
  const poller = new MiningAlertPoller({
    store: store.miningAlerts,
    active: () => ({ id: 'demo', api }),
    isLocked: () => options.locked ?? false,
    emit: (events) => emitted.push(...events),
    notify: (title, body) => (notified.push(`${title}: ${body}`), true),
    now: () => now,
    minuteOfDay: () => 23 * 60,
  });
  if (options.quiet) poller.setQuietHours({ from: 22 * 60, to: 7 * 60 });
  return {
    store,
    pool,
    poller,
    emitted,
    notified,
    advance: (ms: number) => (now += ms),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('MiningAlertPoller', () => {
  it('keeps, pushes and notifies the alert of a worker that went offline while the app was closed', async () => {
    // An earlier run saw both workers.
    const { store, pool, poller, emitted, notified } = setUp();
    store.miningAlerts.noteWorkers('demo', 'rig-a', ['a-01', 'a-02'], T0 - 60 * MIN);
    pool.offlineFrom = T0 - 30 * MIN;
    const state = await poller.check();
    expect(state.events.map((e) => `${e.kind} ${e.rule} ${e.worker}`)).toEqual([
      'alert offline a-01',
    ]);
    expect(emitted).toEqual(state.events);
    expect(notified).toEqual([
      expect.stringMatching(/^Mining alert: a-01 \(rig-a\) is offline since/),
    ]);
    expect(state.lastSeenAt).toBe(T0);
    // Kept: a new poller (the app restarted) lists it and does not alert again.
    const again = new MiningAlertPoller({
      store: store.miningAlerts,
      active: () => ({ id: 'demo', api: fakePool(pool) }),
      isLocked: () => false,
      emit: (events) => emitted.push(...events),
      now: () => T0 + SAMPLE,
    });
    expect((await again.check()).events).toHaveLength(1);
  });

  it('quiet hours: the event is kept and pushed, no desktop notification', async () => {
    const { store, pool, poller, emitted, notified } = setUp({ quiet: true });
    store.miningAlerts.noteWorkers('demo', 'rig-a', ['a-01', 'a-02'], T0 - 60 * MIN);
    pool.offlineFrom = T0 - 30 * MIN;
    await poller.check();
    expect(emitted).toHaveLength(1);
    expect(notified).toEqual([]);
    expect(isQuiet({ from: 22 * 60, to: 7 * 60 }, 6 * 60 + 59)).toBe(true);
    expect(isQuiet({ from: 22 * 60, to: 7 * 60 }, 7 * 60)).toBe(false);
    expect(isQuiet({ from: 9 * 60, to: 17 * 60 }, 12 * 60)).toBe(true);
    expect(isQuiet(null, 0)).toBe(false);
  });

  it('a pool that cannot be read: one "cannot see the pool" alert after two polls, logged', async () => {
    const warnings = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const { store, pool, poller, advance, notified } = setUp();
    store.miningAlerts.noteWorkers('demo', 'rig-a', ['a-01', 'a-02'], T0 - 60 * MIN);
    await poller.check();
    pool.fail = true;
    for (let i = 0; i < 4; i++) {
      advance(SAMPLE);
      await poller.check();
    }
    const { events } = poller.state();
    expect(events.map((e) => `${e.kind} ${e.rule}`)).toEqual(['alert pool']);
    expect(events[0]!.message).toMatch(/^Cannot see the pool since/);
    expect(notified).toHaveLength(1);
    expect(warnings).toHaveBeenCalledTimes(4);
    expect(String(warnings.mock.calls[0]![0])).toContain('ECONNREFUSED');
  });

  it('polls from its timer after start, and not once stopped', async () => {
    const timers: { run: () => void; ms: number }[] = [];
    const store = HistoryStore.open(undefined);
    const poller = new MiningAlertPoller({
      store: store.miningAlerts,
      active: () => ({ id: 'demo', api: fakePool({ offlineFrom: null, fail: false }) }),
      isLocked: () => false,
      emit: () => undefined,
      now: () => T0,
      intervalMs: 120_000,
      setTimer: (run, ms) => (timers.push({ run, ms }), { stop: () => undefined }),
    });
    poller.start();
    expect(timers.map((t) => t.ms)).toEqual([30_000]);
    timers[0]!.run();
    await vi.waitFor(() => expect(timers.map((t) => t.ms)).toEqual([30_000, 120_000]));
    expect(poller.state().lastPollAt).toBe(T0);
    poller.stop();
    timers[1]!.run();
    await poller.poll();
    expect(timers).toHaveLength(2);
  });

  it('the payout destination changed outside the app: one alert after two readings; a change made in the app none', async () => {
    const { pool, poller, advance } = setUp();
    await poller.check();
    // Changed behind the app's back: one reading is not yet an alert, two are.
    pool.payout = {
      destination: 'external_address',
      address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    };
    advance(SAMPLE);
    expect((await poller.check()).events).toEqual([]);
    advance(SAMPLE);
    const { events } = await poller.check();
    expect(events.map((e) => `${e.kind} ${e.rule} ${e.account}`)).toEqual(['alert payout rig-a']);
    expect(events[0]!.message).toBe(
      'The payout destination of rig-a changed outside the app: now the address ' +
        '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy (was the main balance)',
    );
    // Changed through the app: what the next readings compare with, never an alert.
    await poller.setPayout({ account: 'rig-a', destination: 'main_balance' });
    for (let i = 0; i < 3; i++) {
      advance(SAMPLE);
      await poller.check();
    }
    expect(poller.state().events).toHaveLength(1);
  });

  it('polls nothing while the app is locked', async () => {
    const { poller } = setUp({ locked: true });
    expect((await poller.check()).lastPollAt).toBeNull();
  });
});
