import { describe, expect, it, vi } from 'vitest';
import type { ExecutedOrders, Order } from '../../../src/shared/model';
import type { ExchangeApi, PlaceOrderInput } from '../../../src/main/exchange/api';
import {
  ExchangeError,
  networkError,
  parseErrorResponse,
  timeoutError,
} from '../../../src/main/exchange/errors';
import {
  answerWasLost,
  CLOCK_ALLOWANCE_MS,
  isOurOrder,
  placeOrder,
} from '../../../src/main/exchange/orders';

const INPUT: PlaceOrderInput = {
  kind: 'limit',
  market: 'BTC_USDT',
  side: 'buy',
  amount: '0.01',
  price: '60000',
  clientOrderId: 'cid-1',
};

/** An order as the exchange lists it; by default the one INPUT creates, stamped now. */
const order = (clientOrderId: string, more: Partial<Order> = {}) =>
  ({
    orderId: 7,
    clientOrderId,
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.01',
    timestamp: Date.now(),
    ...more,
  }) as unknown as Order;

function stubApi(options: {
  create: () => Promise<Order>;
  active?: () => Promise<Order[]>;
  history?: () => Promise<ExecutedOrders>;
}) {
  const api = {
    createOrder: vi.fn((_input: PlaceOrderInput & { clientOrderId: string }) => options.create()),
    activeOrders: vi.fn(options.active ?? (async () => [])),
    orderHistory: vi.fn(options.history ?? (async () => ({}))),
  };
  return { api, asApi: api as unknown as ExchangeApi };
}

const reset = () =>
  networkError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));

describe('answerWasLost', () => {
  it('is true exactly when the order may have executed', () => {
    expect(answerWasLost(reset())).toBe(true);
    expect(answerWasLost(timeoutError(15_000))).toBe(true);
    expect(answerWasLost(parseErrorResponse(503, '<html>down</html>', '/x'))).toBe(true);
    expect(answerWasLost(parseErrorResponse(502, '<html>bad gateway</html>', '/x'))).toBe(true);
    expect(answerWasLost(parseErrorResponse(200, '{"a":', '/x'))).toBe(true);
    expect(
      answerWasLost(
        parseErrorResponse(422, '{"code":32,"message":"Validation failed","errors":{}}', '/x'),
      ),
    ).toBe(false);
    expect(
      answerWasLost(parseErrorResponse(401, '{"code":10,"message":"Unauthorized request."}', '/x')),
    ).toBe(false);
    expect(answerWasLost(parseErrorResponse(404, '{"message":"Not found"}', '/x'))).toBe(false);
  });
});

describe('placeOrder', () => {
  it('placed from the response; creation called once with the client order id', async () => {
    const { api, asApi } = stubApi({ create: async () => order('cid-1') });
    const result = await placeOrder(asApi, INPUT);
    expect(result).toMatchObject({ outcome: 'placed', via: 'response', clientOrderId: 'cid-1' });
    expect(api.createOrder).toHaveBeenCalledTimes(1);
    expect(api.createOrder.mock.calls[0]![0]).toMatchObject({ clientOrderId: 'cid-1' });
    expect(api.activeOrders).not.toHaveBeenCalled();
  });

  it('generates a client order id when none is given', async () => {
    const { api, asApi } = stubApi({ create: async () => order('x') });
    const { clientOrderId: _omit, ...rest } = INPUT;
    const result = await placeOrder(asApi, rest as PlaceOrderInput);
    expect(result.clientOrderId).toMatch(/^desk-[a-z0-9]+-[0-9a-f]{12}$/);
    expect(api.createOrder.mock.calls[0]![0]!.clientOrderId).toBe(result.clientOrderId);
  });

  it('a refusal → rejected, not reconciled, not looked up', async () => {
    const refusal = parseErrorResponse(
      422,
      '{"code":32,"message":"Validation failed","errors":{"amount":["too small"]}}',
      '/api/v4/order/new',
    );
    const { api, asApi } = stubApi({
      create: async () => {
        throw refusal;
      },
    });
    const result = await placeOrder(asApi, INPUT);
    expect(result).toEqual({
      outcome: 'rejected',
      error: refusal,
      clientOrderId: 'cid-1',
      reconciled: false,
    });
    expect(api.activeOrders).not.toHaveBeenCalled();
  });

  it('answer lost, order among the active orders → placed via active-orders', async () => {
    const { api, asApi } = stubApi({
      create: async () => {
        throw reset();
      },
      active: async () => [order('cid-1')],
    });
    const result = await placeOrder(asApi, INPUT, { reconcileDelayMs: 0 });
    expect(result).toMatchObject({ outcome: 'placed', via: 'active-orders' });
    expect(api.activeOrders).toHaveBeenCalledWith({
      market: 'BTC_USDT',
      clientOrderId: 'cid-1',
      limit: 1,
    });
    expect(api.createOrder).toHaveBeenCalledTimes(1);
  });

  it('answer lost, order in the history → placed via order-history', async () => {
    const executed = { ...order('cid-1'), orderId: 9, createdAt: Date.now() };
    const { api, asApi } = stubApi({
      create: async () => {
        throw timeoutError(100);
      },
      // A different order in active orders is not a match.
      active: async () => [order('other')],
      history: async () => ({ BTC_USDT: [executed] }) as unknown as ExecutedOrders,
    });
    const result = await placeOrder(asApi, INPUT, { reconcileDelayMs: 0 });
    expect(result).toMatchObject({ outcome: 'placed', via: 'order-history', executed });
    expect(api.orderHistory).toHaveBeenCalledWith({
      market: 'BTC_USDT',
      clientOrderId: 'cid-1',
      limit: 100,
    });
    expect(api.createOrder).toHaveBeenCalledTimes(1);
  });

  it('answer lost, order nowhere → rejected, reconciled, cause kept', async () => {
    const cause = parseErrorResponse(503, '<html>maintenance</html>', '/api/v4/order/new');
    const { api, asApi } = stubApi({
      create: async () => {
        throw cause;
      },
    });
    const result = await placeOrder(asApi, INPUT, { reconcileDelayMs: 0 });
    expect(result).toMatchObject({ outcome: 'rejected', reconciled: true });
    if (result.outcome === 'rejected') {
      expect(result.error.kind).toBe('maintenance');
      // A 503 is an answer (issue 32, item 13): the exchange said it was unavailable.
      expect(result.error.message).toBe(
        'The exchange answered the order with HTTP 503 (under maintenance) instead of its result, ' +
          'and it has no order cid-1: it was not placed. You can place it again (with a new client order id).',
      );
    }
    expect(api.createOrder).toHaveBeenCalledTimes(1);
  });

  it('a lost answer (a reset) is still said to be lost', async () => {
    const { asApi } = stubApi({
      create: async () => {
        throw reset();
      },
    });
    const result = await placeOrder(asApi, INPUT, { reconcileDelayMs: 0 });
    expect(result.outcome === 'rejected' && result.error.message).toBe(
      'The answer was lost (The connection to the exchange was reset. Check the network and try again.), ' +
        'and the exchange has no order cid-1: it was not placed. You can place it again (with a new client order id).',
    );
  });

  it('a 503 whose lookups fail too says the exchange was unavailable, not that the answer was lost', async () => {
    const { asApi } = stubApi({
      create: async () => {
        throw parseErrorResponse(503, '<html>maintenance</html>', '/api/v4/order/new');
      },
      active: async () => {
        throw parseErrorResponse(503, '<html>maintenance</html>', '/api/v4/orders');
      },
    });
    const result = await placeOrder(asApi, INPUT, { reconcileDelayMs: 0 });
    expect(result.outcome === 'unknown' && result.check).toMatch(
      /^The exchange answered the order with HTTP 503 \(under maintenance\) instead of its result, and looking it up failed too/,
    );
    expect(result.outcome === 'unknown' && result.check).not.toContain('lost');
  });

  it('lookups failing → unknown, with what to check, never a second creation', async () => {
    const { api, asApi } = stubApi({
      create: async () => {
        throw reset();
      },
      active: async () => {
        throw timeoutError(100);
      },
    });
    const result = await placeOrder(asApi, INPUT, { reconcileDelayMs: 0 });
    expect(result.outcome).toBe('unknown');
    if (result.outcome === 'unknown') {
      expect(result.error.kind).toBe('network');
      expect(result.check).toContain('cid-1');
      expect(result.check).toContain('BTC_USDT');
      expect(result.check).toMatch(/within 100 ms/);
    }
    expect(api.createOrder).toHaveBeenCalledTimes(1);
  });

  it('waits the reconcile delay before looking up', async () => {
    vi.useFakeTimers();
    try {
      const { api, asApi } = stubApi({
        create: async () => {
          throw reset();
        },
      });
      const pending = placeOrder(asApi, INPUT, { reconcileDelayMs: 300 });
      await vi.advanceTimersByTimeAsync(299);
      expect(api.activeOrders).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(api.activeOrders).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a non-exchange error is not swallowed', async () => {
    const { asApi } = stubApi({
      create: async () => {
        throw new TypeError('bug');
      },
    });
    await expect(placeOrder(asApi, INPUT)).rejects.toBeInstanceOf(TypeError);
    expect(new ExchangeError({ kind: 'network', message: 'x' }).retryable).toBe(true);
  });
});

describe('reconciliation never takes an older order with the same client order id for ours', () => {
  const lost = () => {
    throw reset();
  };
  const HOUR = 60 * 60 * 1000;

  it('isOurOrder: id, market, side, amount (as a decimal) and time must all match', () => {
    const sent = { input: INPUT, clientOrderId: 'cid-1', sentAt: 1_700_000_000_000 };
    const at = (timestamp: number, more: Partial<Order> = {}) =>
      order('cid-1', { timestamp, ...more });
    expect(isOurOrder(at(sent.sentAt + 40), sent)).toBe(true);
    expect(isOurOrder(at(sent.sentAt + 40, { amount: '0.0100' }), sent)).toBe(true);
    // The exchange's clock may be behind ours by as much as its nonce window allows.
    expect(isOurOrder(at(sent.sentAt - CLOCK_ALLOWANCE_MS), sent)).toBe(true);
    expect(isOurOrder(at(sent.sentAt - CLOCK_ALLOWANCE_MS - 1), sent)).toBe(false);
    expect(isOurOrder(at(sent.sentAt - HOUR), sent)).toBe(false);
    expect(isOurOrder(at(sent.sentAt, { clientOrderId: 'cid-2' }), sent)).toBe(false);
    expect(isOurOrder(at(sent.sentAt, { market: 'ETH_USDT' }), sent)).toBe(false);
    expect(isOurOrder(at(sent.sentAt, { side: 'sell' }), sent)).toBe(false);
    expect(isOurOrder(at(sent.sentAt, { amount: '0.02' }), sent)).toBe(false);
    expect(isOurOrder(at(sent.sentAt, { amount: 'garbage' }), sent)).toBe(false);
    expect(isOurOrder(at(Number.NaN), sent)).toBe(false);
    // An executed order: its creation time counts, not when it finished.
    const executed = { ...at(sent.sentAt + 1000), createdAt: sent.sentAt - HOUR };
    expect(isOurOrder(executed, sent)).toBe(false);
  });

  it('a market buy is matched on the money amount it was sent with', () => {
    const input: PlaceOrderInput = {
      kind: 'market',
      market: 'ETH_USDT',
      side: 'buy',
      amount: '12',
    };
    const sent = { input, clientOrderId: 'cid-1', sentAt: Date.now() };
    const found = order('cid-1', { market: 'ETH_USDT', amount: '12', timestamp: sent.sentAt });
    expect(isOurOrder(found, sent)).toBe(true);
    expect(isOurOrder({ ...found, amount: '0.0038' }, sent)).toBe(false);
  });

  it('only an older order with the id in the history (another amount) → unknown, not placed', async () => {
    const older = { ...order('cid-1', { orderId: 3, amount: '0.5' }), createdAt: Date.now() };
    const { api, asApi } = stubApi({
      create: async () => lost(),
      history: async () => ({ BTC_USDT: [older] }) as unknown as ExecutedOrders,
    });
    const result = await placeOrder(asApi, INPUT, { reconcileDelayMs: 0 });
    expect(result.outcome).toBe('unknown');
    if (result.outcome === 'unknown') {
      expect(result.check).toMatch(/older order that used the same id/);
      expect(result.check).toContain('order 3');
    }
    expect(api.createOrder).toHaveBeenCalledTimes(1);
  });

  it('only an older order with the id, amount and side (an hour old) → unknown, not placed', async () => {
    const older = { ...order('cid-1', { orderId: 3, timestamp: Date.now() - HOUR }) };
    const { asApi } = stubApi({
      create: async () => lost(),
      history: async () => ({ BTC_USDT: [older] }) as unknown as ExecutedOrders,
    });
    const result = await placeOrder(asApi, INPUT, { reconcileDelayMs: 0 });
    expect(result.outcome).toBe('unknown');
  });

  it('an open order with the id on another side → not ours; nothing in the history → unknown', async () => {
    const { asApi } = stubApi({
      create: async () => lost(),
      active: async () => [order('cid-1', { side: 'sell' })],
    });
    const result = await placeOrder(asApi, INPUT, { reconcileDelayMs: 0 });
    expect(result.outcome).toBe('unknown');
  });

  it('the older order listed first, ours after it → placed with ours', async () => {
    const older = { ...order('cid-1', { orderId: 3, timestamp: Date.now() - HOUR }) };
    const mine = { ...order('cid-1', { orderId: 9 }), createdAt: Date.now() };
    const { asApi } = stubApi({
      create: async () => lost(),
      history: async () => ({ BTC_USDT: [older, mine] }) as unknown as ExecutedOrders,
    });
    const result = await placeOrder(asApi, INPUT, { reconcileDelayMs: 0 });
    expect(result).toMatchObject({ outcome: 'placed', via: 'order-history' });
    if (result.outcome === 'placed' && result.via === 'order-history')
      expect(result.executed.orderId).toBe(9);
  });
});
