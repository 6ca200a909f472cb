/**
 * Identical requests in flight are shared: a second caller with the same key gets the same promise
 * (a refresh click while auto-refresh is loading sends one request, not two).
 */
const inFlight = new Map<string, Promise<unknown>>();

export function shared<T>(key: string, run: () => Promise<T>): Promise<T> {
  const existing = inFlight.get(key);
  if (existing) return existing as Promise<T>;
  const promise = run().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}
