/**
 * Field casing. Responses are built in the specification's casing (snake_case where the spec has it,
 * camelCase where the spec or §6 has it); with `casing: 'camel'` every lower-case snake_case key is
 * converted to camelCase (`order_id` -> `orderId`, `stop_loss` -> `stopLoss`), which is what the
 * deployed server sends. Keys that are not lower-case snake (market names like `BTC_USDT`, asset
 * tickers) are left alone. Public endpoints and the OAuth endpoints are never converted.
 *
 * Requests are accepted in either casing: `field(body, 'client_order_id')` reads `client_order_id`
 * or `clientOrderId`.
 */
export type Casing = 'spec' | 'camel';

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/;

export function snakeToCamel(key: string): string {
  return SNAKE.test(key) ? key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : key;
}

export function camelize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelize);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[snakeToCamel(k)] = camelize(v);
    return out;
  }
  return value;
}

export function field(body: Record<string, unknown>, snake: string): unknown {
  if (body[snake] !== undefined) return body[snake];
  const camel = snakeToCamel(snake);
  return camel === snake ? undefined : body[camel];
}

/** True when either casing of the field is present (even null). */
export function has(body: Record<string, unknown>, snake: string): boolean {
  return snake in body || snakeToCamel(snake) in body;
}
