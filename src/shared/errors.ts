/**
 * The one error shape that crosses the bridge. `fields` maps a form field to its messages so a
 * form can put each message under its input.
 *
 * No zod here: the sandboxed preload bundles this file (through the bridge), and the shape is
 * checked by hand in `isDeskError` below, which test/shared/errors.test.ts holds to the zod schema
 * `{ code: string, message: string, fields?: record<string, string[]> }`.
 */
export interface DeskError {
  code: string;
  message: string;
  fields?: Record<string, string[]> | undefined;
}

/** Codes produced by the bridge itself; services add their own. */
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
} as const;

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
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  constructor(
    code: string,
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
