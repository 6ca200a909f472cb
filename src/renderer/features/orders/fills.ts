import type { Market, Order } from '../../../shared/model';
import { feeAssetOf } from '../../../shared/executed';
import { formatDecimal, isZero } from '../../lib/decimal';
import { averagePrice, marketLabel, scaleOf, splitMarket } from '../../lib/format';
import type { Notice, NoticePart } from '../../lib/noticesStore';

/** A figure and the places it is written at. */
interface Figure {
  value: string;
  places: number;
}

/** At the market's places; a market the app does not know (yet): the exact value. */
const figure = (value: string, places: number | undefined): Figure => ({
  value,
  places: places ?? scaleOf(value),
});

/**
 * What a fill notice says: whether all of it filled, the side, the amount dealt, what it came to
 * and its fee, its average price, on which market. Written by the number rule
 * (`shared/format.ts`): the stock at the market's `stockPrec`, money and price at its tick
 * (`moneyPrec`), the fee at the places of what it was charged in (a buy's stock, a sell's money).
 */
interface Fill {
  /** Filled, or stopped (canceled) after part of it filled. */
  whole: boolean;
  side: Order['side'];
  amount: Figure;
  stock: string;
  /** What the fill came to, in money, and its fee, in `feeUnit`. */
  total: Figure;
  fee: Figure;
  /** What the fee was charged in: a buy's in the stock it bought, a sell's in the money. */
  feeUnit: string;
  price: Figure;
  money: string;
  market: string;
}

function fillOf(order: Order, market: Market | undefined): Fill {
  const [stock, money] = splitMarket(order.market);
  const price = averagePrice(order.dealMoney, order.dealStock) ?? order.price;
  return {
    // A finished order that dealt filled, unless its status says it was canceled (CANCELED,
    // CANCELED_STP, CANCELED_TAKER_BAND, AUTO_CANCELED_…) with the rest.
    whole: !(order.status ?? '').includes('CANCELED'),
    side: order.side,
    amount: figure(order.dealStock, market?.stockPrec),
    stock,
    total: figure(order.dealMoney, market?.moneyPrec),
    fee: figure(order.dealFee, order.side === 'buy' ? market?.stockPrec : market?.moneyPrec),
    feeUnit: feeAssetOf(order),
    price: figure(price, market?.moneyPrec),
    money,
    market: marketLabel(order.market),
  };
}

/** Whether the notice names a fee: none when the exchange charged none. */
const hasFee = (fill: Fill) => !isZero(fill.fee.value);

/** "Filled:" or "Partly filled:", and what follows the market when the rest was canceled. */
const fillWords = (fill: Fill) =>
  fill.whole
    ? { lead: 'Filled:', tail: '' }
    : { lead: 'Partly filled:', tail: ' (the rest canceled)' };

/**
 * The in-app notice of a fill (`at`: when it came): the desktop notification's words, the amounts
 * through the Amount component (exact on hover, masked in privacy mode).
 */
export function fillNotice(order: Order, market: Market | undefined, at: number): Notice {
  const fill = fillOf(order, market);
  const { lead, tail } = fillWords(fill);
  const money = ({ value, places }: Figure): NoticePart => ({
    amount: value,
    places,
    unit: fill.money,
  });
  return {
    id: `fill-${order.orderId}`,
    kind: 'fill',
    at,
    label: `the fill notice of order ${order.orderId}`,
    parts: [
      `${lead} `,
      { side: fill.side },
      ' ',
      { amount: fill.amount.value, places: fill.amount.places, unit: fill.stock },
      ' for ',
      money(fill.total),
      ...(hasFee(fill)
        ? [' (fee ', { amount: fill.fee.value, places: fill.fee.places, unit: fill.feeUnit }, ')']
        : []),
      ' at ',
      money(fill.price),
      ` on ${fill.market}${tail}`,
    ],
  };
}

/**
 * The desktop notification of a fill: "Filled: buy 0.01 BTC for 400.00 USDT (fee 0.40 USDT) at
 * 40,000.00 USDT on BTC/USDT", or in privacy mode only the market ("An order filled on BTC/USDT"):
 * it shows outside the app.
 */
function fillMessage(
  order: Order,
  market: Market | undefined,
  privacy: boolean,
): { title: string; body: string } {
  const fill = fillOf(order, market);
  const title = fill.whole ? 'Order filled' : 'Order partly filled';
  if (privacy) {
    return {
      title,
      body: `An order ${fill.whole ? 'filled' : 'partly filled'} on ${fill.market}`,
    };
  }
  const { lead, tail } = fillWords(fill);
  const written = ({ value, places }: Figure) => formatDecimal(value, places);
  const money = (f: Figure) => `${written(f)} ${fill.money}`;
  const fee = hasFee(fill) ? ` (fee ${written(fill.fee)} ${fill.feeUnit})` : '';
  return {
    title,
    body:
      `${lead} ${fill.side} ${written(fill.amount)} ${fill.stock} for ${money(fill.total)}${fee} ` +
      `at ${money(fill.price)} on ${fill.market}${tail}`,
  };
}

/**
 * The one desktop notification of the fills pushed together: a single fill's own words, or how
 * many filled and on which markets ("3 orders filled on BTC/USDT and ETH/USDT"), no amounts.
 */
export function fillsMessage(
  orders: Order[],
  marketOf: (name: string) => Market | undefined,
  privacy: boolean,
): { title: string; body: string } {
  if (orders.length === 1) return fillMessage(orders[0]!, marketOf(orders[0]!.market), privacy);
  const markets = [...new Set(orders.map((o) => marketLabel(o.market)))];
  const shown =
    markets.length > 3 ? [...markets.slice(0, 3), `${markets.length - 3} more`] : markets;
  const where =
    shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0];
  return {
    title: `${orders.length} orders filled`,
    body: `${orders.length} orders filled on ${where}`,
  };
}
