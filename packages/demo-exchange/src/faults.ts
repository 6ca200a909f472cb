/**
 * Fault injection for tests, set at start (`faults` option) or at run time through the control
 * endpoint. Counters (`next503`, `resetBeforeOrder`, `resetAfterOrder`, `malformedJson`,
 * `htmlError`) apply to that many next requests and count down; `true` means 1. Control requests
 * are never affected.
 * - latencyMs: delay before every answer.
 * - next503: answer 503 with a non-JSON (HTML) maintenance page, request not executed.
 * - htmlError: answer 500 with an HTML error page, request not executed.
 * - resetBeforeOrder / resetAfterOrder: on an order-placing endpoint (order/new, order/market,
 *   order/stock_market), destroy the connection before executing it / after executing it (the
 *   order exists, the client sees a reset).
 * - malformedJson: the request is executed, the JSON answer is cut in half.
 * - clockSkewMs: added to the server clock (public/time, nonce window, order timestamps).
 * - refuseWs: not a counter: while non-zero (true), new WebSocket upgrades on /ws are refused with
 *   HTTP 503 (open connections stay), so a client must fall back to polling.
 */
export interface Faults {
  latencyMs: number;
  next503: number;
  htmlError: number;
  resetBeforeOrder: number;
  resetAfterOrder: number;
  malformedJson: number;
  clockSkewMs: number;
  refuseWs: number;
}

export type FaultsInput = Partial<Record<keyof Faults, number | boolean>>;

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  next503: 0,
  htmlError: 0,
  resetBeforeOrder: 0,
  resetAfterOrder: 0,
  malformedJson: 0,
  clockSkewMs: 0,
  refuseWs: 0,
};

export function mergeFaults(current: Faults, input: unknown): Faults | string {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return 'faults must be an object';
  const next = { ...current };
  for (const [key, value] of Object.entries(input)) {
    if (!(key in NO_FAULTS)) return `unknown fault ${key}`;
    const n = value === true ? 1 : value === false ? 0 : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) return `${key} must be a number or boolean`;
    if (key !== 'clockSkewMs' && n < 0) return `${key} must not be negative`;
    next[key as keyof Faults] = Math.trunc(n);
  }
  return next;
}

export const MAINTENANCE_BODY =
  '<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>';

export const HTML_ERROR_BODY =
  '<!DOCTYPE html><html><head><title>Server Error</title></head><body><h1>500 Internal Server Error</h1><p>Something went wrong on our side.</p></body></html>';

export interface LogEntry {
  id: number;
  time: number;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  apiKey?: string;
  status?: number;
  fault?: string;
}

export const LOG_LIMIT = 5000;

export class RequestLog {
  private entries: LogEntry[] = [];
  private nextId = 1;

  add(entry: Omit<LogEntry, 'id'>): LogEntry {
    const full = { id: this.nextId++, ...entry };
    this.entries.push(full);
    if (this.entries.length > LOG_LIMIT) this.entries.splice(0, this.entries.length - LOG_LIMIT);
    return full;
  }

  list(sinceId = 0): LogEntry[] {
    return this.entries.filter((entry) => entry.id > sinceId);
  }

  clear(): void {
    this.entries = [];
  }
}
