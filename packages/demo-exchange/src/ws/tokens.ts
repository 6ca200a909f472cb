import { randomBytes } from 'node:crypto';

/**
 * WebSocket tokens (private/websocket.mdx, "Websocket token"): `POST /api/v4/profile/websocket_token`
 * (signed, routes/account.ts) answers `{"websocket_token": "..."}`; the `authorize` method takes it. A token is random,
 * kept in memory only, bound to the API key that asked for it, and may authorize any number of
 * connections until it expires. The documentation gives no lifetime; the demo's is `ttlMs`
 * (default 15 minutes). At most MAX_TOKENS live at once (the oldest go first).
 */
export const DEFAULT_TOKEN_TTL_MS = 15 * 60_000;
const MAX_TOKENS = 1000;

export class WsTokens {
  private readonly tokens = new Map<string, { apiKey: string; expires: number }>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = DEFAULT_TOKEN_TTL_MS,
  ) {}

  issue(apiKey: string): string {
    const now = this.now();
    for (const [token, entry] of this.tokens) if (entry.expires <= now) this.tokens.delete(token);
    while (this.tokens.size >= MAX_TOKENS) {
      const oldest = this.tokens.keys().next().value;
      if (oldest === undefined) break;
      this.tokens.delete(oldest);
    }
    const token = randomBytes(24).toString('hex');
    this.tokens.set(token, { apiKey, expires: now + this.ttlMs });
    return token;
  }

  /** The API key a live token was issued to, or null (unknown or expired). */
  apiKeyOf(token: string): string | null {
    const entry = this.tokens.get(token);
    if (!entry) return null;
    if (entry.expires <= this.now()) {
      this.tokens.delete(token);
      return null;
    }
    return entry.apiKey;
  }

  clear(): void {
    this.tokens.clear();
  }
}
