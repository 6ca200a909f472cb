import type { Deal, ExecutedDeals, OrderDealsPage } from '../../../shared/model';
import {
  arrayOf,
  asText,
  compact,
  decimal,
  int,
  mapOf,
  optBool,
  optInt,
  optSide,
  optText,
  parserOf,
  record,
  required,
  time,
  withDefault,
} from './primitives';

/**
 * Deals: the fills of the account's orders, from executed-history (keyed by market, or a flat list
 * when a market was asked for) and from trade-account/order (one order's, paged).
 */

/** `role`: 1 maker, 2 taker (anything else is refused, never guessed). */
const ROLES: ReadonlyMap<unknown, Deal['role']> = new Map<unknown, Deal['role']>([
  [1, 'maker'],
  ['1', 'maker'],
  [2, 'taker'],
  ['2', 'taker'],
]);
const role = required('1 (maker) or 2 (taker)', (value) => ROLES.get(value));

const dealSchema = record({
  id: int,
  orderId: optInt,
  clientOrderId: withDefault('a string', asText, ''),
  side: optSide,
  role,
  price: decimal,
  amount: decimal,
  deal: decimal,
  fee: decimal,
  feeAsset: optText,
  time,
  dealOrderId: optInt,
  rpi: optBool,
}).transform((d): Deal =>
  compact<Deal>({
    dealId: d.id,
    orderId: d.orderId,
    clientOrderId: d.clientOrderId,
    side: d.side,
    role: d.role,
    price: d.price,
    amount: d.amount,
    deal: d.deal,
    fee: d.fee,
    feeAsset: d.feeAsset,
    time: d.time,
    dealOrderId: d.dealOrderId,
    rpi: d.rpi,
  }),
);

/**
 * executed-history: `{"BTC_USDT": [deal, ...]}`, or (a market asked for) a flat list, which the API
 * function keys by that market before parsing.
 */
const executedDealsSchema = mapOf(arrayOf(dealSchema)).transform((map): ExecutedDeals => map);

const orderDealsSchema = record({
  records: arrayOf(dealSchema),
  offset: optInt,
  limit: optInt,
}).transform((p): OrderDealsPage => ({
  offset: p.offset ?? 0,
  limit: p.limit ?? p.records.length,
  records: p.records,
}));

export const parseExecutedDeals = parserOf<ExecutedDeals>(
  executedDealsSchema,
  '/api/v4/trade-account/executed-history',
);
export const parseOrderDeals = parserOf<OrderDealsPage>(
  orderDealsSchema,
  '/api/v4/trade-account/order',
);
