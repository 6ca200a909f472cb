import type { Order } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';
import { averagePrice, marketLabel, scaleOf, splitMarket } from '../../lib/format';

/** What a fill notice says: the side, the amount dealt and its average price, on which market. */
export interface Fill {
  side: Order['side'];
  amount: string;
  amountPlaces: number;
  stock: string;
  price: string;
  pricePlaces: number;
  money: string;
  market: string;
}

export function fillOf(order: Order): Fill {
  const [stock, money] = splitMarket(order.market);
  const price = averagePrice(order.dealMoney, order.dealStock) ?? order.price;
  return {
    side: order.side,
    amount: order.dealStock,
    amountPlaces: scaleOf(order.dealStock),
    stock,
    price,
    pricePlaces: Math.min(8, scaleOf(price)),
    money,
    market: marketLabel(order.market),
  };
}

/**
 * The desktop notification of a fill: "Filled: buy 0.01 BTC at 40,000 USDT on BTC/USDT", or in
 * privacy mode only the market ("An order filled on BTC/USDT"): it shows outside the app.
 */
export function fillMessage(order: Order, privacy: boolean): { title: string; body: string } {
  const fill = fillOf(order);
  if (privacy) return { title: 'Order filled', body: `An order filled on ${fill.market}` };
  return {
    title: 'Order filled',
    body:
      `Filled: ${fill.side} ${formatDecimal(fill.amount, fill.amountPlaces)} ${fill.stock} at ` +
      `${formatDecimal(fill.price, fill.pricePlaces)} ${fill.money} on ${fill.market}`,
  };
}
