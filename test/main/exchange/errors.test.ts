import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ExchangeError,
  deskCodeOf,
  excerptOf,
  isExchangeError,
  networkError,
  parseErrorResponse,
  timeoutError,
  type ExchangeErrorKind,
} from '../../../src/main/exchange/errors';
import { isDeskError } from '../../../src/shared/errors';

const ORDER = '/api/v4/order/stock_market';

function parse(status: number, body: unknown, endpoint = ORDER): ExchangeError {
  return parseErrorResponse(
    status,
    typeof body === 'string' ? body : JSON.stringify(body),
    endpoint,
  );
}

describe('private error bodies {code, message, errors}', () => {
  it('validation (code 30..36) with field errors', () => {
    const error = parse(422, {
      code: 32,
      message: 'Validation failed',
      errors: { amount: ['Not enough balance.'], market: ['Market is not available.'] },
    });
    expect(error).toBeInstanceOf(ExchangeError);
    expect(error).toMatchObject({
      kind: 'validation',
      status: 422,
      code: 32,
      retryable: false,
      endpoint: ORDER,
      fields: { amount: ['Not enough balance.'], market: ['Market is not available.'] },
      message: 'Validation failed: Not enough balance.',
    });
  });

  it('inner validation at HTTP 400 (code 2, cancel not found)', () => {
    const error = parse(
      400,
      {
        code: 2,
        message: 'Inner validation failed',
        errors: { orderId: ['Unexecuted order was not found.'] },
      },
      '/api/v4/order/cancel',
    );
    expect(error).toMatchObject({
      kind: 'validation',
      code: 2,
      fields: { orderId: ['Unexecuted order was not found.'] },
      message: 'Inner validation failed: Unexecuted order was not found.',
    });
  });

  it('field keys are kept exactly as sent; string and nested-array messages are lists', () => {
    const error = parse(422, {
      code: 0,
      message: 'Validation failed',
      errors: { client_order_id: 'Must be unique.', 'addresses.0': [['Too long.', 'Bad.']] },
    });
    expect(error.fields).toEqual({
      client_order_id: ['Must be unique.'],
      'addresses.0': ['Too long.', 'Bad.'],
    });
  });

  it('an empty errors object (or PHP []) gives no fields and the server message', () => {
    for (const errors of [{}, []]) {
      const error = parse(400, { code: 0, message: 'Validation failed', errors });
      expect(error.fields).toEqual({});
      expect(error.message).toBe('Validation failed');
      expect(error.toDeskError()).toEqual({
        code: 'EXCHANGE_VALIDATION',
        message: 'Validation failed',
      });
    }
  });

  it('hashrate: {code:422, message:"Incorrect timestamp"}', () => {
    const error = parse(
      422,
      { code: 422, message: 'Incorrect timestamp' },
      '/api/v4/mining/hashrate',
    );
    expect(error).toMatchObject({
      kind: 'validation',
      code: 422,
      message: 'Incorrect timestamp',
      fields: {},
      retryable: false,
    });
  });

  it('hashrate unknown account', () => {
    const error = parse(400, {
      code: 0,
      message: 'Validation failed',
      errors: { account: ['Account not found'] },
    });
    expect(error.message).toBe('Validation failed: Account not found');
    expect(error.toDeskError()).toEqual({
      code: 'EXCHANGE_VALIDATION',
      message: 'Validation failed: Account not found',
      fields: { account: ['Account not found'] },
    });
  });
});

describe('authentication, permission, nonce (§2, §3)', () => {
  const cases: Array<[string, number, unknown, ExchangeErrorKind, boolean]> = [
    ['payload mismatch', 400, { code: 9, message: 'Invalid payload.' }, 'auth', false],
    ['bad signature', 401, { code: 10, message: 'Unauthorized request.' }, 'auth', false],
    [
      'key disabled (401)',
      401,
      { code: 2, message: 'This action is unauthorized. Enable your key in API settings' },
      'auth',
      false,
    ],
    [
      'IP not allowed (403)',
      403,
      { code: 2, message: 'This action is unauthorized. Enable your key in API settings' },
      'auth',
      false,
    ],
    [
      'endpoint not permitted',
      403,
      { code: 0, message: "You don't have permission to use this endpoint" },
      'permission',
      false,
    ],
    [
      'nonce not above the last (429 JSON)',
      429,
      { code: 0, errors: {}, message: 'Too many requests.' },
      'nonce',
      true,
    ],
    [
      'stale nonce in the window',
      400,
      { code: 0, message: 'Your nonce is more than 5 seconds lesser than the current nonce.' },
      'nonce',
      true,
    ],
    ['bad nonceWindow', 400, { code: 0, message: 'Invalid nonceWindow.' }, 'nonce', false],
  ];
  for (const [name, status, body, kind, retryable] of cases) {
    it(name, () => {
      const error = parse(status, body);
      expect(error.kind).toBe(kind);
      expect(error.retryable).toBe(retryable);
      expect(error.status).toBe(status);
      expect(error.code).toBe((body as { code: number }).code);
      expect(error.message).toBe((body as { message: string }).message);
      expect(error.toDeskError().code).toBe(deskCodeOf(kind));
    });
  }
});

describe('codes are not unique across endpoints', () => {
  it('a validation error with code 9 or 10 stays validation', () => {
    for (const code of [9, 10]) {
      const error = parse(422, {
        code,
        message: 'Validation failed',
        errors: { ticker: ['Bad.'] },
      });
      expect(error.kind).toBe('validation');
    }
  });
});

describe('non-JSON answers', () => {
  it('429 gateway page: rate-limit, retryable', () => {
    const error = parse(429, '<html><head><title>429 Too Many Requests</title></head></html>');
    expect(error).toMatchObject({ kind: 'rate-limit', retryable: true, status: 429 });
    expect(error.code).toBeUndefined();
    expect(error.toDeskError().code).toBe('EXCHANGE_RATE_LIMIT');
  });

  it('503 page: maintenance, retryable', () => {
    const error = parse(
      503,
      '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
    );
    expect(error).toMatchObject({ kind: 'maintenance', retryable: true, status: 503 });
    expect(error.message).toMatch(/maintenance/i);
  });

  it('503 with an empty body is maintenance too', () => {
    expect(parse(503, '').kind).toBe('maintenance');
  });

  it('502 / 504 page: unexpected, retryable, says what came back without tags', () => {
    const html =
      '<html><head><title>502 Bad Gateway</title><style>h1{color:red}</style></head>' +
      '<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
    const error = parse(502, html);
    expect(error).toMatchObject({ kind: 'unexpected', retryable: true, status: 502 });
    expect(error.message).toBe('The exchange answered HTTP 502: "502 Bad Gateway"');
    expect(error.message).not.toMatch(/[<>]/);
  });

  it('HTML without a title: tags, scripts and styles stripped, at most ~120 characters', () => {
    const html = `<div><script>alert("x")</script><p>Something &amp; broke</p>${'<b>word</b> '.repeat(100)}</div>`;
    const error = parse(500, html);
    expect(error.message).toMatch(/^The exchange answered HTTP 500: "Something & broke word word/);
    expect(error.message).not.toMatch(/alert|<|>/);
    expect(excerptOf(html).length).toBeLessThanOrEqual(120);
  });

  it('empty body', () => {
    const error = parse(400, '');
    expect(error).toMatchObject({ kind: 'unexpected', retryable: false, status: 400, fields: {} });
    expect(error.message).toBe('The exchange answered HTTP 400 with an empty answer');
  });

  it('truncated JSON', () => {
    const error = parse(422, '{"code":3');
    expect(error.kind).toBe('unexpected');
    expect(error.message).toBe('The exchange answered HTTP 422: "{"code":3"');
  });

  it('404: unexpected, not retryable', () => {
    const error = parse(404, 'Not Found', '/api/v4/orders/oco');
    expect(error).toMatchObject({ kind: 'unexpected', retryable: false, status: 404 });
    expect(error.endpoint).toBe('/api/v4/orders/oco');
    const json = parse(404, { success: false, message: 'Route not found', params: [] });
    expect(json).toMatchObject({ kind: 'unexpected', message: 'Route not found' });
  });

  it('control characters do not reach the message', () => {
    const error = parse(500, 'bad\u0000\u001b[31mthing\r\n');
    expect(error.message).toBe('The exchange answered HTTP 500: "bad [31mthing"');
  });

  it('JSON that says nothing', () => {
    for (const body of ['{}', '[]', 'null', '42', '"x"', 'true']) {
      const error = parseErrorResponse(400, body, ORDER);
      expect(error.kind, body).toBe('unexpected');
      expect(error.message, body).toContain('HTTP 400 with an unexpected body');
    }
  });
});

describe('public and other body forms', () => {
  it('public {success:false, message, params:[]}', () => {
    const error = parse(
      400,
      { success: false, message: 'Market is not available', params: [] },
      '/api/v4/public/orderbook/XYZ_USDT',
    );
    expect(error).toMatchObject({
      kind: 'validation',
      code: undefined,
      message: 'Market is not available',
      fields: {},
    });
  });

  it('flat {field:[msg]} (public, HTTP 422)', () => {
    const error = parse(
      422,
      { limit: ['The limit must be between 1 and 100.'] },
      '/api/v4/public/orderbook/BTC_USDT',
    );
    expect(error).toMatchObject({
      kind: 'validation',
      fields: { limit: ['The limit must be between 1 and 100.'] },
      message: 'The limit must be between 1 and 100.',
    });
  });

  it('old {"message":[["..."]],"result":[],"success":false}', () => {
    const error = parse(400, { message: [['Market not found.']], result: [], success: false });
    expect(error).toMatchObject({ kind: 'validation', message: 'Market not found.', fields: {} });
  });

  it('messages that are arrays are joined', () => {
    expect(parse(400, { message: ['Amount too small.', 'Step 0.001.'] }).message).toBe(
      'Amount too small. Step 0.001.',
    );
    expect(parse(400, { message: [['a'], ['b']] }).message).toBe('a; b');
  });

  it('OAuth missing fields {errors:{field:[validation.required]}, notification:null}', () => {
    const error = parse(
      422,
      {
        errors: { client_id: ['validation.required'], code: ['validation.required'] },
        notification: null,
      },
      '/oauth2/token',
    );
    expect(error).toMatchObject({
      kind: 'validation',
      fields: { client_id: ['validation.required'], code: ['validation.required'] },
      message: 'client_id is required.',
    });
  });

  it('OAuth {data:{message:[text]}}: auth', () => {
    const error = parse(
      400,
      { data: { message: ['Authorization code is invalid.'] } },
      '/oauth2/token',
    );
    expect(error).toMatchObject({
      kind: 'auth',
      message: 'Authorization code is invalid.',
      fields: {},
      retryable: false,
    });
  });

  it('OAuth refresh {data:{token:["Invalid token."]}}: auth with the field', () => {
    const error = parse(400, { data: { token: ['Invalid token.'] } }, '/oauth2/refresh_token');
    expect(error).toMatchObject({
      kind: 'auth',
      message: 'Invalid token.',
      fields: { token: ['Invalid token.'] },
    });
    expect(error.toDeskError()).toEqual({
      code: 'EXCHANGE_AUTH',
      message: 'Invalid token.',
      fields: { token: ['Invalid token.'] },
    });
  });

  it('5xx JSON: unexpected, retryable, with the server message', () => {
    const error = parse(500, { code: 0, message: 'Internal error' });
    expect(error).toMatchObject({ kind: 'unexpected', retryable: true, message: 'Internal error' });
    expect(parse(503, { code: 0, message: 'Service temporarily unavailable' }).kind).toBe(
      'maintenance',
    );
  });

  it('a very long server message is clipped', () => {
    const error = parse(400, { code: 0, message: 'x'.repeat(5000) });
    expect(error.message.length).toBeLessThanOrEqual(300);
  });
});

describe('never throws', () => {
  it('on any text and any status (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.string({ maxLength: 300 }),
        (status, text) => {
          const error = parseErrorResponse(status, text, ORDER);
          expect(error).toBeInstanceOf(ExchangeError);
          expect(typeof error.message).toBe('string');
          expect(error.message.length).toBeGreaterThan(0);
          expect(isDeskError(error.toDeskError())).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('on any JSON (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), fc.jsonValue(), (status, value) => {
        const error = parseErrorResponse(status, JSON.stringify(value) ?? '', ORDER);
        expect(error).toBeInstanceOf(ExchangeError);
        for (const messages of Object.values(error.fields)) {
          expect(messages.every((m) => typeof m === 'string')).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('on a body that is not a string at all', () => {
    const error = parseErrorResponse(500, undefined as unknown as string, ORDER);
    expect(error.kind).toBe('unexpected');
  });

  it('on hostile keys', () => {
    const error = parseErrorResponse(
      422,
      '{"__proto__":{"polluted":["yes"]},"constructor":["x"]}',
      ORDER,
    );
    expect(error).toBeInstanceOf(ExchangeError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('no answer', () => {
  const withCause = (code: string) =>
    Object.assign(new TypeError('fetch failed'), { cause: { code } });

  it.each([
    ['ECONNREFUSED', /connection refused/],
    ['ECONNRESET', /reset/],
    ['ENOTFOUND', /could not be resolved/],
    ['EAI_AGAIN', /could not be resolved/],
    ['ETIMEDOUT', /timed out/],
  ])('%s', (code, words) => {
    const error = networkError(withCause(code), ORDER);
    expect(error).toMatchObject({
      kind: 'network',
      retryable: true,
      status: undefined,
      endpoint: ORDER,
    });
    expect(error.message).toMatch(words);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.toDeskError().code).toBe('EXCHANGE_NETWORK');
  });

  it('a code on the error itself (node:http) and socket hang up', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
      code: 'ECONNREFUSED',
    });
    expect(networkError(refused).message).toMatch(/connection refused/);
    expect(networkError(new Error('socket hang up')).message).toMatch(/socket hang up/);
    const undici = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
    expect(networkError(undici).message).toMatch(/closed the connection/);
  });

  it('an AggregateError cause (several addresses tried)', () => {
    const aggregate = new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]);
    expect(networkError(new TypeError('fetch failed', { cause: aggregate })).message).toMatch(
      /connection refused/,
    );
  });

  it('anything else says what happened', () => {
    expect(networkError(new Error('boom')).message).toBe('Could not reach the exchange (boom).');
    expect(networkError('weird').message).toBe('Could not reach the exchange (weird).');
    expect(networkError(undefined).message).toBe('Could not reach the exchange.');
  });

  it('an AbortSignal.timeout() error is a timeout', () => {
    const error = networkError(new DOMException('The operation timed out.', 'TimeoutError'), ORDER);
    expect(error.kind).toBe('timeout');
  });

  it('timeoutError', () => {
    expect(timeoutError(10_000, ORDER)).toMatchObject({
      kind: 'timeout',
      retryable: true,
      status: undefined,
      endpoint: ORDER,
      message: 'The exchange did not answer within 10 s.',
    });
    expect(timeoutError(1500).message).toBe('The exchange did not answer within 1500 ms.');
    expect(timeoutError(1500).toDeskError()).toEqual({
      code: 'EXCHANGE_TIMEOUT',
      message: 'The exchange did not answer within 1500 ms.',
    });
  });
});

describe('ExchangeError', () => {
  it('is an Error with a name, and isExchangeError tells it apart', () => {
    const error = new ExchangeError({ kind: 'permission', message: 'No lending access.' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ExchangeError');
    expect(error.retryable).toBe(false);
    expect(error.fields).toEqual({});
    expect(isExchangeError(error)).toBe(true);
    expect(isExchangeError(new Error('x'))).toBe(false);
  });

  it('desk codes for every kind', () => {
    const kinds: ExchangeErrorKind[] = [
      'validation',
      'auth',
      'nonce',
      'rate-limit',
      'permission',
      'maintenance',
      'network',
      'timeout',
      'unexpected',
    ];
    expect(kinds.map(deskCodeOf)).toEqual([
      'EXCHANGE_VALIDATION',
      'EXCHANGE_AUTH',
      'EXCHANGE_NONCE',
      'EXCHANGE_RATE_LIMIT',
      'EXCHANGE_PERMISSION',
      'EXCHANGE_MAINTENANCE',
      'EXCHANGE_NETWORK',
      'EXCHANGE_TIMEOUT',
      'EXCHANGE_UNEXPECTED',
    ]);
  });

  it('withMessage keeps everything but the message; noCredentials is auth', () => {
    const original = parse(400, {
      code: 0,
      message: 'Your nonce is more than 5 seconds lesser than the current nonce.',
    });
    const clearer = original.withMessage('Your clock is 12 s behind.');
    expect(clearer).toMatchObject({
      kind: 'nonce',
      status: 400,
      code: 0,
      retryable: true,
      endpoint: ORDER,
    });
    expect(clearer.message).toBe('Your clock is 12 s behind.');
    expect(clearer.cause).toBe(original);
    expect(ExchangeError.noCredentials(ORDER)).toMatchObject({ kind: 'auth', retryable: false });
  });
});
