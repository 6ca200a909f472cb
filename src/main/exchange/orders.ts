import type { ExecutedOrder, Order } from '../../shared/model';
import { newClientOrderId, type ExchangeApi, type PlaceOrderInput } from './api';
import { ExchangeError } from './errors';

/**
 * Placing an order safely. Creation is never resent blindly: every order carries a client order id
 * (generated when the user gave none). When the answer is lost (timeout, reset, 5xx, a 2xx that
 * cannot be read) the order may or may not exist, so the client reconciles: it looks the client
 * order id up in the active orders, then in the order history, and reports what it found.
 */
export type PlacementResult =
  | { outcome: 'placed'; via: 'response' | 'active-orders'; order: Order; clientOrderId: string }
  | { outcome: 'placed'; via: 'order-history'; executed: ExecutedOrder; clientOrderId: string }
  | {
      outcome: 'rejected';
      /** The exchange's refusal, or why the order is known not to exist. */
      error: ExchangeError;
      clientOrderId: string;
      /** True when the order was looked up after a lost answer and is not on the exchange. */
      reconciled: boolean;
    }
  | {
      outcome: 'unknown';
      clientOrderId: string;
      market: string;
      /** What the user should check before trying again. */
      check: string;
      error: ExchangeError;
    };

/** Failures after which the order may have been executed. */
export function answerWasLost(error: ExchangeError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'maintenance')
    return true;
  if (error.status === undefined) return true;
  if (error.status >= 500) return true;
  // A 2xx whose body could not be read: executed, answer garbled.
  return error.status >= 200 && error.status < 300;
}

export interface PlaceOptions {
  /** Pause before looking the order up (the exchange may still be processing it). */
  reconcileDelayMs?: number;
  signal?: AbortSignal;
}

export async function placeOrder(
  api: ExchangeApi,
  input: PlaceOrderInput,
  options: PlaceOptions = {},
): Promise<PlacementResult> {
  const clientOrderId = input.clientOrderId ?? newClientOrderId();
  const callOptions = options.signal ? { signal: options.signal } : {};
  try {
    const order = await api.createOrder({ ...input, clientOrderId }, callOptions);
    return { outcome: 'placed', via: 'response', order, clientOrderId };
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    if (!answerWasLost(error))
      return { outcome: 'rejected', error, clientOrderId, reconciled: false };
    return reconcile(api, input.market, clientOrderId, error, options.reconcileDelayMs ?? 300);
  }
}

async function reconcile(
  api: ExchangeApi,
  market: string,
  clientOrderId: string,
  cause: ExchangeError,
  delayMs: number,
): Promise<PlacementResult> {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  try {
    const [active] = await api.activeOrders({ market, clientOrderId, limit: 1 });
    if (active && active.clientOrderId === clientOrderId) {
      return { outcome: 'placed', via: 'active-orders', order: active, clientOrderId };
    }
    const history = await api.orderHistory({ market, clientOrderId, limit: 1 });
    const executed = Object.values(history)
      .flat()
      .find((order) => order.clientOrderId === clientOrderId);
    if (executed) return { outcome: 'placed', via: 'order-history', executed, clientOrderId };
    return {
      outcome: 'rejected',
      reconciled: true,
      clientOrderId,
      error: cause.withMessage(
        `The answer was lost (${cause.message}), and the exchange has no order ${clientOrderId}: it was not placed. ` +
          'You can place it again.',
      ),
    };
  } catch (lookupError) {
    const reason = lookupError instanceof Error ? lookupError.message : String(lookupError);
    return {
      outcome: 'unknown',
      clientOrderId,
      market,
      error: cause,
      check:
        `The order's answer was lost and looking it up failed too (${reason}). Before placing it again, ` +
        `check Orders and the order history of ${market} for client order id ${clientOrderId}.`,
    };
  }
}
