import { describe, expect, it } from 'vitest';
import {
  parseExecutedDeals,
  parseFees,
  parseKline,
  parseOrderDeals,
  parsePublicTrades,
} from '../../../src/main/exchange/schemas';
import { thrown } from '../../support/exchangeErrors';

/**
 * The schemas of the endpoints the demo exchange gained with issue 15: deals (executed-history,
 * trade-account/order), public trades, kline and fees. The reference's own examples parse; hostile
 * answers are `unexpected` errors naming the path, never wrong numbers.
 */

const TOO_MANY = 10_001;

// The reference's examples (http-trade-v4.yaml getExecutedOrderHistory / getOrderDeals).
const executedDeal = {
  id: 149156519,
  clientOrderId: 'customId11',
  time: 1593342324.613711,
  side: 'sell',
  role: 2,
  amount: '598',
  price: '0.00000701',
  deal: '0.00419198',
  fee: '0.00000419198',
  orderId: 3134995325,
  feeAsset: 'USDT',
};
const orderDeal = {
  time: 1593342324.613711,
  fee: '0.00000419198',
  price: '0.00000701',
  amount: '598',
  id: 149156519,
  dealOrderId: 3134995325,
  clientOrderId: 'customId11',
  role: 2,
  deal: '0.00419198',
  feeAsset: 'USDT',
  rpi: true,
};

describe('deals', () => {
  it('executed-history: keyed by market, roles as maker/taker, times in ms', () => {
    expect(parseExecutedDeals({ XRP_USDT: [executedDeal, { ...executedDeal, role: 1 }] })).toEqual({
      XRP_USDT: [
        {
          dealId: 149156519,
          orderId: 3134995325,
          clientOrderId: 'customId11',
          side: 'sell',
          role: 'taker',
          price: '0.00000701',
          amount: '598',
          deal: '0.00419198',
          fee: '0.00000419198',
          feeAsset: 'USDT',
          time: 1593342324613,
        },
        expect.objectContaining({ role: 'maker' }),
      ],
    });
    // PHP's empty object.
    expect(parseExecutedDeals([])).toEqual({});
  });

  it("trade-account/order: one order's deals, paged", () => {
    expect(parseOrderDeals({ records: [orderDeal], offset: 0, limit: 100 })).toEqual({
      offset: 0,
      limit: 100,
      records: [
        {
          dealId: 149156519,
          clientOrderId: 'customId11',
          role: 'taker',
          price: '0.00000701',
          amount: '598',
          deal: '0.00419198',
          fee: '0.00000419198',
          feeAsset: 'USDT',
          time: 1593342324613,
          dealOrderId: 3134995325,
          rpi: true,
        },
      ],
    });
    expect(parseOrderDeals({ records: [] })).toEqual({ offset: 0, limit: 0, records: [] });
  });

  it('hostile deals are refused', () => {
    const refused: [unknown, RegExp][] = [
      [{ X: [{ ...executedDeal, role: 3 }] }, /X\[0\]\.role: expected 1 \(maker\) or 2 \(taker\)/],
      [{ X: [{ ...executedDeal, role: 'taker' }] }, /X\[0\]\.role/],
      [{ X: [{ ...executedDeal, fee: '-0.1' }] }, /X\[0\]\.fee/],
      [{ X: [{ ...executedDeal, amount: '1e600000000' }] }, /X\[0\]\.amount/],
      [{ X: [{ ...executedDeal, time: 'yesterday' }] }, /X\[0\]\.time/],
      [{ X: [{ ...executedDeal, side: 'hold' }] }, /X\[0\]\.side/],
      [{ X: [{ ...executedDeal, id: 2 ** 60 }] }, /X\[0\]\.id/],
      [{ X: Array.from({ length: TOO_MANY }, () => executedDeal) }, /more than 10000 items/],
      [{ X: executedDeal }, /X/],
    ];
    for (const [json, message] of refused) {
      const error = thrown(() => parseExecutedDeals(json));
      expect(error.kind).toBe('unexpected');
      expect(error.message).toMatch(message);
    }
    expect(
      thrown(() => parseOrderDeals({ records: [{ ...orderDeal, deal: [] }] })).message,
    ).toMatch(/records\[0\]\.deal/);
    expect(
      thrown(() => parseOrderDeals({ records: Array.from({ length: TOO_MANY }, () => orderDeal) }))
        .message,
    ).toMatch(/more than 10000 items/);
    // Texts are clipped where they enter.
    const long = parseOrderDeals({ records: [{ ...orderDeal, clientOrderId: 'c'.repeat(5000) }] });
    expect(long.records[0]!.clientOrderId.length).toBeLessThanOrEqual(200);
  });
});

describe('public trades', () => {
  const trade = {
    tradeID: 158056419,
    price: '9186.13',
    quote_volume: '0.0021',
    base_volume: '19.29',
    trade_timestamp: 1594391747,
    type: 'sell',
    rpi: true,
  };

  it('the reference example: quote_volume is the stock amount, base_volume the money', () => {
    expect(parsePublicTrades([trade, { ...trade, rpi: undefined, type: 'BUY' }])).toEqual([
      {
        tradeId: 158056419,
        price: '9186.13',
        amount: '0.0021',
        total: '19.29',
        time: 1594391747000,
        side: 'sell',
        rpi: true,
      },
      expect.objectContaining({ side: 'buy', rpi: false }),
    ]);
  });

  it('hostile trades are refused', () => {
    for (const [json, message] of [
      [[{ ...trade, type: 'both' }], /\[0\]\.type/],
      [[{ ...trade, price: '-1' }], /\[0\]\.price/],
      [[{ ...trade, tradeID: '1.5' }], /\[0\]\.tradeID/],
      [{ trades: [] }, /expected array/i],
      [Array.from({ length: TOO_MANY }, () => trade), /more than 10000 items/],
    ] as [unknown, RegExp][]) {
      expect(thrown(() => parsePublicTrades(json)).message).toMatch(message);
    }
  });
});

describe('kline', () => {
  const candle = [
    1631440800,
    '45865.62',
    '45958.14',
    '45981.3',
    '45750.23',
    '15.327634',
    '703140.24230131',
  ];

  it('the reference example', () => {
    expect(parseKline({ success: true, message: null, result: [candle] })).toEqual([
      {
        time: 1631440800000,
        open: '45865.62',
        close: '45958.14',
        high: '45981.3',
        low: '45750.23',
        stockVolume: '15.327634',
        moneyVolume: '703140.24230131',
      },
    ]);
  });

  it('a refusal at HTTP 200 (success false, a field map) is a validation error', () => {
    const error = thrown(() =>
      parseKline({
        success: false,
        message: { end: ['End field must be greater then start.'] },
        result: null,
      }),
    );
    expect([error.kind, error.status, error.fields]).toEqual([
      'validation',
      200,
      { end: ['End field must be greater then start.'] },
    ]);
    expect(error.message).toContain('End field must be greater then start.');
    // A refusal that says nothing is still a refusal.
    expect(thrown(() => parseKline({ success: false })).kind).toBe('validation');
  });

  it('hostile candles are refused', () => {
    for (const [json, message] of [
      [{ result: [candle.slice(0, 6)] }, /result\[0\]/],
      [{ result: [[...candle.slice(0, 3), '-5', ...candle.slice(4)]] }, /result\[0\]\[3\]/],
      [{ result: [['soon', ...candle.slice(1)]] }, /result\[0\]\[0\]/],
      [{ result: null }, /result/],
      [{ result: Array.from({ length: TOO_MANY }, () => candle) }, /more than 10000 items/],
    ] as [unknown, RegExp][]) {
      const error = thrown(() => parseKline(json));
      expect([error.kind, error.message]).toEqual(['unexpected', expect.stringMatching(message)]);
    }
  });
});

describe('fees', () => {
  // The reference's examples (http-v4.yaml, /api/v4/public/fee).
  const btc = {
    is_depositable: true,
    is_withdrawal: true,
    is_api_withdrawal: true,
    is_api_depositable: true,
    ticker: 'BTC',
    name: 'Bitcoin',
    providers: [],
    withdraw: { max_amount: '0', min_amount: '0.0003', fixed: '0.0002', flex: null },
    deposit: { max_amount: '0', min_amount: '0.0001', fixed: null, flex: null },
  };
  const eur = {
    is_api_withdrawal: true,
    is_api_depositable: true,
    ticker: 'EUR',
    name: 'Euro',
    providers: ['EUR_SEPA_BCB', 'EUR_ADVCASH'],
    withdraw: {
      EUR_SEPA_BCB: {
        is_withdrawal: true,
        is_api_withdrawal: true,
        ticker: 'EUR_SEPA_BCB',
        name: 'EUR SEPA BCB',
        max_amount: '14500',
        min_amount: '10',
        fixed: null,
        flex: { percent: '0.05', min_fee: '3', max_fee: '7.25' },
      },
    },
    deposit: {
      EUR_SEPA_BCB: {
        is_depositable: true,
        is_api_depositable: true,
        ticker: 'EUR_SEPA_BCB',
        name: 'EUR SEPA BCB',
        max_amount: '14500',
        min_amount: '10',
        fixed: null,
        flex: { percent: '0.05', min_fee: '3', max_fee: '7.25' },
      },
      EUR_ADVCASH: {
        is_depositable: false,
        ticker: 'EUR_ADVCASH',
        name: 'EUR Volet.com',
        min_amount: '10',
        fixed: '1',
      },
    },
  };

  it('crypto: flat fees; fiat: per payment provider; absent flags mean closed', () => {
    const fees = parseFees({
      BTC: btc,
      EUR: eur,
      DOT: { ...btc, name: 'Polkadot', is_withdrawal: undefined },
    });
    expect(fees.BTC).toEqual({
      ticker: 'BTC',
      name: 'Bitcoin',
      providers: [],
      deposit: { enabled: true, minAmount: '0.0001', maxAmount: '0' },
      withdraw: { enabled: true, minAmount: '0.0003', maxAmount: '0', fixed: '0.0002' },
    });
    expect(fees.DOT?.withdraw?.enabled).toBe(false);
    expect(fees.EUR).toEqual({
      ticker: 'EUR',
      name: 'Euro',
      providers: [
        {
          id: 'EUR_SEPA_BCB',
          name: 'EUR SEPA BCB',
          deposit: {
            enabled: true,
            minAmount: '10',
            maxAmount: '14500',
            flex: { percent: '0.05', minFee: '3', maxFee: '7.25' },
          },
          withdraw: {
            enabled: true,
            minAmount: '10',
            maxAmount: '14500',
            flex: { percent: '0.05', minFee: '3', maxFee: '7.25' },
          },
        },
        {
          id: 'EUR_ADVCASH',
          name: 'EUR Volet.com',
          deposit: { enabled: false, minAmount: '10', fixed: '1' },
        },
      ],
    });
  });

  it('hostile fees are refused', () => {
    for (const [json, message] of [
      [{ BTC: { ...btc, withdraw: { ...btc.withdraw, fixed: '-1' } } }, /BTC\.withdraw\.fixed/],
      [
        { BTC: { ...btc, withdraw: { ...btc.withdraw, flex: { percent: 'lots' } } } },
        /BTC\.withdraw\.flex\.percent/,
      ],
      [{ BTC: { ...btc, name: undefined } }, /BTC\.name: missing/],
      [{ EUR: { ...eur, providers: [{}] } }, /EUR\.providers\[0\]/],
      [
        { EUR: { ...eur, deposit: { EUR_SEPA_BCB: { min_amount: '1e600000000' } } } },
        /EUR\.deposit\.EUR_SEPA_BCB\.minAmount/,
      ],
      [
        { EUR: { ...eur, providers: Array.from({ length: TOO_MANY }, () => 'P') } },
        /more than 10000 items/,
      ],
      [
        Object.fromEntries(Array.from({ length: TOO_MANY }, (_, i) => [`A${i}`, btc])),
        /more than 10000 items/,
      ],
    ] as [unknown, RegExp][]) {
      expect(thrown(() => parseFees(json)).message).toMatch(message);
    }
  });
});
