/**
 * Rate limits (notes §7): a fixed window (default 10 s) per client IP and endpoint group. Groups and
 * default limits per window:
 *   public      2000 per public endpoint (each counted on its own; the order book depth and the
 *               trades count all their markets together)
 *   orderbook   600  (/api/v4/public/orderbook/*, not its depth)
 *   v1          1000 per v1 public endpoint (/api/v1/public/*: the kline)
 *   order       10000 (/api/v4/order/*)
 *   trade       12000 (/api/v4/trade-account/*)
 *   main        1000 (/api/v4/main-account/*)
 *   history     200  (/api/v4/main-account/history)
 *   flex        1000 (/api/v4/main-account/smart-flex/*)
 *   mining      1000 (/api/v4/mining/*)
 *   subaccount  1000 (/api/v4/sub-account/*)
 *   refresh     1 per second (/oauth2/refresh_token; its window is always 1 s)
 *   default     10000 (everything else)
 * Over the limit: HTTP 429 with a non-JSON (HTML gateway) body; the request is not executed.
 */
export type RateGroup =
  | 'public'
  | 'v1'
  | 'orderbook'
  | 'order'
  | 'trade'
  | 'main'
  | 'history'
  | 'flex'
  | 'mining'
  | 'subaccount'
  | 'refresh'
  | 'default';

export const DEFAULT_LIMITS: Record<RateGroup, number> = {
  public: 2000,
  v1: 1000,
  orderbook: 600,
  order: 10000,
  trade: 12000,
  main: 1000,
  history: 200,
  flex: 1000,
  mining: 1000,
  subaccount: 1000,
  refresh: 1,
  default: 10000,
};

export interface RateLimitOptions {
  /** Window length in ms (default 10,000). The refresh group always uses 1,000 ms. */
  windowMs?: number;
  limits?: Partial<Record<RateGroup, number>>;
  /** Turns rate limiting off entirely. */
  disabled?: boolean;
}

export const RATE_LIMIT_BODY =
  '<html>\r\n<head><title>429 Too Many Requests</title></head>\r\n<body>\r\n<center><h1>429 Too Many Requests</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

export function groupOf(path: string): { group: RateGroup; key: string } {
  if (path.startsWith('/api/v4/public/orderbook/depth/')) {
    return { group: 'public', key: 'public:/api/v4/public/orderbook/depth' };
  }
  if (path.startsWith('/api/v4/public/orderbook/')) return { group: 'orderbook', key: 'orderbook' };
  if (path.startsWith('/api/v4/public/trades/')) {
    return { group: 'public', key: 'public:/api/v4/public/trades' };
  }
  if (path.startsWith('/api/v4/public/')) return { group: 'public', key: `public:${path}` };
  if (path.startsWith('/api/v1/public/')) return { group: 'v1', key: `v1:${path}` };
  if (path.startsWith('/api/v4/order/')) return { group: 'order', key: 'order' };
  if (path.startsWith('/api/v4/trade-account/')) return { group: 'trade', key: 'trade' };
  if (path === '/api/v4/main-account/history') return { group: 'history', key: 'history' };
  if (path.startsWith('/api/v4/main-account/smart-flex/')) return { group: 'flex', key: 'flex' };
  if (path.startsWith('/api/v4/main-account/')) return { group: 'main', key: 'main' };
  if (path.startsWith('/api/v4/mining/')) return { group: 'mining', key: 'mining' };
  if (path.startsWith('/api/v4/sub-account/')) return { group: 'subaccount', key: 'subaccount' };
  if (path === '/oauth2/refresh_token') return { group: 'refresh', key: 'refresh' };
  return { group: 'default', key: 'default' };
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly limits: Record<RateGroup, number>;
  private readonly windowMs: number;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.windowMs = options.windowMs ?? 10_000;
  }

  /** Counts the request; false when it is over the limit. */
  allow(ip: string, path: string): boolean {
    if (this.options.disabled) return true;
    const { group, key } = groupOf(path);
    const windowMs = group === 'refresh' ? 1000 : this.windowMs;
    const now = this.now();
    const id = `${ip} ${key}`;
    let window = this.windows.get(id);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(id, window);
    }
    window.count += 1;
    return window.count <= this.limits[group];
  }

  clear(): void {
    this.windows.clear();
  }
}
