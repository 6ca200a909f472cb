/**
 * Every code an error that crosses the bridge may carry: one closed set (rule 6,
 * docs/architecture.md). Main answers only with these (`DeskFailure` takes nothing else), and a
 * page that compares a code compares a `DeskErrorCode`, so a misspelt or unknown code fails the
 * typecheck on either side. Node's own error codes (ENOENT, ECONNRESET, ...) are another thing and
 * never cross the bridge.
 */
export type DeskErrorCode =
  // The bridge's own (`ErrorCode` below).
  | 'INVALID_INPUT'
  | 'UNKNOWN_CHANNEL'
  | 'FORBIDDEN'
  | 'UNAUTHORIZED'
  | 'BRIDGE'
  | 'INTERNAL'
  | 'DISK'
  | 'TOO_LARGE'
  // The exchange refused or did not answer: one per kind of ExchangeError
  // (src/main/exchange/errors.ts).
  | 'EXCHANGE_VALIDATION'
  | 'EXCHANGE_AUTH'
  | 'EXCHANGE_NONCE'
  | 'EXCHANGE_RATE_LIMIT'
  | 'EXCHANGE_PERMISSION'
  | 'EXCHANGE_MAINTENANCE'
  | 'EXCHANGE_NETWORK'
  | 'EXCHANGE_TIMEOUT'
  | 'EXCHANGE_UNEXPECTED'
  // Profiles, their keys and the keychain (src/main/accounts, src/main/vault).
  | 'NO_PROFILE'
  | 'PROFILE_INVALID'
  | 'NAME_TAKEN'
  | 'NO_KEY'
  | 'NO_PARTNER'
  | 'VERIFY_FAILED'
  | 'OAUTH_PORT_UNAVAILABLE'
  | 'KEYCHAIN_UNAVAILABLE'
  | 'SECRET_TOO_LARGE'
  // The app lock (src/main/accounts/lock.ts, and every guarded channel while locked).
  | 'LOCKED'
  | 'WRONG_PASSCODE'
  | 'LOCK_WAIT'
  | 'LOCK_UNREADABLE'
  | 'CURRENT_PASSCODE_REQUIRED'
  // Orders and markets (src/main/services).
  | 'CLIENT_ORDER_ID_USED'
  | 'NO_MARKET'
  // The web host's answers to a request that never reaches a channel (src/main/page/webHost.ts).
  | 'MISDIRECTED'
  | 'METHOD'
  | 'TOO_MANY_STREAMS'
  // The page's own: a refusal before anything is sent (the Mining screen's export).
  | 'NO_QUERY'
  // Transfers between the user's own balances: main and trade (services/balanceTransfer.ts), main
  // and a sub-account (services/subAccounts.ts); converts (services/convert.ts).
  | 'TRANSFER_IN_FLIGHT'
  | 'TRANSFER_NOT_MOVED'
  | 'CONVERT_QUOTE_EXPIRED';

/**
 * The one error shape that crosses the bridge. `fields` maps a form field to its messages so a
 * form can put each message under its input.
 *
 * No zod here: the sandboxed preload bundles this file (through the bridge), and the shape is
 * checked by hand in `isDeskError` below, which test/shared/errors.test.ts holds to the zod schema
 * `{ code: string, message: string, fields?: record<string, string[]> }`.
 */
export interface DeskError {
  /**
   * Typed as the closed set; at run time, though, `isDeskError` takes any string: an error from a
   * main older or newer than this page may carry a code the page does not know, and it still
   * shows its message.
   */
  code: DeskErrorCode;
  message: string;
  fields?: Record<string, string[]> | undefined;
}

/** Codes produced by the bridge itself; services use the others of DeskErrorCode. */
export const ErrorCode = {
  InvalidInput: 'INVALID_INPUT',
  UnknownChannel: 'UNKNOWN_CHANNEL',
  Forbidden: 'FORBIDDEN',
  Unauthorized: 'UNAUTHORIZED',
  Bridge: 'BRIDGE',
  Internal: 'INTERNAL',
  /** The disk refused a write (full, read-only, permission): the message names the folder. */
  Disk: 'DISK',
  /** An answer too large to hand to the page whole (a CSV the web host would download). */
  TooLarge: 'TOO_LARGE',
} as const satisfies Record<string, DeskErrorCode>;

/** What every channel answers with; the bridge unwraps it. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: DeskError };

const isObject = (value: unknown): value is Record<PropertyKey, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object whose prototype is Object's (or none), as zod's record accepts. */
function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (!isObject(value)) return false;
  const ctor = value.constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const prototype: unknown = ctor.prototype;
  return isObject(prototype) && Object.prototype.hasOwnProperty.call(prototype, 'isPrototypeOf');
}

/** Holes count as undefined, not skipped (as zod reads them). */
function isStringArray(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  return true;
}

/** Each own enumerable key a string (no symbols) and each value an array of strings. */
function isFieldMessages(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const key of Reflect.ownKeys(value)) {
    if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(value, key)) continue;
    if (typeof key !== 'string' || !isStringArray(value[key])) return false;
  }
  return true;
}

/**
 * Whether `value` has the error shape. Its code may be any string (see `DeskError.code`): the
 * check is on the shape, not on the set of codes this build knows.
 */
export const isDeskError = (value: unknown): value is DeskError =>
  isObject(value) &&
  typeof value.code === 'string' &&
  typeof value.message === 'string' &&
  (value.fields === undefined || isFieldMessages(value.fields));

/** Any thrown value as a DeskError (a DeskError as is, anything else wrapped). */
export function asDeskError(value: unknown): DeskError {
  if (isDeskError(value)) return value;
  const message = value instanceof Error ? value.message : String(value);
  return { code: ErrorCode.Bridge, message };
}

/** Thrown by main-side code to answer with a specific DeskError. */
export class DeskFailure extends Error {
  readonly code: DeskErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  constructor(
    code: DeskErrorCode,
    message: string,
    fields?: Record<string, string[]>,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DeskFailure';
    this.code = code;
    this.fields = fields;
  }
  toDeskError(): DeskError {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }
}
