import Decimal from 'decimal.js';
import { activationPrice, type ChannelInput } from '../../../shared/contract';
import type { Market, PlacementOutcome, Region, TradeContext } from '../../../shared/model';
import { feeAssetOf } from '../../../shared/executed';
import { formatDecimal } from '../../lib/decimal';
import { marketLabel } from '../../lib/format';
import { hasNumbers, plain, type FormField, type OrderFormValues, type Stp } from './checks';
import { preview, type OrderKind, type Preview, type Side } from './preview';
import { becomes, holdsNow, isStop, stopPreview, triggerCondition } from './stop';

/**
 * An order from the form to the exchange and back, as pure functions: the placement input built
 * from the form's values, the estimate and the review the user confirms, and the outcome as the
 * form tells it.
 */

export const EMPTY_ORDER: OrderFormValues = {
  kind: 'stock_market',
  side: 'buy',
  amount: '',
  price: '',
  activationPrice: '',
  clientOrderId: '',
  stp: 'no',
  postOnly: false,
  ioc: false,
};

export const KIND_OPTIONS: readonly { id: OrderKind; label(market: Market): string }[] = [
  { id: 'stock_market', label: (m) => `Market (amount in ${m.stock})` },
  { id: 'market', label: (m) => `Market buy (spend ${m.money})` },
  { id: 'limit', label: () => 'Limit' },
  { id: 'stop_limit', label: () => 'Stop-limit' },
  { id: 'stop_market', label: () => 'Stop-market' },
];

/**
 * EU accounts may place only market orders (by stock or by money), immediate-or-cancel limit orders
 * and stop-market orders on spot (the exchange refuses others with HTTP 453).
 */
const EU_KINDS: readonly OrderKind[] = ['stock_market', 'market', 'limit', 'stop_market'];

/** The kinds the form offers to a profile of `region`. */
export const kindOptions = (region: Region | undefined): typeof KIND_OPTIONS =>
  region === 'eu' ? KIND_OPTIONS.filter((k) => EU_KINDS.includes(k.id)) : KIND_OPTIONS;

/**
 * The form's values as a profile of `region` may send them: on EU accounts a limit order is
 * immediate-or-cancel (never post-only), and a kind not offered there falls back to Market.
 */
export function forRegion(values: OrderFormValues, region: Region | undefined): OrderFormValues {
  if (region !== 'eu') return values;
  if (!EU_KINDS.includes(values.kind)) return { ...values, kind: 'stock_market' };
  if (values.kind === 'limit' && (!values.ioc || values.postOnly)) {
    return { ...values, ioc: true, postOnly: false };
  }
  return values;
}

export const STP_OPTIONS: readonly { value: Stp; label: string }[] = [
  { value: 'no', label: 'No' },
  { value: 'cancel_both', label: 'Cancel both' },
  { value: 'cancel_new', label: 'Cancel new' },
  { value: 'cancel_old', label: 'Cancel old' },
];

/** The form's fields in screen order (the first with a message takes focus). */
export const ORDER_FIELDS = [
  'market',
  'side',
  'amount',
  'activationPrice',
  'price',
  'postOnly',
  'stp',
  'clientOrderId',
] as const satisfies readonly FormField[];

/** The exchange's (and the bridge's) field names that mean one of the form's fields. */
export const ORDER_FIELD_ALIASES: Readonly<Record<string, FormField>> = {
  total: 'amount',
  balance: 'amount',
  client_order_id: 'clientOrderId',
  activation_price: 'activationPrice',
  post_only: 'postOnly',
  ioc: 'postOnly',
};

/** A spend order ("market") is always a buy. */
export const sideOf = (form: Pick<OrderFormValues, 'kind' | 'side'>): Side =>
  form.kind === 'market' ? 'buy' : form.side;

/** The order as the contract takes it: only what its kind has, nothing left at its default. */
export function toPlaceInput(form: OrderFormValues, market: string): ChannelInput<'orders.place'> {
  const cid = form.clientOrderId.trim();
  const common = {
    market,
    side: sideOf(form),
    amount: form.amount.trim(),
    ...(cid ? { clientOrderId: cid } : {}),
    ...(form.stp !== 'no' ? { stp: form.stp } : {}),
  };
  if (form.kind === 'stop_limit' || form.kind === 'stop_market') {
    return {
      kind: form.kind,
      ...common,
      activationPrice: form.activationPrice.trim(),
      ...(form.kind === 'stop_limit' ? { price: form.price.trim() } : {}),
    };
  }
  if (form.kind !== 'limit') return { kind: form.kind, ...common };
  return {
    kind: 'limit',
    ...common,
    price: form.price.trim(),
    ...(form.postOnly ? { postOnly: true } : {}),
    ...(form.ioc ? { ioc: true } : {}),
  };
}

/** The likely outcome from the book, once the amount (and the price) are numbers. */
export function estimateOf(
  form: OrderFormValues,
  context: Pick<TradeContext, 'market' | 'book' | 'lastPrice'>,
): Preview | undefined {
  if (!hasNumbers(form)) return undefined;
  if (isStop(form.kind)) return stopPreview({ ...form, kind: form.kind }, context.market);
  return preview(
    { kind: form.kind, side: sideOf(form), amount: form.amount.trim(), price: form.price.trim() },
    context,
  );
}

/** What the user reviews and confirms: the form and its estimate, frozen at "Review order". */
export interface Review {
  form: OrderFormValues;
  estimate: Preview;
  context: TradeContext;
}

export type Placed = Extract<PlacementOutcome, { outcome: 'placed' }>;

export type Outcome =
  | { kind: 'placed'; outcome: Placed; review: Review }
  | { kind: 'unknown'; outcome: Extract<PlacementOutcome, { outcome: 'unknown' }> };

/** The exchange's answer to a reviewed order, as the form shows it. */
export function outcomeOf(result: PlacementOutcome, review: Review): Outcome {
  return result.outcome === 'placed'
    ? { kind: 'placed', outcome: result, review }
    : { kind: 'unknown', outcome: result };
}

/** "Buy 0.01 BTC on BTC/USDT?", "Spend 100 USDT on BTC/USDT?" */
/**
 * Why a reviewed order must not be sent as it is, or undefined. A post-only limit that crosses the
 * book would fill at once, which post-only forbids: the exchange can only refuse it.
 */
export function reviewBlocker({ form, estimate }: Review): string | undefined {
  if (form.kind === 'limit' && form.postOnly && estimate.crosses) {
    return 'Post-only: this price crosses the book, so the exchange would refuse it. Change the price or turn off post-only.';
  }
  return undefined;
}

export function reviewTitle({ form, context: { market } }: Review): string {
  const pair = marketLabel(market.name);
  if (form.kind === 'market')
    return `Spend ${plain(form.amount.trim())} ${market.money} on ${pair}?`;
  if (form.kind === 'stop_market' && form.side === 'buy') {
    return `Stop: spend ${plain(form.amount.trim())} ${market.money} on ${pair}?`;
  }
  if (isStop(form.kind)) {
    const verb = form.side === 'buy' ? 'buy' : 'sell';
    return `Stop: ${verb} ${plain(form.amount.trim())} ${market.stock} on ${pair}?`;
  }
  const verb = form.side === 'buy' ? 'Buy' : 'Sell';
  return `${verb} ${plain(form.amount.trim())} ${market.stock} on ${pair}?`;
}

/** The review's kind line: "Limit order", "Market buy, spending USDT", "Market order". */
export function reviewKind({ form, context: { market } }: Review): string {
  if (form.kind === 'limit') return 'Limit order';
  if (form.kind === 'stop_limit') return 'Stop-limit order';
  if (form.kind === 'stop_market') return 'Stop-market order';
  return form.kind === 'market' ? `Market buy, spending ${market.money}` : 'Market order';
}

/**
 * The review's estimated total: what leaves or arrives, with the fee in what it is charged in (a
 * buy's in the stock it receives, a sell's in the money: preview.ts).
 */
export function reviewTotal({ form, estimate, context: { market } }: Review): string {
  const m = market.money;
  const fmt = (v: string) => formatDecimal(v, market.moneyPrec);
  const stock = (v: string) => `${formatDecimal(v, market.stockPrec)} ${market.stock}`;
  const fee = (v: string) => (estimate.feeUnit === 'stock' ? stock(v) : `${fmt(v)} ${m}`);
  const side = sideOf(form);
  if (isStop(form.kind)) {
    const pay = side === 'buy' ? 'Pay' : 'Receive';
    const about = form.kind === 'stop_limit' ? 'at your price' : 'at the activation price';
    // Exact at a limit price and for a spend amount; a stop-market sell's is its worth at the activation price.
    const approx = form.kind === 'stop_market' && side === 'sell' ? '≈\u00a0' : '';
    return `${pay} ${approx}${fmt(estimate.limitTotal ?? '0')} ${m} ${about}, fee ≈\u00a0${fee(estimate.fee)} once it triggers`;
  }
  if (form.kind === 'market') {
    return `${plain(form.amount.trim())} ${m} spent; you get ≈\u00a0${stock(estimate.received)} after a fee of ≈\u00a0${fee(estimate.fee)}`;
  }
  if (form.kind === 'limit') {
    return `${side === 'buy' ? 'Pay' : 'Receive'} ${fmt(estimate.limitTotal ?? '0')} ${m} at your price, fee ≈\u00a0${fee(estimate.restingFee ?? '0')} if it rests`;
  }
  if (side === 'buy') {
    return `≈\u00a0${fmt(estimate.total)} ${m} to pay; you get ≈\u00a0${stock(estimate.received)} after a fee of ≈\u00a0${fee(estimate.fee)}`;
  }
  return `≈\u00a0${fmt(estimate.total)} ${m} to receive, after a fee of ≈\u00a0${fee(estimate.fee)}`;
}

/**
 * A stop order's trigger and what it becomes, in words: "Triggers when the last price rises to or
 * above 70,000 USDT, then becomes a limit order at 69,500 USDT"; undefined for other kinds.
 */
export function stopWords(
  form: Pick<OrderFormValues, 'kind' | 'side' | 'price' | 'activationPrice'>,
  market: Pick<Market, 'money'>,
): string | undefined {
  if (!isStop(form.kind)) return undefined;
  const activation = form.activationPrice.trim();
  const condition = triggerCondition(form.side, activation ? plain(activation) : '…', market.money);
  const price = form.price.trim();
  return `${condition}, ${becomes(form.kind, price ? plain(price) : '…', market.money)}.`;
}

/**
 * "Would trigger at once: the last price 60,000 USDT is already at or above 59,000 USDT." for a
 * stop whose condition already holds (a buy stop below the last price, a sell stop above it);
 * undefined otherwise, or while the activation price is not a valid number.
 */
export function stopAtOnce(
  form: Pick<OrderFormValues, 'kind' | 'side' | 'activationPrice'>,
  context: Pick<TradeContext, 'market' | 'lastPrice'>,
): string | undefined {
  const activation = form.activationPrice.trim();
  const { lastPrice } = context;
  if (!isStop(form.kind) || lastPrice === null) return undefined;
  if (!activationPrice.safeParse(activation).success) return undefined;
  if (!holdsNow(form.side, activation, lastPrice)) return undefined;
  const money = context.market.money;
  const where = form.side === 'buy' ? 'at or above' : 'at or below';
  return `Would trigger at once: the last price ${plain(lastPrice)} ${money} is already ${where} ${plain(activation)} ${money}.`;
}

/**
 * The fat-finger guard: each limit or activation price more than `guardPercent` % from the last
 * price, in words ("The limit price 70,000 USDT is 16.67 % above the last price 60,000 USDT (more
 * than the 10 % set in Settings)."). None without a last price.
 */
export function farPrices(
  form: Pick<OrderFormValues, 'kind' | 'price' | 'activationPrice'>,
  context: Pick<TradeContext, 'market' | 'lastPrice'>,
  guardPercent: number,
): string[] {
  const { lastPrice } = context;
  if (lastPrice === null || new Decimal(lastPrice).lte(0)) return [];
  const last = new Decimal(lastPrice);
  const money = context.market.money;
  const prices: [string, string][] = [];
  if (isStop(form.kind)) prices.push(['activation price', form.activationPrice.trim()]);
  if (form.kind === 'limit' || form.kind === 'stop_limit')
    prices.push(['limit price', form.price.trim()]);
  return prices.flatMap(([what, price]) => {
    const distance = new Decimal(price).minus(last).div(last).times(100);
    if (distance.abs().lte(guardPercent)) return [];
    const way = distance.gt(0) ? 'above' : 'below';
    return [
      `The ${what} ${plain(price)} ${money} is ${plain(distance.abs().toDecimalPlaces(2))} % ${way} the last price ${plain(last)} ${money} (more than the ${guardPercent} % set in Settings).`,
    ];
  });
}

/** The options the order carries, in words. */
export function reviewOptions({ form }: Review): string[] {
  const cid = form.clientOrderId.trim();
  return [
    form.kind === 'limit' && form.postOnly ? 'Post-only' : undefined,
    form.kind === 'limit' && form.ioc ? 'Immediate or cancel' : undefined,
    form.stp !== 'no'
      ? `Self-trade prevention: ${STP_OPTIONS.find((o) => o.value === form.stp)?.label}`
      : undefined,
    cid ? `Client order id ${cid}` : undefined,
  ].filter((o): o is string => o !== undefined);
}

/**
 * How a placed order reads: what filled, whether the rest waits on the book, and the places (the
 * number rule of `shared/format.ts`: the stock at its places, money, fee and prices at the tick).
 */
export interface PlacedSummary {
  filled: boolean;
  verb: 'Bought' | 'Sold';
  /** A limit order that neither filled nor was canceled: it waits on the book. */
  rests: boolean;
  stockPlaces: number;
  moneyPlaces: number;
  feePlaces: number;
  /** What the fee was charged in: a buy's in the stock it bought, a sell's in the money. */
  feeAsset: string;
}

export function placedSummary(placed: Placed, review: Review): PlacedSummary {
  const { market } = review.context;
  return {
    filled: new Decimal(placed.dealStock).gt(0),
    verb: placed.side === 'buy' ? 'Bought' : 'Sold',
    rests:
      (review.form.kind === 'limit' || isStop(review.form.kind)) &&
      !['FILLED', 'CANCELED'].includes(placed.status ?? ''),
    stockPlaces: market.stockPrec,
    moneyPlaces: market.moneyPrec,
    feePlaces: placed.side === 'buy' ? market.stockPrec : market.moneyPrec,
    feeAsset: feeAssetOf({ market: market.name, side: placed.side }),
  };
}
