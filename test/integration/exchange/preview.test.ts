import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClientOrderId } from '../../../src/main/exchange/api';
import { preview } from '../../../src/renderer/features/trade/preview';
import { setup, teardown, unlimitedPacer, type Setup } from './helpers';

/**
 * The Trade screen's estimate against what the demo exchange then charges, both read through the
 * client: the same fill, and the same fee in the same asset (a buy's in the stock it buys, a
 * sell's in the money), both unrounded.
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
    '%s %s %s: same fill; the fee estimated is the fee charged, in the same asset',
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
      expect(new Decimal(estimate.stock).eq(order.dealStock)).toBe(true);
      expect(estimate.feeUnit).toBe(side === 'buy' ? 'stock' : 'money');
      expect(new Decimal(order.dealFee).gt(0)).toBe(true);
      expect(new Decimal(estimate.fee).eq(order.dealFee)).toBe(true);
    },
  );
});
