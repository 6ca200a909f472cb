import { describe, expect, it, vi } from 'vitest';
import type { OAuthTokens } from '../../../src/shared/model';
import type { ExchangeClient } from '../../../src/main/exchange/client';
import { ExchangeError, networkError, parseErrorResponse } from '../../../src/main/exchange/errors';
import {
  authorizeUrl,
  OAuthSession,
  REFRESH_AHEAD_MS,
  REFRESH_TOKEN_TTL_MS,
  type StoredTokens,
  type TokenStore,
} from '../../../src/main/exchange/oauth';

class MemoryStore implements TokenStore {
  tokens: StoredTokens | undefined;
  saved: StoredTokens[] = [];
  cleared = 0;
  async load() {
    return this.tokens;
  }
  async save(tokens: StoredTokens) {
    this.tokens = tokens;
    this.saved.push(tokens);
  }
  async clear() {
    this.tokens = undefined;
    this.cleared++;
  }
}

const tokens = (n: number): OAuthTokens => ({
  accessToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  expiresIn: 300,
  scope: ['orders_history.read'],
  tokenType: 'Bearer',
});

function setup() {
  let clock = 1_000_000;
  let issued = 0;
  const formPost = vi.fn(async (..._args: unknown[]): Promise<unknown> => tokens(++issued));
  const bearerPost = vi.fn(async (..._args: unknown[]): Promise<unknown> => ({ BTC_USDT: [] }));
  const client = { formPost, bearerPost } as unknown as ExchangeClient;
  const store = new MemoryStore();
  const session = new OAuthSession(
    client,
    async () => ({ clientId: 'cid', clientSecret: 'csecret' }),
    store,
    () => clock,
  );
  return {
    session,
    store,
    formPost,
    bearerPost,
    advance: (ms: number) => (clock += ms),
    now: () => clock,
  };
}

describe('authorizeUrl', () => {
  it('builds {base}/auth/login?clientId=&state=, encoded', () => {
    const url = new URL(authorizeUrl('https://exchange.example', 'my app', 's&t=1'));
    expect(url.origin + url.pathname).toBe('https://exchange.example/auth/login');
    expect(url.searchParams.get('clientId')).toBe('my app');
    expect(url.searchParams.get('state')).toBe('s&t=1');
  });
});

describe('OAuthSession', () => {
  it('connect exchanges the code (form) and stores the pair with expiry times', async () => {
    const t = setup();
    const stored = await t.session.connect('the-code');
    expect(t.formPost).toHaveBeenCalledWith(
      '/oauth2/token',
      { client_id: 'cid', client_secret: 'csecret', code: 'the-code' },
      expect.any(Function),
      {},
    );
    expect(stored).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      scope: ['orders_history.read'],
      accessExpiresAt: t.now() + 300_000,
      refreshExpiresAt: t.now() + REFRESH_TOKEN_TTL_MS,
    });
    expect(t.store.tokens).toEqual(stored);
  });

  it('uses the stored access token until the refresh-ahead point', async () => {
    const t = setup();
    await t.session.connect('c');
    t.advance(300_000 - REFRESH_AHEAD_MS - 1);
    expect(await t.session.accessToken()).toBe('access-1');
    expect(t.formPost).toHaveBeenCalledTimes(1);
  });

  it('refreshes ahead of expiry with the refresh token, storing the rotated pair', async () => {
    const t = setup();
    await t.session.connect('c');
    t.advance(300_000 - REFRESH_AHEAD_MS);
    expect(await t.session.accessToken()).toBe('access-2');
    expect(t.formPost).toHaveBeenLastCalledWith(
      '/oauth2/refresh_token',
      { client_id: 'cid', client_secret: 'csecret', token: 'refresh-1' },
      expect.any(Function),
      {},
    );
    expect(t.store.tokens).toMatchObject({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      accessExpiresAt: t.now() + 300_000,
      refreshExpiresAt: t.now() + REFRESH_TOKEN_TTL_MS,
    });
    // The next refresh uses the rotated token.
    t.advance(300_000);
    expect(await t.session.accessToken()).toBe('access-3');
    expect(t.formPost.mock.calls[2]![1]).toMatchObject({ token: 'refresh-2' });
  });

  it('concurrent callers share one refresh', async () => {
    const t = setup();
    await t.session.connect('c');
    t.advance(290_000);
    const all = await Promise.all([1, 2, 3].map(() => t.session.accessToken()));
    expect(all).toEqual(['access-2', 'access-2', 'access-2']);
    expect(t.formPost).toHaveBeenCalledTimes(2);
  });

  it('bearer calls carry the current access token and the query without undefined fields', async () => {
    const t = setup();
    await t.session.connect('c');
    await t.session.orderHistory({ market: 'BTC_USDT', limit: 5, offset: undefined });
    expect(t.bearerPost).toHaveBeenCalledWith(
      '/api/v4/accounts/orders',
      'access-1',
      { market: 'BTC_USDT', limit: 5 },
      expect.any(Function),
      {},
    );
  });

  it('an expired refresh token → a clear error, tokens cleared, nothing sent', async () => {
    const t = setup();
    await t.session.connect('c');
    t.advance(REFRESH_TOKEN_TTL_MS);
    const error = await t.session.accessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).kind).toBe('auth');
    expect((error as ExchangeError).message).toMatch(/expired\. Connect again/);
    expect(t.store.tokens).toBeUndefined();
    expect(t.formPost).toHaveBeenCalledTimes(1);
  });

  it('a refused refresh (invalid token) → connect again, tokens cleared', async () => {
    const t = setup();
    await t.session.connect('c');
    t.formPost.mockRejectedValueOnce(
      parseErrorResponse(400, '{"data":{"token":["Invalid token."]}}', '/oauth2/refresh_token'),
    );
    t.advance(290_000);
    await expect(t.session.accessToken()).rejects.toMatchObject({
      kind: 'auth',
      message: expect.stringMatching(/refused to renew.*Invalid token.*Connect again/),
    });
    expect(t.store.tokens).toBeUndefined();
  });

  it('a network failure during refresh keeps the tokens (try again later)', async () => {
    const t = setup();
    await t.session.connect('c');
    t.formPost.mockRejectedValueOnce(networkError(new Error('socket hang up')));
    t.advance(290_000);
    await expect(t.session.accessToken()).rejects.toMatchObject({ kind: 'network' });
    expect(t.store.tokens?.refreshToken).toBe('refresh-1');
    // And the next attempt refreshes normally (the failed one is not cached).
    expect(await t.session.accessToken()).toBe('access-2');
  });

  it('not connected → asks to connect; disconnect clears', async () => {
    const t = setup();
    await expect(t.session.accessToken()).rejects.toMatchObject({
      kind: 'auth',
      message: expect.stringMatching(/Connect the partner app first/),
    });
    await t.session.connect('c');
    await t.session.disconnect();
    expect(t.store.tokens).toBeUndefined();
    expect(t.bearerPost).not.toHaveBeenCalled();
  });
});
