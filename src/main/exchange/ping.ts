/** Result of one liveness check of an exchange (`GET /api/v4/public/ping`). */
export type PingResult = { ok: true; latencyMs: number } | { ok: false; reason: string };

/** Words a user can act on for the network failures fetch reports. */
export function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found (check the network)';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

export async function ping(baseUrl: string, timeoutMs = 5000): Promise<PingResult> {
  const started = performance.now();
  try {
    const response = await fetch(new URL('/api/v4/public/ping', baseUrl), {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    const text = await response.text();
    const latencyMs = Math.round(performance.now() - started);
    if (!response.ok) {
      return {
        ok: false,
        reason:
          response.status === 503 ? 'under maintenance (HTTP 503)' : `HTTP ${response.status}`,
      };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, reason: 'unexpected answer (not JSON)' };
    }
    if (!Array.isArray(body) || body[0] !== 'pong') {
      return { ok: false, reason: 'unexpected answer to ping' };
    }
    return { ok: true, latencyMs };
  } catch (error) {
    return { ok: false, reason: describeNetworkError(error, timeoutMs) };
  }
}
