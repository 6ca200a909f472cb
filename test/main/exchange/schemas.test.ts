import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseAssets,
  parseConditionalPage,
  parseEmptyObject,
  parseExecutedOrders,
  parseFlexInvestments,
  parseFlexPayments,
  parseFlexPlans,
  parseFlexTransaction,
  parseHashrate,
  parseHistoryPage,
  parseKillSwitch,
  parseKillSwitchTimers,
  parseMainBalances,
  parseMarkets,
  parseOAuthTokens,
  parseOcoOrder,
  parseOcoOrders,
  parseOrder,
  parseOrderBook,
  parseOrders,
  parsePing,
  parseServerTime,
  parseSubAccounts,
  parseTicker,
  parseTradeBalances,
} from '../../../src/main/exchange/schemas';
import {
  camelKeys,
  secondsToMs,
  toDecimalString,
} from '../../../src/main/exchange/schemas/primitives';
import type { ConditionalLeg, DepositWithdraw, Order } from '../../../src/shared/model';
import { thrown } from '../../support/exchangeErrors';

// ---------------------------------------------------------------------------------------------
// Casing helpers (the test's own, independent of the code under test)
// ---------------------------------------------------------------------------------------------

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Map keys (tickers, markets, networks) are upper case: leave them; camelCase every field name. */
const isFieldName = (key: string) => /[a-z]/.test(key);

function camelDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [isFieldName(k) ? camel(k) : k, camelDeep(v)]),
    );
  }
  return value;
}

/** Some field names camelCased, chosen by `pick` (for a property test of mixed casing). */
function mixDeep(value: unknown, pick: () => boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => mixDeep(v, pick));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        isFieldName(k) && pick() ? camel(k) : k,
        mixDeep(v, pick),
      ]),
    );
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Fixtures in the specification's casing (snake_case), from its field tables and notes §6
// ---------------------------------------------------------------------------------------------

const orderSnake = {
  order_id: 4180284841,
  client_order_id: 'order1987111',
  market: 'BTC_USDT',
  side: 'buy',
  type: 'stock market',
  timestamp: 1595792396.165973,
  deal_money: '41.258268',
  deal_stock: '0.001',
  amount: '0.001',
  left: '0',
  deal_fee: '0.041258268',
  price: '41258.27',
  post_only: false,
  ioc: false,
  status: 'FILLED',
  stp: 'no',
  position_side: 'LONG',
  rpi: false,
  taker_fee: '0.001',
  maker_fee: '0.001',
};

const orderDomain: Order = {
  orderId: 4180284841,
  clientOrderId: 'order1987111',
  market: 'BTC_USDT',
  side: 'buy',
  type: 'stock market',
  timestamp: 1595792396165,
  dealMoney: '41.258268',
  dealStock: '0.001',
  amount: '0.001',
  left: '0',
  dealFee: '0.041258268',
  price: '41258.27',
  postOnly: false,
  ioc: false,
  status: 'FILLED',
  stp: 'no',
  positionSide: 'LONG',
  rpi: false,
  takerFee: '0.001',
  makerFee: '0.001',
};

const stopLegSnake = {
  order_id: 117703764513,
  client_order_id: '',
  market: 'BTC_USDT',
  side: 'buy',
  type: 'stop limit',
  timestamp: 1594605801.49815,
  deal_money: '0',
  deal_stock: '0',
  amount: '1.1',
  taker_fee: '0.001',
  maker_fee: '0.001',
  left: '1.1',
  deal_fee: '0',
  post_only: false,
  mtime: 1594605801.49815,
  price: '40000',
  activation_price: '40000',
  activation_condition: 'gte',
  activated: 0,
  status: 'NEW',
  stp: 'no',
};

const limitLegSnake = {
  order_id: 117703764514,
  client_order_id: 'tp-1',
  market: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  timestamp: 1594605801.49815,
  deal_money: '0',
  deal_stock: '0',
  amount: '1.1',
  taker_fee: '0.001',
  maker_fee: '0.001',
  left: '1.1',
  deal_fee: '0',
  post_only: false,
  mtime: 1594605801.49815,
  price: '30000',
  status: 'NEW',
  stp: 'no',
};

const ocoSnake = { id: 117703764512, stop_loss: stopLegSnake, take_profit: limitLegSnake };

const otoSnake = {
  id: 117703764600,
  type: 'oto',
  stop_loss_price: '39000',
  take_profit_price: '45000',
  conditional_order: { ...limitLegSnake, position_side: 'LONG' },
};

const conditionalPageSnake = {
  limit: 100,
  offset: 0,
  total: 2,
  records: [
    { ...ocoSnake, type: 'oco', stop_loss: { ...stopLegSnake, position_side: 'LONG' } },
    otoSnake,
  ],
};

const depositSnake = {
  address: '3ApEASLcrQtZpg1TsssFgYF5V5YQJAKvuE',
  unique_id: null,
  created_at: 1593437922,
  currency: 'Bitcoin',
  ticker: 'BTC',
  method: 1,
  amount: '0.0006',
  description: '',
  memo: '',
  fee: '0',
  status: 15,
  network: null,
  transaction_hash: 'a275a514013e4e0f927fd0d1bed215e7f6f2c4c6ce762836fe135ec22529d886',
  transaction_id: '5e112b38-9652-11ed-a1eb-0242ac120002',
  details: {
    partial: {
      request_amount: '50000',
      processed_amount: '39000',
      processed_fee: '273',
      normalize_transaction: '',
    },
  },
  confirmations: { actual: 1, required: 2 },
};

const depositDomain: DepositWithdraw = {
  address: '3ApEASLcrQtZpg1TsssFgYF5V5YQJAKvuE',
  uniqueId: null,
  createdAt: 1593437922000,
  currency: 'Bitcoin',
  ticker: 'BTC',
  method: 1,
  amount: '0.0006',
  description: '',
  memo: '',
  fee: '0',
  status: 15,
  network: null,
  transactionHash: 'a275a514013e4e0f927fd0d1bed215e7f6f2c4c6ce762836fe135ec22529d886',
  transactionId: '5e112b38-9652-11ed-a1eb-0242ac120002',
  details: {
    partial: {
      requestAmount: '50000',
      processedAmount: '39000',
      processedFee: '273',
      normalizeTransaction: '',
    },
  },
  confirmations: { actual: 1, required: 2 },
};

const withdrawSnake = {
  address: '0x0964A6B8F794A4B8d61b62652dB27ddC9844FB4c',
  unique_id: '24529041',
  created_at: 1593437922,
  currency: 'Tether US',
  ticker: 'USDT',
  method: 2,
  amount: '100',
  description: 'rent',
  memo: '',
  fee: '1',
  status: 3,
  network: 'ERC20',
  transaction_hash: '0xabc',
  transaction_id: 'f2fcd5ee-9652-11ed-a1eb-0242ac120002',
};

const historySnake = { limit: 2, offset: 0, total: 300, records: [depositSnake, withdrawSnake] };

const executedSnake = {
  BTC_USDT: [
    {
      amount: '0.0009',
      price: '40000',
      type: 'limit',
      id: 4986126152,
      client_order_id: 'customId11',
      side: 'sell',
      ctime: 1597486960.311311,
      taker_fee: '0.001',
      ftime: 1597486960.311332,
      maker_fee: '0.001',
      deal_fee: '0.041258268',
      deal_stock: '0.0009',
      deal_money: '36',
      post_only: false,
      ioc: false,
      status: 'FILLED',
    },
  ],
  ETH_USDT: [
    {
      order_id: 4986126153,
      side: 'buy',
      type: 'market',
      amount: '10',
      deal_stock: '0.005',
      deal_money: '9.99',
      timestamp: 1597486961,
    },
  ],
};

const fixtures: Record<string, { parse: (json: unknown) => unknown; snake: unknown }> = {
  order: { parse: (j) => parseOrder(j), snake: orderSnake },
  orders: { parse: (j) => parseOrders(j), snake: [orderSnake, { ...orderSnake, order_id: 2 }] },
  conditionalPage: { parse: (j) => parseConditionalPage(j), snake: conditionalPageSnake },
  ocoOrders: { parse: (j) => parseOcoOrders(j), snake: [ocoSnake] },
  executedOrders: { parse: (j) => parseExecutedOrders(j), snake: executedSnake },
  history: { parse: (j) => parseHistoryPage(j), snake: historySnake },
  mainBalances: {
    parse: (j) => parseMainBalances(j),
    snake: { BTC: { main_balance: '0.0001' }, USDT: { main_balance: '150.25' } },
  },
  tradeBalances: {
    parse: (j) => parseTradeBalances(j),
    snake: { BTC: { available: '0.5', freeze: '0.1' } },
  },
  flexTransaction: {
    parse: (j) => parseFlexTransaction(j),
    snake: { data: { transaction_id: 'b9e8f5c4-1f7a-4b4e-9f0e-3c1f3e5b2a11' } },
  },
  flexPlans: {
    parse: (j) => parseFlexPlans(j),
    snake: [
      {
        id: '2f5e9c0a-6a5b-4f43-9d59-0f7c2f6c8a11',
        ticker: 'USDT',
        min_investment: '10',
        max_investment: '100000',
        max_rate: '12.5',
      },
    ],
  },
  flexInvestments: {
    parse: (j) => parseFlexInvestments(j),
    snake: {
      data: [
        {
          id: 'a1',
          plan_id: '2f5e9c0a-6a5b-4f43-9d59-0f7c2f6c8a11',
          currency: 'USDT',
          invested: '250.5',
          with_auto_reinvest: true,
          status: 'ACTIVE',
          created_at: 1700000000,
          updated_at: 1700003600,
        },
      ],
      limit: 100,
      offset: 0,
    },
  },
  flexPayments: {
    parse: (j) => parseFlexPayments(j),
    snake: {
      data: [
        {
          created_at: 1700086400,
          plan_id: '2f5e9c0a-6a5b-4f43-9d59-0f7c2f6c8a11',
          investment_id: 'a1',
          currency: 'USDT',
          amount: '0.082191',
          transaction_id: 'tx_9f3e0d4c',
          action_type: 4,
        },
      ],
      limit: 50,
      offset: 0,
    },
  },
  hashrate: {
    parse: (j) => parseHashrate(j),
    snake: {
      data: {
        account: 'miner1',
        hashrate: [
          { timestamp: 1704067200, hashrate: '1234567890', reject_rate: 0.01 },
          { timestamp: 1704070800, hashrate: '0' },
        ],
      },
    },
  },
  subAccounts: {
    parse: (j) => parseSubAccounts(j),
    snake: {
      offset: 0,
      limit: 30,
      data: [
        {
          id: '0f6ee5b6-5b5c-4b7c-8a0f-4d1f6d7b2c33',
          alias: 'trading',
          user_id: 'u-1',
          email: 'sub@example.com',
          status: 'active',
          color: '#ffffff',
          permissions: { spot_enabled: true, collateral_enabled: false },
          kyc: { share_kyc: true, kyc_status: 'verified' },
        },
      ],
    },
  },
  oauthTokens: {
    parse: (j) => parseOAuthTokens(j),
    snake: {
      data: {
        access_token: 'at',
        expires_in: 300,
        refresh_token: 'rt',
        scope: 'codes.apply,show.userinfo',
        token_type: 'Bearer',
      },
    },
  },
  markets: {
    parse: (j) => parseMarkets(j),
    snake: [
      {
        name: 'BTC_USDT',
        stock: 'BTC',
        money: 'USDT',
        stock_prec: '6',
        money_prec: '2',
        fee_prec: '4',
        maker_fee: '0.1',
        taker_fee: '0.1',
        min_amount: '0.0001',
        min_total: '5',
        max_total: '10000000000',
        trades_enabled: true,
        type: 'spot',
      },
    ],
  },
  ticker: {
    parse: (j) => parseTicker(j),
    snake: {
      BTC_USDT: {
        last_price: '41258.27',
        quote_volume: '12345678.9',
        base_volume: '299.1',
        change: '-1.25',
        is_frozen: false,
      },
    },
  },
  assets: {
    parse: (j) => parseAssets(j),
    snake: {
      USDT: {
        name: 'Tether US',
        can_deposit: true,
        can_withdraw: true,
        currency_precision: 6,
        min_withdraw: '5',
        max_withdraw: '0',
        is_memo: false,
        networks: { deposits: ['ERC20', 'TRC20'], withdraws: ['ERC20'], default: 'ERC20' },
        confirmations: { ERC20: 12, TRC20: 20 },
      },
    },
  },
  orderBook: {
    parse: (j) => parseOrderBook(j),
    snake: {
      ticker_id: 'BTC_USDT',
      timestamp: 1594391413,
      asks: [['41260', '0.5']],
      bids: [['41250', '1.25']],
    },
  },
  serverTime: { parse: (j) => parseServerTime(j), snake: { time: 1700000000 } },
};

// ---------------------------------------------------------------------------------------------

describe('both casings give the identical domain object', () => {
  for (const [name, { parse, snake }] of Object.entries(fixtures)) {
    it(name, () => {
      const fromSnake = parse(snake);
      const fromCamel = parse(camelDeep(snake));
      expect(fromCamel).toStrictEqual(fromSnake);
      // and the domain object is camelCase through and through
      expect(JSON.stringify(fromSnake)).not.toMatch(/"[a-z]+_[a-z_]+":/);
    });
  }

  it('any mix of casings too (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(fixtures)),
        fc.infiniteStream(fc.boolean()),
        (name, coins) => {
          const { parse, snake } = fixtures[name]!;
          const mixed = mixDeep(snake, () => coins.next().value as boolean);
          expect(parse(mixed)).toStrictEqual(parse(snake));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the camelCase spelling wins when a record has both', () => {
    const both = { ...orderSnake, dealMoney: '1', deal_money: '2' };
    expect(parseOrder(both).dealMoney).toBe('1');
  });
});

describe("the deployed server's answers (after the OpenAPI's examples)", () => {
  // the exchange's OpenAPI, whitebit-exchange/docs openapi/private/http-trade-v4.yaml, /api/v4/oco-orders: legs mixed-case.
  const ocoLeg = {
    orderId: 117703764514,
    clientOrderId: '',
    market: 'BTC_USDT',
    side: 'buy',
    type: 'margin stop limit',
    timestamp: 1594605801.49815,
    dealMoney: '0',
    dealStock: '0',
    amount: '2.241379',
    left: '2.241379',
    dealFee: '0',
    post_only: false,
    status: 'OPEN',
    stp: 'no',
    reduceOnly: false,
    mtime: 1662478154.941582,
    price: '19928.79',
  };
  const ocoOrders = [
    {
      id: 117703764513,
      stop_loss: {
        ...ocoLeg,
        activation_price: '29928.79',
        activation_condition: 'gte',
        activated: 0,
      },
      take_profit: { ...ocoLeg, orderId: 117703764515, type: 'margin limit', price: '9928.79' },
    },
  ];

  it('oco-orders: `orderId` beside `post_only` and `activation_price`', () => {
    const [oco] = parseOcoOrders(ocoOrders);
    expect(oco?.stopLoss).toMatchObject({
      orderId: 117703764514,
      postOnly: false,
      activationPrice: '29928.79',
      activationCondition: 'gte',
      activated: false,
      mtime: 1662478154941,
      status: 'OPEN',
    });
    expect(oco?.takeProfit).toMatchObject({ orderId: 117703764515, price: '9928.79' });
  });

  it('conditional-orders: camelCase legs under stopLoss/takeProfit; an OTO order as in /orders', () => {
    // The same legs, camelCase (ConditionalOrderLeg), as in the endpoint's example.
    const { post_only: postOnly, ...rest } = ocoLeg;
    const leg = { ...rest, postOnly, positionSide: 'LONG' };
    const page = parseConditionalPage({
      limit: 100,
      offset: 0,
      total: 2,
      records: [
        {
          id: 117703764513,
          type: 'oco',
          stopLoss: {
            ...leg,
            activationPrice: '29928.79',
            activationCondition: 'gte',
            activated: 0,
          },
          takeProfit: { ...leg, orderId: 117703764515, type: 'margin limit', price: '9928.79' },
        },
        {
          id: 29457221,
          type: 'oto',
          stopLossPrice: '30000',
          takeProfitPrice: '50000',
          // An active order's shape (OrderResponse): the leg's fields, and ioc and rpi, no mtime.
          conditionalOrder: {
            ...rest,
            orderId: 3686033640,
            clientOrderId: 'customId11',
            type: 'limit',
            mtime: undefined,
            ioc: false,
            rpi: false,
            price: '40000',
            postOnly: false,
            positionSide: 'LONG',
          },
        },
      ],
    });
    const [oco, oto] = page.records;
    expect(oco).toMatchObject({
      kind: 'oco',
      stopLoss: { orderId: 117703764514, activationPrice: '29928.79', positionSide: 'LONG' },
      takeProfit: { orderId: 117703764515, price: '9928.79' },
    });
    expect(oto).toMatchObject({
      kind: 'oto',
      stopLossPrice: '30000',
      takeProfitPrice: '50000',
      conditionalOrder: { orderId: 3686033640, clientOrderId: 'customId11', price: '40000' },
    });
  });

  it('an order (OrderResponse, its property examples), a stop order among them', () => {
    const order = parseOrder({
      orderId: 4180284841,
      clientOrderId: 'order1987111',
      market: 'BTC_USDT',
      side: 'buy',
      type: 'stop limit',
      timestamp: 1595792396.165973,
      dealMoney: '0',
      dealStock: '0',
      amount: '0.01',
      left: '0.001',
      dealFee: '0',
      feeAsset: 'USDT',
      price: '40000',
      postOnly: false,
      ioc: false,
      status: 'FILLED',
      stp: 'no',
      positionSide: 'LONG',
      oto: { otoId: 29457221, takeProfit: '50000', stopLoss: '30000' },
      rpi: true,
      retail: true,
      reduceOnly: false,
      activated: 0,
      activationCondition: 'lte',
      activation_price: '40000',
    });
    expect(order).toMatchObject({
      orderId: 4180284841,
      clientOrderId: 'order1987111',
      dealMoney: '0',
      left: '0.001',
      dealFee: '0',
      price: '40000',
      positionSide: 'LONG',
      rpi: true,
    });
  });

  it('order history keyed by market (trade-account/order/history)', () => {
    const history = parseExecutedOrders({
      BTC_USDT: [
        {
          amount: '0.0009',
          price: '40000',
          type: 'limit',
          id: 4986126152,
          clientOrderId: 'customId11',
          side: 'sell',
          ctime: 1597486960.311311,
          ftime: 1597486960.311332,
          dealFee: '0.041258268',
          dealStock: '0.0009',
          dealMoney: '41.258268',
          postOnly: false,
          ioc: false,
          status: 'CANCELED',
          feeAsset: 'USDT',
          positionSide: 'BOTH',
          rpi: false,
          reduceOnly: false,
        },
      ],
    });
    expect(history.BTC_USDT?.[0]).toMatchObject({
      orderId: 4986126152,
      clientOrderId: 'customId11',
      dealMoney: '41.258268',
      createdAt: 1597486960311,
      finishedAt: 1597486960311,
      status: 'CANCELED',
    });
  });

  it('main balance `main_balance`, transfers `unique_id` beside `createdAt`, flex status a number', () => {
    // private/main_api_v4.yaml: main-account/balance, main-account/history, smart-flex/investments.
    expect(
      parseMainBalances({ BTC: { main_balance: '0' }, XLM: { main_balance: '36.48' } }),
    ).toEqual({ BTC: '0', XLM: '36.48' });
    // depositSnake as the deployed server names it (TransactionHistory's example is the same record).
    const { created_at, transaction_hash, details, ...sameInBoth } = depositSnake;
    const page = parseHistoryPage({
      ...historySnake,
      records: [
        {
          ...sameInBoth,
          createdAt: created_at,
          transactionHash: transaction_hash,
          details: { partial: camelDeep(details.partial) },
        },
      ],
    });
    expect(page.records[0]).toStrictEqual(depositDomain);
    const investments = parseFlexInvestments({
      data: [
        {
          id: 'inv_7e2d9c3b-1a4b-4c2d-9e5f-6a7b8c9d0e1f',
          planId: '8f2e9d3c-1a4b-4c2d-9e5f-6a7b8c9d0e1f',
          currency: 'USDT',
          invested: '1500.75',
          withAutoReinvest: true,
          status: 1,
          createdAt: 1640995200,
          updatedAt: 1641081600,
        },
      ],
      limit: 100,
      offset: 0,
    });
    expect(investments.records[0]).toMatchObject({ invested: '1500.75', status: 'ACTIVE' });
  });
});

describe('orders', () => {
  it('an order record becomes the domain Order', () => {
    expect(parseOrder(orderSnake)).toStrictEqual(orderDomain);
  });

  it('status, takerFee, makerFee, stp, positionSide, rpi may be absent (keys absent)', () => {
    const {
      status: _s,
      taker_fee: _t,
      maker_fee: _m,
      stp: _stp,
      position_side: _p,
      rpi: _r,
      ...bare
    } = orderSnake;
    const order = parseOrder(bare);
    for (const key of ['status', 'takerFee', 'makerFee', 'stp', 'positionSide', 'rpi']) {
      expect(order).not.toHaveProperty(key);
    }
  });

  it('clientOrderId absent or null is ""; postOnly and ioc absent are false', () => {
    const { client_order_id: _c, post_only: _p, ioc: _i, ...bare } = orderSnake;
    expect(parseOrder(bare)).toMatchObject({ clientOrderId: '', postOnly: false, ioc: false });
    expect(parseOrder({ ...bare, client_order_id: null }).clientOrderId).toBe('');
  });

  it('keeps a non-zero left of a finished market buy (dust)', () => {
    const order = parseOrder({ ...orderSnake, type: 'market', amount: '100', left: '0.0042' });
    expect(order).toMatchObject({ status: 'FILLED', left: '0.0042', amount: '100' });
  });

  it('stp short forms become the long ones; side is lower-cased', () => {
    expect(parseOrder({ ...orderSnake, stp: 'cb' }).stp).toBe('cancel_both');
    expect(parseOrder({ ...orderSnake, stp: 'cn' }).stp).toBe('cancel_new');
    expect(parseOrder({ ...orderSnake, stp: 'co' }).stp).toBe('cancel_old');
    expect(parseOrder({ ...orderSnake, stp: 'cancel_old' }).stp).toBe('cancel_old');
    expect(parseOrder({ ...orderSnake, side: 'SELL' }).side).toBe('sell');
  });

  it('order id as an integer string is accepted', () => {
    expect(parseOrder({ ...orderSnake, order_id: '4180284841' }).orderId).toBe(4180284841);
  });

  it('an empty list of active orders', () => {
    expect(parseOrders([])).toEqual([]);
  });
});

describe('conditional orders', () => {
  it('a page with an OCO and an OTO record', () => {
    const page = parseConditionalPage(conditionalPageSnake);
    expect(page).toMatchObject({ limit: 100, offset: 0, total: 2 });
    const [oco, oto] = page.records;
    expect(oco).toMatchObject({ kind: 'oco', id: 117703764512 });
    expect(oto).toMatchObject({
      kind: 'oto',
      id: 117703764600,
      stopLossPrice: '39000',
      takeProfitPrice: '45000',
    });
    if (oco?.kind !== 'oco' || oto?.kind !== 'oto') throw new Error('wrong kinds');
    const stop: ConditionalLeg = oco.stopLoss;
    expect(stop).toMatchObject({
      orderId: 117703764513,
      type: 'stop limit',
      activationPrice: '40000',
      activationCondition: 'gte',
      activated: false,
      mtime: 1594605801498,
      positionSide: 'LONG',
      clientOrderId: '',
    });
    expect(oco.takeProfit).not.toHaveProperty('activationPrice');
    expect(oto.conditionalOrder).toMatchObject({ orderId: 117703764514, clientOrderId: 'tp-1' });
  });

  it('records without `type` are told apart by their fields', () => {
    const { type: _t, ...oto } = otoSnake;
    const page = parseConditionalPage({ ...conditionalPageSnake, records: [ocoSnake, oto] });
    expect(page.records.map((r) => r.kind)).toEqual(['oco', 'oto']);
  });

  it('OTO prices given as plain stop_loss / take_profit values', () => {
    const { stop_loss_price: _s, take_profit_price: _t, ...rest } = otoSnake;
    const page = parseConditionalPage({
      ...conditionalPageSnake,
      records: [{ ...rest, stop_loss: '39000', take_profit: '45000' }],
    });
    expect(page.records[0]).toMatchObject({ stopLossPrice: '39000', takeProfitPrice: '45000' });
  });

  it('the OCO listing (no type, no positionSide in legs)', () => {
    const [oco] = parseOcoOrders([ocoSnake]);
    expect(oco?.kind).toBe('oco');
    expect(oco?.stopLoss).not.toHaveProperty('positionSide');
  });

  it('a bad leg is named by its path', () => {
    const bad = { ...ocoSnake, stop_loss: { ...stopLegSnake, activation_price: 'soon' } };
    const error = thrown(() => parseOcoOrders([bad]));
    expect(error.kind).toBe('unexpected');
    expect(error.message).toContain('/api/v4/orders/oco');
    expect(error.message).toContain('[0].stopLoss.activationPrice');
  });
});

describe('stop orders, OTO primaries, kill-switch timers', () => {
  it('a stop order carries its activation; an OTO primary its OTO link (either casing)', () => {
    const stop = {
      ...orderSnake,
      type: 'stop limit',
      activation_price: '63000',
      activationCondition: 'lte',
      activated: 1,
    };
    expect(parseOrder(stop)).toMatchObject({
      type: 'stop limit',
      activationPrice: '63000',
      activationCondition: 'lte',
      activated: true,
    });
    const primary = { ...orderSnake, oto: { oto_id: 7, stop_loss: '56000', take_profit: '70000' } };
    const [parsed] = parseOrders([primary]);
    expect(parsed?.oto).toEqual({ otoId: 7, stopLossPrice: '56000', takeProfitPrice: '70000' });
    expect(parseOrders([camelDeep(primary)])).toEqual([parsed]);
    expect(parseOrder(orderSnake)).not.toHaveProperty('oto');
    expect(thrown(() => parseOrders([{ ...primary, oto: { otoId: 'x' } }])).message).toContain(
      '[0].oto.otoId',
    );
  });

  it('order/oco-cancel: one OCO', () => {
    expect(parseOcoOrder(ocoSnake)).toMatchObject({ kind: 'oco', id: 117703764512 });
    expect(thrown(() => parseOcoOrder([])).message).toContain('/api/v4/order/oco-cancel');
  });

  it('kill-switch: a timer in ms, types null meaning all; [] when deleted; bounded', () => {
    const timer = { market: 'BTC_USDT', startTime: 1662478154, cancellationTime: 1662478214 };
    expect(parseKillSwitch({ ...timer, types: null })).toEqual({
      market: 'BTC_USDT',
      startTime: 1662478154000,
      cancellationTime: 1662478214000,
    });
    expect(parseKillSwitch({ ...timer, types: ['spot'] })?.types).toEqual(['spot']);
    expect(parseKillSwitch([])).toBeNull();
    expect(parseKillSwitchTimers([{ ...timer, types: null }])).toHaveLength(1);
    expect(parseKillSwitchTimers([])).toEqual([]);
    expect(thrown(() => parseKillSwitch({ ...timer, startTime: 'soon' })).message).toContain(
      'startTime',
    );
    const many = Array.from({ length: 10_001 }, () => 'spot');
    expect(thrown(() => parseKillSwitch({ ...timer, types: many })).message).toContain(
      'more than 10000 items',
    );
  });
});

describe('executed orders (order history)', () => {
  it('keyed by market, keys preserved, times and ids normalised', () => {
    const history = parseExecutedOrders(executedSnake);
    expect(Object.keys(history)).toEqual(['BTC_USDT', 'ETH_USDT']);
    expect(history.BTC_USDT?.[0]).toStrictEqual({
      orderId: 4986126152,
      clientOrderId: 'customId11',
      market: 'BTC_USDT',
      side: 'sell',
      type: 'limit',
      price: '40000',
      amount: '0.0009',
      dealStock: '0.0009',
      dealMoney: '36',
      dealFee: '0.041258268',
      timestamp: 1597486960311,
      createdAt: 1597486960311,
      finishedAt: 1597486960311,
      postOnly: false,
      ioc: false,
      status: 'FILLED',
      takerFee: '0.001',
      makerFee: '0.001',
    });
    expect(history.ETH_USDT?.[0]).toStrictEqual({
      orderId: 4986126153,
      clientOrderId: '',
      market: 'ETH_USDT',
      side: 'buy',
      type: 'market',
      price: '0',
      amount: '10',
      dealStock: '0.005',
      dealMoney: '9.99',
      dealFee: '0',
      timestamp: 1597486961000,
    });
  });

  it('no orders: {} or PHP []', () => {
    expect(parseExecutedOrders({})).toEqual({});
    expect(parseExecutedOrders([])).toEqual({});
  });

  it('a flat list of records naming their market is grouped by market', () => {
    const [record] = executedSnake.BTC_USDT;
    const grouped = parseExecutedOrders([{ ...record, market: 'BTC_USDT' }]);
    expect(grouped.BTC_USDT?.[0]?.orderId).toBe(4986126152);
  });

  it('a record without an id or a time is rejected', () => {
    const { id: _id, ...noId } = executedSnake.BTC_USDT[0]!;
    const error = thrown(() => parseExecutedOrders({ BTC_USDT: [noId] }));
    expect(error.message).toContain('BTC_USDT[0]');
    expect(error.message).toMatch(/order id/);
    const { ctime: _c, ftime: _f, ...noTime } = executedSnake.BTC_USDT[0]!;
    expect(thrown(() => parseExecutedOrders({ BTC_USDT: [noTime] })).message).toMatch(/time/);
  });
});

describe('deposit/withdraw history', () => {
  it('records become DepositWithdraw', () => {
    const page = parseHistoryPage(historySnake);
    expect(page).toMatchObject({ limit: 2, offset: 0, total: 300 });
    expect(page.records[0]).toStrictEqual(depositDomain);
    expect(page.records[1]).toMatchObject({
      uniqueId: '24529041',
      method: 2,
      network: 'ERC20',
      createdAt: 1593437922000,
    });
    expect(page.records[1]).not.toHaveProperty('details');
    expect(page.records[1]).not.toHaveProperty('confirmations');
  });

  it('createdAt spelled as in the spec (camelCase) and unique_id as in the spec', () => {
    const { created_at: createdAt, ...rest } = depositSnake;
    expect(
      parseHistoryPage({ ...historySnake, records: [{ ...rest, createdAt }] }).records[0],
    ).toEqual(depositDomain);
  });

  it('absent optional fields: unique_id and network null, hash and memo "", details [] (PHP)', () => {
    const {
      unique_id: _u,
      network: _n,
      transaction_hash: _h,
      memo: _m,
      confirmations: _c,
      ...rest
    } = depositSnake;
    const record = parseHistoryPage({ ...historySnake, records: [{ ...rest, details: [] }] })
      .records[0];
    expect(record).toMatchObject({ uniqueId: null, network: null, transactionHash: '', memo: '' });
    expect(record).not.toHaveProperty('details');
  });

  it('method other than 1 or 2 is rejected, naming the path', () => {
    const error = thrown(() =>
      parseHistoryPage({
        ...historySnake,
        records: [depositSnake, { ...withdrawSnake, method: 3 }],
      }),
    );
    expect(error.message).toContain('/api/v4/main-account/history');
    expect(error.message).toContain('records[1].method');
  });
});

describe('balances, ticker, assets: map keys are kept as sent', () => {
  it('main balances', () => {
    expect(
      parseMainBalances({ BTC: { main_balance: '0.0001' }, USDT: { mainBalance: '150.25' } }),
    ).toStrictEqual({ BTC: '0.0001', USDT: '150.25' });
    expect(parseMainBalances([])).toEqual({});
  });

  it('trade balances', () => {
    expect(parseTradeBalances({ BTC: { available: 0.5, freeze: '0' } })).toStrictEqual({
      BTC: { available: '0.5', freeze: '0' },
    });
  });

  it('ticker keyed by market', () => {
    const ticker = parseTicker(fixtures.ticker!.snake);
    expect(Object.keys(ticker)).toEqual(['BTC_USDT']);
    expect(ticker.BTC_USDT).toStrictEqual({
      lastPrice: '41258.27',
      quoteVolume: '12345678.9',
      baseVolume: '299.1',
      change: '-1.25',
      isFrozen: false,
    });
    // the deployed spelling: snake fields with a camelCase isFrozen
    expect(
      parseTicker({
        BTC_USDT: {
          last_price: '1',
          quote_volume: '2',
          base_volume: '3',
          change: '0',
          isFrozen: true,
        },
      }).BTC_USDT?.isFrozen,
    ).toBe(true);
  });

  it('assets keyed by ticker, with the ticker in the record and network keys kept', () => {
    const assets = parseAssets(fixtures.assets!.snake);
    expect(assets.USDT).toStrictEqual({
      ticker: 'USDT',
      name: 'Tether US',
      canDeposit: true,
      canWithdraw: true,
      currencyPrecision: 6,
      minWithdraw: '5',
      maxWithdraw: '0',
      isMemo: false,
      networks: { deposits: ['ERC20', 'TRC20'], withdraws: ['ERC20'], default: 'ERC20' },
      confirmations: { ERC20: 12, TRC20: 20 },
    });
  });

  it("assets: memo flags, per-network limits and a fiat asset's providers, as the reference has them", () => {
    const assets = parseAssets({
      // The reference's own example (http-v4.yaml, /api/v4/public/assets).
      BTC: {
        name: 'Bitcoin',
        unified_cryptoasset_id: 1,
        can_withdraw: true,
        can_deposit: true,
        min_withdraw: '0.001',
        max_withdraw: '2',
        maker_fee: '0.1',
        taker_fee: '0.1',
        min_deposit: '0.0001',
        max_deposit: '0',
        currency_precision: 18,
        is_memo: false,
        memo: { deposit: false, withdraw: false },
        networks: { deposits: ['BTC'], withdraws: ['BTC'], default: 'BTC' },
        limits: { deposit: { BTC: { min: '0.001' } }, withdraw: { BTC: { min: '0.002' } } },
        confirmations: { BTC: 2 },
      },
      // Withdrawals closed: PHP's empty object `[]` for the withdraw limits.
      DOT: {
        name: 'Polkadot',
        can_withdraw: false,
        can_deposit: true,
        memo: { deposit: true, withdraw: 0 },
        networks: { deposits: ['DOT'] },
        limits: { deposit: { DOT: { min: '1', max: '5000' } }, withdraw: [] },
      },
      EUR: {
        name: 'Euro',
        can_withdraw: true,
        can_deposit: true,
        currency_precision: 2,
        providers: { deposits: ['SEPA', 'VISAMASTER'], withdraws: ['SEPA'] },
        limits: {
          deposit: { SEPA: { min: '10', max: '14500' } },
          withdraw: { SEPA: { min: '10' } },
        },
      },
    });
    expect(assets.BTC).toMatchObject({
      memo: { deposit: false, withdraw: false },
      limits: { deposit: { BTC: { min: '0.001' } }, withdraw: { BTC: { min: '0.002' } } },
    });
    expect(assets.BTC).not.toHaveProperty('providers');
    expect(assets.DOT).toMatchObject({
      memo: { deposit: true, withdraw: false },
      networks: { deposits: ['DOT'], withdraws: [] },
      limits: { deposit: { DOT: { min: '1', max: '5000' } }, withdraw: {} },
    });
    expect(assets.EUR).toStrictEqual({
      ticker: 'EUR',
      name: 'Euro',
      canDeposit: true,
      canWithdraw: true,
      currencyPrecision: 2,
      providers: { deposits: ['SEPA', 'VISAMASTER'], withdraws: ['SEPA'] },
      limits: {
        deposit: { SEPA: { min: '10', max: '14500' } },
        withdraw: { SEPA: { min: '10' } },
      },
    });
  });

  it('assets: hostile limits, memo flags and providers are refused', () => {
    const asset = (changes: Record<string, unknown>) => ({
      X: { name: 'X', can_deposit: true, can_withdraw: true, ...changes },
    });
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ limits: { deposit: { BTC: { min: '-1' } } } }, /X\.limits\.deposit\.BTC\.min/],
      [{ limits: { deposit: { BTC: { max: '1e600000000' } } } }, /X\.limits\.deposit\.BTC\.max/],
      [{ limits: { withdraw: { BTC: 'lots' } } }, /X\.limits\.withdraw\.BTC/],
      [{ limits: { deposit: { ['N'.repeat(101)]: { min: '1' } } } }, /Invalid key in record/],
      [
        {
          limits: {
            deposit: Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`N${i}`, {}])),
          },
        },
        /more than 10000 items/,
      ],
      [{ memo: { deposit: 'maybe', withdraw: false } }, /X\.memo\.deposit/],
      [{ providers: { deposits: [{ id: 'SEPA' }] } }, /X\.providers\.deposits\[0\]/],
      [
        { providers: { deposits: Array.from({ length: 10_001 }, () => 'P') } },
        /more than 10000 items/,
      ],
    ];
    for (const [changes, message] of refused) {
      expect(() => parseAssets(asset(changes)), JSON.stringify(changes).slice(0, 80)).toThrow(
        message,
      );
    }
    // Texts are clipped like every other text.
    const long = parseAssets(asset({ providers: { deposits: ['P'.repeat(5000)] } }));
    expect(long.X?.providers?.deposits[0]?.length).toBeLessThanOrEqual(200);
  });

  it('markets: precisions as integer strings become numbers', () => {
    expect(parseMarkets(fixtures.markets!.snake)).toStrictEqual([
      {
        name: 'BTC_USDT',
        stock: 'BTC',
        money: 'USDT',
        stockPrec: 6,
        moneyPrec: 2,
        feePrec: 4,
        makerFee: '0.1',
        takerFee: '0.1',
        minAmount: '0.0001',
        minTotal: '5',
        maxTotal: '10000000000',
        tradesEnabled: true,
        type: 'spot',
      },
    ]);
  });

  it('order book', () => {
    expect(parseOrderBook(fixtures.orderBook!.snake)).toStrictEqual({
      tickerId: 'BTC_USDT',
      timestamp: 1594391413000,
      asks: [['41260', '0.5']],
      bids: [['41250', '1.25']],
    });
  });
});

describe('flex, mining, sub-accounts, OAuth, public', () => {
  it('flex', () => {
    expect(parseFlexTransaction({ data: { transactionId: 'tx-1' } })).toEqual({
      transactionId: 'tx-1',
    });
    expect(parseFlexPlans(fixtures.flexPlans!.snake)[0]).toStrictEqual({
      id: '2f5e9c0a-6a5b-4f43-9d59-0f7c2f6c8a11',
      ticker: 'USDT',
      minInvestment: '10',
      maxInvestment: '100000',
      maxRate: '12.5',
    });
    expect(parseFlexPlans({ data: fixtures.flexPlans!.snake })).toHaveLength(1);
    expect(parseFlexInvestments(fixtures.flexInvestments!.snake)).toStrictEqual({
      limit: 100,
      offset: 0,
      records: [
        {
          id: 'a1',
          planId: '2f5e9c0a-6a5b-4f43-9d59-0f7c2f6c8a11',
          currency: 'USDT',
          invested: '250.5',
          withAutoReinvest: true,
          status: 'ACTIVE',
          createdAt: 1700000000000,
          updatedAt: 1700003600000,
        },
      ],
    });
  });

  it("flex investments: the server's numeric status (1 active, 0 closed) is the model's ACTIVE/CLOSED", () => {
    const [record] = (fixtures.flexInvestments!.snake as { data: Record<string, unknown>[] }).data;
    const statusOf = (status: unknown) =>
      parseFlexInvestments({ data: [{ ...record, status }] }).records[0]?.status;
    expect(statusOf(1)).toBe('ACTIVE');
    expect(statusOf(0)).toBe('CLOSED');
    expect(statusOf('1')).toBe('ACTIVE');
    expect(statusOf('0')).toBe('CLOSED');
    // The specification's words, in any case.
    expect(statusOf('ACTIVE')).toBe('ACTIVE');
    expect(statusOf('closed')).toBe('CLOSED');
    // Anything else is refused, never taken for a closed (or an active) investment.
    for (const status of [2, -1, 0.5, true, 'PENDING', '', null, undefined, [], {}, '1 ']) {
      expect(() => statusOf(status), JSON.stringify(status)).toThrow(
        /data\[0\]\.status: (missing|expected) .*1 \(active\) or 0 \(closed\)/,
      );
    }
  });

  it('flex payments: DAILY_EARNING records as decimal amounts and ms times', () => {
    expect(parseFlexPayments(fixtures.flexPayments!.snake)).toStrictEqual({
      limit: 50,
      offset: 0,
      records: [
        {
          transactionId: 'tx_9f3e0d4c',
          investmentId: 'a1',
          planId: '2f5e9c0a-6a5b-4f43-9d59-0f7c2f6c8a11',
          currency: 'USDT',
          amount: '0.082191',
          createdAt: 1700086400000,
        },
      ],
    });
    // The reference's own example, as the deployed server spells it.
    const reference = {
      data: [
        {
          createdAt: 1640995200,
          planId: '8f2e9d3c-1a4b-4c2d-9e5f-6a7b8c9d0e1f',
          investmentId: 'inv_7e2d9c3b-1a4b-4c2d-9e5f-6a7b8c9d0e1f',
          currency: 'USDT',
          amount: '15.75',
          transaction_id: 'tx_9f3e0d4c-2b5c-4d3e-8f6g-7a8b9c0d1e2f',
          actionType: 4,
        },
      ],
      limit: 50,
      offset: 0,
    };
    expect(parseFlexPayments(reference).records[0]).toMatchObject({
      transactionId: 'tx_9f3e0d4c-2b5c-4d3e-8f6g-7a8b9c0d1e2f',
      amount: '15.75',
      createdAt: 1640995200000,
    });
    // No action type: taken as the endpoint promises (DAILY_EARNING); no limit/offset: the page's.
    const [record] = (fixtures.flexPayments!.snake as { data: Record<string, unknown>[] }).data;
    const { action_type: _type, ...untyped } = record!;
    expect(parseFlexPayments({ data: [untyped, untyped] })).toMatchObject({ limit: 2, offset: 0 });
    expect(parseFlexPayments({ data: [] }).records).toEqual([]);
  });

  it('flex payments: a hostile answer is an error, never a wrong sum', () => {
    const [record] = (fixtures.flexPayments!.snake as { data: Record<string, unknown>[] }).data;
    const page = (changes: Record<string, unknown>) => ({ data: [{ ...record, ...changes }] });
    const refused: [Record<string, unknown>, RegExp][] = [
      // Only interest may be summed as interest: an INVEST or a WITHDRAW is not a payment.
      [{ action_type: 1 }, /data\[0\]\.actionType: expected 4 \(a daily earning\), got 1/],
      [{ action_type: '3' }, /actionType/],
      [{ amount: '-0.5' }, /data\[0\]\.amount: expected a non-negative decimal/],
      [{ amount: '1e600000000' }, /amount/],
      [{ amount: 'NaN' }, /amount/],
      [{ amount: undefined }, /amount: missing/],
      [{ created_at: 'yesterday' }, /createdAt/],
      [{ created_at: -5 }, /createdAt/],
      [{ investment_id: {} }, /investmentId/],
      [{ currency: null }, /currency/],
    ];
    for (const [changes, message] of refused) {
      const error = thrown(() => parseFlexPayments(page(changes)));
      expect(error.kind, JSON.stringify(changes)).toBe('unexpected');
      expect(error.message).toMatch(message);
      expect(error.message).toContain(
        '/api/v4/main-account/smart-flex/investments/payment-history',
      );
    }
    expect(thrown(() => parseFlexPayments({ data: 'none' })).message).toMatch(/data/);
    expect(thrown(() => parseFlexPayments([record])).kind).toBe('unexpected');
    const flood = { data: Array.from({ length: 10_001 }, () => record) };
    expect(thrown(() => parseFlexPayments(flood)).message).toMatch(/more than 10000 items/);
    // Texts are clipped where they enter.
    const long = parseFlexPayments(page({ transaction_id: 't'.repeat(100_000) })).records[0]!;
    expect(long.transactionId.length).toBeLessThanOrEqual(200);
    expect(long.transactionId.endsWith('…')).toBe(true);
  });

  it('hashrate, and the empty series of a disabled account', () => {
    expect(parseHashrate(fixtures.hashrate!.snake)).toStrictEqual({
      account: 'miner1',
      points: [
        { timestamp: 1704067200000, hashrate: '1234567890', rejectRate: 0.01 },
        { timestamp: 1704070800000, hashrate: '0' },
      ],
    });
    expect(parseHashrate({ data: { account: 'miner1', hashrate: [] } }).points).toEqual([]);
  });

  it('sub-accounts and block / unblock', () => {
    const page = parseSubAccounts(fixtures.subAccounts!.snake);
    expect(page.records[0]).toStrictEqual({
      id: '0f6ee5b6-5b5c-4b7c-8a0f-4d1f6d7b2c33',
      alias: 'trading',
      email: 'sub@example.com',
      status: 'active',
      userId: 'u-1',
      color: '#ffffff',
      permissions: { spotEnabled: true, collateralEnabled: false },
      kyc: { shareKyc: true, kycStatus: 'verified' },
    });
    expect(parseEmptyObject({})).toBe(true);
    expect(parseEmptyObject([])).toBe(true);
    expect(thrown(() => parseEmptyObject('ok')).kind).toBe('unexpected');
  });

  it('OAuth tokens: scope split, wrapped in data or bare', () => {
    const tokens = parseOAuthTokens(fixtures.oauthTokens!.snake);
    expect(tokens).toStrictEqual({
      accessToken: 'at',
      expiresIn: 300,
      refreshToken: 'rt',
      scope: ['codes.apply', 'show.userinfo'],
      tokenType: 'Bearer',
    });
    const bare = (fixtures.oauthTokens!.snake as { data: unknown }).data;
    expect(parseOAuthTokens(bare)).toStrictEqual(tokens);
    expect(thrown(() => parseOAuthTokens({ data: { access_token: 'x' } })).message).toContain(
      'data.expiresIn',
    );
  });

  it('ping and time', () => {
    expect(parsePing(['pong'])).toBe('pong');
    expect(thrown(() => parsePing(['ping'])).kind).toBe('unexpected');
    expect(parseServerTime({ time: 1700000000 })).toBe(1700000000000);
  });
});

describe('decimals', () => {
  it('strings are kept exactly as given', () => {
    expect(parseOrder({ ...orderSnake, amount: '0.10000000' }).amount).toBe('0.10000000');
    expect(toDecimalString('123456789012345678901234567890.123456789')).toBe(
      '123456789012345678901234567890.123456789',
    );
  });

  it('numbers become their decimal string; exponent forms are written out', () => {
    expect(parseOrder({ ...orderSnake, amount: 0.001, price: 41258.27 })).toMatchObject({
      amount: '0.001',
      price: '41258.27',
    });
    expect(parseOrder({ ...orderSnake, deal_fee: 1e-7 }).dealFee).toBe('0.0000001');
    expect(parseOrder({ ...orderSnake, deal_fee: '1.5E3' }).dealFee).toBe('1500');
    expect(parseOrder({ ...orderSnake, deal_fee: '2.5e-3' }).dealFee).toBe('0.0025');
    expect(toDecimalString('-2.5e-3')).toBe('-0.0025'); // a sign is kept; fields decide (a fee may not)
    expect(toDecimalString(1e21)).toBe('1000000000000000000000');
  });

  it('non-decimals are rejected', () => {
    for (const bad of ['abc', '', ' 1', '1.', '.5', '+1', '0x10', NaN, Infinity, null, true, {}]) {
      expect(toDecimalString(bad), String(bad)).toBeUndefined();
    }
  });

  it('every decimal string round-trips unchanged (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?\d{1,30}(\.\d{1,30})?$/), (text) => {
        expect(toDecimalString(text)).toBe(text);
      }),
    );
    // An amount is never negative.
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,30}(\.\d{1,30})?$/), (text) => {
        expect(parseOrder({ ...orderSnake, amount: text }).amount).toBe(text);
      }),
    );
  });
});

describe('times', () => {
  it('seconds with fraction become ms exactly (truncated below the ms)', () => {
    expect(secondsToMs(1595792396.165973)).toBe(1595792396165);
    expect(secondsToMs(1700000000.001)).toBe(1700000000001);
    expect(secondsToMs(1700000000.999999)).toBe(1700000000999);
    expect(secondsToMs('1700000000.5')).toBe(1700000000500);
    expect(secondsToMs(1700000000)).toBe(1700000000000);
  });

  it('values that are already ms are kept; nonsense is refused', () => {
    expect(secondsToMs(1700000000123)).toBe(1700000000123);
    for (const bad of [-1, 'yesterday', NaN, null, '']) expect(secondsToMs(bad)).toBeUndefined();
  });
});

describe('wrong shapes', () => {
  it('throw ExchangeError kind unexpected naming the endpoint and the first failing path', () => {
    const error = thrown(() => parseOrders([orderSnake, { ...orderSnake, deal_money: 'lots' }]));
    expect(error.kind).toBe('unexpected');
    expect(error.retryable).toBe(false);
    expect(error.endpoint).toBe('/api/v4/orders');
    expect(error.message).toBe(
      'Unexpected answer from the exchange (/api/v4/orders): [1].dealMoney: expected a non-negative decimal number, got "lots"',
    );
    expect(error.toDeskError().code).toBe('EXCHANGE_UNEXPECTED');
  });

  it('a missing field says it is missing', () => {
    const { left: _l, ...noLeft } = orderSnake;
    expect(thrown(() => parseOrder(noLeft)).message).toMatch(/left: missing/);
  });

  it('the top level of the wrong type', () => {
    expect(thrown(() => parseOrders({ orders: [] })).message).toContain('/api/v4/orders');
    expect(thrown(() => parseHistoryPage(null)).kind).toBe('unexpected');
    expect(thrown(() => parseMainBalances('x')).kind).toBe('unexpected');
  });

  it('a bad side, a bad boolean, a fractional id', () => {
    expect(thrown(() => parseOrder({ ...orderSnake, side: 'long' })).message).toMatch(/side/);
    expect(thrown(() => parseOrder({ ...orderSnake, ioc: 'maybe' })).message).toMatch(/ioc/);
    expect(thrown(() => parseOrder({ ...orderSnake, order_id: 1.5 })).message).toMatch(/orderId/);
  });

  it('a map value of the wrong shape names its key', () => {
    const error = thrown(() => parseMainBalances({ BTC_USDT: { main_balance: [] } }));
    expect(error.message).toContain('BTC_USDT.mainBalance');
  });

  it('a parser can name the endpoint it is used for', () => {
    expect(thrown(() => parseOrder({}, '/api/v4/order/cancel')).message).toContain(
      '/api/v4/order/cancel',
    );
  });
});

describe('the parsers', () => {
  /** Every parser, with the endpoint its errors name unless told another. */
  const parsers: [string, (json: unknown) => unknown][] = [
    ['/api/v4/order/new', parseOrder],
    ['/api/v4/orders', parseOrders],
    ['/api/v4/orders/conditional', parseConditionalPage],
    ['/api/v4/orders/oco', parseOcoOrders],
    ['/api/v4/order/oco-cancel', parseOcoOrder],
    ['/api/v4/order/kill-switch', parseKillSwitch],
    ['/api/v4/order/kill-switch/status', parseKillSwitchTimers],
    ['/api/v4/trade-account/order/history', parseExecutedOrders],
    ['/api/v4/main-account/history', parseHistoryPage],
    ['/api/v4/main-account/balance', parseMainBalances],
    ['/api/v4/trade-account/balance', parseTradeBalances],
    ['/api/v4/main-account/smart-flex/investments/invest', parseFlexTransaction],
    ['/api/v4/main-account/smart-flex/plans', parseFlexPlans],
    ['/api/v4/main-account/smart-flex/investments', parseFlexInvestments],
    ['/api/v4/main-account/smart-flex/investments/payment-history', parseFlexPayments],
    ['/api/v4/mining/hashrate', parseHashrate],
    ['/api/v4/sub-account/list', parseSubAccounts],
    ['/api/v4/sub-account/block', parseEmptyObject],
    ['/oauth2/token', parseOAuthTokens],
    ['/api/v4/public/ping', parsePing],
    ['/api/v4/public/time', parseServerTime],
    ['/api/v4/public/markets', parseMarkets],
    ['/api/v4/public/ticker', parseTicker],
    ['/api/v4/public/assets', parseAssets],
    ['/api/v4/public/orderbook/{market}', parseOrderBook],
  ];

  it('each names its own endpoint in errors', () => {
    for (const [endpoint, parse] of parsers) {
      const error = thrown(() => parse(42));
      expect(error.kind).toBe('unexpected');
      expect(error.message, endpoint).toContain(endpoint);
    }
  });

  it('parse the fixtures under the endpoint they are used for', () => {
    expect(parseOrder(orderSnake, '/api/v4/order/market')).toStrictEqual(orderDomain);
    expect(parseConditionalPage(conditionalPageSnake, '/api/v4/conditional-orders').total).toBe(2);
    expect(parseOAuthTokens(fixtures.oauthTokens!.snake, '/oauth2/refresh_token').accessToken).toBe(
      'at',
    );
    expect(parseOrderBook(fixtures.orderBook!.snake)).toMatchObject({ tickerId: 'BTC_USDT' });
    expect(thrown(() => parseOrderBook({}, '/api/v4/public/orderbook/BTC_USDT')).message).toContain(
      '/api/v4/public/orderbook/BTC_USDT',
    );
  });

  it('camelKeys touches only the record it is given', () => {
    expect(camelKeys({ deal_money: '1', stop_loss: { order_id: 1 }, __proto__x: 1 })).toEqual({
      dealMoney: '1',
      stopLoss: { order_id: 1 },
      __protoX: 1,
    });
    expect(camelKeys(['a_b'])).toEqual(['a_b']);
  });
});
