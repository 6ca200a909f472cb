import { ApiError } from './errors';

/**
 * Where the demo's account is registered. On EU accounts the exchange allows only market orders,
 * immediate-or-cancel limit orders and stop-market orders on spot, and refuses the others with
 * HTTP 453. The OpenAPI documents no body for 453: the refusal takes the shape of the other trade
 * errors (`{code, message, errors}`), its code the status.
 */
export type DemoRegion = 'global' | 'eu';

export const EU_ORDER_REFUSED =
  'This order type is not available for EU accounts: only market, immediate-or-cancel limit and stop-market orders are allowed on spot.';

/** The 453 refusal of an order an EU account may not place, or undefined when it may. */
export function regionRefusal(
  region: DemoRegion | undefined,
  path: string,
  body: Record<string, unknown>,
): ApiError | undefined {
  if (region !== 'eu') return undefined;
  const refused =
    path === '/api/v4/order/stop_limit' || (path === '/api/v4/order/new' && body['ioc'] !== true);
  return refused
    ? new ApiError(453, { code: 453, message: EU_ORDER_REFUSED, errors: {} })
    : undefined;
}
