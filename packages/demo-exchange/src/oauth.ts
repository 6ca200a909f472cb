import { randomBytes } from 'node:crypto';
import { ApiError } from './errors';

/**
 * OAuth 2.0 (notes §8). Authorization codes are single-use and live 600 s; access tokens 300 s;
 * refresh tokens 600 s and are rotated on every refresh (the old refresh token stops working; the
 * old access token lives until it expires). Tokens are kept in memory only (a restart requires a
 * new authorization).
 *
 * Errors:
 * - token/refresh with missing fields: 422 `{errors:{<field>:["validation.required"]}, notification:null}`
 * - token with unknown client, wrong secret, unknown/used/expired code: 400
 *   `{data:{message:["Invalid client credentials."|"Invalid authorization code."]}}`
 * - refresh with wrong client or unknown/used/expired token: 400 `{"data":{"token":["Invalid token."]}}`
 * - bearer missing/unknown/expired: 401 `{"code":10,"message":"Unauthorized request."}`;
 *   token without the endpoint's scope: 403 `{"code":0,"message":"You don't have permission to use
 *   this endpoint..."}`.
 */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  scopes: string[];
}

export const ACCESS_TTL_S = 300;
export const REFRESH_TTL_S = 600;
export const CODE_TTL_S = 600;

interface Grant {
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

const token = () => randomBytes(24).toString('hex');

/** Issued tokens, or an error answer (status and body). */
export type TokenReply =
  | {
      status: 200;
      tokens: {
        accessToken: string;
        expiresIn: number;
        refreshToken: string;
        scope: string;
        tokenType: 'Bearer';
      };
    }
  | { status: number; body: unknown };

export class OAuthServer {
  private readonly clients = new Map<string, OAuthClient>();
  private readonly codes = new Map<string, Grant>();
  private readonly access = new Map<string, Grant>();
  private readonly refresh = new Map<string, Grant>();

  constructor(
    clients: OAuthClient[],
    private readonly now: () => number,
  ) {
    for (const client of clients) this.clients.set(client.clientId, client);
  }

  client(clientId: string): OAuthClient | undefined {
    return this.clients.get(clientId);
  }

  issueCode(clientId: string): string | null {
    const client = this.clients.get(clientId);
    if (!client) return null;
    const code = token();
    this.codes.set(code, {
      clientId,
      scopes: client.scopes,
      expiresAt: this.now() + CODE_TTL_S * 1000,
    });
    return code;
  }

  private static missing(form: Record<string, string>, fields: string[]): TokenReply | null {
    const errors: Record<string, string[]> = {};
    for (const f of fields) if (!form[f]) errors[f] = ['validation.required'];
    return Object.keys(errors).length > 0
      ? { status: 422, body: { errors, notification: null } }
      : null;
  }

  private issueTokens(clientId: string, scopes: string[]): TokenReply {
    const accessToken = token();
    const refreshToken = token();
    const now = this.now();
    this.access.set(accessToken, { clientId, scopes, expiresAt: now + ACCESS_TTL_S * 1000 });
    this.refresh.set(refreshToken, { clientId, scopes, expiresAt: now + REFRESH_TTL_S * 1000 });
    return {
      status: 200,
      tokens: {
        accessToken,
        expiresIn: ACCESS_TTL_S,
        refreshToken,
        scope: scopes.join(','),
        tokenType: 'Bearer',
      },
    };
  }

  exchange(form: Record<string, string>): TokenReply {
    const missing = OAuthServer.missing(form, ['client_id', 'client_secret', 'code']);
    if (missing) return missing;
    const client = this.clients.get(form.client_id ?? '');
    if (!client || client.clientSecret !== form.client_secret) {
      return { status: 400, body: { data: { message: ['Invalid client credentials.'] } } };
    }
    const code = form.code ?? '';
    const grant = this.codes.get(code);
    // Single use: the code is gone whether or not it is still valid.
    this.codes.delete(code);
    if (!grant || grant.clientId !== client.clientId || grant.expiresAt <= this.now()) {
      return { status: 400, body: { data: { message: ['Invalid authorization code.'] } } };
    }
    return this.issueTokens(client.clientId, grant.scopes);
  }

  refreshTokens(form: Record<string, string>): TokenReply {
    const missing = OAuthServer.missing(form, ['client_id', 'client_secret', 'token']);
    if (missing) return missing;
    const invalid = { status: 400, body: { data: { token: ['Invalid token.'] } } };
    const client = this.clients.get(form.client_id ?? '');
    if (!client || client.clientSecret !== form.client_secret) return invalid;
    const old = form.token ?? '';
    const grant = this.refresh.get(old);
    if (!grant || grant.clientId !== client.clientId || grant.expiresAt <= this.now())
      return invalid;
    this.refresh.delete(old);
    return this.issueTokens(client.clientId, grant.scopes);
  }

  bearer(authorization: string | undefined, scope: string): ApiError | null {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const grant = match?.[1] ? this.access.get(match[1]) : undefined;
    if (!grant || grant.expiresAt <= this.now()) {
      return new ApiError(401, { code: 10, message: 'Unauthorized request.' });
    }
    if (!grant.scopes.includes(scope)) {
      return new ApiError(403, {
        code: 0,
        message:
          "You don't have permission to use this endpoint. Check the scopes of your application.",
      });
    }
    return null;
  }

  clear(): void {
    this.codes.clear();
    this.access.clear();
    this.refresh.clear();
  }
}
