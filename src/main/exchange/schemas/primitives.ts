import { z } from 'zod';
import type { OrderSide } from '../../../shared/model';
import { boundedDecimal, isNegativeDecimal } from '../../../shared/decimal';
import { clip, unexpectedError, type ExchangeError } from '../errors';

/**
 * The building blocks of the response schemas, implementing the rules in ./index.ts: value
 * conversions (decimals, times, texts, flags), field schemas with one message style, records that
 * camelCase their own field names, bounded lists and maps, and the parser of one endpoint.
 */

/** Characters kept of a text field, by kind. */
export const TEXT_LIMITS = {
  /** Names, identifiers, statuses, types, tickers, networks. */
  short: 200,
  /** Addresses, memos, descriptions, transaction hashes and ids. */
  long: 500,
  /** A map key (ticker, market): longer is refused, never clipped (keys would merge). */
  key: 100,
  /** An OAuth token: longer is refused (a clipped token is no token). */
  token: 8192,
} as const;

/** Items of any list or map from the exchange (paging asks for at most a few hundred). */
export const MAX_ITEMS = 10_000;

/** Digits a precision may have (0..30, as boundedDecimal's limits). */
const MAX_PRECISION = 30;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short description of a value for an error message. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * A decimal string from a decimal string or a finite number, or undefined when it is neither or is
 * out of bounds (the shared rule `boundedDecimal`: "1e600000000" is refused, never written out).
 * Strings are kept as given unless they use an exponent, which is written out.
 */
export function toDecimalString(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return undefined;
  return boundedDecimal(text);
}

/** A decimal that is not below zero (amounts, prices, fees, balances, minimums). */
export const toAmountString: Conversion<string> = (value) => {
  const text = toDecimalString(value);
  return text === undefined || isNegativeDecimal(text) ? undefined : text;
};

/**
 * Unix seconds (number or numeric string, with fraction) as Unix milliseconds, truncating below the
 * millisecond. Values >= 1e11 are taken to be milliseconds already. Undefined when not a time.
 */
export function secondsToMs(value: unknown): number | undefined {
  let text: string;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    text = String(value);
    if (/e/i.test(text)) {
      const written = boundedDecimal(text);
      if (written === undefined) return undefined;
      text = written;
    }
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const whole = Number(match[1]);
  if (!Number.isSafeInteger(whole)) return undefined;
  if (whole >= 1e11) return whole;
  return whole * 1000 + Number(((match[2] ?? '') + '000').slice(0, 3));
}

export type Conversion<T> = (value: unknown) => T | undefined;

/** A required field converted by `convert`; the message says what was expected and what came. */
export function required<T>(expected: string, convert: Conversion<T>) {
  return z.unknown().transform((value, ctx): T => {
    const converted = value === undefined ? undefined : convert(value);
    if (converted === undefined) {
      ctx.addIssue({
        code: 'custom',
        message:
          value === undefined
            ? `missing (expected ${expected})`
            : `expected ${expected}, got ${show(value)}`,
      });
      return z.NEVER;
    }
    return converted;
  });
}

/** Absent, null and "" mean absent; anything else must convert. */
export function optional<T>(expected: string, convert: Conversion<T>) {
  return z.unknown().transform((value, ctx): T | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    const converted = convert(value);
    if (converted === undefined) {
      ctx.addIssue({ code: 'custom', message: `expected ${expected}, got ${show(value)}` });
      return z.NEVER;
    }
    return converted;
  });
}

/** Optional with a default. */
export function withDefault<T>(expected: string, convert: Conversion<T>, fallback: T) {
  return optional(expected, convert).transform((value): T => value ?? fallback);
}

const rawText: Conversion<string> = (value) =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined;

/** A text clipped to `max` characters. */
const clippedText =
  (max: number): Conversion<string> =>
  (value) => {
    const text = rawText(value);
    return text === undefined ? undefined : clip(text, max);
  };

export const asText = clippedText(TEXT_LIMITS.short);
export const asLongText = clippedText(TEXT_LIMITS.long);

/** A token: refused (not clipped) beyond TEXT_LIMITS.token. */
const asToken: Conversion<string> = (value) =>
  typeof value === 'string' && value.length <= TEXT_LIMITS.token ? value : undefined;

const asInt: Conversion<number> = (value) => {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d{1,16}$/.test(value)) {
    const number = Number(value);
    return Number.isSafeInteger(number) ? number : undefined;
  }
  return undefined;
};

/** A precision: a whole number from 0 to 30. */
const asPrecision: Conversion<number> = (value) => {
  const int = asInt(value);
  return int !== undefined && int >= 0 && int <= MAX_PRECISION ? int : undefined;
};

/** A non-negative number within the decimal bounds (a rate: not money, so a float is fine). */
export const asRate: Conversion<number> = (value) => {
  const text = toAmountString(value);
  return text === undefined ? undefined : Number(text);
};

export const asBool: Conversion<boolean> = (value) => {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return undefined;
};

const asSide: Conversion<OrderSide> = (value) => {
  const side = typeof value === 'string' ? value.toLowerCase() : undefined;
  return side === 'buy' || side === 'sell' ? side : undefined;
};

const STP_LONG: Record<string, string> = { cb: 'cancel_both', cn: 'cancel_new', co: 'cancel_old' };
const asStp: Conversion<string> = (value) =>
  typeof value === 'string' ? (STP_LONG[value] ?? value) : undefined;

export const asMethod: Conversion<1 | 2> = (value) => {
  const method = asInt(value);
  return method === 1 || method === 2 ? method : undefined;
};

const MAX_SCOPES = 100;

export const asScope: Conversion<string[]> = (value) => {
  let list: string[];
  if (typeof value === 'string' && value.length <= TEXT_LIMITS.token) {
    list = value.split(/[\s,]+/);
  } else if (
    Array.isArray(value) &&
    value.length <= MAX_SCOPES &&
    value.every((item) => typeof item === 'string')
  ) {
    list = value as string[];
  } else {
    return undefined;
  }
  return list
    .filter(Boolean)
    .slice(0, MAX_SCOPES)
    .map((scope) => clip(scope, TEXT_LIMITS.short));
};

export const text = required('a string', asText);
export const optText = optional('a string', asText);
export const longText = (fallback: string) => withDefault('a string', asLongText, fallback);
export const token = required(`a token of at most ${TEXT_LIMITS.token} characters`, asToken);
export const int = required('an integer', asInt);
export const optInt = optional('an integer', asInt);
export const precision = required(`a whole number from 0 to ${MAX_PRECISION}`, asPrecision);
export const optPrecision = optional(`a whole number from 0 to ${MAX_PRECISION}`, asPrecision);
export const bool = required('a boolean', asBool);
export const optBool = optional('a boolean', asBool);
/** Amounts, prices, fees, balances, minimums: never below zero. */
export const decimal = required('a non-negative decimal number', toAmountString);
export const optDecimal = optional('a non-negative decimal number', toAmountString);
export const decimalOr = (fallback: string) =>
  withDefault('a non-negative decimal number', toAmountString, fallback);
/** A decimal that may be negative (a 24 h change). */
export const signedDecimal = required('a decimal number', toDecimalString);
export const time = required('a Unix time', secondsToMs);
export const optTime = optional('a Unix time', secondsToMs);
export const side = required('"buy" or "sell"', asSide);
export const optSide = optional('"buy" or "sell"', asSide);
export const optStp = optional('a self-trade prevention mode', asStp);

/** Copy without the keys whose value is undefined (so both casings give identical objects). */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Field names repeat on every record: remember their camelCase (bounded, for hostile input). */
const camelCache = new Map<string, string>();

const toCamel = (key: string): string => {
  if (!key.includes('_')) return key;
  let camel = camelCache.get(key);
  if (camel === undefined) {
    camel = key.replace(/(?<=[A-Za-z0-9])_+([A-Za-z0-9])/g, (_, char: string) =>
      char.toUpperCase(),
    );
    if (camelCache.size < 1000) camelCache.set(key, camel);
  }
  return camel;
};

/**
 * A record's own field names in camelCase (not its values: nested records do their own). When both
 * spellings are present the camelCase one wins. `__proto__` is dropped.
 */
export function camelKeys(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === '__proto__') continue;
    const camel = toCamel(key);
    if (camel === key || !Object.hasOwn(value, camel)) out[camel] = field;
  }
  return out;
}

/**
 * A record: its field names are camelCased, then it is validated with the camelCase shape. Every
 * field of the shape is made present (absent -> undefined) so that each field's own schema decides
 * what absence means (missing, absent, or a default), with one message style.
 */
export function record<S extends z.ZodRawShape>(
  shape: S,
  before: (value: unknown) => unknown = camelKeys,
) {
  const keys = Object.keys(shape);
  return z.preprocess((value) => {
    const fields = before(value);
    if (!isPlainObject(fields)) return fields;
    const filled: Record<string, unknown> = { ...fields };
    for (const key of keys) if (!Object.hasOwn(filled, key)) filled[key] = undefined;
    return filled;
  }, z.object(shape));
}

/** PHP encodes an empty object as `[]`. */
export const emptyArrayAsObject = (value: unknown): unknown =>
  Array.isArray(value) && value.length === 0 ? {} : value;

/**
 * At most MAX_ITEMS items (entries of a map), checked before any item is read, so a hostile answer
 * of a million items costs one check, not a million issues.
 */
const bounded = z.unknown().superRefine((value, ctx) => {
  const size = Array.isArray(value)
    ? value.length
    : isPlainObject(value)
      ? Object.keys(value).length
      : 0;
  if (size > MAX_ITEMS) {
    ctx.addIssue({ code: 'custom', message: `more than ${MAX_ITEMS} items`, continue: false });
  }
});

/** A list of at most MAX_ITEMS items. */
export function arrayOf<T extends z.ZodType>(item: T) {
  return bounded.pipe(z.array(item));
}

/** Map keys (tickers, markets) of at most TEXT_LIMITS.key characters. */
const mapKey = z.string().max(TEXT_LIMITS.key, `a key longer than ${TEXT_LIMITS.key} characters`);

/** A map with keys kept as sent (tickers, markets, networks), of at most MAX_ITEMS entries. */
export function mapOf<T extends z.ZodType>(value: T) {
  return z.preprocess(emptyArrayAsObject, bounded.pipe(z.record(mapKey, value)));
}

/** An optional nested object: absent, null and `[]` mean absent. */
export function optObject<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === null || (Array.isArray(value) && value.length === 0) ? undefined : value),
    schema.optional(),
  );
}

/** A list: absent or null is an empty list. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => value ?? [], arrayOf(item));
}

/** Routes a value to one of several schemas, keeping the inner paths of the chosen one. */
export function routed<T>(choose: (value: unknown) => z.ZodType<T>) {
  return z.unknown().transform((value, ctx): T => {
    const result = choose(value).safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
}

/** `records[3].dealMoney` */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`,
    )
    .join('');
}

/** The first problem of a wrong-shaped answer, as an ExchangeError of kind 'unexpected'. */
function shapeError(endpoint: string, error: z.ZodError): ExchangeError {
  const issue = error.issues[0];
  const where = issue && issue.path.length ? `${pathText(issue.path)}: ` : '';
  const what = issue ? issue.message : 'wrong shape';
  return unexpectedError(
    `Unexpected answer from the exchange (${endpoint}): ${where}${what}`,
    endpoint,
    { cause: error },
  );
}

/**
 * An object as JSON.parse makes it (Object.prototype, not an array): what a fast reader reads;
 * anything else it leaves to the schema. (Symbol keys, which a map's schema refuses, are the
 * reader's to check.)
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}

/**
 * Digits, a point and digits, within the decimal bounds however they are counted (at most 30
 * before and 30 after the point): what toAmountString keeps as is. A quick test for fast readers.
 */
const PLAIN_AMOUNT = /^\d{1,30}(?:\.\d{1,30})?$/;

/** toAmountString, with the quick test first (the same answer, sooner, for a plain amount). */
export const readAmount = (value: unknown): string | undefined =>
  typeof value === 'string' && PLAIN_AMOUNT.test(value) ? value : toAmountString(value);

/**
 * The parser of one endpoint. `fast`, for the answers read most often, reads a well-formed answer
 * without zod and returns undefined for anything it is not sure of; the schema then reads the
 * answer (and words the error). Where it answers it must give exactly what the schema gives
 * (test/main/exchange/schemas.test.ts holds it to that), so it checks no less.
 */
export function parserOf<T>(
  schema: z.ZodType<T>,
  defaultEndpoint: string,
  fast?: (json: unknown) => T | undefined,
) {
  return (json: unknown, endpoint: string = defaultEndpoint): T => {
    const read = fast?.(json);
    if (read !== undefined) return read;
    const result = schema.safeParse(json);
    if (!result.success) throw shapeError(endpoint, result.error);
    return result.data;
  };
}
