import type { DeskError, DeskErrorCode } from '../../shared/errors';

/**
 * The one error the exchange client throws (issue 4). Every failure of a call to the exchange (an
 * error answer in any of its body forms, a network failure, a timeout, an answer of the wrong shape)
 * becomes an ExchangeError; `toDeskError()` turns it into the one shape that crosses the bridge.
 *
 * `retryable` means "the same operation may succeed if tried again later"; it does NOT say it is
 * safe to repeat a request that may already have been executed (an order placement that timed out
 * or whose connection was reset): that is the caller's call (e.g. look the order up by its client
 * order id first). For kind 'nonce' a retry means sending a NEWLY SIGNED request (fresh nonce):
 * re-sending the same signed bytes can never succeed (docs/api-v4-notes.md §2).
 */
export type ExchangeErrorKind =
  | 'validation'
  | 'auth'
  | 'nonce'
  | 'rate-limit'
  | 'permission'
  | 'maintenance'
  | 'network'
  | 'timeout'
  | 'unexpected';

export interface ExchangeErrorInit {
  kind: ExchangeErrorKind;
  /** What a user reads. */
  message: string;
  status?: number;
  code?: number;
  fields?: Record<string, string[]>;
  retryable?: boolean;
  endpoint?: string;
  cause?: unknown;
  /** The request never left this computer (see `ExchangeError.notSent`). */
  notSent?: boolean;
}

/** Whether a kind is worth trying again when nothing else says otherwise. */
const RETRYABLE_BY_KIND: Record<ExchangeErrorKind, boolean> = {
  validation: false,
  auth: false,
  nonce: true, // with a fresh nonce, i.e. re-signed
  'rate-limit': true, // after a back-off
  permission: false,
  maintenance: true,
  network: true,
  timeout: true,
  unexpected: false,
};

/** The code each kind crosses the bridge with (rule 6, docs/architecture.md: one closed set). */
const DESK_CODE_BY_KIND: Record<ExchangeErrorKind, DeskErrorCode> = {
  validation: 'EXCHANGE_VALIDATION',
  auth: 'EXCHANGE_AUTH',
  nonce: 'EXCHANGE_NONCE',
  'rate-limit': 'EXCHANGE_RATE_LIMIT',
  permission: 'EXCHANGE_PERMISSION',
  maintenance: 'EXCHANGE_MAINTENANCE',
  network: 'EXCHANGE_NETWORK',
  timeout: 'EXCHANGE_TIMEOUT',
  unexpected: 'EXCHANGE_UNEXPECTED',
};

/** `EXCHANGE_VALIDATION`, `EXCHANGE_RATE_LIMIT`, ... */
export function deskCodeOf(kind: ExchangeErrorKind): DeskErrorCode {
  return DESK_CODE_BY_KIND[kind];
}

/** Bounds of what an ExchangeError carries (rule 9, docs/architecture.md: exchange texts are bounded). */
export const ERROR_LIMITS = {
  /** Characters of the message (and of each per-field message). */
  message: 300,
  /** Characters of a field name. */
  fieldName: 100,
  /** Fields kept, and messages kept per field. */
  fields: 50,
  messagesPerField: 10,
} as const;

/** `text` cut to `max` characters, ending in "…" when cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Per-field messages within ERROR_LIMITS (names and messages clipped, counts cut). */
function boundedFields(fields: Record<string, string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!fields) return out;
  let count = 0;
  for (const [name, messages] of Object.entries(fields)) {
    if (count >= ERROR_LIMITS.fields) break;
    if (!Array.isArray(messages)) continue;
    const key = clip(name, ERROR_LIMITS.fieldName);
    if (key === '__proto__' || Object.hasOwn(out, key)) continue;
    out[key] = messages
      .slice(0, ERROR_LIMITS.messagesPerField)
      .map((message) => clip(String(message), ERROR_LIMITS.message));
    count++;
  }
  return out;
}

export class ExchangeError extends Error {
  /** HTTP status; undefined for network failures and timeouts. */
  readonly status: number | undefined;
  /** The `code` of the error body, when it had one. */
  readonly code: number | undefined;
  /** Per-field messages, keys exactly as the server sent them (possibly empty). */
  readonly fields: Record<string, string[]>;
  readonly retryable: boolean;
  readonly kind: ExchangeErrorKind;
  readonly endpoint: string | undefined;
  /**
   * True when the request never left this computer: the connection to the exchange could not be
   * made (refused, host name not resolved, connect timeout), so the exchange cannot have executed
   * it. False whenever it may have reached the exchange (a reset or timeout after sending).
   */
  readonly notSent: boolean;

  constructor(init: ExchangeErrorInit) {
    super(
      clip(String(init.message), ERROR_LIMITS.message),
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = 'ExchangeError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.fields = boundedFields(init.fields);
    this.retryable = init.retryable ?? RETRYABLE_BY_KIND[init.kind];
    this.endpoint = init.endpoint;
    this.notSent = init.notSent ?? false;
  }

  /** No API key saved for the profile: the request was never sent. */
  /** The OAuth connection is missing or expired: the user has to connect (again). */
  static oauthRequired(message: string): ExchangeError {
    return new ExchangeError({ kind: 'auth', message, endpoint: '/api/v4/accounts/orders' });
  }

  static noCredentials(endpoint?: string): ExchangeError {
    return new ExchangeError({
      kind: 'auth',
      message: 'No API key is saved for this profile. Add one in the settings.',
      endpoint,
    });
  }

  /** The same error with a message that says more (the original becomes the cause). */
  withMessage(message: string): ExchangeError {
    return new ExchangeError({
      kind: this.kind,
      message,
      status: this.status,
      code: this.code,
      fields: this.fields,
      retryable: this.retryable,
      endpoint: this.endpoint,
      cause: this,
      notSent: this.notSent,
    });
  }

  toDeskError(): DeskError {
    const code = deskCodeOf(this.kind);
    return Object.keys(this.fields).length > 0
      ? { code, message: this.message, fields: this.fields }
      : { code, message: this.message };
  }
}

export const isExchangeError = (value: unknown): value is ExchangeError =>
  value instanceof ExchangeError;

/** An answer of the wrong shape (or any other surprise): kind 'unexpected', not retryable. */
export function unexpectedError(
  message: string,
  endpoint?: string,
  extra: { status?: number; cause?: unknown } = {},
): ExchangeError {
  return new ExchangeError({ kind: 'unexpected', message, endpoint, ...extra });
}

// ---------------------------------------------------------------------------------------------
// Error answers
// ---------------------------------------------------------------------------------------------

const MAX_EXCERPT = 120;
const MAX_MESSAGE = ERROR_LIMITS.message;
/** Characters of a non-JSON body looked at for its excerpt: the title is in the head. */
const MAX_EXCERPT_SOURCE = 16 * 1024;
/** Strings gathered from one message value (an array of a million strings is cut). */
const MAX_STRINGS = 20;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  nbsp: ' ',
};

/** Printable one-line text: no control characters, whitespace collapsed. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;

function oneLine(text: string): string {
  return text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A short excerpt of a body that is not the JSON we expected, safe to show: the HTML page's title if
 * it has one, else its text without tags, scripts and styles; one line, at most ~120 characters.
 */
export function excerptOf(bodyText: string): string {
  // Only the head of a page is read, and every tag pattern is bounded: a body made of "<title"
  // repeated a million times must not make the regexes backtrack for minutes.
  const head = bodyText.slice(0, MAX_EXCERPT_SOURCE);
  const open = /<title\b[^<>]{0,200}>/i.exec(head);
  const close = open ? head.toLowerCase().indexOf('</title', open.index) : -1;
  const title = open && close >= 0 ? head.slice(open.index + open[0].length, close) : undefined;
  const source = title && title.trim() ? title : head;
  const text = source
    .replace(/<(script|style)\b[^<>]{0,200}>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[a-zA-Z!][^>]*>?/g, ' ')
    .replace(/&(#39|[a-z]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? whole);
  return clip(oneLine(text), MAX_EXCERPT);
}

/** All strings in a message that may be a string, an array, or arrays of arrays. */
function strings(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') {
    const text = oneLine(value);
    return text ? [text] : [];
  }
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value) && depth < 5) {
    const out: string[] = [];
    for (const item of value.slice(0, MAX_STRINGS)) {
      out.push(...strings(item, depth + 1));
      if (out.length >= MAX_STRINGS) break;
    }
    return out.slice(0, MAX_STRINGS);
  }
  return [];
}

/** Sentences joined into one message. */
function joinMessages(parts: string[]): string {
  return parts.reduce(
    (text, part) => (text ? `${text}${/[.!?:;]$/.test(text) ? ' ' : '; '}${part}` : part),
    '',
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{field: [msg]}` (values string, array or nested arrays); anything else gives no fields. */
function fieldMap(value: unknown): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (!isPlainObject(value)) return fields; // includes PHP's empty `[]`
  let count = 0;
  for (const [key, messages] of Object.entries(value)) {
    if (key === '__proto__') continue;
    const list = strings(messages);
    if (list.length) fields[key] = list;
    if (++count >= ERROR_LIMITS.fields) break;
  }
  return fields;
}

/** A body that is nothing but `{field: [msg, ...]}` (public endpoints, HTTP 422). */
function isFlatFieldBody(body: Record<string, unknown>): boolean {
  const values = Object.values(body);
  return (
    values.length > 0 &&
    values.every((value) => {
      const items: unknown[] = Array.isArray(value) ? value.flat(4) : [];
      return items.length > 0 && items.every((item) => typeof item === 'string');
    })
  );
}

/** `validation.required` & co. (OAuth) as words. */
function humanise(field: string, message: string): string {
  const key = /^validation\.([a-z_]+)$/.exec(message)?.[1];
  if (!key) return message;
  const what: Record<string, string> = {
    required: 'is required',
    numeric: 'must be a number',
    integer: 'must be a whole number',
    string: 'must be text',
    boolean: 'must be true or false',
    uuid: 'must be a UUID',
  };
  return `${field} ${what[key] ?? `is invalid (${key})`}.`;
}

interface ParsedBody {
  message: string;
  code: number | undefined;
  fields: Record<string, string[]>;
  /** `{data: {...}}` (OAuth token endpoints). */
  oauthData: boolean;
}

function readBody(body: unknown): ParsedBody | undefined {
  if (!isPlainObject(body)) {
    // `["..."]` or `[["..."]]`: a message and nothing else.
    const message = Array.isArray(body) ? joinMessages(strings(body)) : '';
    return message ? { message, code: undefined, fields: {}, oauthData: false } : undefined;
  }
  const rawCode = body.code;
  const code =
    typeof rawCode === 'number' && Number.isInteger(rawCode)
      ? rawCode
      : typeof rawCode === 'string' && /^-?\d{1,9}$/.test(rawCode)
        ? Number(rawCode)
        : undefined;

  if (isPlainObject(body.data) && !('message' in body) && !('errors' in body)) {
    // OAuth: {data: {message: [text]}} or {data: {token: ["Invalid token."]}}
    const { message, ...rest } = body.data;
    return {
      message: joinMessages(strings(message)),
      code,
      fields: fieldMap(rest),
      oauthData: true,
    };
  }

  const known = ['code', 'message', 'errors', 'success', 'params', 'result', 'notification'];
  const isKnownForm = Object.keys(body).some((key) => known.includes(key));
  if (!isKnownForm && isFlatFieldBody(body)) {
    return { message: '', code, fields: fieldMap(body), oauthData: false };
  }
  const fields = fieldMap(body.errors);
  // Public form: `params` is usually `[]`; when it is a field map, use it. The v1 kline's wrapped
  // form carries its field map as the `message`.
  if (!Object.keys(fields).length) Object.assign(fields, fieldMap(body.params));
  if (!Object.keys(fields).length) Object.assign(fields, fieldMap(body.message));
  const message = joinMessages(strings(body.message));
  if (!message && !Object.keys(fields).length && code === undefined) return undefined;
  return { message, code, fields, oauthData: false };
}

/** The server's message, plus the first field message when there are field errors. */
function userMessage(parsed: ParsedBody, status: number): string {
  const first = Object.entries(parsed.fields)[0];
  const fieldText = first ? humanise(first[0], first[1][0] ?? '') : '';
  const server = parsed.message;
  let text: string;
  if (server && fieldText && server !== fieldText) {
    text = `${server.replace(/[.:;]+$/, '')}: ${fieldText}`;
  } else {
    text = server || fieldText;
  }
  return clip(text || `The exchange refused the request (HTTP ${status}).`, MAX_MESSAGE);
}

/** What a user reads once the client has given up waiting out a gateway rate limit. */
export const RATE_LIMIT_MESSAGE =
  'The exchange is rate-limiting requests from this computer (HTTP 429). Try again in a minute.';

/**
 * HTTP 453: the account's region does not allow the order (EU accounts may place only market,
 * immediate-or-cancel limit and stop-market orders on spot). Whatever the body says, this is what
 * the user reads.
 */
export const REGION_REFUSED_MESSAGE =
  "The exchange does not allow this order type for this account's region (HTTP 453): EU accounts may place only market, immediate-or-cancel limit and stop-market orders on spot. Nothing was placed.";

const NONCE = /nonce/i;
const AUTH_MESSAGE =
  /unauthori[sz]ed request|invalid payload|this action is unauthori[sz]ed|enable your key|api key|invalid token|unauthenticated/i;

function kindOfJson(
  status: number,
  parsed: ParsedBody,
  endpoint: string,
): { kind: ExchangeErrorKind; retryable?: boolean } {
  const { message, code } = parsed;
  if (NONCE.test(message)) {
    // "Invalid nonceWindow." is a malformed request, not a stale nonce: re-signing will not help.
    return { kind: 'nonce', retryable: !/nonceWindow/i.test(message) };
  }
  if (status === 429) {
    // §2: JSON "Too many requests." = nonce not above the last one; a real rate limit is not JSON.
    return { kind: 'nonce' };
  }
  if (status >= 500) {
    return status === 503 ? { kind: 'maintenance' } : { kind: 'unexpected', retryable: true };
  }
  if (status === 403 && /permission/i.test(message)) return { kind: 'permission' };
  if (
    status === 401 ||
    // codes are not unique across endpoints (§3): 9 / 10 count as auth only with their message
    (status === 400 && (code === 9 || code === 10) && AUTH_MESSAGE.test(message)) ||
    (status === 403 && (code === 2 || AUTH_MESSAGE.test(message)))
  ) {
    return { kind: 'auth' };
  }
  if (status === 403) return { kind: 'permission' };
  if (endpoint.startsWith('/oauth2/') && parsed.oauthData) {
    // {data:{token:["Invalid token."]}} / {data:{message:[...]}}: the grant or token is no good.
    return { kind: 'auth' };
  }
  // 2xx: a refusal wrapped in a success answer (`success: false`, the v1 kline); 453 the region's.
  if (status === 400 || status === 422 || status === 453 || (status >= 200 && status < 300)) {
    return { kind: 'validation' };
  }
  return { kind: 'unexpected' };
}

/** A JSON error body as an ExchangeError; undefined when it says nothing an error would. */
function jsonError(status: number, body: unknown, endpoint: string): ExchangeError | undefined {
  const parsed = readBody(body);
  if (!parsed) return undefined;
  const { kind, retryable } = kindOfJson(status, parsed, endpoint);
  return new ExchangeError({
    kind,
    message: status === 453 ? REGION_REFUSED_MESSAGE : userMessage(parsed, status),
    status,
    code: parsed.code,
    fields: parsed.fields,
    retryable,
    endpoint,
  });
}

/**
 * A refusal the exchange answered with a success status: the v1 kline's HTTP 200
 * `{success: false, message: {field: [msg]}, result: null}`. A validation error.
 */
export function refusalIn(status: number, body: unknown, endpoint: string): ExchangeError {
  return (
    jsonError(status, body, endpoint) ??
    new ExchangeError({
      kind: 'validation',
      message: `The exchange refused the request (HTTP ${status}).`,
      status,
      endpoint,
    })
  );
}

/**
 * Any error answer of the exchange as an ExchangeError. Never throws: every body form of the spec
 * and of the deployed server (docs/api-v4-notes.md §3, §8), non-JSON pages, empty and truncated
 * bodies.
 */
export function parseErrorResponse(
  status: number,
  bodyText: string,
  endpoint: string,
): ExchangeError {
  try {
    let body: unknown;
    let isJson = false;
    try {
      body = JSON.parse(bodyText);
      isJson = true;
    } catch {
      // not JSON: handled below
    }
    const parsed = isJson ? jsonError(status, body, endpoint) : undefined;
    if (parsed) return parsed;
    const excerpt = excerptOf(bodyText ?? '');
    const what = excerpt ? `: "${excerpt}"` : ' with an empty answer';
    if (status === 429) {
      return new ExchangeError({
        kind: 'rate-limit',
        message: RATE_LIMIT_MESSAGE,
        status,
        endpoint,
      });
    }
    if (status === 503) {
      return new ExchangeError({
        kind: 'maintenance',
        message:
          'The exchange is temporarily unavailable (HTTP 503, maintenance). Try again later.',
        status,
        endpoint,
      });
    }
    return new ExchangeError({
      kind: 'unexpected',
      message: `The exchange answered HTTP ${status}${isJson ? ' with an unexpected body' : ''}${what}`,
      status,
      retryable: status >= 500,
      endpoint,
    });
  } catch (error) {
    // Belt and braces: this function must never throw.
    return unexpectedError(`The exchange answered HTTP ${status}.`, endpoint, {
      status,
      cause: error,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// No answer
// ---------------------------------------------------------------------------------------------

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const errors = (current as { errors?: unknown }).errors; // AggregateError (happy eyeballs)
    if (Array.isArray(errors) && errors.length) {
      const inner = errorCode(errors[0]);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function errorMessages(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof Error) parts.push(current.message);
    else if (typeof current === 'string') parts.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(' ');
}

/**
 * Codes that only a connection attempt can fail with: the request itself was never written.
 * (ETIMEDOUT is not among them: it can also be a read that timed out after the request was sent.)
 */
const BEFORE_CONNECTION = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether a failure happened before anything was sent: the transport says so (`sent: false`, set
 * when no connection was ever open), or the code is one only a connection attempt produces.
 */
function failedBeforeSending(error: unknown, code: string | undefined): boolean {
  if (code !== undefined && BEFORE_CONNECTION.has(code)) return true;
  return (
    typeof error === 'object' && error !== null && (error as { sent?: unknown }).sent === false
  );
}

/**
 * Why a request that was never sent could not be: "connection refused", "host name not found",
 * ...; undefined when the request may have been sent.
 */
export function notSentReason(error: ExchangeError): string | undefined {
  if (!error.notSent) return undefined;
  switch (errorCode(error.cause)) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return 'network unreachable';
    default:
      return 'no connection';
  }
}

/** An https address whose server does not speak TLS (OpenSSL: "wrong version number"). */
export const NOT_HTTPS_MESSAGE =
  'The address answered, but not over https: check the address (http:// or https://).';

/** The request did not get an answer: connection refused, reset, host not found, ... */
export function networkError(error: unknown, endpoint?: string): ExchangeError {
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'TimeoutError') {
    // AbortSignal.timeout(): the caller knows the limit; still a timeout, not a network failure.
    return new ExchangeError({
      kind: 'timeout',
      message: 'The exchange did not answer in time.',
      endpoint,
      cause: error,
    });
  }
  const code = errorCode(error);
  const text = errorMessages(error);
  let message: string;
  switch (code) {
    case 'ECONNREFUSED':
      // No advice: a profile that worked is down; adding one, the check says what to look at.
      message =
        'Could not connect to the exchange (connection refused): it is down or cannot be reached from here.';
      break;
    case 'ECONNRESET':
      message = 'The connection to the exchange was reset. Check the network and try again.';
      break;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      message =
        "The exchange's host name could not be resolved. Check the address and the network connection.";
      break;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      message = 'Connecting to the exchange timed out. Check the network connection.';
      break;
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      message = 'The exchange cannot be reached from this network.';
      break;
    default:
      if (
        code === 'EPROTO' ||
        code === 'ERR_SSL_WRONG_VERSION_NUMBER' ||
        /wrong version number/i.test(text)
      ) {
        // https spoken to a plain-http server: OpenSSL's own words help nobody.
        message = NOT_HTTPS_MESSAGE;
      } else if (/socket hang up|other side closed/i.test(text) || code === 'UND_ERR_SOCKET') {
        message = 'The exchange closed the connection before answering (socket hang up).';
      } else {
        const detail = clip(oneLine(text), MAX_EXCERPT);
        message = `Could not reach the exchange${detail ? ` (${detail})` : ''}.`;
      }
  }
  return new ExchangeError({
    kind: 'network',
    message,
    endpoint,
    cause: error,
    notSent: failedBeforeSending(error, code),
  });
}

/** No answer within `ms` milliseconds. */
export function timeoutError(ms: number, endpoint?: string): ExchangeError {
  const limit = ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
  return new ExchangeError({
    kind: 'timeout',
    message: `The exchange did not answer within ${limit}.`,
    endpoint,
  });
}
