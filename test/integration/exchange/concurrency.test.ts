import { afterEach, describe, expect, it } from 'vitest';
import { ExchangeError } from '../../../src/main/exchange/errors';
import { CASINGS } from '../../support/casings';
import { setup, teardown, type Setup } from './helpers';

let s: Setup | undefined;
afterEach(async () => {
  await teardown(s);
  s = undefined;
});

describe('concurrency on one key', () => {
  it.each(CASINGS)(
    '1,000 concurrent signed requests (%s casing): 0 nonce errors, 1,000 distinct nonces',
    async (casing) => {
      // Default client pacer (trade-account: 10,800 per 10 s) and default demo rate limits.
      s = await setup({ casing });
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
  );

  it(
    '5,000 requests to a 1000-per-10 s group (main-account): paced, 0 HTTP 429',
    { timeout: 120_000 },
    async () => {
      // DEFAULT client pacer and DEFAULT demo rate limits (main-account 1000 per 10 s). Default
      // casing only: pacing does not depend on it, main balance is `main_balance` in both, and a
      // second run would add its ~55 s to the suite.
      s = await setup();
      const { api, ex, transport } = s;
      const started = Date.now();
      const results = await Promise.allSettled(
        Array.from({ length: 5000 }, () => api.mainBalance()),
      );
      const wallMs = Date.now() - started;
      console.info(
        `5,000 main-account requests: ${wallMs} ms, 429s seen by the transport: ${transport.count(429)}`,
      );
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(0);
      expect(transport.statuses).toHaveLength(5000);
      expect(transport.count(429)).toBe(0);
      const log = ex.requestLog().filter((e) => e.path === '/api/v4/main-account/balance');
      expect(log).toHaveLength(5000);
      expect(log.filter((e) => e.status === 429)).toHaveLength(0);
      expect(log.filter((e) => e.fault === 'rateLimit')).toHaveLength(0);
    },
  );
});
