import Decimal from 'decimal.js';
import type { Market } from '../../../shared/model';
import { feeUnitOf, fillFee, type OrderKind, type Preview, type Side } from './preview';

/**
 * Stop orders (stop-limit, stop-market) in words and numbers: they rest until the last price
 * crosses their activation price (a buy when it rises to or above it, a sell when it falls to or
 * below it), then become a limit order at their price or a market order. Pure decimal math.
 */

export type StopKind = Extract<OrderKind, 'stop_limit' | 'stop_market'>;

export const isStop = (kind: OrderKind): kind is StopKind =>
  kind === 'stop_limit' || kind === 'stop_market';

/** Whether the amount of this order is money: a spend buy and a stop-market buy. */
export const amountInMoney = (kind: OrderKind, side: Side): boolean =>
  kind === 'market' || (kind === 'stop_market' && side === 'buy');

/** "Triggers when the last price rises to or above 70,000 USDT" (buy); "falls to or below" (sell). */
export function triggerCondition(side: Side, activation: string, money: string): string {
  const move = side === 'buy' ? 'rises to or above' : 'falls to or below';
  return `Triggers when the last price ${move} ${activation} ${money}`;
}

/**
 * Whether a stop's condition already holds at the last price (a buy stop at or below it, a sell stop
 * at or above it): the exchange accepts it and it triggers at once.
 */
export function holdsNow(side: Side, activation: Decimal.Value, lastPrice: Decimal.Value): boolean {
  const last = new Decimal(lastPrice);
  return side === 'buy' ? last.gte(activation) : last.lte(activation);
}

/** "then becomes a limit order at 69,500 USDT" or "then becomes a market order". */
export function becomes(kind: StopKind, price: string, money: string): string {
  return kind === 'stop_limit'
    ? `then becomes a limit order at ${price} ${money}`
    : 'then becomes a market order';
}

/**
 * The total a stop order is checked against: a stop-limit's amount × limit price; a stop-market
 * buy's amount (money); a stop-market sell's amount × activation price (what it is worth when it
 * triggers). Amount and prices must be valid numbers.
 */
export function stopTotal(form: {
  kind: StopKind;
  side: Side;
  amount: string;
  price: string;
  activationPrice: string;
}): Decimal {
  const amount = new Decimal(form.amount.trim());
  if (form.kind === 'stop_limit') return amount.times(form.price.trim());
  if (form.side === 'buy') return amount;
  return amount.times(form.activationPrice.trim());
}

/** The stock a stop-market buy gets at its activation price, before the fee (an estimate). */
export function stopMarketStock(amount: string, activation: string, market: Market): Decimal {
  return new Decimal(amount.trim())
    .div(activation.trim())
    .toDecimalPlaces(market.stockPrec, Decimal.ROUND_DOWN);
}

/**
 * A stop order's estimate: nothing fills now (it waits for its activation price). `limitTotal` is
 * its total (stop.ts: stopTotal), `stock` what it buys or sells (a stop-market buy's at the
 * activation price), `fee` the taker fee once it triggers (an upper bound): a buy's on the stock it
 * receives, a sell's on its total.
 */
export function stopPreview(
  form: {
    kind: 'stop_limit' | 'stop_market';
    side: Side;
    amount: string;
    price: string;
    activationPrice: string;
  },
  market: Market,
): Preview {
  const total = stopTotal(form);
  const stock =
    form.kind === 'stop_market' && form.side === 'buy'
      ? stopMarketStock(form.amount, form.activationPrice, market)
      : new Decimal(form.amount.trim());
  const fee = fillFee(form.side, stock, total, market.takerFee);
  return {
    stock: stock.toFixed(),
    money: '0',
    avgPrice: null,
    fee: fee.toFixed(),
    feeUnit: feeUnitOf(form.side),
    total: (form.side === 'buy' ? total : total.minus(fee)).toFixed(),
    received: (form.side === 'buy' ? stock : total).minus(fee).toFixed(),
    slippage: null,
    slippageWarning: false,
    notEnoughDepth: false,
    limitTotal: total.toFixed(),
  };
}
