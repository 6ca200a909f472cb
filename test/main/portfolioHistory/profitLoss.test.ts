import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../src/main/portfolioHistory/prices';
import { profitLoss, type ProfitLossInput } from '../../../src/main/portfolioHistory/profitLoss';
import type { StoredDeal } from '../../../src/main/portfolioHistory/records';
import { closesOf, deal, transfer } from './fixtures';

const D0 = 20_000 * DAY_MS;
const D1 = D0 + DAY_MS;
const D2 = D1 + DAY_MS;
const NOW = D2 + DAY_MS + 3_600_000;

// BTC closes 50000, 60000, 70000; ETH has no USDT market: 0.05 BTC on D2 (3500 USDT).
const closes = closesOf([
  ['BTC_USDT', D0, '50000'],
  ['BTC_USDT', D1, '60000'],
  ['BTC_USDT', D2, '70000'],
  ['ETH_BTC', D2, '0.05'],
]);
const NOW_PRICES: Record<string, string> = { BTC: '65000', ETH: '3300' };

const trade = (
  side: 'buy' | 'sell',
  time: number,
  amount: string,
  total: string,
  fee: string,
  feeAsset = 'USDT',
  market = 'BTC_USDT',
): StoredDeal =>
  deal({ side, time, amount, deal: total, fee, feeAsset, market, price: '0', dealId: time });

const run = (over: Partial<ProfitLossInput>) =>
  profitLoss({
    deals: [],
    transfers: [],
    flexPayments: [],
    holdings: {},
    priceNow: (t) => (NOW_PRICES[t] ? new Decimal(NOW_PRICES[t]) : undefined),
    closes,
    quote: 'USDT',
    now: NOW,
    ...over,
  });

const row = (r: ReturnType<typeof profitLoss>, ticker: string) =>
  r.rows.find((x) => x.ticker === ticker);

describe('profit and loss by average cost', () => {
  it('buys at different prices and a partial sell, fees in money', () => {
    const r = run({
      transfers: [transfer('deposit', 'USDT', '100000', '0', D0)],
      deals: [
        trade('buy', D0 + 1, '1', '50000', '50'), // cost 50000 + 50 = 50050
        trade('buy', D1, '1', '60000', '60'), // cost 60060: 2 BTC for 110110, 55055 each
        // 0.5 BTC out: proceeds 35000 - 35 = 34965, cost 110110 x 0.5 / 2 = 27527.5,
        // realised 7437.5; left 1.5 BTC costing 82582.5 (55055 each)
        trade('sell', D2, '0.5', '35000', '35'),
      ],
      // USDT: 100000 - 50050 - 60060 + 34965
      holdings: { BTC: '1.5', USDT: '24855' },
    });
    expect(r.rows).toEqual([
      {
        ticker: 'BTC',
        amount: '1.5',
        averageCost: '55055',
        costBasis: '82582.5',
        realised: '7437.5',
        unrealised: '14917.5', // 1.5 x 65000 = 97500 - 82582.5
        fees: '145', // 50 + 60 + 35
        price: '65000',
        estimated: false,
      },
    ]);
    expect(r.totals).toEqual({
      costBasis: '82582.5',
      realised: '7437.5',
      unrealised: '14917.5',
      fees: '145',
    });
    expect(r.since).toBe(D0);
  });

  it('fees in stock: a buy receives fewer units for its cost, a sell gives up more units', () => {
    const r = run({
      transfers: [transfer('deposit', 'USDT', '50000', '0', D0)],
      deals: [
        // 1 BTC less a 0.001 fee: 0.999 BTC for 50000
        trade('buy', D0 + 1, '1', '50000', '0.001', 'BTC'),
        // 0.499 + 0.0005 fee = 0.4995 BTC out for 29940: cost 50000 x 0.4995 / 0.999 = 25000,
        // realised 4940; left 0.4995 BTC costing 25000
        trade('sell', D1, '0.499', '29940', '0.0005', 'BTC'),
      ],
      holdings: { BTC: '0.4995', USDT: '29940' },
    });
    expect(row(r, 'BTC')).toMatchObject({
      averageCost: '50050.0500501', // 25000 / 0.4995 = 50050.05005005..., 12 digits
      costBasis: '25000',
      realised: '4940',
      unrealised: '7467.5', // 0.4995 x 65000 = 32467.5 - 25000
      fees: '80', // 0.001 x 50000 (D0) + 0.0005 x 60000 (D1)
      estimated: false,
    });
  });

  it('a market whose money is not the quote: the cost at the day close of money, money sold', () => {
    const r = run({
      // 1 BTC in on D0 at 50000
      transfers: [transfer('deposit', 'BTC', '1', '0', D0)],
      // 10 ETH for 0.5 BTC + 0.0005 BTC fee on D2 (BTC 70000): ETH costs 0.5005 x 70000 = 35035;
      // BTC sold 0.5005 for 35035 against its cost 0.5005 x 50000 = 25025: realised 10010
      deals: [trade('buy', D2, '10', '0.5', '0.0005', 'BTC', 'ETH_BTC')],
      holdings: { BTC: '0.4995', ETH: '10' },
    });
    expect(row(r, 'ETH')).toMatchObject({
      averageCost: '3503.5',
      costBasis: '35035',
      realised: '0',
      unrealised: '-2035', // 10 x 3300 = 33000 - 35035
      fees: '35', // 0.0005 BTC x 70000
    });
    expect(row(r, 'BTC')).toMatchObject({
      costBasis: '24975', // 0.4995 x 50000
      realised: '10010',
      unrealised: '7492.5', // 0.4995 x 65000 = 32467.5 - 24975
      fees: '0',
    });
    expect(r.totals.realised).toBe('10010');
  });

  it('deposits enter at the day close, a withdrawal leaves at average cost with no profit', () => {
    const r = run({
      transfers: [
        transfer('deposit', 'BTC', '2', '0', D0), // 2 x 50000 = 100000
        transfer('deposit', 'BTC', '1', '0', D1), // 60000: 3 BTC for 160000
        // 1 + 0.0005 fee out at 160000 / 3 each: 53360; left 1.9995 BTC costing 106640
        transfer('withdraw', 'BTC', '1', '0.0005', D2),
      ],
      flexPayments: [],
      holdings: { BTC: '1.9995' },
    });
    expect(row(r, 'BTC')).toMatchObject({
      averageCost: '53333.3333333',
      costBasis: '106640',
      realised: '0',
      unrealised: '23327.5', // 1.9995 x 65000 = 129967.5 - 106640
      estimated: false,
    });
  });

  it('a fee in a third asset adds its value to the cost, and that asset is sold at the close', () => {
    const r = run({
      transfers: [
        transfer('deposit', 'USDT', '7000', '0', D2),
        transfer('deposit', 'ETH', '1', '0', D2), // 3500
      ],
      // 0.1 BTC for 7000 USDT, fee 0.001 ETH = 3.5 USDT on D2: cost 7003.5; the ETH out at
      // 3.5 against its cost 3.5 realises nothing; 0.999 ETH left costing 3496.5
      deals: [trade('buy', D2 + 1, '0.1', '7000', '0.001', 'ETH')],
      holdings: { BTC: '0.1', ETH: '0.999', USDT: '0' },
    });
    expect(row(r, 'BTC')).toMatchObject({ costBasis: '7003.5', fees: '3.5', realised: '0' });
    expect(row(r, 'ETH')).toMatchObject({ costBasis: '3496.5', fees: '0', realised: '0' });
  });

  it('a flex payment enters at its day close', () => {
    const r = run({
      flexPayments: [{ transactionId: 'f', ticker: 'BTC', amount: '0.01', time: D1 }],
      transfers: [transfer('deposit', 'BTC', '1', '0', D0)],
      holdings: { BTC: '1.01' },
    });
    // 50000 + 0.01 x 60000 = 50600
    expect(row(r, 'BTC')).toMatchObject({ costBasis: '50600', estimated: false });
  });

  it('what was held before the first record enters at that day close, estimated', () => {
    const r = run({
      // Holding 2 BTC; the records explain 1: the other entered before D1, at D1's 60000.
      deals: [trade('buy', D1, '1', '60000', '60')],
      holdings: { BTC: '2' },
    });
    expect(row(r, 'BTC')).toMatchObject({
      costBasis: '120060', // 60000 + 60060
      unrealised: '9940', // 2 x 65000 = 130000 - 120060
      estimated: true,
    });
    expect(r.rows.map((x) => x.ticker)).toEqual(['BTC']); // the quote has no row
  });

  it('more than today holds (a transfer the history does not show) leaves at average cost, estimated', () => {
    const r = run({
      transfers: [transfer('deposit', 'BTC', '1', '0', D0)],
      holdings: { BTC: '0.5' },
    });
    expect(row(r, 'BTC')).toMatchObject({ costBasis: '25000', realised: '0', estimated: true });
  });

  it('a record on a day without a close takes the next close, estimated; no price at all: no cost', () => {
    const r = run({
      transfers: [
        transfer('deposit', 'ETH', '1', '0', D0), // first ETH close is D2's: 3500
        transfer('deposit', 'XYZ', '5', '0', D0),
      ],
      holdings: { ETH: '1', XYZ: '5' },
    });
    expect(row(r, 'ETH')).toMatchObject({ costBasis: '3500', estimated: true });
    expect(row(r, 'XYZ')).toMatchObject({
      averageCost: null,
      costBasis: null,
      unrealised: null,
      price: null,
    });
  });
});
