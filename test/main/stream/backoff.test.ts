import { afterEach, describe, expect, it, vi } from 'vitest';
import { Backoff, BACKOFF_CAP_MS } from '../../../src/main/stream/backoff';
import { RequestWindow, Throttle } from '../../../src/main/stream/throttle';

describe('Backoff', () => {
  it('doubles from 1 s to the 30 s cap, each wait between half its step and the step', () => {
    const low = new Backoff(() => 0);
    const high = new Backoff(() => 0.999999);
    const steps = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000];
    for (const step of steps) {
      expect(low.next()).toBe(step / 2);
      expect(high.next()).toBe(step);
    }
  });

  it('stays within its bounds for any random draw', () => {
    const backoff = new Backoff();
    for (let i = 0; i < 200; i += 1) {
      const wait = backoff.next();
      expect(wait).toBeGreaterThanOrEqual(500);
      expect(wait).toBeLessThanOrEqual(BACKOFF_CAP_MS);
    }
  });

  it('starts again from the first step after reset', () => {
    const backoff = new Backoff(() => 1);
    backoff.next();
    backoff.next();
    backoff.next();
    backoff.reset();
    expect(backoff.next()).toBe(1_000);
  });
});

describe('Throttle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then folds the requests within the interval into one run at its end', () => {
    vi.useFakeTimers();
    const flush = vi.fn();
    const throttle = new Throttle(flush, 100);
    throttle.request();
    expect(flush).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i += 1) throttle.request();
    expect(flush).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(flush).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1_000);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('forgets a pending run when cancelled', () => {
    vi.useFakeTimers();
    const flush = vi.fn();
    const throttle = new Throttle(flush, 100);
    throttle.request();
    throttle.request();
    throttle.cancel();
    vi.advanceTimersByTime(1_000);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});

describe('RequestWindow', () => {
  it('lets `limit` requests through a window, then says when the oldest leaves it', () => {
    const window = new RequestWindow(3, 60_000);
    for (const at of [0, 10, 20]) {
      expect(window.wait(at)).toBe(0);
      window.record(at);
    }
    expect(window.wait(30)).toBe(59_970);
    expect(window.wait(60_000)).toBe(0);
  });
});
