import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClientOrderId } from '../../../src/main/exchange/api';
import { movementsOf } from '../../../src/main/portfolioHistory/movements';
import { dayOf } from '../../../src/main/portfolioHistory/prices';
import { profitLoss } from '../../../src/main/portfolioHistory/profitLoss';
import { storedDeal } from '../../../src/main/portfolioHistory/sync';
import { unitsText } from '../../../src/main/portfolioHistory/exact';
import { closesOf, transfer } from '../../main/portfolioHistory/fixtures';
import { setup, teardown, unlimitedPacer, type Setup } from '../exchange/helpers';

/**
 * A buy on the demo exchange pays its fee in the stock it buys, as the deployed server does; what
 * the app reads of it (executed-history, as the history sync stores it) and the profit and loss it
 * computes from that, by hand.
 */
let s: Setup;
beforeAll(async () => {
  s = await setup({}, { pacer: unlimitedPacer() });
});
afterAll(() => teardown(s));

describe('a buy whose fee is in the bought asset', () => {
  it('0.01 BTC bought at 61000 as maker: 610 USDT paid, 0.00999 BTC received, costing 610', async () => {
    // Above the seeded buys (and the seeded OTO's 60000), so that only this one fills.
    s.ex.engine.setPrice('BTC_USDT', '62000');
    const clientOrderId = newClientOrderId();
    await s.api.createOrder({
      kind: 'limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '61000',
      clientOrderId,
    });
    s.ex.engine.setPrice('BTC_USDT', '60999');

    const page = await s.api.executedDeals({ clientOrderId });
    const deals = Object.entries(page).flatMap(([market, list]) =>
      list.map((d) => storedDeal({ ...d, market })!),
    );
    // The maker fee, 0.1 % of the 0.01 BTC bought, in BTC.
    expect(deals).toEqual([
      expect.objectContaining({
        market: 'BTC_USDT',
        side: 'buy',
        role: 'maker',
        price: '61000',
        amount: '0.01',
        deal: '610',
        fee: '0.00001',
        feeAsset: 'BTC',
      }),
    ]);
    const bought = deals[0]!;

    // The balances it moved: +0.01 BTC and -0.00001 BTC of fee, -610 USDT (no fee in USDT).
    const moved = movementsOf({ deals, transfers: [], flexPayments: [] }).map((m) => [
      m.ticker,
      m.kind,
      unitsText(m.change),
    ]);
    expect(moved).toEqual([
      ['BTC', 'deal', '0.01'],
      ['USDT', 'deal', '-610'],
      ['BTC', 'fee', '-0.00001'],
    ]);

    // 610 USDT deposited that day, all of it spent on the buy; BTC closed at 61000 that day and
    // is at 62000 now.
    const r = profitLoss({
      deals,
      transfers: [transfer('deposit', 'USDT', '610', '0', bought.time - 1)],
      flexPayments: [],
      holdings: { BTC: '0.00999', USDT: '0' },
      priceNow: (t) => (t === 'BTC' ? new Decimal('62000') : undefined),
      closes: closesOf([['BTC_USDT', dayOf(bought.time), '61000']]),
      quote: 'USDT',
      now: bought.time + 1,
    });
    expect(r.rows).toEqual([
      {
        ticker: 'BTC',
        amount: '0.00999', // received net of the fee
        averageCost: '61061.0610611', // 610 / 0.00999 = 61061.061061..., 12 digits
        costBasis: '610', // the whole deal: the fee's cost is part of the buy
        realised: '0',
        unrealised: '9.38', // 0.00999 x 62000 = 619.38 - 610
        fees: '0.61', // 0.00001 BTC x 61000, that day's close
        price: '62000',
        estimated: false,
      },
    ]);
  });
});
