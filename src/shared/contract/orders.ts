import { z } from 'zod';
import { channel, decimal, market, noInput } from './common';
import type {
  ActiveOrders,
  ConditionalOrders,
  CsvExport,
  ExecutedOrders,
  KillSwitchStatus,
  KillSwitchTimer,
  Order,
  PlacementOutcome,
} from '../model';

/**
 * An order's fields by name: the order form checks what the user types with these same rules and
 * messages (rule 8, docs/architecture.md), and its types (kind, side, stp) come from them.
 */
export const orderKind = z.enum(['stock_market', 'market', 'limit', 'stop_limit', 'stop_market']);
export const orderSide = z.enum(['buy', 'sell']);
export const orderAmount = decimal('amount');
export const orderPrice = decimal('price');
export const activationPrice = decimal('activation price');
export const clientOrderId = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'Use letters, digits, -, . and _ only (at most 64).');
export const stp = z.enum(['no', 'cancel_both', 'cancel_new', 'cancel_old']);

/** What every order has, whatever its kind. */
const orderFields = {
  market,
  side: orderSide,
  amount: orderAmount,
  clientOrderId: clientOrderId.optional(),
  stp: stp.optional(),
};

const limitFlags = { postOnly: z.boolean().optional(), ioc: z.boolean().optional() };

/**
 * An order. The caller passes one shape (`price`, `activationPrice` optional); main receives it by
 * kind: a limit order with its price (and may be post-only or IOC), a market order with none, a
 * stop-limit with its activation price and limit price, a stop-market with its activation price
 * (its amount is money for a buy, stock for a sell, as the exchange takes it).
 */
export const placeOrderInput = z
  .object({
    kind: orderKind,
    ...orderFields,
    price: orderPrice.optional(),
    activationPrice: activationPrice.optional(),
    ...limitFlags,
  })
  .pipe(
    z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('limit'),
        ...orderFields,
        price: decimal('price', 'Enter the limit price.'),
        ...limitFlags,
      }),
      z.object({ kind: z.enum(['stock_market', 'market']), ...orderFields }),
      z.object({
        kind: z.literal('stop_limit'),
        ...orderFields,
        price: decimal('price', 'Enter the limit price.'),
        activationPrice: decimal('activation price', 'Enter the activation price.'),
      }),
      z.object({
        kind: z.literal('stop_market'),
        ...orderFields,
        activationPrice: decimal('activation price', 'Enter the activation price.'),
      }),
    ]),
  );

/**
 * What modifying an active limit or stop order changes: at least one of amount (total: the amount of
 * a buy stop-market order, in money), price and activation price.
 */
export const modifyOrderInput = z
  .object({
    market,
    orderId: z.number().int().positive(),
    amount: orderAmount.optional(),
    total: decimal('total').optional(),
    price: orderPrice.optional(),
    activationPrice: decimal('activation price').optional(),
  })
  .refine((v) => [v.amount, v.total, v.price, v.activationPrice].some((x) => x !== undefined), {
    path: ['amount'],
    message: 'Change the amount, the price or the activation price.',
  })
  .refine((v) => v.amount === undefined || v.total === undefined, {
    path: ['total'],
    message: 'Change the amount or the total, not both.',
  });

/** The kill-switch's timeout: 5 to 600 whole seconds (the exchange's bounds). */
export const KILL_SWITCH_TIMEOUT = { min: 5, max: 600 } as const;
const timeoutMessage = `Enter whole seconds from ${KILL_SWITCH_TIMEOUT.min} to ${KILL_SWITCH_TIMEOUT.max}.`;
export const killSwitchTimeout = z
  .number({ message: timeoutMessage })
  .int(timeoutMessage)
  .min(KILL_SWITCH_TIMEOUT.min, timeoutMessage)
  .max(KILL_SWITCH_TIMEOUT.max, timeoutMessage);

export const conditionalOrdersInput = z.object({
  market: market.optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(100).default(100),
});

export const partnerHistoryInput = z
  .object({
    market: market.optional(),
    offset: z.number().int().min(0).max(10_000).optional(),
    limit: z.number().int().min(1).max(500).optional(),
  })
  .optional();

/** The profile's orders: active, conditional, placed, modified, cancelled, the kill-switch. */
export const orders = {
  /** Every open order (up to 10,000), newest first; the screen filters and sorts them. */
  active: channel<ActiveOrders>()(noInput),
  cancel: channel<Order>()(z.object({ market, orderId: z.number().int().positive() })),
  conditional: channel<ConditionalOrders>()(conditionalOrdersInput),
  /** Cancels an OCO or OTO order (both legs) by its id. */
  cancelConditional: channel<true>()(z.object({ market, id: z.number().int().positive() })),
  /**
   * Changes an active limit or stop order. The exchange replaces it: the answer is the NEW order
   * (a new order id, the same client order id).
   */
  modify: channel<Order>()(modifyOrderInput),
  /** Cancels every open order of one market, or of every market when none is given. */
  cancelAll: channel<true>()(z.object({ market: market.optional() })),
  /**
   * Arms (or re-arms) a market's kill-switch: unless armed again within `timeout` seconds, the
   * exchange cancels the market's orders. `timeout: null` disarms it (answer: null). With
   * `keepAlive`, main arms it again every half timeout while the exchange answers.
   */
  killSwitch: channel<KillSwitchTimer | null>()(
    z.object({ market, timeout: killSwitchTimeout.nullable(), keepAlive: z.boolean().optional() }),
  ),
  /** The armed kill-switch timers, every market. */
  killSwitchStatus: channel<KillSwitchStatus>()(noInput),
  /**
   * Places an order on the active profile. Never sent twice: a lost answer is reconciled by client
   * order id. A refusal rejects with the exchange's per-field messages.
   */
  place: channel<PlacementOutcome>()(placeOrderInput),
  /** Executed orders of the active profile, through the OAuth partner connection (partner tab). */
  partnerHistory: channel<ExecutedOrders>()(partnerHistoryInput),
  /** The 500 most recent executed orders (of one market, one side) as CSV, like transfers. */
  exportPartnerHistoryCsv: channel<CsvExport>()(
    z.object({ market: market.optional(), side: z.enum(['buy', 'sell']).optional() }),
  ),
} as const;
