import { afterEach, describe, expect, it } from 'vitest';
import { ExchangeError } from '../../../src/main/exchange/errors';
import { NonceSource } from '../../../src/main/exchange/nonce';
import {
  EXCHANGE_LIMITS,
  PACED_LIMITS,
  PACING_HEADROOM,
  Pacer,
} from '../../../src/main/exchange/pacing';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { VirtualClock } from '../../support/virtualClock';
import { setup, teardown, type Setup } from './helpers';

/**
 * Thousands of real HTTP requests to the demo: about 2 s of CPU on an idle machine, over 20 s when
 * eight processes share its two cores. What the tests assert does not depend on it.
 */
const HEAVY_MS = 90_000;

let s: Setup | undefined;
afterEach(async () => {
  await teardown(s);
  s = undefined;
});

describe('concurrency on one key', () => {
  it.each(CASINGS)(
    '1,000 concurrent signed requests (%s casing): 0 nonce errors, 1,000 distinct nonces',
    async (casing) => {
      // Default client pacer (trade-account: 10,800 per 10 s) and default demo rate limits. The
      // demo and the nonces share a clock that stands still: however long the burst takes on this
      // machine, every nonce is judged as if it arrived at once (the ±5 s window has its own tests).
      const clock = new VirtualClock();
      s = await setup({ casing, now: clock.now }, { nonces: new NonceSource(clock.now) });
      const { api, ex } = s;
      const results = await Promise.allSettled(
        Array.from({ length: 1000 }, () => api.tradeBalance()),
      );
      const failures = results.filter((r) => r.status === 'rejected');
      const nonceErrors = failures.filter(
        (r) => r.reason instanceof ExchangeError && r.reason.kind === 'nonce',
      );
      expect(nonceErrors).toHaveLength(0);
      expect(failures).toHaveLength(0);
      const log = ex.requestLog().filter((e) => e.path === '/api/v4/trade-account/balance');
      expect(log).toHaveLength(1000);
      expect(log.every((e) => e.status === 200)).toBe(true);
      const nonces = log.map((e) => (e.body as { nonce: number }).nonce);
      expect(new Set(nonces).size).toBe(1000);
      // Within the ±5 s window of §2 even though all were made in one burst.
      expect(Math.max(...nonces) - Math.min(...nonces)).toBeLessThan(5000);
    },
    HEAVY_MS,
  );

  it(
    '5,000 requests to a 1000-per-10 s group (main-account): paced, 0 HTTP 429',
    async () => {
      // The DEFAULT client pacing and the DEFAULT demo rate limits (main-account 1000 per 10 s), both on
      // one clock the test moves: the pacer's windows are waited out on it, not in real time. The
      // clock moves only once every call the pacer let through has been answered. Default casing
      // only: pacing does not depend on it.
      const clock = new VirtualClock();
      s = await setup(
        { now: clock.now },
        { pacer: new Pacer(PACED_LIMITS, clock.now, clock), nonces: new NonceSource(clock.now) },
      );
      const { api, ex, client, transport } = s;
      const total = 5000;
      const perWindow = Math.floor(EXCHANGE_LIMITS['main-account'].limit * PACING_HEADROOM);
      let settled = false;
      const all = Promise.allSettled(Array.from({ length: total }, () => api.mainBalance()));
      void all.then(() => (settled = true));
      let windows = 0;
      while (!settled) {
        const waiting = client.pacer.pending().reduce((sum, q) => sum + q.waiting, 0);
        if (transport.statuses.length === total - waiting && waiting > 0 && clock.runNext()) {
          windows += 1;
          // A window never lets more than the pacer's share of the limit through.
          expect(transport.statuses.length).toBeLessThanOrEqual(windows * perWindow + perWindow);
        } else {
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      const results = await all;
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(0);
      // 90 % of the limit a window: the first share at once, then one window per share.
      expect(windows).toBe(Math.ceil(total / perWindow) - 1);
      expect(transport.statuses).toHaveLength(total);
      expect(transport.count(429)).toBe(0);
      const log = ex.requestLog().filter((e) => e.path === '/api/v4/main-account/balance');
      expect(log).toHaveLength(total);
      expect(log.filter((e) => e.status === 429)).toHaveLength(0);
      expect(log.filter((e) => e.fault === 'rateLimit')).toHaveLength(0);
    },
    HEAVY_MS,
  );
});
