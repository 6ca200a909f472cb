/**
 * Client-side pacing (§7): one sliding-window limiter per endpoint group, kept slightly under the
 * exchange's limits so normal use never meets a rate-limit 429. Work waits in a FIFO queue per
 * group; the queue is visible (for a progress display) and each waiting call can be cancelled.
 */

export type EndpointGroup =
  | 'public'
  | 'public-v1'
  | 'orderbook'
  | 'order'
  | 'trade-account'
  | 'main-account'
  | 'history'
  | 'smart-flex'
  | 'mining'
  | 'sub-account'
  | 'oauth-refresh'
  | 'default';

export interface GroupLimit {
  /** Requests allowed per window by the exchange. */
  limit: number;
  windowMs: number;
}

/** §7, per IP per 10 s (the v1 public endpoints: 1000, reference http-v1.yaml). */
export const EXCHANGE_LIMITS: Record<EndpointGroup, GroupLimit> = {
  public: { limit: 2000, windowMs: 10_000 },
  'public-v1': { limit: 1000, windowMs: 10_000 },
  orderbook: { limit: 600, windowMs: 10_000 },
  order: { limit: 10_000, windowMs: 10_000 },
  'trade-account': { limit: 12_000, windowMs: 10_000 },
  'main-account': { limit: 1000, windowMs: 10_000 },
  history: { limit: 200, windowMs: 10_000 },
  'smart-flex': { limit: 1000, windowMs: 10_000 },
  mining: { limit: 1000, windowMs: 10_000 },
  'sub-account': { limit: 1000, windowMs: 10_000 },
  'oauth-refresh': { limit: 1, windowMs: 1000 },
  default: { limit: 10_000, windowMs: 10_000 },
};

/** How much of each limit the client uses. */
export const PACING_HEADROOM = 0.9;

/**
 * The default pacer counts each group over a window 10 % longer than the exchange's. The exchange
 * counts arrivals in fixed windows while the pacer counts starts; a full window's worth released
 * exactly one window after the previous one can arrive (signing, sockets) a few ms apart in a
 * different order and land in the exchange's previous window, over its limit. The margin absorbs
 * that jitter.
 */
export const WINDOW_MARGIN = 0.1;

/** EXCHANGE_LIMITS with the window margin: what the default pacer uses. */
export const PACED_LIMITS = Object.fromEntries(
  Object.entries(EXCHANGE_LIMITS).map(([group, { limit, windowMs }]) => [
    group,
    { limit, windowMs: Math.round(windowMs * (1 + WINDOW_MARGIN)) },
  ]),
) as Record<EndpointGroup, GroupLimit>;

/** The group an endpoint path belongs to, for pacing. */
export function groupOf(path: string): EndpointGroup {
  // The order book's depth is counted with the other public endpoints (2000), not the book (600).
  if (path.startsWith('/api/v4/public/orderbook/depth/')) return 'public';
  if (path.startsWith('/api/v4/public/orderbook')) return 'orderbook';
  if (path.startsWith('/api/v4/public/')) return 'public';
  if (path.startsWith('/api/v1/public/')) return 'public-v1';
  if (path === '/oauth2/refresh_token') return 'oauth-refresh';
  if (path.startsWith('/api/v4/order/')) return 'order';
  if (path.startsWith('/api/v4/trade-account/')) return 'trade-account';
  if (path.startsWith('/api/v4/main-account/smart-flex/')) return 'smart-flex';
  if (path === '/api/v4/main-account/history') return 'history';
  if (path.startsWith('/api/v4/main-account/')) return 'main-account';
  if (path.startsWith('/api/v4/mining/')) return 'mining';
  if (path.startsWith('/api/v4/sub-account/')) return 'sub-account';
  return 'default';
}

export class CancelledError extends Error {
  constructor() {
    super('Cancelled before it was sent.');
    this.name = 'AbortError';
  }
}

/** The timers a pacer waits with: the real ones, or a test's clock. */
export interface PacerTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_TIMERS: PacerTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

class GroupQueue {
  /** Start times of the calls in the current window, oldest first. */
  private readonly starts: number[] = [];
  readonly waiting: Waiter[] = [];
  private timer: unknown;
  readonly capacity: number;

  constructor(
    limit: GroupLimit,
    private readonly now: () => number,
    private readonly timers: PacerTimers,
    readonly windowMs = limit.windowMs,
  ) {
    this.capacity = Math.max(1, Math.floor(limit.limit * PACING_HEADROOM));
  }

  acquire(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new CancelledError());
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiting.push(waiter);
      this.drain();
    });
  }

  /**
   * Starts a call at once when nobody waits and the window has room, without a promise (the common
   * case); false otherwise, and then the call waits its turn through `acquire`.
   */
  tryTake(signal: AbortSignal | undefined): boolean {
    if (this.waiting.length || signal?.aborted) return false;
    const now = this.now();
    this.expire(now);
    if (this.starts.length >= this.capacity) return false;
    this.starts.push(now);
    return true;
  }

  /** Forgets the starts that have left the window. */
  private expire(now: number): void {
    while (this.starts.length && this.starts[0]! <= now - this.windowMs) this.starts.shift();
  }

  private drain(): void {
    const now = this.now();
    this.expire(now);
    while (this.waiting.length && this.starts.length < this.capacity) {
      const waiter = this.waiting.shift()!;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.starts.push(now);
      waiter.resolve();
    }
    if (this.waiting.length && this.timer === undefined) {
      const wait = Math.max(1, this.starts[0]! + this.windowMs - now);
      this.timer = this.timers.setTimeout(() => {
        this.timer = undefined;
        this.drain();
      }, wait);
    }
  }

  clear(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    for (const waiter of this.waiting.splice(0)) waiter.onAbort();
  }
}

export interface QueueSnapshot {
  group: EndpointGroup;
  waiting: number;
}

export class Pacer {
  private readonly queues = new Map<EndpointGroup, GroupQueue>();

  constructor(
    private readonly limits: Record<EndpointGroup, GroupLimit> = PACED_LIMITS,
    private readonly now: () => number = Date.now,
    private readonly timers: PacerTimers = REAL_TIMERS,
  ) {}

  private queue(group: EndpointGroup): GroupQueue {
    let queue = this.queues.get(group);
    if (!queue) {
      queue = new GroupQueue(this.limits[group], this.now, this.timers);
      this.queues.set(group, queue);
    }
    return queue;
  }

  /**
   * True when a call of this group may start right now (and it is counted as started); false when
   * it must wait: then `acquire`. The same rule as `acquire`, without its promise.
   */
  tryAcquire(group: EndpointGroup, signal?: AbortSignal): boolean {
    return this.queue(group).tryTake(signal);
  }

  /** Resolves when a call of this group may start; rejects with CancelledError on abort. */
  acquire(group: EndpointGroup, signal?: AbortSignal): Promise<void> {
    return this.queue(group).acquire(signal);
  }

  /** What is waiting, per group (for a progress display). */
  pending(): QueueSnapshot[] {
    return [...this.queues]
      .filter(([, q]) => q.waiting.length)
      .map(([group, q]) => ({ group, waiting: q.waiting.length }));
  }

  /** Cancels everything waiting (profile switch, shutdown). */
  cancelAll(): void {
    for (const queue of this.queues.values()) queue.clear();
  }
}
