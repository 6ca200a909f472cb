import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NonceBook, signPayload, verifySigned } from '../../src/auth';
import { ApiError } from '../../src/errors';

const VECTOR = {
  secret: 'test-secret',
  json: '{"request":"/api/v4/trade-balance","nonce":1700000000000,"nonceWindow":true,"ticker":"BTC"}',
  payload:
    'eyJyZXF1ZXN0IjoiL2FwaS92NC90cmFkZS1iYWxhbmNlIiwibm9uY2UiOjE3MDAwMDAwMDAwMDAsIm5vbmNlV2luZG93Ijp0cnVlLCJ0aWNrZXIiOiJCVEMifQ==',
  signature:
    '81d08e8576e565acb3da4ec9125fc4d87683c97a183a6034f4cf1cd2f2c2b70af2da3aaba2241afa785d5fb7ad6e25d8dbe7049608f409487a56067703df9b92',
};

function headers(json: string, key = 'k', secret = 's', overrides: Record<string, string> = {}) {
  const payload = Buffer.from(json).toString('base64');
  return {
    'x-txc-apikey': key,
    'x-txc-payload': payload,
    'x-txc-signature': createHmac('sha512', secret).update(payload).digest('hex'),
    ...overrides,
  };
}

const keys = new Map([['k', 's']]);
const status = (r: unknown) => (r instanceof ApiError ? [r.status, r.body] : 'ok');

describe('signing (notes §1)', () => {
  it('verifies the test vector', () => {
    expect(Buffer.from(VECTOR.json).toString('base64')).toBe(VECTOR.payload);
    expect(signPayload(VECTOR.secret, VECTOR.payload)).toBe(VECTOR.signature);
    const r = verifySigned(
      {
        'x-txc-apikey': 'vk',
        'x-txc-payload': VECTOR.payload,
        'x-txc-signature': VECTOR.signature,
      },
      VECTOR.json,
      '/api/v4/trade-balance',
      new Map([['vk', VECTOR.secret]]),
    );
    expect(status(r)).toBe('ok');
  });

  it('accepts a valid request and returns the body', () => {
    const json = '{"request":"/api/v4/orders","nonce":1}';
    const r = verifySigned(headers(json), json, '/api/v4/orders', keys);
    expect(r).toEqual({ apiKey: 'k', body: { request: '/api/v4/orders', nonce: 1 } });
  });

  it('rejects an unknown key and a bad signature with 401 code 10', () => {
    const json = '{"request":"/api/v4/orders","nonce":1}';
    expect(status(verifySigned(headers(json, 'nope'), json, '/api/v4/orders', keys))).toEqual([
      401,
      { code: 10, message: 'Unauthorized request.' },
    ]);
    expect(status(verifySigned(headers(json, 'k', 'wrong'), json, '/api/v4/orders', keys))).toEqual(
      [401, { code: 10, message: 'Unauthorized request.' }],
    );
  });

  it('rejects a payload that is not the body, a wrong request path, a non-JSON body with 400 code 9', () => {
    const json = '{"request":"/api/v4/orders","nonce":1}';
    const other = '{"request":"/api/v4/orders","nonce":2}';
    const invalid = [400, { code: 9, message: 'Invalid payload.' }];
    expect(status(verifySigned(headers(other), json, '/api/v4/orders', keys))).toEqual(invalid);
    expect(status(verifySigned(headers(json), json, '/api/v4/order/new', keys))).toEqual(invalid);
    expect(status(verifySigned(headers('nope'), 'nope', '/api/v4/orders', keys))).toEqual(invalid);
  });

  it('compares payload and body after compact re-serialisation', () => {
    const compact = '{"request":"/api/v4/orders","nonce":1}';
    const spaced = '{ "request": "/api/v4/orders", "nonce": 1 }';
    expect(status(verifySigned(headers(compact), spaced, '/api/v4/orders', keys))).toBe('ok');
  });
});

describe('nonces (notes §2)', () => {
  const tooMany = [429, { code: 0, errors: {}, message: 'Too many requests.' }];

  it('without nonceWindow: strictly increasing per key', () => {
    const last: Record<string, string> = {};
    const book = new NonceBook(
      () => last,
      () => 0,
    );
    expect(book.check('a', 5, undefined)).toBeNull();
    expect(status(book.check('a', 5, undefined))).toEqual(tooMany);
    expect(status(book.check('a', 4, false))).toEqual(tooMany);
    expect(book.check('a', '6', false)).toBeNull();
    expect(book.check('b', 1, undefined)).toBeNull();
    expect(last).toEqual({ a: '6', b: '1' });
  });

  it('with nonceWindow: within ±5 s of server time and unique', () => {
    let now = 1_700_000_000_000;
    const book = new NonceBook(
      () => ({}),
      () => now,
    );
    expect(book.check('a', now - 4999, true)).toBeNull();
    expect(book.check('a', now - 10, true)).toBeNull();
    expect(book.check('a', now - 20, true)).toBeNull(); // out of order is fine
    expect(status(book.check('a', now - 10, true))).toEqual(tooMany);
    expect(status(book.check('a', now - 5001, true))).toEqual([
      422,
      { code: 0, message: 'Your nonce is more than 5 seconds lesser than the current nonce.' },
    ]);
    expect(status(book.check('a', now + 5001, true))).toEqual([
      422,
      { code: 0, message: 'Your nonce is more than 5 seconds greater than the current nonce.' },
    ]);
    now += 1000;
    expect(book.check('a', now, true)).toBeNull();
  });

  it('takes a float nonce as the deployed server does (whitebit-httpx-client sends ms + a fraction)', () => {
    const last: Record<string, string> = {};
    let now = 1_700_000_000_000.25;
    const book = new NonceBook(
      () => last,
      () => now,
    );
    expect(book.check('a', 1_700_000_000_000.5, undefined)).toBeNull();
    expect(status(book.check('a', 1_700_000_000_000.5, undefined))).toEqual(tooMany);
    expect(status(book.check('a', 1_700_000_000_000.25, undefined))).toEqual(tooMany);
    expect(book.check('a', '1700000000000.75', undefined)).toBeNull();
    expect(book.check('a', 1_700_000_000_001, undefined)).toBeNull();
    expect(last).toEqual({ a: '1700000000001' });
    // Window mode: the fraction counts, for the window and for uniqueness.
    expect(book.check('w', now - 4999.5, true)).toBeNull();
    expect(book.check('w', now + 250.125, true)).toBeNull();
    expect(book.check('w', now + 250.25, true)).toBeNull();
    expect(status(book.check('w', now + 250.125, true))).toEqual(tooMany);
    expect(status(book.check('w', now - 5000.5, true))).toEqual([
      422,
      { code: 0, message: 'Your nonce is more than 5 seconds lesser than the current nonce.' },
    ]);
    now += 1;
    expect(status(book.check('w', '1700000000000.25e3', true))).toEqual([
      422,
      { code: 0, message: 'Validation failed', errors: { nonce: ['The nonce must be a number.'] } },
    ]);
  });

  it('rejects a non-boolean nonceWindow and a missing or non-numeric nonce', () => {
    const book = new NonceBook(
      () => ({}),
      () => 0,
    );
    expect(status(book.check('a', 1, 'yes'))).toEqual([
      422,
      { code: 0, message: 'Invalid nonceWindow.' },
    ]);
    expect(status(book.check('a', undefined, undefined))).toEqual([
      422,
      {
        code: 0,
        message: 'Validation failed',
        errors: { nonce: ['The nonce field is required.'] },
      },
    ]);
    for (const nonce of ['abc', -1, '-1', true, [1], Number.POSITIVE_INFINITY, '1e3']) {
      expect(status(book.check('a', nonce, undefined))).toEqual([
        422,
        {
          code: 0,
          message: 'Validation failed',
          errors: { nonce: ['The nonce must be a number.'] },
        },
      ]);
    }
  });
});
