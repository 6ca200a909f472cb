import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { orderKind, orderSide } from '../../../shared/contract';
import type { BookLevel, TradeContext } from '../../../shared/model';

/**
 * The likely outcome of an order, from the order book: pure decimal math (no floating point).
 * A market buy or sell walks the asks (buy) or bids (sell); a "spend" buy walks the asks with a
 * money budget (the fee comes out of the amount, as the exchange does it); a limit order fills at
 * once the levels at or better than its price and rests for the rest (maker fee, "if it rests").
 * Fees are charged in what the order receives, as the exchange charges them: a buy's in the stock
 * it buys (it pays the deal's money and receives the stock less the fee), a sell's in the money.
 */

/** The contract's order kinds and sides (its named field schemas). */
export type OrderKind = z.infer<typeof orderKind>;
export type Side = z.infer<typeof orderSide>;
/** Which side of the market a fee is charged in. */
export type FeeUnit = 'stock' | 'money';

/** A buy's fee is charged in the stock it receives, a sell's in the money. */
export const feeUnitOf = (side: Side): FeeUnit => (side === 'buy' ? 'stock' : 'money');

export interface PreviewInput {
  kind: OrderKind;
  side: Side;
  /** Stock for stock_market and limit, money for market ("spend"). Already checked as numeric. */
  amount: string;
  /** Limit price (limit only). */
  price?: string | undefined;
}

export interface Preview {
  /** Stock the walk fills at once. */
  stock: string;
  /** Money of those fills before the fee (cost of a buy, proceeds of a sell). */
  money: string;
  /** Average price of the immediate fills, rounded to the money precision; null when none. */
  avgPrice: string | null;
  /** Taker fee of the immediate fills, in `feeUnit` (unrounded: written by the number rule). */
  fee: string;
  /** What the fees are charged in: a buy's in the stock it receives, a sell's in the money. */
  feeUnit: FeeUnit;
  /** Money that leaves (buy: the deal's money) or arrives (sell: money − fee). */
  total: string;
  /** What arrives: a buy's stock − fee, a sell's money − fee. */
  received: string;
  /** Slippage of the average price against the last price, in percent (positive = worse). */
  slippage: string | null;
  /** Slippage above 1 %. */
  slippageWarning: boolean;
  /** The book cannot fill the whole market order. */
  notEnoughDepth: boolean;
  /** Limit only: the part that would rest on the book (stock). */
  rests?: string;
  /** Limit only: amount × price. */
  limitTotal?: string;
  /** Limit only: maker fee on the resting part, "if it rests", in `feeUnit` (unrounded). */
  restingFee?: string;
  /** Limit only: the order would fill at least partly at once (it crosses the book). */
  crosses?: boolean;
}

const ZERO = new Decimal(0);
const HUNDRED = new Decimal(100);
export const SLIPPAGE_WARNING_PERCENT = new Decimal(1);

/** A fee percent string ("0.1" = 0.1 %) as a ratio (0.001). */
export function feeRatio(percent: string): Decimal {
  return new Decimal(percent).div(HUNDRED);
}

/**
 * A fee on an amount, exact: it is written by the number rule (half-up at its asset's places),
 * never rounded up before ("≈ 0.04" for 0.0301 overstates it).
 */
export function feeOf(amount: Decimal, percent: string): Decimal {
  return amount.times(feeRatio(percent));
}

/** The fee of a fill of `stock` for `money` at `percent`: on the stock for a buy, the money for a sell. */
export function fillFee(side: Side, stock: Decimal, money: Decimal, percent: string): Decimal {
  return feeOf(side === 'buy' ? stock : money, percent);
}

interface Walk {
  stock: Decimal;
  money: Decimal;
  complete: boolean;
}

/** Fills a stock quantity from the levels (best first), stopping at `limit` when given. */
function walkStock(levels: readonly BookLevel[], want: Decimal, side: Side, limit?: Decimal): Walk {
  let stock = ZERO;
  let money = ZERO;
  let rest = want;
  for (const [p, q] of levels) {
    if (rest.lte(0)) break;
    const price = new Decimal(p);
    if (limit && (side === 'buy' ? price.gt(limit) : price.lt(limit))) break;
    const qty = Decimal.min(new Decimal(q), rest);
    stock = stock.plus(qty);
    money = money.plus(qty.times(price));
    rest = rest.minus(qty);
  }
  return { stock, money, complete: rest.lte(0) };
}

/** Spends a money budget on the asks, in whole stock steps. */
function walkMoney(levels: readonly BookLevel[], budget: Decimal, stockPrec: number): Walk {
  let stock = ZERO;
  let money = ZERO;
  let rest = budget;
  let complete = false;
  for (const [p, q] of levels) {
    const price = new Decimal(p);
    const affordable = rest.div(price).toDecimalPlaces(stockPrec, Decimal.ROUND_DOWN);
    const qty = Decimal.min(new Decimal(q), affordable);
    if (qty.lte(0)) {
      complete = true;
      break;
    }
    stock = stock.plus(qty);
    money = money.plus(qty.times(price));
    rest = rest.minus(qty.times(price));
    if (qty.lt(new Decimal(q))) {
      complete = true;
      break;
    }
  }
  return { stock, money, complete: complete || rest.lte(0) };
}

/** Slippage of `avg` against `last` in percent, 2 places; positive when worse for the side. */
export function slippageOf(avg: Decimal, last: Decimal, side: Side): Decimal {
  const diff = side === 'buy' ? avg.minus(last) : last.minus(avg);
  return diff.div(last).times(HUNDRED).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export function preview(
  input: PreviewInput,
  context: Pick<TradeContext, 'market' | 'book' | 'lastPrice'>,
): Preview {
  const { market, book } = context;
  const amount = new Decimal(input.amount);
  const levels = input.side === 'buy' ? book.asks : book.bids;
  let walk: Walk;
  let limitParts: Pick<Preview, 'rests' | 'limitTotal' | 'restingFee' | 'crosses'> = {};
  if (input.kind === 'market') {
    // The whole amount is the budget: the fee comes out of the stock it buys.
    walk = walkMoney(levels, amount, market.stockPrec);
  } else if (input.kind === 'limit') {
    const price = new Decimal(input.price ?? '0');
    walk = walkStock(levels, amount, input.side, price);
    const rests = amount.minus(walk.stock);
    limitParts = {
      rests: rests.toFixed(),
      limitTotal: amount.times(price).toFixed(),
      restingFee: fillFee(input.side, rests, rests.times(price), market.makerFee).toFixed(),
      crosses: walk.stock.gt(0),
    };
  } else {
    walk = walkStock(levels, amount, input.side);
  }
  const fee = fillFee(input.side, walk.stock, walk.money, market.takerFee);
  const avg = walk.stock.gt(0) ? walk.money.div(walk.stock) : null;
  const last = context.lastPrice ? new Decimal(context.lastPrice) : null;
  const slippage = avg && last && last.gt(0) ? slippageOf(avg, last, input.side) : null;
  return {
    stock: walk.stock.toFixed(),
    money: walk.money.toFixed(),
    avgPrice: avg ? avg.toDecimalPlaces(market.moneyPrec, Decimal.ROUND_HALF_UP).toFixed() : null,
    fee: fee.toFixed(),
    feeUnit: feeUnitOf(input.side),
    total: (input.side === 'buy' ? walk.money : walk.money.minus(fee)).toFixed(),
    received: (input.side === 'buy' ? walk.stock : walk.money).minus(fee).toFixed(),
    slippage: slippage ? slippage.toFixed(2) : null,
    slippageWarning: slippage ? slippage.gt(SLIPPAGE_WARNING_PERCENT) : false,
    notEnoughDepth: input.kind !== 'limit' && !walk.complete,
    ...limitParts,
  };
}
