import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY,
  API_SECRET,
  nextNonce,
  signHeaders,
  start,
  type Client,
  type ErrorBody,
} from './helpers';
import { CASINGS } from '../../src/fields';
import type { DemoExchange } from '../../src/server';

describe.each(CASINGS)('%s casing', (casing) => {
  const PATH = '/api/v4/main-account/balance';
  const TOO_MANY = { code: 0, errors: {}, message: 'Too many requests.' };

  describe('signed requests over HTTP (notes §1-§2)', () => {
    let ex: DemoExchange;
    let client: Client;
    beforeAll(
      async () => ({ ex, client } = await start({ casing, apiKeys: { second: 'second-secret' } })),
    );
    afterAll(() => ex.stop());

    it('accepts a correctly signed request, nonce as number or numeric string', async () => {
      expect((await client.post(PATH)).status).toBe(200);
      expect((await client.post(PATH, { nonce: String(nextNonce()) })).status).toBe(200);
    });

    it('bad signature: 401 code 10', async () => {
      const r = await client.post(PATH, {}, { secret: 'wrong' });
      expect([r.status, r.json]).toEqual([401, { code: 10, message: 'Unauthorized request.' }]);
    });

    it('unknown key or missing headers: 401 code 10', async () => {
      expect((await client.post(PATH, {}, { key: 'nobody' })).status).toBe(401);
      const body = JSON.stringify({ request: PATH, nonce: nextNonce() });
      const r = await client.raw(PATH, body, { 'content-type': 'application/json' });
      expect([r.status, r.json]).toEqual([401, { code: 10, message: 'Unauthorized request.' }]);
    });

    it('payload not equal to the body: 400 code 9', async () => {
      const body = JSON.stringify({ request: PATH, nonce: nextNonce() });
      const other = JSON.stringify({ request: PATH, nonce: nextNonce(), ticker: 'BTC' });
      const r = await client.raw(PATH, body, signHeaders(other));
      expect([r.status, r.json]).toEqual([400, { code: 9, message: 'Invalid payload.' }]);
    });

    it('`request` not equal to the path called: 400 code 9', async () => {
      const body = JSON.stringify({ request: '/api/v4/trade-account/balance', nonce: nextNonce() });
      const r = await client.raw(PATH, body, signHeaders(body));
      expect([r.status, r.json]).toEqual([400, { code: 9, message: 'Invalid payload.' }]);
    });

    it('repeated and stale nonces without nonceWindow: 429 JSON, per key', async () => {
      const body = JSON.stringify({ request: PATH, nonce: nextNonce() });
      expect((await client.raw(PATH, body, signHeaders(body))).status).toBe(200);
      const again = await client.raw(PATH, body, signHeaders(body));
      expect([again.status, again.json]).toEqual([429, TOO_MANY]);
      const stale = await client.post(PATH, { nonce: 5 });
      expect([stale.status, stale.json]).toEqual([429, TOO_MANY]);
      // Another key has its own sequence.
      expect(
        (await client.post(PATH, { nonce: 5 }, { key: 'second', secret: 'second-secret' })).status,
      ).toBe(200);
    });

    it('nonceWindow: stale, ahead, repeated, out of order', async () => {
      const now = Date.now();
      const stale = await client.post(PATH, { nonce: now - 6000, nonceWindow: true });
      expect([stale.status, stale.json]).toEqual([
        422,
        { code: 0, message: 'Your nonce is more than 5 seconds lesser than the current nonce.' },
      ]);
      const ahead = await client.post<ErrorBody>(PATH, { nonce: now + 60_000, nonceWindow: true });
      expect([ahead.status, ahead.json.code]).toEqual([422, 0]);
      expect((await client.post(PATH, { nonce: now - 100, nonceWindow: true })).status).toBe(200);
      expect((await client.post(PATH, { nonce: now - 200, nonceWindow: true })).status).toBe(200);
      const repeated = await client.post(PATH, { nonce: now - 100, nonceWindow: true });
      expect([repeated.status, repeated.json]).toEqual([429, TOO_MANY]);
    });

    it('a float nonce, as whitebit-httpx-client sends it (ms, a random part, a fraction)', async () => {
      // The client's nonce: time.time_ns() / 1_000_000 + random.randint(1, 1000), nonceWindow on.
      const nonce = Date.now() + 0.123456 + 17;
      const body = JSON.stringify({ request: PATH, nonce, nonceWindow: true });
      expect(body).toMatch(/"nonce":\d{13}\.\d+/);
      expect((await client.raw(PATH, body, signHeaders(body))).status).toBe(200);
      const again = await client.raw(PATH, body, signHeaders(body));
      expect([again.status, again.json]).toEqual([429, TOO_MANY]);
      // Without the window, a float above the last nonce is a new one.
      const increasing = nextNonce() + 0.5;
      expect((await client.post(PATH, { nonce: increasing })).status).toBe(200);
      expect((await client.post(PATH, { nonce: increasing })).status).toBe(429);
    });

    it('non-boolean nonceWindow and missing nonce', async () => {
      const r = await client.post(PATH, { nonceWindow: 'yes' });
      expect([r.status, r.json]).toEqual([422, { code: 0, message: 'Invalid nonceWindow.' }]);
      const body = JSON.stringify({ request: PATH });
      const missing = await client.raw<ErrorBody>(PATH, body, signHeaders(body));
      expect([missing.status, missing.json.errors]).toEqual([
        422,
        { nonce: ['The nonce field is required.'] },
      ]);
    });

    it('the request log shows what was sent, including rejected requests', async () => {
      const r = await client.control<{
        entries: { path: string; status: number; body: { request?: string } }[];
      }>('GET', '/log');
      expect(r.json.entries.length).toBeGreaterThan(5);
      expect(r.json.entries.some((e) => e.status === 401 && e.path === PATH)).toBe(true);
      expect(
        r.json.entries.every(
          (e) => e.body?.request === undefined || e.body.request.startsWith('/api/v4/'),
        ),
      ).toBe(true);
    });
  });

  describe('nonce persistence', () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-exchange-nonce-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('the last nonce of a key survives a restart when state persists', async () => {
      const statePath = join(dir, 'state.json');
      const first = await start({ casing, statePath, persistDebounceMs: 10 });
      const nonce = nextNonce();
      expect((await first.client.post(PATH, { nonce })).status).toBe(200);
      await first.ex.stop();
      const second = await start({ casing, statePath });
      try {
        const r = await second.client.post(PATH, { nonce });
        expect([r.status, r.json]).toEqual([429, TOO_MANY]);
        expect((await second.client.post(PATH, { nonce: nonce + 1 })).status).toBe(200);
        expect(second.ex.apiKey).toBe(API_KEY);
        expect(second.ex.apiSecret).toBe(API_SECRET);
      } finally {
        await second.ex.stop();
      }
    });
  });
});
