import Decimal from 'decimal.js';
import type { TradeContext } from '../../../shared/model';
import {
  hasLimitPrice,
  hasNumbers,
  orderTotal,
  plain,
  stepOf,
  validate,
  type OrderFormValues,
} from './checks';
import { sideOf } from './placement';
import { preview } from './preview';
import { amountInMoney } from './stop';

/**
 * The amount shortcuts (25 %, 50 %, 75 %, Max): a share of the available balance as an amount the
 * form's own checks take, in pure decimal math. A sell fills that share of the stock; a buy spends
 * at most that share of the money (its fee is taken in the stock it buys); every amount is rounded DOWN to the market's
 * step (stock) or precision (money), so it never exceeds what is available. A stop order is sized
 * as the order it becomes: a stop-limit as a limit at its limit price, a stop-market buy in money
 * (as a spend order), a stop-market sell in stock.
 */

export const SHARES = [
  { percent: 25, label: '25 %' },
  { percent: 50, label: '50 %' },
  { percent: 75, label: '75 %' },
  { percent: 100, label: 'Max' },
] as const;

/** The asset a shortcut takes its share of: the stock for a sell, the money for a buy. */
export function shortcutAsset(
  form: Pick<OrderFormValues, 'kind' | 'side'>,
  context: Pick<TradeContext, 'market'>,
): string {
  return sideOf(form) === 'sell' ? context.market.stock : context.market.money;
}

function available(form: OrderFormValues, context: TradeContext): Decimal {
  return new Decimal(sideOf(form) === 'sell' ? context.stock.available : context.money.available);
}

/**
 * Why the shortcuts cannot fill now (shown beside them, the buttons disabled), or undefined. In
 * privacy mode an empty balance does not disable them (that would tell the balance): a click says so.
 */
export function shortcutBlocker(
  form: OrderFormValues,
  context: TradeContext,
  privacy: boolean,
): string | undefined {
  if (!privacy && available(form, context).lte(0)) {
    return `No ${shortcutAsset(form, context)} available.`;
  }
  if (hasLimitPrice(form.kind) && form.side === 'buy') {
    if (form.price.trim() === '') return 'Enter a limit price first.';
    if (validate(form, context).price) return 'Correct the limit price first.';
  }
  if (form.kind === 'stock_market' && form.side === 'buy' && context.book.asks.length === 0) {
    return 'The order book has no asks to buy from.';
  }
  return undefined;
}

/**
 * The largest whole number of `step` from 0 to `most` that `fits` (true up to some amount, false
 * beyond): a binary search, as the cost of an amount walked through the book grows with it.
 */
function largestFitting(most: Decimal, step: Decimal, fits: (amount: Decimal) => boolean): Decimal {
  let low = new Decimal(0);
  let high = most.div(step).floor();
  if (fits(high.times(step))) return high.times(step);
  while (high.minus(low).gt(1)) {
    const middle = low.plus(high).div(2).floor();
    if (fits(middle.times(step))) low = middle;
    else high = middle;
  }
  return low.times(step);
}

/** The amount that share of the balance fills, before the market's minimums are looked at. */
function rawAmount(share: Decimal, form: OrderFormValues, context: TradeContext): Decimal {
  const { market } = context;
  const balance = available(form, context).times(share);
  const step = stepOf(market.stockPrec);
  // A spend order trades its whole amount and a stop-market buy sets aside its amount: the share as
  // it is. A buy's fee comes out of the stock it buys (preview.ts), so a buy costs its total.
  if (amountInMoney(form.kind, sideOf(form))) {
    return balance.toDecimalPlaces(market.moneyPrec, Decimal.ROUND_DOWN);
  }
  if (form.side === 'sell') return balance.toDecimalPlaces(market.stockPrec, Decimal.ROUND_DOWN);
  if (hasLimitPrice(form.kind)) {
    const price = new Decimal(form.price.trim());
    return balance.div(price).toDecimalPlaces(market.stockPrec, Decimal.ROUND_DOWN);
  }
  // A market buy by stock walks the asks (the preview's estimate): every level costs at least the
  // best ask, and the book must hold the whole amount.
  const bestAsk = new Decimal(context.book.asks[0]?.[0] ?? '0');
  if (bestAsk.lte(0)) return new Decimal(0);
  return largestFitting(balance.div(bestAsk), step, (amount) => {
    const estimate = preview(
      { kind: 'stock_market', side: 'buy', amount: amount.toFixed() },
      context,
    );
    return !estimate.notEnoughDepth && new Decimal(estimate.total).lte(balance);
  });
}

/** Why `amount` is below the market's minimums, or undefined. */
function belowMinimum(
  what: string,
  form: OrderFormValues,
  amount: Decimal,
  context: TradeContext,
): string | undefined {
  const { market } = context;
  if (amountInMoney(form.kind, form.side)) {
    return amount.lt(market.minTotal)
      ? `${what} is less than the minimum total of ${plain(market.minTotal)} ${market.money}.`
      : undefined;
  }
  if (amount.lt(market.minAmount) || amount.isZero()) {
    return `${what} comes to less than the minimum amount of ${plain(market.minAmount)} ${market.stock}.`;
  }
  const filled = { ...form, amount: amount.toFixed() };
  const total = hasNumbers(filled) ? orderTotal(filled, context) : undefined;
  if (total?.lt(market.minTotal)) {
    return `${what} comes to a total below the minimum total of ${plain(market.minTotal)} ${market.money}.`;
  }
  return undefined;
}

/**
 * What the shortcut for `percent` of the available balance fills: an amount the form's checks take,
 * or why there is none (nothing available, below the market's minimum). The message names the
 * share and the limit, never the balance (privacy mode).
 */
export function shareOf(
  percent: number,
  form: OrderFormValues,
  context: TradeContext,
): { amount: string } | { error: string } {
  const asset = shortcutAsset(form, context);
  if (available(form, context).lte(0)) return { error: `No ${asset} available.` };
  const what = `${percent === 100 ? 'All' : `${percent} %`} of the available ${asset}`;
  const amount = rawAmount(new Decimal(percent).div(100), form, context);
  const below = belowMinimum(what, form, amount, context);
  if (below) return { error: below };
  const filled = amount.toFixed();
  // Whatever else the form would refuse (above the maximum total) is said in its own words.
  const refused = validate({ ...form, amount: filled }, context).amount;
  return refused ? { error: refused } : { amount: filled };
}
