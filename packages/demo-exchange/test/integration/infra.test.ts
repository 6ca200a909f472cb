import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { camelKeys, nextNonce, signHeaders, start } from './helpers';
import { CASINGS } from '../../src/fields';
import { VirtualClock } from '../../../../test/support/virtualClock';

describe.each(CASINGS)('%s casing', (casing) => {
  type LogEntries = { entries: { path: string; status?: number; fault?: string; body: unknown }[] };

  describe('rate limits (§7)', () => {
    it('answers 429 with a non-JSON body per endpoint group, and resets with the window', async () => {
      // The limiter's clock is the test's: the window ends when the test moves it, not when a
      // loaded machine gets round to the next request.
      const clock = new VirtualClock(Date.now());
      const { ex, client } = await start({
        casing,
        now: clock.now,
        rateLimits: { windowMs: 400, limits: { public: 3, history: 2 } },
      });
      try {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await client.get('/api/v4/public/time')).status);
        expect(statuses).toEqual([200, 200, 200, 429]);
        const limited = await client.get('/api/v4/public/time');
        expect(limited.json).toBeUndefined();
        expect(limited.text).toContain('429 Too Many Requests');
        // Public limits count per endpoint: another public endpoint is unaffected.
        expect((await client.get('/api/v4/public/ping')).status).toBe(200);
        const h = [];
        for (let i = 0; i < 3; i++)
          h.push((await client.post('/api/v4/main-account/history', { limit: 1 })).status);
        // main-account/history answers 201 on the deployed server (main_api_v4.yaml).
        const ok = casing === 'deployed' ? 201 : 200;
        expect(h).toEqual([ok, ok, 429]);
        expect((await client.post('/api/v4/main-account/balance')).status).toBe(200);
        clock.advance(399);
        expect((await client.get('/api/v4/public/time')).status).toBe(429);
        clock.advance(1);
        expect((await client.get('/api/v4/public/time')).status).toBe(200);
      } finally {
        await ex.stop();
      }
    });

    it('limits OAuth refresh to 1 per second by default', async () => {
      const { ex, client } = await start({ casing });
      try {
        const a = await client.form('/oauth2/refresh_token', {
          client_id: 'x',
          client_secret: 'y',
          token: 'z',
        });
        const b = await client.form('/oauth2/refresh_token', {
          client_id: 'x',
          client_secret: 'y',
          token: 'z',
        });
        expect([a.status, b.status]).toEqual([400, 429]);
      } finally {
        await ex.stop();
      }
    });
  });

  /** A POST whose connection may be reset: resolves 'reset' instead of rejecting. */
  function rawPost(
    url: string,
    path: string,
    fields: Record<string, unknown>,
  ): Promise<number | 'reset'> {
    const body = JSON.stringify({ request: path, nonce: nextNonce(), ...fields });
    return new Promise((resolve) => {
      const req = request(url + path, { method: 'POST', headers: signHeaders(body) }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve('reset'));
      });
      req.on('error', () => resolve('reset'));
      req.end(body);
    });
  }

  describe('faults and the control endpoint', () => {
    it('is 404 without the control option', async () => {
      const { ex, client } = await start({ casing, control: false });
      try {
        expect((await client.control('GET', '/log')).status).toBe(404);
        expect((await client.control('POST', '/faults', { next503: 1 })).status).toBe(404);
      } finally {
        await ex.stop();
      }
    });

    it('503 non-JSON, HTML error page, malformed JSON, latency', async () => {
      const { ex, client } = await start({ casing });
      try {
        await client.control('POST', '/faults', { next503: 1, htmlError: 1 });
        const m = await client.get('/api/v4/public/ping');
        expect([m.status, m.json]).toEqual([503, undefined]);
        const h = await client.get('/api/v4/public/ping');
        expect(h.status).toBe(500);
        expect(h.headers.get('content-type')).toContain('text/html');
        expect(h.text).toContain('<html>');
        await client.control('POST', '/faults', { malformedJson: true });
        const bad = await client.post('/api/v4/main-account/balance');
        expect([bad.status, bad.json]).toEqual([200, undefined]);
        expect(() => JSON.parse(bad.text)).toThrow();
        expect((await client.post('/api/v4/main-account/balance')).json).toBeDefined();
        await client.control('POST', '/faults', { latencyMs: 150 });
        const t0 = performance.now();
        await client.get('/api/v4/public/ping');
        expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
        const faults = await client.control('GET', '/faults');
        expect(faults.json).toMatchObject({
          latencyMs: 150,
          next503: 0,
          htmlError: 0,
          malformedJson: 0,
        });
        expect((await client.control('POST', '/faults', { bogus: 1 })).status).toBe(400);
      } finally {
        await ex.stop();
      }
    });

    it('connection reset before an order (not executed) and after (executed); the log tells', async () => {
      const { ex, client } = await start({ casing });
      try {
        const P = '/api/v4/order/stock_market';
        const count = async () => ex.engine.state.history.length;
        const before = await count();
        await client.control('POST', '/faults', { resetBeforeOrder: 1 });
        expect(await rawPost(ex.url, P, { market: 'BTC_USDT', side: 'buy', amount: '0.001' })).toBe(
          'reset',
        );
        expect(await count()).toBe(before);
        await client.control('POST', '/faults', { resetAfterOrder: 1 });
        expect(await rawPost(ex.url, P, { market: 'BTC_USDT', side: 'buy', amount: '0.001' })).toBe(
          'reset',
        );
        expect(await count()).toBe(before + 1);
        const log = await client.control<LogEntries>('GET', '/log');
        const faults = log.json.entries.filter((e) => e.path === P).map((e) => e.fault);
        expect(faults).toEqual(['resetBeforeOrder', 'resetAfterOrder']);
        await client.control('DELETE', '/log');
        expect((await client.control<LogEntries>('GET', '/log')).json.entries).toEqual([]);
      } finally {
        await ex.stop();
      }
    });

    it('clock skew moves server time and the nonce window', async () => {
      const { ex, client } = await start({ casing, faults: { clockSkewMs: 60_000 } });
      try {
        const t = await client.get<{ time: number }>('/api/v4/public/time');
        expect(t.json.time - Date.now() / 1000).toBeGreaterThan(55);
        const r = await client.post('/api/v4/main-account/balance', {
          nonce: Date.now(),
          nonceWindow: true,
        });
        expect(r.status).toBe(422);
        expect(
          (
            await client.post('/api/v4/main-account/balance', {
              nonce: Date.now() + 60_000,
              nonceWindow: true,
            })
          ).status,
        ).toBe(200);
      } finally {
        await ex.stop();
      }
    });
  });

  describe('state persistence and reset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-exchange-state-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('writes the state atomically, reloads it, and reset restores the seed', async () => {
      const statePath = join(dir, 'state.json');
      const first = await start({ casing, statePath, persistDebounceMs: 10 });
      const seeded = (await first.client.post<unknown[]>('/api/v4/orders', { limit: 100 })).json
        .length;
      const placed = await first.client.post('/api/v4/order/new', {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        price: '30000',
      });
      expect(placed.status).toBe(200);
      await first.ex.flush();
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      const saved = JSON.parse(readFileSync(statePath, 'utf8')) as { active: { id: number }[] };
      const { orderId } = camelKeys<{ orderId: number }>(placed.json);
      expect(saved.active.some((o) => o.id === orderId)).toBe(true);
      await first.ex.stop();

      const second = await start({ casing, statePath, persistDebounceMs: 10 });
      try {
        const orders = await second.client.post<unknown[]>('/api/v4/orders', {
          limit: 100,
        });
        expect(orders.json.length).toBe(seeded + 1);
        await second.client.control('POST', '/reset');
        expect(
          (await second.client.post<unknown[]>('/api/v4/orders', { limit: 100 })).json.length,
        ).toBe(seeded);
        await second.ex.flush();
        const reset = JSON.parse(readFileSync(statePath, 'utf8')) as { active: unknown[] };
        expect(reset.active.length).toBe(seeded);
      } finally {
        await second.ex.stop();
      }
    });

    it('loads a state saved before interest payments were kept, with none', async () => {
      const statePath = join(dir, `before-payments-${casing}.json`);
      const first = await start({ casing, statePath, persistDebounceMs: 10 });
      await first.client.control('POST', '/reset');
      await first.ex.flush();
      await first.ex.stop();
      const { writeFileSync } = await import('node:fs');
      const { flexPayments, ...older } = JSON.parse(readFileSync(statePath, 'utf8')) as Record<
        string,
        unknown
      >;
      expect(flexPayments).toHaveLength(100);
      writeFileSync(statePath, JSON.stringify(older));
      const { ex, client } = await start({ casing, statePath });
      try {
        const payments = await client.post<{ data: unknown[] }>(
          '/api/v4/main-account/smart-flex/investments/payment-history',
        );
        expect([payments.status, payments.json.data]).toEqual([200, []]);
        // It is that file, not a new seed: the investments are the saved ones.
        expect(ex.engine.state.flexInvestments).toEqual(older.flexInvestments);
      } finally {
        await ex.stop();
      }
    });

    it('keeps a buy’s fee in the stock across a restart; a file from before (version 2) is not read', async () => {
      const statePath = join(dir, `buy-fee-${casing}.json`);
      const first = await start({ casing, statePath, persistDebounceMs: 10 });
      const seeded = (await first.client.post<unknown[]>('/api/v4/orders', { limit: 100 })).json
        .length;
      const bought = camelKeys<{ orderId: number }>(
        (
          await first.client.post('/api/v4/order/stock_market', {
            market: 'BTC_USDT',
            side: 'buy',
            amount: '0.002',
          })
        ).json,
      );
      const placed = await first.client.post('/api/v4/order/new', {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        price: '30000',
      });
      expect(placed.status).toBe(200);
      const deals = async (c: typeof first.client) =>
        (
          await c.post<{ records: { fee: string; feeAsset: string }[] }>(
            '/api/v4/trade-account/order',
            { orderId: bought.orderId },
          )
        ).json.records;
      const before = await deals(first.client);
      expect(before.length).toBeGreaterThan(0);
      expect(before.every((d) => d.feeAsset === 'BTC')).toBe(true);
      await first.ex.flush();
      await first.ex.stop();

      const second = await start({ casing, statePath });
      try {
        expect(await deals(second.client)).toEqual(before);
      } finally {
        await second.ex.stop();
      }

      const { writeFileSync } = await import('node:fs');
      const saved = JSON.parse(readFileSync(statePath, 'utf8')) as Record<string, unknown>;
      writeFileSync(statePath, JSON.stringify({ ...saved, version: 2 }));
      const third = await start({ casing, statePath });
      try {
        expect(await deals(third.client)).toEqual([]);
        expect(
          (await third.client.post<unknown[]>('/api/v4/orders', { limit: 100 })).json.length,
        ).toBe(seeded);
      } finally {
        await third.ex.stop();
      }
    });

    it('ignores a corrupt state file and starts from the seed', async () => {
      const statePath = join(dir, 'corrupt.json');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(statePath, '{not json');
      const { ex, client } = await start({ casing, statePath });
      try {
        expect(
          (await client.post<unknown[]>('/api/v4/orders', { limit: 100 })).json.length,
        ).toBeGreaterThanOrEqual(30);
      } finally {
        await ex.stop();
      }
    });
  });
});
