import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClientOrderId } from '../../../src/main/exchange/api';
import { preview } from '../../../src/renderer/features/trade/preview';
import { setup, teardown, unlimitedPacer, type Setup } from './helpers';

/**
 * The Trade screen's estimate against what the demo exchange then charges, both read through the
 * client: the exchange's fee is unrounded (a buy's in the stock, valued here at its fill's price),
 * the estimate rounds it up to the money precision, so the
 * estimate never understates the cost of a buy (nor overstates the proceeds of a sell), and is off
 * by less than one money step.
 */
let s: Setup;
beforeAll(async () => {
  s = await setup({}, { pacer: unlimitedPacer() });
});
afterAll(() => teardown(s));

describe("the app's order preview against the demo exchange's fills", () => {
  const cases: [string, 'buy' | 'sell', string][] = [
    ['BTC_USDT', 'buy', '0.0002'],
    ['BTC_USDT', 'sell', '0.0137'],
    ['XRP_USDT', 'buy', '9.3'],
    ['ETH_BTC', 'sell', '0.011'],
  ];
  it.each(cases)(
    '%s %s %s: same fill; fee estimate >= fee charged, by < 1 step',
    async (name, side, amount) => {
      const market = (await s.api.markets()).find((m) => m.name === name)!;
      const book = await s.api.orderBook(name, { limit: 100 });
      const estimate = preview(
        { kind: 'stock_market', side, amount },
        { market, book, lastPrice: null },
      );
      const order = await s.api.createOrder({
        kind: 'stock_market',
        market: name,
        side,
        amount,
        clientOrderId: newClientOrderId(),
      });
      expect(new Decimal(estimate.money).eq(order.dealMoney)).toBe(true);
      // A buy pays its fee in the stock it buys: valued at the fill's average price, it is what the
      // estimate (in money) names.
      const fee =
        side === 'buy'
          ? new Decimal(order.dealFee).times(order.dealMoney).div(order.dealStock)
          : new Decimal(order.dealFee);
      expect(fee.gt(0)).toBe(true);
      expect(new Decimal(estimate.fee).gte(fee)).toBe(true);
      expect(new Decimal(estimate.fee).minus(fee).lt(new Decimal(10).pow(-market.moneyPrec))).toBe(
        true,
      );
    },
  );
});
