/**
 * Nonces for `nonceWindow: true` (§2): millisecond Unix time, strictly increasing per API key, also
 * for requests made in the same millisecond and by concurrent callers (JavaScript runs one `next` at
 * a time, so a per-key high-water mark is enough). A burst runs ahead of the clock by at most one
 * millisecond per request, far inside the server's ±5 s window.
 */
export class NonceSource {
  private readonly last = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  next(apiKey: string): number {
    const nonce = Math.max(this.now(), (this.last.get(apiKey) ?? 0) + 1);
    this.last.set(apiKey, nonce);
    return nonce;
  }
}
