import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KillSwitchKeeper } from '../../../src/main/services/killSwitchKeeper';

/** Issue 32 point 5: "keep alive while connected" re-arms the kill-switch from main. */

function fakeApi() {
  const calls: [string, number | null][] = [];
  let offline = false;
  return {
    calls,
    goOffline: () => (offline = true),
    api: {
      setKillSwitch: async (market: string, timeout: number | null) => {
        if (offline) throw new Error('offline');
        calls.push([market, timeout]);
        return timeout === null
          ? null
          : { market, startTime: Date.now(), cancellationTime: Date.now() + timeout * 1000 };
      },
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('kill-switch keeper', () => {
  it('kept alive: arms again every half timeout while the exchange answers', async () => {
    const { api, calls } = fakeApi();
    const keeper = new KillSwitchKeeper();
    await keeper.arm(api, 'BTC_USDT', 10, true);
    expect(keeper.keeps('BTC_USDT')).toBe(true);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls).toEqual([['BTC_USDT', 10]]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toEqual([
      ['BTC_USDT', 10],
      ['BTC_USDT', 10],
      ['BTC_USDT', 10],
    ]);
    keeper.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);
  });

  it('without the option, or once disarmed, nothing is armed again', async () => {
    const { api, calls } = fakeApi();
    const keeper = new KillSwitchKeeper();
    await keeper.arm(api, 'ETH_USDT', 10);
    expect(keeper.keeps('ETH_USDT')).toBe(false);
    await keeper.arm(api, 'BTC_USDT', 10, true);
    await keeper.arm(api, 'BTC_USDT', null);
    expect(keeper.keeps('BTC_USDT')).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([
      ['ETH_USDT', 10],
      ['BTC_USDT', 10],
      ['BTC_USDT', null],
    ]);
  });

  it('offline past the timeout: the switch fires and is not armed again when the exchange is back', async () => {
    const { api, calls, goOffline } = fakeApi();
    const keeper = new KillSwitchKeeper();
    await keeper.arm(api, 'BTC_USDT', 10, true);
    goOffline();
    await vi.advanceTimersByTimeAsync(5_000); // fails: tried again at 10 s
    expect(keeper.keeps('BTC_USDT')).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000); // the timeout passed: fired
    expect(keeper.keeps('BTC_USDT')).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([['BTC_USDT', 10]]);
  });
});
