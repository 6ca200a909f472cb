import Decimal from 'decimal.js';
import type { ExecutedOrder, Order } from '../../shared/model';
import { newClientOrderId, type ExchangeApi, type PlaceOrderInput } from './api';
import { ExchangeError, notSentReason } from './errors';

/**
 * Placing an order safely. Creation is never resent blindly: every order carries a client order id
 * (generated when the user gave none). When the answer is lost (timeout, reset, 5xx, a 2xx that
 * cannot be read) the order may or may not exist, so the client reconciles: it looks the client
 * order id up in the active orders, then in the order history, and reports what it found. A request
 * that never left this computer (connection refused, host name not found, connect timeout) is a
 * definite "not placed" (`rejected`), with nothing to reconcile.
 *
 * A client order id is unique on the exchange only among OPEN orders of a market, so the history may
 * hold an older order with the same id (sent by another program, or before this app kept its order
 * journal). Reconciliation therefore takes an order for ours only when market, side, amount and
 * time match too (`isOurOrder`); an order with our id that does not match makes the outcome
 * `unknown`, never `placed` (it is not ours) nor `rejected` (we cannot be sure ours is not there).
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

/**
 * Failures after which the order may have been executed. A request that never left this computer
 * (connection refused, host name not found: `notSent`) cannot have been.
 */
export function answerWasLost(error: ExchangeError): boolean {
  if (error.notSent) return false;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'maintenance')
    return true;
  if (error.status === undefined) return true;
  if (error.status >= 500) return true;
  // A 2xx whose body could not be read: executed, answer garbled.
  return error.status >= 200 && error.status < 300;
}

/**
 * How much earlier than the moment we sent it an order's exchange timestamp may be. With
 * `nonceWindow` the exchange accepts a request only within 5 s of its own clock, so an accepted
 * order is stamped at most 5 s before our send time; 1 s more covers rounding of the timestamps.
 */
export const CLOCK_ALLOWANCE_MS = 6_000;

/** Orders fetched from the history by client order id while reconciling (ours is among the newest). */
const HISTORY_LOOKUP_LIMIT = 100;

/** What we sent, to recognise it among the exchange's orders. */
export interface SentOrder {
  input: PlaceOrderInput;
  clientOrderId: string;
  /** When it was sent (ms, our clock). */
  sentAt: number;
}

/** A time from the exchange for a message (it is untrusted: it may be out of range). */
function when(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? 'an unknown time' : date.toISOString();
}

function sameDecimal(a: string, b: string): boolean {
  try {
    return new Decimal(a).eq(new Decimal(b));
  } catch {
    return false;
  }
}

/**
 * Whether an order found on the exchange is the one we sent: same client order id, market, side and
 * amount (the exchange records the amount as sent: the stock amount for `stock_market` and `limit`,
 * for `market` the money amount of a buy and the stock amount of a sell), created no earlier than
 * we sent it (less the clock allowance).
 */
export function isOurOrder(
  found: Pick<Order, 'clientOrderId' | 'market' | 'side' | 'amount' | 'timestamp'> & {
    createdAt?: number | undefined;
  },
  sent: SentOrder,
): boolean {
  const created = found.createdAt ?? found.timestamp;
  return (
    found.clientOrderId === sent.clientOrderId &&
    found.market === sent.input.market &&
    found.side === sent.input.side &&
    sameDecimal(found.amount, sent.input.amount) &&
    Number.isFinite(created) &&
    created >= sent.sentAt - CLOCK_ALLOWANCE_MS
  );
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
  const sentAt = Date.now();
  try {
    const order = await api.createOrder({ ...input, clientOrderId }, callOptions);
    return { outcome: 'placed', via: 'response', order, clientOrderId };
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    const reason = notSentReason(error);
    if (reason !== undefined) {
      // Nothing reached the exchange: a definite "not placed", no lookup needed (or possible).
      return {
        outcome: 'rejected',
        clientOrderId,
        reconciled: false,
        error: error.withMessage(
          `Could not reach the exchange (${reason}): the order was not sent. ` +
            'Check the connection and try again.',
        ),
      };
    }
    if (!answerWasLost(error))
      return { outcome: 'rejected', error, clientOrderId, reconciled: false };
    return reconcile(api, { input, clientOrderId, sentAt }, error, options.reconcileDelayMs ?? 300);
  }
}

function isOrderHistoryNotFound(error: unknown): boolean {
  return (
    error instanceof ExchangeError &&
    error.kind === 'validation' &&
    error.fields.orderHistory !== undefined
  );
}

/**
 * The HTTP error the exchange answered in place of the order's result (a 503 is the exchange saying
 * it is unavailable, not a lost answer), opening a sentence; undefined when no answer could be read.
 */
function answeredInstead(cause: ExchangeError): string | undefined {
  if (cause.status === undefined || (cause.status >= 200 && cause.status < 300)) return undefined;
  const why = cause.kind === 'maintenance' ? ' (under maintenance)' : '';
  return `The exchange answered the order with HTTP ${cause.status}${why} instead of its result`;
}

async function reconcile(
  api: ExchangeApi,
  sent: SentOrder,
  cause: ExchangeError,
  delayMs: number,
): Promise<PlacementResult> {
  const { clientOrderId } = sent;
  const { market } = sent.input;
  const answered = answeredInstead(cause);
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  try {
    // At most one OPEN order of a market holds a client order id.
    const [active] = await api.activeOrders({ market, clientOrderId, limit: 1 });
    if (active && isOurOrder(active, sent)) {
      return { outcome: 'placed', via: 'active-orders', order: active, clientOrderId };
    }
    const history = await api
      .orderHistory({ market, clientOrderId, limit: HISTORY_LOOKUP_LIMIT })
      .catch((error: unknown) => {
        // The exchange refuses a client order id no order has (code 30, "OrderHistory was not
        // found."): the history holds none, which is an answer, not a failed lookup.
        if (isOrderHistoryNotFound(error)) return {};
        throw error;
      });
    const withOurId = Object.values(history)
      .flat()
      .filter((order) => order.clientOrderId === clientOrderId);
    const executed = withOurId.find((order) => isOurOrder(order, sent));
    if (executed) return { outcome: 'placed', via: 'order-history', executed, clientOrderId };
    const others: (Order | ExecutedOrder)[] = [
      ...(active?.clientOrderId === clientOrderId ? [active] : []),
      ...withOurId,
    ];
    if (others.length > 0) {
      const seen = others
        .slice(0, 3)
        .map(
          (o) =>
            `${o.side} ${o.amount} on ${o.market} at ${when(o.timestamp)} (order ${o.orderId})`,
        )
        .join('; ');
      return {
        outcome: 'unknown',
        clientOrderId,
        market,
        error: cause,
        check:
          `${answered ?? `The order's answer was lost (${cause.message})`}. ` +
          `The exchange has an order with client order id ${clientOrderId}, but not this one: ${seen}. It is probably an older order that used the same id. ` +
          `Before placing this one again, check Orders and the order history of ${market}.`,
      };
    }
    return {
      outcome: 'rejected',
      reconciled: true,
      clientOrderId,
      error: cause.withMessage(
        `${answered ? `${answered}, and it` : `The answer was lost (${cause.message}), and the exchange`} ` +
          `has no order ${clientOrderId}: it was not placed. ` +
          'You can place it again (with a new client order id).',
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
        `${answered ?? "The order's answer was lost"}, and looking it up failed too (${reason}). ` +
        'Before placing it again, ' +
        `check Orders and the order history of ${market} for client order id ${clientOrderId}.`,
    };
  }
}
