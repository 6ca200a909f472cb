import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { ExchangeApi } from '../../../src/main/exchange/api';
import { ExchangeClient } from '../../../src/main/exchange/client';
import { Pacer } from '../../../src/main/exchange/pacing';
import { Transport } from '../../../src/main/exchange/transport';
import { errorOf, setup, teardown, unlimitedPacer, type Setup } from './helpers';

/** Every ExchangeError kind, produced by the demo exchange over HTTP, in both casings. */
describe.each(CASINGS)('error kinds, %s casing', (casing) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ casing }, { pacer: unlimitedPacer() });
  });
  afterAll(() => teardown(s));

  it('validation: field errors with the first message surfaced', async () => {
    const error = await errorOf(
      s.api.createOrder({
        kind: 'limit',
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.00001',
        price: '60000',
        clientOrderId: `val-${casing}`,
      }),
    );
    expect(error.kind).toBe('validation');
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.fields.amount?.[0]).toMatch(/less than min amount 0\.0001/);
    expect(error.message).toContain('less than min amount');
    expect(error.retryable).toBe(false);
    const market = await errorOf(
      s.api.createOrder({
        kind: 'stock_market',
        market: 'DOT_USDT',
        side: 'buy',
        amount: '1',
        clientOrderId: `val2-${casing}`,
      }),
    );
    expect(market.kind).toBe('validation');
    expect(market.fields.market).toEqual(['Market is not available']);
  });

  it('auth: a wrong secret → 401 "Unauthorized request."', async () => {
    const client = new ExchangeClient({
      baseUrl: s.ex.url,
      credentials: async () => ({ apiKey: s.ex.apiKey, apiSecret: 'not-the-secret' }),
      pacer: unlimitedPacer(),
    });
    try {
      const error = await errorOf(new ExchangeApi(client).tradeBalance());
      expect([error.kind, error.status, error.code]).toEqual(['auth', 401, 10]);
      expect(error.message).toMatch(/Unauthorized request/);
    } finally {
      client.close();
    }
    const noKey = new ExchangeClient({ baseUrl: s.ex.url, pacer: unlimitedPacer() });
    const missing = await errorOf(new ExchangeApi(noKey).tradeBalance());
    expect(missing.kind).toBe('auth');
    expect(missing.message).toMatch(/No API key/);
    noKey.close();
  });

  it('nonce: server clock 60 s ahead → error says this computer is 60 s behind', async () => {
    s.ex.setFaults({ clockSkewMs: 60_000 });
    try {
      const error = await errorOf(s.api.tradeBalance());
      expect(error.kind).toBe('nonce');
      expect(error.message).toMatch(/clock is (59|60|61) s behind the exchange's/);
      expect(error.message).toMatch(/automatic date and time/);
      s.ex.setFaults({ clockSkewMs: -45_000 });
      const ahead = await errorOf(s.api.tradeBalance());
      expect(ahead.kind).toBe('nonce');
      expect(ahead.message).toMatch(/clock is (44|45|46) s ahead of the exchange's/);
    } finally {
      s.ex.setFaults({ clockSkewMs: 0 });
    }
    await expect(s.api.tradeBalance()).resolves.toBeDefined();
  });

  it('permission: no lending access → 403 on every smart-flex endpoint', async () => {
    const t = await setup({ casing, lendingAccess: false }, { pacer: unlimitedPacer() });
    try {
      for (const call of [
        () => t.api.flexPlans(),
        () => t.api.flexInvestments(),
        () => t.api.flexClose('00000000-0000-4000-8000-000000000000'),
      ]) {
        const error = await errorOf(call());
        expect([error.kind, error.status]).toEqual(['permission', 403]);
        expect(error.message).toMatch(/permission/);
      }
      // Other endpoints still work for the key.
      await expect(t.api.mainBalance()).resolves.toHaveProperty('USDT');
    } finally {
      await teardown(t);
    }
  });

  it('maintenance: a 503 page becomes a typed, retryable error', async () => {
    s.ex.setFaults({ next503: 1 });
    const error = await errorOf(s.api.tradeBalance());
    expect([error.kind, error.status, error.retryable]).toEqual(['maintenance', 503, true]);
    expect(error.message).toMatch(/maintenance/);
    await expect(s.api.tradeBalance()).resolves.toHaveProperty('USDT');
  });

  it('unexpected: malformed JSON on a 200 and an HTML 500 page', async () => {
    s.ex.setFaults({ malformedJson: 1 });
    const garbled = await errorOf(s.api.markets());
    expect([garbled.kind, garbled.status]).toEqual(['unexpected', 200]);
    s.ex.setFaults({ htmlError: 1 });
    const html = await errorOf(s.api.markets());
    expect([html.kind, html.status]).toEqual(['unexpected', 500]);
    expect(html.message).toContain('Server Error');
    expect(html.message).not.toContain('<');
    await expect(s.api.markets()).resolves.not.toHaveLength(0);
  });

  it('network: a connection reset before the order and a stopped server', async () => {
    s.ex.setFaults({ resetBeforeOrder: 1 });
    const reset = await errorOf(
      s.api.createOrder({
        kind: 'stock_market',
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.0001',
        clientOrderId: `net-${casing}`,
      }),
    );
    expect(reset.kind).toBe('network');
    expect(reset.status).toBeUndefined();

    const t = await setup({ casing });
    await t.ex.stop();
    const refused = await errorOf(t.api.ping());
    expect(refused.kind).toBe('network');
    expect(refused.message).toMatch(/connection refused/);
    t.client.close();
  });

  it('timeout: latency above the transport timeout', async () => {
    const client = new ExchangeClient({
      baseUrl: s.ex.url,
      transport: new Transport({ timeoutMs: 100 }),
      pacer: unlimitedPacer(),
    });
    s.ex.setFaults({ latencyMs: 400 });
    try {
      const error = await errorOf(new ExchangeApi(client).ping());
      expect([error.kind, error.retryable]).toEqual(['timeout', true]);
      expect(error.message).toMatch(/within 100 ms/);
    } finally {
      s.ex.setFaults({ latencyMs: 0 });
      client.close();
    }
  });
});

describe('rate-limit kind', () => {
  let s: Setup;
  beforeAll(async () => {
    // The server allows 2 main-account requests per window; the client's own pacer allows more.
    s = await setup(
      { rateLimits: { limits: { main: 2 }, windowMs: 60_000 } },
      { maxRateLimitRetries: 0, pacer: new Pacer() },
    );
  });
  afterAll(() => teardown(s));

  it('a non-JSON 429 beyond the retries becomes a typed rate-limit error', async () => {
    await s.api.mainBalance();
    await s.api.mainBalance();
    const error = await errorOf(s.api.mainBalance());
    expect([error.kind, error.status, error.retryable]).toEqual(['rate-limit', 429, true]);
    expect(s.ex.requestLog().map((e) => e.status)).toEqual([200, 200, 429]);
  });

  it('with retries, the client backs off (injected sleep) and tries again', async () => {
    const waits: number[] = [];
    const client = new ExchangeClient({
      baseUrl: s.ex.url,
      credentials: async () => ({ apiKey: s.ex.apiKey, apiSecret: s.ex.apiSecret }),
      maxRateLimitRetries: 3,
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => 1,
    });
    try {
      const error = await errorOf(new ExchangeApi(client).mainBalance());
      expect(error.kind).toBe('rate-limit');
      expect(waits).toEqual([1000, 2000, 4000]);
    } finally {
      client.close();
    }
  });
});
