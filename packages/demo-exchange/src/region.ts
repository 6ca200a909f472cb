import { ApiError } from './errors';
import { field } from './fields';
import type { OrderRec } from './state';

/**
 * Where the demo's account is registered. On EU accounts the exchange allows only market orders,
 * immediate-or-cancel limit orders and stop-market orders on spot, and refuses the others with
 * HTTP 453. The OpenAPI documents no body for 453: the refusal takes the shape of the other trade
 * errors (`{code, message, errors}`), its code the status.
 *
 * The spot endpoints that create an order and what each may create:
 * - order/market, order/stock_market, order/stop_market: allowed kinds only;
 * - order/new: a limit order, allowed with ioc=true only;
 * - order/stop_limit: never allowed;
 * - order/modify: cancels the order and places a replacement of the same kind, so it is refused
 *   when that kind is not allowed (a resting limit order, which an EU account can hold only from
 *   before, as the demo's seed, or a stop-limit); an order not found is left to the handler;
 * - order/bulk (limit orders, answered per item): the demo does not serve it (404), so no rule here.
 */
export type DemoRegion = 'global' | 'eu';

export const EU_ORDER_REFUSED =
  'This order type is not available for EU accounts: only market, immediate-or-cancel limit and stop-market orders are allowed on spot.';

/** Whether an EU account may place an order of this kind. */
const allowedOnEu = (order: Pick<OrderRec, 'type' | 'ioc'>): boolean =>
  order.type === 'limit' ? order.ioc : order.type !== 'stop limit';

/** The active order an order/modify names (market and order id or client order id), if any. */
function modified(
  body: Record<string, unknown>,
  active: readonly OrderRec[],
): OrderRec | undefined {
  const market = field(body, 'market');
  const orderId = field(body, 'order_id');
  const clientOrderId = field(body, 'client_order_id');
  return active.find(
    (o) =>
      o.market === market &&
      (orderId !== undefined && orderId !== null
        ? String(o.id) === String(orderId)
        : typeof clientOrderId === 'string' &&
          clientOrderId !== '' &&
          o.clientOrderId === clientOrderId),
  );
}

/**
 * The 453 refusal of an order an EU account may not place, or undefined when it may. `active`
 * answers the account's active orders (asked only for order/modify).
 */
export function regionRefusal(
  region: DemoRegion | undefined,
  path: string,
  body: Record<string, unknown>,
  active: () => readonly OrderRec[],
): ApiError | undefined {
  if (region !== 'eu') return undefined;
  let refused = false;
  if (path === '/api/v4/order/stop_limit') refused = true;
  else if (path === '/api/v4/order/new')
    refused = !allowedOnEu({ type: 'limit', ioc: body['ioc'] === true });
  else if (path === '/api/v4/order/modify') {
    const order = modified(body, active());
    refused = order !== undefined && !allowedOnEu(order);
  }
  return refused
    ? new ApiError(453, { code: 453, message: EU_ORDER_REFUSED, errors: {} })
    : undefined;
}
