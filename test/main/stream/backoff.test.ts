import { afterEach, describe, expect, it, vi } from 'vitest';
import { Backoff, BACKOFF_CAP_MS } from '../../../src/main/stream/backoff';
import { RequestWindow, SustainedRate, Throttle } from '../../../src/main/stream/throttle';

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

describe('SustainedRate', () => {
  it('says so once more than the rate came over the whole window, not for a burst of a second', () => {
    const rate = new SustainedRate(10, 3);
    // 30 in the first second: a burst within the window's allowance (10 a second for 3 s).
    for (let i = 0; i < 30; i += 1) expect(rate.hit(1_000 + i)).toBe(false);
    expect(rate.hit(1_500)).toBe(true);
  });

  it('forgets what left the window', () => {
    const rate = new SustainedRate(10, 3);
    for (let i = 0; i < 30; i += 1) rate.hit(1_000);
    // Three seconds later the first second has left the window.
    for (let i = 0; i < 30; i += 1) expect(rate.hit(4_000)).toBe(false);
    expect(rate.hit(4_999)).toBe(true);
    // A long silence clears it all.
    for (let i = 0; i < 30; i += 1) expect(rate.hit(60_000)).toBe(false);
  });

  it('counts a message from a clock that stepped back as now', () => {
    const rate = new SustainedRate(1, 2);
    expect(rate.hit(10_000)).toBe(false);
    expect(rate.hit(9_000)).toBe(false);
    expect(rate.hit(5_000)).toBe(true);
  });
});
