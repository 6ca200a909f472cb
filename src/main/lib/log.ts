import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';

/**
 * Main's log: errors and notable events, to the console and (once `startLogFile` has run) to a
 * rotating file `main.log` in the app's logs folder (`main.1.log` … are the older ones). Never a
 * secret: nothing secret is ever passed here, and anything that looks like a secret field or a
 * bearer token is masked on the way out all the same.
 */
export interface LogFileOptions {
  /** Rotate when the file reaches this size (default 1 MiB). */
  maxBytes?: number;
  /** Older files kept beside the current one (default 3). */
  keep?: number;
}

type Level = 'error' | 'warn' | 'info';

let file: { path: string; dir: string; maxBytes: number; keep: number } | undefined;

const SECRET_FIELD =
  /("?(?:api_?secret|apiSecret|client_?secret|clientSecret|secret|password|passcode|access_?token|accessToken|refresh_?token|refreshToken|token)"?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,}&]+)/gi;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/g;

/** Masks secret-looking fields and bearer tokens in a log line. */
export function redact(text: string): string {
  return text.replace(SECRET_FIELD, '$1[redacted]').replace(BEARER, '$1[redacted]');
}

/** 16 or more characters of hex or base64 (standard or URL-safe) in a row. */
const OPAQUE_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;

/** A piece of a path: lower-case words, and digits only in a short piece (`v4`). */
const pathPiece = (piece: string) =>
  /^[a-z0-9_-]*$/.test(piece) && (piece.length < 16 || !/\d/.test(piece));

/** Letters and digits mixed, and not a path (`/api/v4/trade-account/executed-history`). */
function looksOpaque(run: string): boolean {
  if (!/\d/.test(run) || !/[A-Za-z]/.test(run)) return false;
  const pieces = run.split('/');
  return !(pieces.length > 1 && pieces.every(pathPiece));
}

/**
 * Text that came from outside (an exchange's message, a name it sent) made fit for the log: each
 * of `secrets` (a token the exchange may echo) replaced, and every long run of hex or base64 that
 * mixes letters and digits (a token, a key, a signature, ours or not) masked.
 */
export function scrubForeign(text: string, secrets: readonly string[] = []): string {
  let scrubbed = text;
  for (const secret of secrets) if (secret) scrubbed = scrubbed.replaceAll(secret, '[redacted]');
  return scrubbed.replace(OPAQUE_RUN, (run) => (looksOpaque(run) ? '[masked]' : run));
}

/** A line longer than this (a hostile answer quoted in an error) is clipped. */
const MAX_LINE = 8 * 1024;

function format(level: Level, parts: unknown[]): string {
  let text = parts
    .map((part) =>
      typeof part === 'string'
        ? part
        : part instanceof Error
          ? (part.stack ?? `${part.name}: ${part.message}`)
          : inspect(part, { depth: 4, breakLength: Infinity }),
    )
    .join(' ');
  if (text.length > MAX_LINE) text = `${text.slice(0, MAX_LINE)}… [clipped]`;
  return `${new Date().toISOString()} ${level.toUpperCase()} ${redact(text)}\n`;
}

function rotate(target: NonNullable<typeof file>): void {
  for (let i = target.keep; i >= 1; i -= 1) {
    const from = i === 1 ? target.path : join(target.dir, `main.${i - 1}.log`);
    const to = join(target.dir, `main.${i}.log`);
    try {
      if (i === target.keep) rmSync(to, { force: true });
      renameSync(from, to);
    } catch {
      // nothing to rotate at this step
    }
  }
}

function write(level: Level, parts: unknown[]): void {
  const line = format(level, parts);
  (level === 'info' ? console.log : console.error)(line.trimEnd());
  if (!file) return;
  try {
    let size = 0;
    try {
      size = statSync(file.path).size;
    } catch {
      size = 0;
    }
    if (size + Buffer.byteLength(line) > file.maxBytes) rotate(file);
    appendFileSync(file.path, line, { mode: 0o600 });
  } catch {
    // A log that cannot be written must never take the app down.
  }
}

export const log = {
  error: (...parts: unknown[]) => write('error', parts),
  warn: (...parts: unknown[]) => write('warn', parts),
  info: (...parts: unknown[]) => write('info', parts),
};

/**
 * Starts writing the log to `<dir>/main.log` (created 0700). Answers the file's path, or undefined
 * when the folder cannot be made (the log then stays on the console: never a reason not to start).
 */
export function startLogFile(dir: string, options: LogFileOptions = {}): string | undefined {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    console.error('[log] no log folder:', error);
    return undefined;
  }
  file = {
    dir,
    path: join(dir, 'main.log'),
    maxBytes: options.maxBytes ?? 1 << 20,
    keep: options.keep ?? 3,
  };
  return file.path;
}

/** Stops writing to the file (tests). */
export function stopLogFile(): void {
  file = undefined;
}
