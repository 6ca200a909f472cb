import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../../../src/main/exchange/errors';
import {
  parseBalanceUpdate,
  parseCandlesUpdate,
  parseDepthUpdate,
  parseExecutedOrderUpdate,
  parseLastPriceUpdate,
  parsePendingOrderUpdate,
  parseStreamMessage,
  parseTradesUpdate,
  parseWebsocketToken,
} from '../../../src/main/exchange/schemas';

/** Stream messages are parsed and bounded like REST answers (rule 9, docs/architecture.md). */

const pendingOrder = {
  id: 1212904480922,
  market: 'BTC_USDT',
  type: 1,
  side: 2,
  post_only: false,
  ioc: false,
  ctime: 1738250982.28914,
  mtime: 1738250982.28914,
  price: '90000',
  amount: '1',
  left: '1',
  deal_stock: '0',
  deal_money: '0',
  deal_fee: '0',
  client_order_id: '',
  stp: 'no',
  status: 'OPEN',
  position_side: 'LONG',
  rpi: true,
};

/** Fails with an ExchangeError of kind 'unexpected', never anything else. */
function refused(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).kind).toBe('unexpected');
    return (error as ExchangeError).message;
  }
  throw new Error('parsed');
}

describe('stream envelope', () => {
  it('tells answers from updates', () => {
    expect(parseStreamMessage('{"id":3,"result":{"status":"success"},"error":null}')).toEqual({
      kind: 'answer',
      id: 3,
      result: { status: 'success' },
    });
    expect(
      parseStreamMessage('{"id":4,"result":null,"error":{"code":1,"message":"invalid argument"}}'),
    ).toEqual({
      kind: 'answer',
      id: 4,
      result: null,
      error: { code: 1, message: 'invalid argument' },
    });
    expect(
      parseStreamMessage('{"id":null,"method":"lastprice_update","params":["BTC_USDT","1"]}'),
    ).toEqual({ kind: 'update', method: 'lastprice_update', params: ['BTC_USDT', '1'] });
  });

  it.each([
    ['not JSON', '{"id":'],
    ['a bare value', '42'],
    ['an array', '[1,2]'],
    ['no id, no method', '{"result":1}'],
    ['a fractional id', '{"id":1.5,"result":1,"error":null}'],
    ['a huge method name', JSON.stringify({ id: null, method: 'x'.repeat(5000), params: [] })],
    ['an error of the wrong shape', '{"id":1,"result":null,"error":"boom"}'],
  ])('refuses %s', (_, frame) => {
    refused(() => parseStreamMessage(frame));
  });

  it('clips a long error message', () => {
    const message = parseStreamMessage(
      JSON.stringify({ id: 1, result: null, error: { code: 2, message: 'e'.repeat(10_000) } }),
    );
    expect(message.kind === 'answer' && message.error!.message.length).toBeLessThanOrEqual(200);
  });
});

describe('stream updates', () => {
  it('reads a depth snapshot and an increment', () => {
    expect(
      parseDepthUpdate([
        true,
        { timestamp: 1689600180.5164471, update_id: 214403, asks: [['0.02', '1']], bids: [] },
        'ETH_BTC',
      ]),
    ).toEqual({
      market: 'ETH_BTC',
      full: true,
      updateId: 214403,
      timestamp: 1689600180516,
      asks: [['0.02', '1']],
      bids: [],
    });
    expect(
      parseDepthUpdate([
        false,
        { update_id: 5, past_update_id: 4, asks: [['0.02', '0']], bids: [['0.01', '2']] },
        'ETH_BTC',
      ]),
    ).toMatchObject({ full: false, updateId: 5, pastUpdateId: 4 });
  });

  it('refuses hostile depth: negative or unbounded amounts, too many levels, a missing market', () => {
    const level = (price: unknown, amount: unknown) => [
      false,
      { update_id: 2, past_update_id: 1, asks: [[price, amount]], bids: [] },
      'ETH_BTC',
    ];
    refused(() => parseDepthUpdate(level('1', '-1')));
    refused(() => parseDepthUpdate(level('1e600000000', '1')));
    refused(() => parseDepthUpdate(level({}, '1')));
    const many = Array.from({ length: 600 }, () => ['1', '1']);
    expect(refused(() => parseDepthUpdate([true, { asks: many, bids: [] }, 'ETH_BTC']))).toMatch(
      /more than 500 levels/,
    );
    const flood = Array.from({ length: 100_000 }, () => ['1', '1']);
    expect(refused(() => parseDepthUpdate([true, { asks: flood, bids: [] }, 'ETH_BTC']))).toMatch(
      /more than 10000 items/,
    );
    refused(() => parseDepthUpdate([true, { asks: [], bids: [] }]));
  });

  it('reads trades with their money total computed exactly', () => {
    const { market, trades } = parseTradesUpdate([
      'ETH_BTC',
      [{ id: 41358530, time: 1580905394.70332, price: '0.020857', amount: '5.511', type: 'sell' }],
    ]);
    expect(market).toBe('ETH_BTC');
    expect(trades).toEqual([
      {
        tradeId: 41358530,
        price: '0.020857',
        amount: '5.511',
        total: '0.114942927',
        time: 1580905394703,
        side: 'sell',
        rpi: false,
      },
    ]);
    refused(() =>
      parseTradesUpdate(['ETH_BTC', [{ id: 1, time: 1, price: '1', amount: '1', type: 'up' }]]),
    );
  });

  it('reads last prices and balances, refusing negative ones and long keys', () => {
    expect(parseLastPriceUpdate(['ETH_BTC', '0.020683'])).toEqual({
      market: 'ETH_BTC',
      price: '0.020683',
    });
    refused(() => parseLastPriceUpdate(['ETH_BTC', '-1']));
    expect(parseBalanceUpdate([{ USDT: { available: '100.1885', freeze: '0' } }])).toEqual({
      USDT: { available: '100.1885', freeze: '0' },
    });
    refused(() => parseBalanceUpdate([{ ['X'.repeat(101)]: { available: '1', freeze: '0' } }]));
    refused(() => parseBalanceUpdate([{ USDT: 'lots' }]));
    refused(() => parseBalanceUpdate(['USDT']));
  });

  it('maps ordersPending updates (numeric side and type, id, ctime) into the domain Order', () => {
    const { event, order } = parsePendingOrderUpdate([1, pendingOrder]);
    expect(event).toBe('new');
    expect(order).toMatchObject({
      orderId: 1212904480922,
      market: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      timestamp: 1738250982289,
      amount: '1',
      left: '1',
      price: '90000',
      status: 'OPEN',
      stp: 'no',
      postOnly: false,
    });
    expect(parsePendingOrderUpdate([3, { ...pendingOrder, side: 1, type: 202 }])).toMatchObject({
      event: 'finish',
      order: { side: 'sell', type: 'stock market' },
    });
    refused(() => parsePendingOrderUpdate([7, pendingOrder]));
    refused(() => parsePendingOrderUpdate([1, { ...pendingOrder, side: 3 }]));
    refused(() => parsePendingOrderUpdate([1, { ...pendingOrder, type: 999 }]));
    refused(() => parsePendingOrderUpdate([1, { ...pendingOrder, amount: '1e999999' }]));
  });

  it('reads an ordersExecuted update as a finished order', () => {
    expect(
      parseExecutedOrderUpdate([{ ...pendingOrder, left: '0', deal_stock: '1', status: 'FILLED' }]),
    ).toMatchObject({ event: 'finish', order: { status: 'FILLED', dealStock: '1' } });
  });
});

describe('stream data obeys the REST rules', () => {
  it('refuses an order or a trade whose id is not positive', () => {
    refused(() => parsePendingOrderUpdate([1, { ...pendingOrder, id: 0 }]));
    refused(() => parsePendingOrderUpdate([2, { ...pendingOrder, id: -5 }]));
    refused(() => parseExecutedOrderUpdate([{ ...pendingOrder, id: -1 }]));
    const trade = { id: 1, time: 1, price: '1', amount: '1', type: 'buy' };
    expect(parseTradesUpdate(['ETH_BTC', [trade]]).trades).toHaveLength(1);
    refused(() => parseTradesUpdate(['ETH_BTC', [{ ...trade, id: 0 }]]));
    refused(() => parseTradesUpdate(['ETH_BTC', [{ ...trade, id: -41358530 }]]));
  });

  it('takes a client order id only in the order form’s charset and length, or none', () => {
    for (const id of ['', 'mine-1', 'a.B_c-9', 'x'.repeat(64)]) {
      expect(
        parsePendingOrderUpdate([1, { ...pendingOrder, client_order_id: id }]).order.clientOrderId,
      ).toBe(id);
    }
    for (const id of ['x'.repeat(65), 'a b', '<img src=x>', 'id\u202e', '=HYPERLINK("x")']) {
      expect(
        refused(() => parsePendingOrderUpdate([1, { ...pendingOrder, client_order_id: id }])),
      ).toMatch(/client order id/);
    }
  });

  it('refuses a balance keyed __proto__, constructor or prototype', () => {
    const balance = '{"available":"1","freeze":"0"}';
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const params: unknown = JSON.parse(`[{"USDT":${balance},"${key}":${balance}}]`);
      expect(refused(() => parseBalanceUpdate(params))).toMatch(new RegExp(key));
    }
  });
});

describe('websocket token', () => {
  it('reads the token and refuses an oversized one', () => {
    expect(parseWebsocketToken({ websocket_token: 'abc' })).toBe('abc');
    refused(() => parseWebsocketToken({ websocket_token: 'x'.repeat(9000) }));
    refused(() => parseWebsocketToken({}));
  });
});

describe('candles_update', () => {
  const row = ['1655204760', '22374.15', '22351.34', '22374.27', '22342.52', '30.2', '675499.3'];

  it('reads the documented candle with its market, as the kline reads one', () => {
    expect(parseCandlesUpdate([[1655204760, ...row.slice(1), 'BTC_USDT']])).toEqual([
      {
        market: 'BTC_USDT',
        candle: {
          time: 1655204760000,
          open: '22374.15',
          close: '22351.34',
          high: '22374.27',
          low: '22342.52',
          stockVolume: '30.2',
          moneyVolume: '675499.3',
        },
      },
    ]);
  });

  it('refuses a row without its market, a bad number, too many candles, an endless row', () => {
    for (const params of [
      [[1655204760, ...row.slice(1)]],
      [[1655204760, 'x', ...row.slice(2), 'BTC_USDT']],
      Array.from({ length: 101 }, () => [1655204760, ...row.slice(1), 'BTC_USDT']),
      [[1655204760, ...row.slice(1), 'BTC_USDT', ...Array.from({ length: 20 }, () => 0)]],
    ]) {
      expect(() => parseCandlesUpdate(params)).toThrow(ExchangeError);
    }
  });
});
