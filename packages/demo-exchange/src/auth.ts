import { createHmac, timingSafeEqual } from 'node:crypto';
import { Decimal, parseAmount } from './decimal';
import { ApiError } from './errors';

/**
 * Signed requests (notes §1-§2). Checks, in this order:
 * 1. `X-TXC-APIKEY` names a known key, else 401 `{"code":10,"message":"Unauthorized request."}`.
 * 2. The body is JSON and the Base64-decoded `X-TXC-PAYLOAD` equals it (both parsed and
 *    re-serialised compactly), else 400 `{"code":9,"message":"Invalid payload."}`.
 * 3. The body's `request` equals the path called. Undocumented status; we answer the same 400
 *    `{"code":9,"message":"Invalid payload."}` (the payload is wrong for this endpoint).
 * 4. `X-TXC-SIGNATURE` = hex HMAC-SHA512(secret, payload), else 401 code 10.
 * 5. The nonce (see NonceBook).
 */
export function signPayload(secret: string, payloadBase64: string): string {
  return createHmac('sha512', Buffer.from(secret, 'utf8')).update(payloadBase64).digest('hex');
}

export const UNAUTHORIZED = () => new ApiError(401, { code: 10, message: 'Unauthorized request.' });
export const INVALID_PAYLOAD = () => new ApiError(400, { code: 9, message: 'Invalid payload.' });

function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export interface SignedRequest {
  apiKey: string;
  body: Record<string, unknown>;
}

export function verifySigned(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  path: string,
  keys: ReadonlyMap<string, string>,
): SignedRequest | ApiError {
  const apiKey = header(headers, 'x-txc-apikey');
  const secret = apiKey === undefined ? undefined : keys.get(apiKey);
  if (apiKey === undefined || secret === undefined) return UNAUTHORIZED();
  const payload = header(headers, 'x-txc-payload') ?? '';
  let body: unknown;
  let decoded: unknown;
  try {
    body = JSON.parse(rawBody);
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return INVALID_PAYLOAD();
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return INVALID_PAYLOAD();
  if (JSON.stringify(body) !== JSON.stringify(decoded)) return INVALID_PAYLOAD();
  const record = body as Record<string, unknown>;
  if (record.request !== path) return INVALID_PAYLOAD();
  const expected = Buffer.from(signPayload(secret, payload), 'utf8');
  const given = Buffer.from((header(headers, 'x-txc-signature') ?? '').toLowerCase(), 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return UNAUTHORIZED();
  return { apiKey, body: record };
}

/**
 * Nonce rules (notes §2).
 * - Without `nonceWindow` (absent or false): strictly greater than the key's last accepted nonce,
 *   else 429 `{"code":0,"errors":{},"message":"Too many requests."}`. The last nonce is part of the
 *   persisted state. Window-mode requests do not move it.
 * - `nonceWindow: true`: a ms timestamp within ±5000 ms of server time (clock skew included) and
 *   unique within the window. Stale: 422 `{"code":0,"message":"Your nonce is more than 5 seconds
 *   lesser than the current nonce."}`; ahead: 422 `{..."more than 5 seconds greater than..."}`
 *   (status undocumented: 422 chosen); repeated: 429 "Too many requests." as above.
 * - `nonceWindow` not a boolean: 422 `{"code":0,"message":"Invalid nonceWindow."}`.
 * - The nonce is a number: an integer or not (the deployed server takes a float, and
 *   whitebit-httpx-client sends one: milliseconds with a fraction), a JSON number or a numeric
 *   string; it is compared exactly, fraction included. Missing or not a number (or 10^30 and more):
 *   422 `{"code":0,"message":"Validation failed","errors":{"nonce":[..]}}`.
 */
export const NONCE_WINDOW_MS = 5000;

/** Nonces from here up are refused (the state keeps the last one as text). */
const NONCE_BOUND = new Decimal('1e30');

const tooMany = () => new ApiError(429, { code: 0, errors: {}, message: 'Too many requests.' });

export class NonceBook {
  private readonly recent = new Map<string, Map<string, number>>();

  constructor(
    private readonly last: () => Record<string, string>,
    private readonly now: () => number,
  ) {}

  /** Forgets window-mode nonces (reset). */
  clear(): void {
    this.recent.clear();
  }

  check(apiKey: string, nonce: unknown, nonceWindow: unknown): ApiError | null {
    if (nonceWindow !== undefined && typeof nonceWindow !== 'boolean') {
      return new ApiError(422, { code: 0, message: 'Invalid nonceWindow.' });
    }
    const value = parseAmount(nonce);
    if (!value || value.gte(NONCE_BOUND)) {
      const message =
        nonce === undefined || nonce === null || nonce === ''
          ? 'The nonce field is required.'
          : 'The nonce must be a number.';
      return new ApiError(422, {
        code: 0,
        message: 'Validation failed',
        errors: { nonce: [message] },
      });
    }
    if (nonceWindow === true) {
      const now = new Decimal(this.now());
      if (value.lt(now.minus(NONCE_WINDOW_MS))) {
        return new ApiError(422, {
          code: 0,
          message: 'Your nonce is more than 5 seconds lesser than the current nonce.',
        });
      }
      if (value.gt(now.plus(NONCE_WINDOW_MS))) {
        return new ApiError(422, {
          code: 0,
          message: 'Your nonce is more than 5 seconds greater than the current nonce.',
        });
      }
      let seen = this.recent.get(apiKey);
      if (!seen) {
        seen = new Map();
        this.recent.set(apiKey, seen);
      }
      const nowMs = this.now();
      for (const [n, at] of seen) if (at < nowMs - 2 * NONCE_WINDOW_MS - 1000) seen.delete(n);
      const key = value.toFixed();
      if (seen.has(key)) return tooMany();
      seen.set(key, nowMs);
      return null;
    }
    const last = this.last();
    const previous = last[apiKey];
    if (previous !== undefined && value.lte(previous)) return tooMany();
    last[apiKey] = value.toFixed();
    return null;
  }
}
