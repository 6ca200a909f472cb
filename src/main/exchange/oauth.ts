import type { ExecutedOrders, OAuthTokens } from '../../shared/model';
import type { OrderHistoryQuery } from './api';
import type { CallOptions, ExchangeClient } from './client';
import { ExchangeError } from './errors';
import { parseExecutedOrders, parseOAuthTokens } from './schemas';

/**
 * OAuth 2.0 for partner apps (§8): authorize URL with `state`, code exchange, refresh ahead of
 * expiry with rotation (the new pair is stored every time), bearer calls, and a clear error once the
 * refresh token has expired.
 */

/** §8: refresh tokens live 600 s; the token answer does not say so. */
export const REFRESH_TOKEN_TTL_MS = 600_000;
/** Refresh this long before the access token expires. */
export const REFRESH_AHEAD_MS = 60_000;

export interface PartnerCredentials {
  clientId: string;
  clientSecret: string;
}

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  scope: string[];
  /** Unix ms. */
  accessExpiresAt: number;
  refreshExpiresAt: number;
}

/** Where tokens live (the OS keychain in the app). */
export interface TokenStore {
  load(): Promise<StoredTokens | undefined>;
  save(tokens: StoredTokens): Promise<void>;
  /** `lostBecause`: the connection was lost (not disconnected by the user), and why. */
  clear(lostBecause?: string): Promise<void>;
}

export function authorizeUrl(
  baseUrl: string,
  clientId: string,
  state: string,
  redirectUri?: string,
): string {
  const url = new URL('/auth/login', baseUrl);
  url.searchParams.set('clientId', clientId);
  url.searchParams.set('state', state);
  if (redirectUri) url.searchParams.set('redirect_uri', redirectUri);
  return url.toString();
}

export class OAuthSession {
  private refreshing: Promise<StoredTokens> | undefined;

  constructor(
    private readonly client: ExchangeClient,
    private readonly partner: () => Promise<PartnerCredentials>,
    private readonly store: TokenStore,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private toStored(tokens: OAuthTokens, at: number): StoredTokens {
    return {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      scope: tokens.scope,
      accessExpiresAt: at + tokens.expiresIn * 1000,
      refreshExpiresAt: at + REFRESH_TOKEN_TTL_MS,
    };
  }

  /** Exchanges an authorization code for tokens and stores them. */
  async connect(code: string, options: CallOptions = {}): Promise<StoredTokens> {
    const { clientId, clientSecret } = await this.partner();
    const at = this.now();
    const tokens = await this.client.formPost(
      '/oauth2/token',
      { client_id: clientId, client_secret: clientSecret, code },
      parseOAuthTokens,
      options,
    );
    const stored = this.toStored(tokens, at);
    await this.store.save(stored);
    return stored;
  }

  async disconnect(): Promise<void> {
    await this.store.clear();
  }

  /** A valid access token, refreshed (and rotated) ahead of expiry; one refresh at a time. */
  async accessToken(options: CallOptions = {}): Promise<string> {
    const stored = await this.store.load();
    if (!stored) throw ExchangeError.oauthRequired('Connect the partner app first.');
    if (stored.accessExpiresAt - REFRESH_AHEAD_MS > this.now()) return stored.accessToken;
    this.refreshing ??= this.refresh(stored, options).finally(() => {
      this.refreshing = undefined;
    });
    return (await this.refreshing).accessToken;
  }

  private async refresh(stored: StoredTokens, options: CallOptions): Promise<StoredTokens> {
    if (stored.refreshExpiresAt <= this.now()) {
      const why = 'The partner connection has expired. Connect again to load order history.';
      await this.store.clear(why);
      throw ExchangeError.oauthRequired(why);
    }
    const { clientId, clientSecret } = await this.partner();
    const at = this.now();
    try {
      const tokens = await this.client.formPost(
        '/oauth2/refresh_token',
        { client_id: clientId, client_secret: clientSecret, token: stored.refreshToken },
        parseOAuthTokens,
        options,
      );
      const next = this.toStored(tokens, at);
      await this.store.save(next);
      return next;
    } catch (error) {
      if (error instanceof ExchangeError && error.kind === 'auth') {
        const why = `The exchange refused to renew the partner connection (${error.message}). Connect again.`;
        await this.store.clear(why);
        throw ExchangeError.oauthRequired(why);
      }
      throw error;
    }
  }

  /** `POST /api/v4/accounts/orders` with the bearer token: executed orders, keyed by market. */
  async orderHistory(
    query: OrderHistoryQuery = {},
    options: CallOptions = {},
  ): Promise<ExecutedOrders> {
    const token = await this.accessToken(options);
    const body = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
    return this.client.bearerPost(
      '/api/v4/accounts/orders',
      token,
      body,
      parseExecutedOrders,
      options,
    );
  }
}
