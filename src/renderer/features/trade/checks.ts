import { currentSeparators, groupDigits } from '../../lib/numberFormat';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import {
  activationPrice,
  clientOrderId,
  orderAmount,
  orderPrice,
  type stp,
} from '../../../shared/contract';
import { isZeroDecimal } from '../../../shared/decimal';
import type { Market, TradeContext } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';
import { fieldMessage } from '../../lib/parseForm';
import { preview, type OrderKind, type Side } from './preview';
import { amountInMoney, isStop, stopTotal, type StopKind } from './stop';

/**
 * The checks of the order form, before anything is sent: pure functions on decimal strings
 * (decimal.js, never floating point). The form of a number and of a client order id are the
 * contract's rules and messages; the market's rules, the book and the balances are checked here.
 * Each message sits under its field and names the limit.
 */

/** Self-trade prevention, as the contract names it. */
export type Stp = z.infer<typeof stp>;

export interface OrderFormValues {
  kind: OrderKind;
  side: Side;
  /** STOCK for stock_market, limit, stop_limit and a stop_market sell; MONEY for market ("spend")
   * and a stop_market buy. */
  amount: string;
  price: string;
  /** Stop orders: the last price that triggers them. */
  activationPrice: string;
  clientOrderId: string;
  stp: Stp;
  postOnly: boolean;
  ioc: boolean;
}

export type FormField =
  'market' | 'side' | 'amount' | 'activationPrice' | 'price' | 'clientOrderId' | 'stp' | 'postOnly';
export type FormErrors = Partial<Record<FormField, string>>;

/** A decimal string as the user reads a limit: no trailing zeros, thousands grouped. */
export function plain(value: Decimal.Value): string {
  const fixed = new Decimal(value).toFixed();
  const [integer = '0', fraction] = fixed.split('.');
  const separators = currentSeparators();
  const grouped = groupDigits(integer, separators);
  return fraction ? `${grouped}${separators.decimal}${fraction}` : grouped;
}

/**
 * A balance as the balances show it, at its asset's places on the market (the one number rule):
 * "Not enough USDT: available 18,752.26 USDT", never the exchange's 18,752.2581348352.
 */
function held(value: Decimal, places: number): string {
  return formatDecimal(value.toFixed(), places);
}

/** The smallest step of `places` decimals: 4 -> 0.0001. */
export function stepOf(places: number): Decimal {
  return new Decimal(1).div(new Decimal(10).pow(places));
}

const decimalsOf = (value: string): number => new Decimal(value).decimalPlaces();

/** The unit of the amount field: money for a "spend" buy and a stop-market buy, stock otherwise. */
export function amountUnit(
  kind: OrderKind,
  market: Pick<Market, 'stock' | 'money'>,
  side: Side = 'buy',
): string {
  return amountInMoney(kind, side) ? market.money : market.stock;
}

/** Whether the order has a limit price: a limit and a stop-limit. */
export const hasLimitPrice = (kind: OrderKind): boolean =>
  kind === 'limit' || kind === 'stop_limit';

/**
 * Given, a number by the contract's rule for `what` (its format and bounds), and greater than 0;
 * the message names the field.
 */
function numberCheck(
  value: string,
  what: 'amount' | 'price' | 'activation price',
): string | undefined {
  const v = value.trim();
  if (v === '') return `Enter the ${what}.`;
  // Worded as the limit it breaks (the contract's "Enter an amount above 0." reads as a request).
  if (isZeroDecimal(v) && !v.startsWith('-')) return `The ${what} must be greater than 0.`;
  const schema = { amount: orderAmount, price: orderPrice, 'activation price': activationPrice };
  return fieldMessage(schema[what], v);
}

/**
 * The amount (and, for a limit or stop order, its prices) pass the contract's rules: an estimate
 * can be made.
 */
export function hasNumbers(
  form: Pick<OrderFormValues, 'kind' | 'amount' | 'price'> & { activationPrice?: string },
): boolean {
  return (
    numberCheck(form.amount, 'amount') === undefined &&
    (!hasLimitPrice(form.kind) || numberCheck(form.price, 'price') === undefined) &&
    (!isStop(form.kind) ||
      numberCheck(form.activationPrice ?? '', 'activation price') === undefined)
  );
}

/**
 * A money amount (a spend buy's, a stop-market buy's): the minimum total, the money step and the
 * maximum total. The whole amount is traded: the fee comes out of the stock it buys.
 */
function moneyAmountRules(amount: Decimal, text: string, market: Market): string | undefined {
  if (amount.lt(market.minTotal))
    return `At least ${plain(market.minTotal)} ${market.money} (minimum total)`;
  if (decimalsOf(text) > market.moneyPrec) {
    return `Use at most ${market.moneyPrec} decimals (step ${plain(stepOf(market.moneyPrec))} ${market.money})`;
  }
  if (amount.gt(market.maxTotal)) return `At most ${plain(market.maxTotal)} ${market.money}`;
  return undefined;
}

function amountRules(form: OrderFormValues, market: Market): string | undefined {
  const amount = new Decimal(form.amount.trim());
  if (amountInMoney(form.kind, form.side)) {
    return moneyAmountRules(amount, form.amount.trim(), market);
  }
  if (amount.lt(market.minAmount)) return `At least ${plain(market.minAmount)} ${market.stock}`;
  if (decimalsOf(form.amount.trim()) > market.stockPrec) {
    return `Use at most ${market.stockPrec} decimals (step ${plain(stepOf(market.stockPrec))} ${market.stock})`;
  }
  return undefined;
}

function priceRules(
  value: string,
  what: 'price' | 'activation price',
  market: Market,
): string | undefined {
  const basic = numberCheck(value, what);
  if (basic) return basic;
  if (decimalsOf(value.trim()) > market.moneyPrec) {
    return `Use at most ${market.moneyPrec} decimals for the ${what} (tick ${plain(stepOf(market.moneyPrec))} ${market.money})`;
  }
  return undefined;
}

/** A stop order's total (stop.ts) against the minimum and maximum total, and the balance. */
function stopTotalRules(
  form: OrderFormValues & { kind: StopKind },
  context: TradeContext,
): string | undefined {
  const { market } = context;
  const money = market.money;
  const total = stopTotal(form);
  // A stop-market sell's total is its worth at the activation price: an estimate.
  const about = form.kind === 'stop_market' && form.side === 'sell' ? '≈ ' : '';
  if (total.lt(market.minTotal)) {
    return `Total ${about}${plain(total)} ${money} is below the minimum total of ${plain(market.minTotal)} ${money}`;
  }
  if (total.gt(market.maxTotal)) return `At most ${plain(market.maxTotal)} ${money} in total`;
  if (form.side === 'buy') {
    // The exchange sets aside a stop-limit buy's total, a stop-market buy's amount (the fee
    // comes out of the stock it buys).
    const available = new Decimal(context.money.available);
    if (total.gt(available)) {
      return `Not enough ${money}: available ${held(available, market.moneyPrec)} ${money}, needed ${plain(total)} ${money}`;
    }
    return undefined;
  }
  const available = new Decimal(context.stock.available);
  if (new Decimal(form.amount.trim()).gt(available)) {
    return `Not enough ${market.stock}: available ${held(available, market.stockPrec)} ${market.stock}`;
  }
  return undefined;
}

/**
 * The total of an order that the minimum and maximum total are checked against: a limit's amount ×
 * price; a stop order's (stop.ts: stopTotal); a market order's estimate from the book (the deal's
 * money: a buy's fee comes out of its stock). Undefined when the book fills none of it. Amount (and
 * prices) must be valid numbers.
 */
export function orderTotal(form: OrderFormValues, context: TradeContext): Decimal | undefined {
  if (isStop(form.kind)) return stopTotal({ ...form, kind: form.kind });
  if (form.kind === 'limit') return new Decimal(form.amount.trim()).times(form.price.trim());
  const estimate = preview(
    { kind: 'stock_market', side: form.side, amount: form.amount.trim() },
    context,
  );
  if (estimate.avgPrice === null) return undefined;
  return new Decimal(estimate.money);
}

/** Total, maximum and balance checks, once amount (and price) are valid. Messages go under amount. */
function totalRules(form: OrderFormValues, context: TradeContext): string | undefined {
  if (isStop(form.kind)) return stopTotalRules({ ...form, kind: form.kind }, context);
  const { market } = context;
  const amount = new Decimal(form.amount.trim());
  const money = market.money;
  if (form.kind === 'market') {
    const available = new Decimal(context.money.available);
    if (amount.gt(available)) {
      return `Not enough ${money}: available ${held(available, market.moneyPrec)} ${money}`;
    }
    return undefined;
  }
  // A limit's total is exact; a market order's is the book's estimate. A buy needs its total: the
  // fee comes out of the stock it buys.
  const limit = form.kind === 'limit';
  const about = limit ? '' : '≈ ';
  // An estimate is written by the number rule (at the money's places), an exact total as it is.
  const written = (v: Decimal) => (limit ? plain(v) : formatDecimal(v.toFixed(), market.moneyPrec));
  const total = orderTotal(form, context);
  if (total) {
    if (total.lt(market.minTotal)) {
      return `Total ${about}${written(total)} ${money} is below the minimum total of ${plain(market.minTotal)} ${money}`;
    }
    if (total.gt(market.maxTotal)) return `At most ${plain(market.maxTotal)} ${money} in total`;
  }
  if (form.side === 'buy') {
    const available = new Decimal(context.money.available);
    if (total?.gt(available)) {
      return `Not enough ${money}: available ${held(available, market.moneyPrec)} ${money}, needed ${about}${written(total)} ${money}`;
    }
    return undefined;
  }
  const stock = market.stock;
  const available = new Decimal(context.stock.available);
  if (amount.gt(available))
    return `Not enough ${stock}: available ${held(available, market.stockPrec)} ${stock}`;
  return undefined;
}

/** What an order lacks in the trade balance: the asset, and the amount at its places (rounded up). */
export interface Shortfall {
  ticker: string;
  amount: string;
  places: number;
}

/**
 * How much more of the spent asset the trade balance needs for this order, as the balance checks
 * above count it (a buy's total in money, a sell's stock); undefined when the balance covers
 * it, the numbers are not valid yet, or the book cannot tell.
 */
export function shortfall(form: OrderFormValues, context: TradeContext): Shortfall | undefined {
  if (!hasNumbers(form) || (form.kind === 'market' && form.side !== 'buy')) return undefined;
  const { market } = context;
  const amount = new Decimal(form.amount.trim());
  const buy = form.side === 'buy';
  // A buy needs its total (the fee comes out of the stock it buys); a spend, its amount.
  const needed = !buy || form.kind === 'market' ? amount : orderTotal(form, context);
  const available = new Decimal(buy ? context.money.available : context.stock.available);
  if (!needed?.gt(available)) return undefined;
  const places = buy ? market.moneyPrec : market.stockPrec;
  return {
    ticker: buy ? market.money : market.stock,
    amount: needed.minus(available).toDecimalPlaces(places, Decimal.ROUND_UP).toFixed(places),
    places,
  };
}

/** Every check of the form against the market's rules, book and balances; {} when it may be sent. */
export function validate(form: OrderFormValues, context: TradeContext): FormErrors {
  const { market } = context;
  const errors: FormErrors = {};
  if (!market.tradesEnabled) errors.market = `Trading is paused on ${market.name}.`;
  if (form.kind === 'market' && form.side !== 'buy') {
    errors.side = 'A spend order is a buy: choose Buy, or Market to sell an amount.';
  }
  const amountBasic = numberCheck(form.amount, 'amount');
  const amountError = amountBasic ?? amountRules(form, market);
  const priceError = hasLimitPrice(form.kind) ? priceRules(form.price, 'price', market) : undefined;
  const activationError = isStop(form.kind)
    ? priceRules(form.activationPrice, 'activation price', market)
    : undefined;
  if (amountError) errors.amount = amountError;
  if (priceError) errors.price = priceError;
  if (activationError) errors.activationPrice = activationError;
  if (!amountError && !priceError && !activationError && !errors.side) {
    const total = totalRules(form, context);
    if (total) errors.amount = total;
  }
  const cid = form.clientOrderId.trim();
  const cidError = cid === '' ? undefined : fieldMessage(clientOrderId, cid);
  if (cidError) errors.clientOrderId = cidError;
  if (form.kind === 'limit' && form.postOnly && form.ioc) {
    errors.postOnly = 'Post-only and immediate-or-cancel exclude each other: choose one.';
  }
  return errors;
}

/** What changing a resting order may change, as typed ('' where it does not change). */
export interface OrderChangeValues {
  amount: string;
  price: string;
  activationPrice: string;
}

/**
 * The market's rules for a resting order's new amount, price and activation price (another screen
 * changing an order): the number's form, the minimum amount, the steps, the minimum and maximum
 * total. Only what is given is checked; balances and the book are not (the order holds its funds).
 */
export function orderChangeErrors(
  values: OrderChangeValues,
  market: Market,
): Partial<Record<keyof OrderChangeValues, string>> {
  const form: OrderFormValues = {
    ...{ kind: 'limit', side: 'buy', clientOrderId: '', stp: 'no', postOnly: false, ioc: false },
    amount: values.amount,
    price: values.price,
    activationPrice: values.activationPrice,
  };
  const errors: Partial<Record<keyof OrderChangeValues, string>> = {};
  if (values.amount !== '') {
    const amount = numberCheck(values.amount, 'amount') ?? amountRules(form, market);
    if (amount) errors.amount = amount;
  }
  if (values.price !== '') {
    const price = priceRules(values.price, 'price', market);
    if (price) errors.price = price;
  }
  if (values.activationPrice !== '') {
    const activation = priceRules(values.activationPrice, 'activation price', market);
    if (activation) errors.activationPrice = activation;
  }
  if (values.amount !== '' && values.price !== '' && !errors.amount && !errors.price) {
    const total = new Decimal(values.amount.trim()).times(values.price.trim());
    const money = market.money;
    if (total.lt(market.minTotal)) {
      errors.amount = `Total ${plain(total)} ${money} is below the minimum total of ${plain(market.minTotal)} ${money}`;
    } else if (total.gt(market.maxTotal)) {
      errors.amount = `At most ${plain(market.maxTotal)} ${money} in total`;
    }
  }
  return errors;
}
