import { describe, expect, it } from 'vitest';
import { errorBody, field, has, wire } from '../../src/fields';

const TABLE = {
  orderId: ['orderId', 'order_id'],
  market: 'market',
  takerFee: [null, 'takerFee'],
  reduceOnly: ['reduceOnly', null],
} as const;

describe('wire', () => {
  it('names each field as the casing does, in the table order', () => {
    const values = { market: 'BTC_USDT', orderId: 7, takerFee: '0.001', reduceOnly: false };
    expect(Object.entries(wire(TABLE, 'deployed', values))).toEqual([
      ['orderId', 7],
      ['market', 'BTC_USDT'],
      ['reduceOnly', false],
    ]);
    expect(Object.entries(wire(TABLE, 'spec', values))).toEqual([
      ['order_id', 7],
      ['market', 'BTC_USDT'],
      ['takerFee', '0.001'],
    ]);
  });

  it('leaves out undefined values, keeps null ones', () => {
    const values = { orderId: 1, market: null, takerFee: undefined, reduceOnly: undefined };
    expect(wire(TABLE, 'spec', values)).toEqual({ order_id: 1, market: null });
  });
});

describe('errorBody', () => {
  const body = {
    code: 36,
    message: 'Validation failed',
    errors: { client_order_id: ['bad'], start_date: ['bad'], amount: ['bad'] },
  };

  it('names the request fields of `errors` as the casing does; other fields keep their name', () => {
    expect(errorBody(body, 'deployed')).toEqual({
      ...body,
      errors: { clientOrderId: ['bad'], startDate: ['bad'], amount: ['bad'] },
    });
    expect(errorBody(body, 'spec')).toEqual(body);
  });

  it('leaves bodies without an errors object alone', () => {
    for (const other of [{ code: 10, message: 'Unauthorized request.' }, 'text', null]) {
      expect(errorBody(other, 'deployed')).toBe(other);
    }
  });
});

describe('request fields', () => {
  it('are read in either casing', () => {
    expect(field({ clientOrderId: 'a' }, 'client_order_id')).toBe('a');
    expect(field({ client_order_id: 'b' }, 'client_order_id')).toBe('b');
    expect(field({}, 'market')).toBeUndefined();
    expect(has({ postOnly: null }, 'post_only')).toBe(true);
    expect(has({}, 'post_only')).toBe(false);
  });
});
