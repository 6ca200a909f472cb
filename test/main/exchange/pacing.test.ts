import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EXCHANGE_LIMITS,
  groupOf,
  Pacer,
  PACING_HEADROOM,
} from '../../../src/main/exchange/pacing';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const limits = { ...EXCHANGE_LIMITS, history: { limit: 10, windowMs: 1000 } };

describe('Pacer', () => {
  it('lets at most 90% of a group limit start in any window, in order, and the rest later', async () => {
    const pacer = new Pacer(limits, () => Date.now());
    const started: number[] = [];
    const calls = Array.from({ length: 20 }, (_, i) =>
      pacer.acquire('history').then(() => started.push(i)),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pacer.pending()).toEqual([{ group: 'history', waiting: 11 }]);
    await vi.advanceTimersByTimeAsync(999);
    expect(started).toHaveLength(9);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toHaveLength(18);
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(calls);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(pacer.pending()).toEqual([]);
  });

  it('never lets more than the capacity start in any sliding window', async () => {
    const pacer = new Pacer(limits, () => Date.now());
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      void pacer.acquire('history').then(() => times.push(Date.now()));
      await vi.advanceTimersByTimeAsync(37);
    }
    await vi.advanceTimersByTimeAsync(10_000);
    expect(times).toHaveLength(50);
    const capacity = Math.floor(10 * PACING_HEADROOM);
    for (const t of times)
      expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(capacity);
  });

  it('keeps groups independent', async () => {
    const pacer = new Pacer(limits, () => Date.now());
    for (let i = 0; i < 9; i++) await pacer.acquire('history');
    let publicStarted = false;
    void pacer.acquire('public').then(() => (publicStarted = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(publicStarted).toBe(true);
  });

  it('cancels a waiting call through its signal, and everything with cancelAll', async () => {
    const pacer = new Pacer(limits, () => Date.now());
    for (let i = 0; i < 9; i++) await pacer.acquire('history');
    const controller = new AbortController();
    const cancelled = pacer.acquire('history', controller.signal);
    const other = pacer.acquire('history');
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(pacer.pending()).toEqual([{ group: 'history', waiting: 1 }]);
    pacer.cancelAll();
    await expect(other).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pacer.acquire('history', AbortSignal.abort())).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('tryAcquire starts a call at once only when acquire would, and counts it the same', async () => {
    const pacer = new Pacer(limits, () => Date.now());
    for (let i = 0; i < 5; i++) expect(pacer.tryAcquire('history')).toBe(true);
    expect(pacer.tryAcquire('history', AbortSignal.abort())).toBe(false);
    for (let i = 0; i < 4; i++) expect(pacer.tryAcquire('history')).toBe(true);
    // The window is full (9 of 10): no more now, and acquire waits for the window as before.
    expect(pacer.tryAcquire('history')).toBe(false);
    expect(pacer.tryAcquire('public')).toBe(true);
    let waited = false;
    const waiting = pacer.acquire('history').then(() => (waited = true));
    // The window has room again but its timer has not run yet: the waiting call goes first.
    vi.setSystemTime(Date.now() + 1000);
    expect(pacer.tryAcquire('history')).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await waiting;
    expect(waited).toBe(true);
    expect(pacer.pending()).toEqual([]);
    // Nobody waits and the window has room: at once (the waiter took 1 of 9).
    for (let i = 0; i < 8; i++) expect(pacer.tryAcquire('history')).toBe(true);
    expect(pacer.tryAcquire('history')).toBe(false);
  });
});

describe('groupOf', () => {
  it.each([
    ['/api/v4/public/ticker', 'public'],
    ['/api/v4/public/orderbook/BTC_USDT', 'orderbook'],
    ['/api/v4/public/orderbook/depth/BTC_USDT', 'public'],
    ['/api/v4/public/trades/BTC_USDT', 'public'],
    ['/api/v1/public/kline', 'public-v1'],
    ['/api/v4/order/stock_market', 'order'],
    ['/api/v4/trade-account/balance', 'trade-account'],
    ['/api/v4/main-account/balance', 'main-account'],
    ['/api/v4/main-account/history', 'history'],
    ['/api/v4/main-account/smart-flex/investments/invest', 'smart-flex'],
    ['/api/v4/mining/hashrate', 'mining'],
    ['/api/v4/sub-account/block', 'sub-account'],
    ['/oauth2/refresh_token', 'oauth-refresh'],
    ['/api/v4/orders', 'default'],
  ])('%s -> %s', (path, group) => expect(groupOf(path)).toBe(group));
});
