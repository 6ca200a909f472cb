import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import {
  authorizeUrl,
  OAuthSession,
  REFRESH_AHEAD_MS,
  type StoredTokens,
  type TokenStore,
} from '../../../src/main/exchange/oauth';
import { parseOAuthTokens } from '../../../src/main/exchange/schemas';
import { authorizeCode, errorOf, setup, teardown, unlimitedPacer, type Setup } from './helpers';

class MemoryStore implements TokenStore {
  tokens: StoredTokens | undefined;
  saves: StoredTokens[] = [];
  async load() {
    return this.tokens;
  }
  async save(tokens: StoredTokens) {
    this.tokens = tokens;
    this.saves.push(tokens);
  }
  async clear() {
    this.tokens = undefined;
  }
}

describe.each(CASINGS)('OAuth against the demo exchange, %s casing', (casing) => {
  let clock = Date.now();
  let s: Setup;
  let store: MemoryStore;
  let session: OAuthSession;
  beforeAll(async () => {
    s = await setup(
      { casing, now: () => clock, rateLimits: { limits: { refresh: 100 } } },
      { pacer: unlimitedPacer() },
    );
  });
  afterAll(() => teardown(s));
  beforeEach(() => {
    store = new MemoryStore();
    session = new OAuthSession(
      s.client,
      async () => ({ clientId: s.ex.oauthClientId, clientSecret: s.ex.oauthClientSecret }),
      store,
      () => clock,
    );
  });

  const refreshCalls = () =>
    s.ex.requestLog().filter((e) => e.path === '/oauth2/refresh_token').length;

  async function connect(): Promise<StoredTokens> {
    const url = authorizeUrl(s.ex.url, s.ex.oauthClientId, `state-${casing}`);
    const { code, state } = await authorizeCode(url);
    expect(state).toBe(`state-${casing}`);
    return session.connect(code);
  }

  it('authorize URL with state → code → tokens → bearer order history', async () => {
    const url = new URL(authorizeUrl(s.ex.url, s.ex.oauthClientId, 'xyz'));
    expect(url.origin + url.pathname).toBe(`${s.ex.url}/auth/login`);
    expect(url.searchParams.get('clientId')).toBe(s.ex.oauthClientId);
    expect(url.searchParams.get('state')).toBe('xyz');

    const tokens = await connect();
    expect(tokens.scope).toContain('orders_history.read');
    expect(tokens.accessExpiresAt).toBe(clock + 300_000);
    expect(tokens.refreshExpiresAt).toBe(clock + 600_000);
    expect(store.tokens).toEqual(tokens);
    const history = await session.orderHistory({ limit: 20 });
    const rows = Object.values(history).flat();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toHaveProperty('orderId');
    const logged = s.ex.requestLog().filter((e) => e.path === '/api/v4/accounts/orders');
    expect(logged.at(-1)).toMatchObject({ status: 200, body: { limit: 20 } });
  });

  it('refreshes ahead of expiry, rotating both tokens, once for concurrent callers', async () => {
    const first = await connect();
    const before = refreshCalls();
    clock += 120_000; // well before the refresh point
    expect(await session.accessToken()).toBe(first.accessToken);
    expect(refreshCalls()).toBe(before);

    clock += 300_000 - 120_000 - REFRESH_AHEAD_MS + 1_000; // inside the refresh-ahead margin
    const [a, b, c] = await Promise.all([
      session.accessToken(),
      session.accessToken(),
      session.orderHistory({ limit: 1 }).then(() => store.tokens!.accessToken),
    ]);
    expect(refreshCalls()).toBe(before + 1);
    expect(a).not.toBe(first.accessToken);
    expect([b, c]).toEqual([a, a]);
    const second = store.tokens!;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessExpiresAt).toBe(clock + 300_000);
    // The old refresh token was rotated away on the exchange.
    const reused = await errorOf(
      s.client.formPost(
        '/oauth2/refresh_token',
        {
          client_id: s.ex.oauthClientId,
          client_secret: s.ex.oauthClientSecret,
          token: first.refreshToken,
        },
        parseOAuthTokens,
      ),
    );
    expect(reused.kind).toBe('auth');
    expect(reused.fields.token).toEqual(['Invalid token.']);
    // The new access token works with the bearer endpoint.
    await expect(session.orderHistory({ limit: 1 })).resolves.toBeDefined();
  });

  it('an expired refresh token → a clear "connect again" error, tokens cleared, no request', async () => {
    await connect();
    const before = refreshCalls();
    clock += 601_000;
    const error = await errorOf(session.accessToken());
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/expired\. Connect again/);
    expect(store.tokens).toBeUndefined();
    expect(refreshCalls()).toBe(before);
    const again = await errorOf(session.orderHistory());
    expect(again.message).toMatch(/Connect the partner app first/);
  });

  it('a refresh the exchange refuses → auth error, tokens cleared', async () => {
    await connect();
    s.ex.reset(); // the exchange forgets every grant
    clock += 290_000;
    const error = await errorOf(session.accessToken());
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/refused to renew.*Invalid token/);
    expect(store.tokens).toBeUndefined();
  });

  it('a bad authorization code → auth error, nothing stored', async () => {
    const error = await errorOf(session.connect('not-a-code'));
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/Invalid authorization code/);
    expect(store.saves).toHaveLength(0);
  });
});
