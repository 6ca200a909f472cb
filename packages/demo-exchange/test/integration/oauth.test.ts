import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, CLIENT_SECRET, start, type Client } from './helpers';
import { CASINGS } from '../../src/fields';
import type { DemoExchange } from '../../src/server';

describe.each(CASINGS)('%s casing', (casing) => {
  type Token = {
    data: {
      access_token: string;
      expires_in: number;
      refresh_token: string;
      scope: string;
      token_type: string;
    };
  };

  let clock = Date.now();
  let ex: DemoExchange;
  let client: Client;
  beforeAll(async () => {
    ({ ex, client } = await start({
      casing,
      now: () => clock,
      rateLimits: { limits: { refresh: 100 } },
      oauthClients: [
        { clientId: 'narrow', clientSecret: 'narrow-secret', scopes: ['show.userinfo'] },
      ],
    }));
  });
  afterAll(() => ex.stop());

  /** Authorize through the page: GET shows one Approve button, its form POST redirects with the code. */
  async function authorize(clientId = CLIENT_ID): Promise<string> {
    const redirect = 'http://127.0.0.1:9/callback';
    const page = await client.get(
      `/auth/login?clientId=${clientId}&state=st-1&redirect_uri=${encodeURIComponent(redirect)}`,
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="approve"');
    const approved = await client.form('/auth/login', {
      clientId,
      state: 'st-1',
      redirect_uri: redirect,
    });
    expect(approved.status).toBe(302);
    const location = new URL(approved.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(redirect);
    expect(location.searchParams.get('state')).toBe('st-1');
    return location.searchParams.get('code') ?? '';
  }

  const exchange = (code: string, clientId = CLIENT_ID, clientSecret = CLIENT_SECRET) =>
    client.form<Token>('/oauth2/token', { client_id: clientId, client_secret: clientSecret, code });

  async function orders(token: string) {
    const res = await fetch(`${ex.url}/api/v4/accounts/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 10 }),
    });
    return { status: res.status, json: (await res.json()) as unknown };
  }

  describe('OAuth', () => {
    it('authorize page -> code -> token; bearer on /api/v4/accounts/orders', async () => {
      const token = await exchange(await authorize());
      expect(token.status).toBe(200);
      expect(token.json.data).toEqual({
        access_token: expect.any(String),
        expires_in: 300,
        refresh_token: expect.any(String),
        scope: 'orders_history.read,users.orders.read,show.userinfo',
        token_type: 'Bearer',
      });
      const r = await orders(token.json.data.access_token);
      expect(r.status).toBe(200);
      const byMarket = r.json as Record<string, Record<string, unknown>[]>;
      expect(Object.keys(byMarket).length).toBeGreaterThan(0);
      for (const rows of Object.values(byMarket)) {
        for (const row of rows) {
          expect(Object.keys(row).sort()).toEqual(
            [
              'amount',
              'clientOrderId',
              'ctime',
              'dealFee',
              'dealMoney',
              'dealStock',
              'feeAsset',
              'ftime',
              'id',
              'ioc',
              'postOnly',
              'price',
              'reduceOnly',
              'rpi',
              'side',
              'status',
              'type',
            ].sort(),
          );
        }
      }
      // Filters of trade-account order history, validated the same way.
      const bad = await fetch(`${ex.url}/api/v4/accounts/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token.json.data.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ limit: 0 }),
      });
      expect(bad.status).toBe(422);
    });

    it('token endpoint: missing fields -> validation.required', async () => {
      const r = await client.form('/oauth2/token', { client_id: CLIENT_ID });
      expect([r.status, r.json]).toEqual([
        422,
        {
          errors: { client_secret: ['validation.required'], code: ['validation.required'] },
          notification: null,
        },
      ]);
    });

    it('a code works once', async () => {
      const code = await authorize();
      expect((await exchange(code)).status).toBe(200);
      const again = await exchange(code);
      expect([again.status, again.json]).toEqual([
        400,
        { data: { message: [expect.any(String)] } },
      ]);
      const wrongSecret = await exchange(await authorize(), CLIENT_ID, 'nope');
      expect(wrongSecret.status).toBe(400);
    });

    it('access tokens expire after 300 s', async () => {
      const token = await exchange(await authorize());
      clock += 299_000;
      expect((await orders(token.json.data.access_token)).status).toBe(200);
      clock += 2_000;
      const expired = await orders(token.json.data.access_token);
      expect([expired.status, expired.json]).toEqual([
        401,
        { code: 10, message: 'Unauthorized request.' },
      ]);
    });

    it('refresh rotates the refresh token; the old one is refused; refresh tokens live 600 s', async () => {
      const first = await exchange(await authorize());
      const refresh = (token: string) =>
        client.form<Token>('/oauth2/refresh_token', {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          token,
        });
      const second = await refresh(first.json.data.refresh_token);
      expect(second.status).toBe(200);
      expect(second.json.data.refresh_token).not.toBe(first.json.data.refresh_token);
      expect((await orders(second.json.data.access_token)).status).toBe(200);
      const old = await refresh(first.json.data.refresh_token);
      expect([old.status, old.json]).toEqual([400, { data: { token: ['Invalid token.'] } }]);
      clock += 601_000;
      const late = await refresh(second.json.data.refresh_token);
      expect(late.status).toBe(400);
      const missing = await client.form('/oauth2/refresh_token', { client_id: CLIENT_ID });
      expect(missing.status).toBe(422);
    });

    it('bearer checks: missing, unknown, scope', async () => {
      expect((await orders('')).status).toBe(401);
      expect((await orders('not-a-token')).status).toBe(401);
      const narrow = await exchange(await authorize('narrow'), 'narrow', 'narrow-secret');
      expect(narrow.json.data.scope).toBe('show.userinfo');
      expect((await orders(narrow.json.data.access_token)).status).toBe(403);
    });

    it('rejects unknown clients and non-loopback redirect URIs on the authorize page', async () => {
      expect((await client.get('/auth/login?clientId=nobody&state=x')).status).toBe(400);
      expect(
        (await client.get(`/auth/login?clientId=${CLIENT_ID}&redirect_uri=https://evil.example/cb`))
          .status,
      ).toBe(400);
    });
  });
});
