import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBaseUrl } from '../../../src/main/exchange/baseUrl';
import { ExchangeClient } from '../../../src/main/exchange/client';
import { ExchangeError, excerptOf, parseErrorResponse } from '../../../src/main/exchange/errors';
import {
  parseFlexInvestments,
  parseMainBalances,
  parseMarkets,
  parseOrder,
  parseOrders,
  parseTicker,
  parseTradeBalances,
} from '../../../src/main/exchange/schemas';
import { toDecimalString } from '../../../src/main/exchange/schemas/primitives';
import { thrown } from '../../support/exchangeErrors';

/**
 * Regression tests of the "Hardening" issue (rule 9, docs/architecture.md): every hostile answer of an exchange is
 * an `unexpected` ExchangeError with a plain message, fast; never a crash, a hang or a freeze.
 */

const servers: Server[] = [];
const clients: ExchangeClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        }),
    ),
  );
});

/** A tiny exchange on 127.0.0.1 that answers every request with `answer`. */
async function exchange(answer: (res: ServerResponse) => void) {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on('end', () => answer(res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
  };
}

function client(url: string, extra: Partial<ConstructorParameters<typeof ExchangeClient>[0]> = {}) {
  const c = new ExchangeClient({ baseUrl: url, ...extra });
  clients.push(c);
  return c;
}

async function failure(promise: Promise<unknown>): Promise<ExchangeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExchangeError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

const tickerEntry = (lastPrice: unknown) => ({
  BTC_USDT: {
    last_price: lastPrice,
    quote_volume: '1',
    base_volume: '1',
    change: '-1.25',
    is_frozen: false,
  },
});

const ORDER = {
  order_id: 4180284841,
  client_order_id: '',
  market: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  timestamp: 1595792396.165973,
  deal_money: '0',
  deal_stock: '0',
  amount: '0.001',
  left: '0.001',
  deal_fee: '0',
  price: '40000',
};

const MARKET = {
  name: 'BTC_USDT',
  stock: 'BTC',
  money: 'USDT',
  stockPrec: '6',
  moneyPrec: '2',
  feePrec: '4',
  makerFee: '0.001',
  takerFee: '0.001',
  minAmount: '0.001',
  minTotal: '1',
  maxTotal: '10000000000',
  tradesEnabled: true,
  type: 'spot',
};

describe('huge exponents are refused, never written out', () => {
  it.each(['1e20000000', '1e600000000', '-1e600000000', '1e-600000000', '1e31', '1e-31'])(
    'toDecimalString(%s) is refused at once',
    (text) => {
      const started = performance.now();
      expect(toDecimalString(text)).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(100);
    },
  );

  it('a JSON number goes through the same rule (String(n), then bounded)', () => {
    expect(toDecimalString(1e300)).toBeUndefined();
    expect(toDecimalString(5e-324)).toBeUndefined();
    expect(toDecimalString(1e21)).toBe('1000000000000000000000');
    expect(toDecimalString(1e-7)).toBe('0.0000001');
  });

  it.each(['1e20000000', '1e600000000'])(
    'the ticker schema refuses last_price %s fast, as an unexpected error',
    (huge) => {
      const started = performance.now();
      const error = thrown(() => parseTicker(tickerEntry(huge)));
      expect(performance.now() - started).toBeLessThan(1000);
      expect(error.kind).toBe('unexpected');
      expect(error.message).toMatch(/BTC_USDT\.lastPrice: expected a non-negative decimal number/);
      expect(error.message.length).toBeLessThanOrEqual(300);
    },
  );

  it.each(['1e20000000', '1e600000000'])(
    'through the client: a ticker with last_price %s fails fast with kind unexpected',
    async (huge) => {
      const body = JSON.stringify(tickerEntry(huge));
      const { url } = await exchange((res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      });
      const started = performance.now();
      const error = await failure(client(url).publicGet('/api/v4/public/ticker', {}, parseTicker));
      expect(performance.now() - started).toBeLessThan(1000);
      expect([error.kind, error.status]).toEqual(['unexpected', undefined]);
      expect(error.message).toMatch(/^Unexpected answer from the exchange/);
    },
  );
});

describe('negative values are refused where the domain has none', () => {
  it('precisions are whole numbers from 0 to 30', () => {
    expect(parseMarkets([MARKET])[0]).toMatchObject({ stockPrec: 6, moneyPrec: 2, feePrec: 4 });
    for (const [field, value] of [
      ['stockPrec', -1],
      ['moneyPrec', '-2'],
      ['feePrec', 31],
      ['stockPrec', 1e9],
    ] as const) {
      const error = thrown(() => parseMarkets([{ ...MARKET, [field]: value }]));
      expect(error.kind).toBe('unexpected');
      expect(error.message).toContain(`[0].${field}`);
    }
  });

  it('fees, minimums and amounts of a market', () => {
    for (const field of ['makerFee', 'takerFee', 'minAmount', 'minTotal', 'maxTotal']) {
      const error = thrown(() => parseMarkets([{ ...MARKET, [field]: '-0.001' }]));
      expect(error.message).toContain(`[0].${field}: expected a non-negative decimal number`);
    }
  });

  it('order fees, amounts and prices', () => {
    for (const field of ['deal_fee', 'amount', 'price', 'left', 'deal_money', 'deal_stock']) {
      expect(() => parseOrder({ ...ORDER, [field]: '-1' }), field).toThrow(ExchangeError);
    }
    expect(() => parseOrder({ ...ORDER, taker_fee: '-0.1' })).toThrow(/takerFee/);
    // A negative zero is zero.
    expect(parseOrder({ ...ORDER, deal_fee: '-0' }).dealFee).toBe('-0');
  });

  it('balances: main, trade available and freeze, flex invested', () => {
    expect(() => parseMainBalances({ BTC: { main_balance: '-5' } })).toThrow(/BTC\.mainBalance/);
    expect(() => parseTradeBalances({ BTC: { available: '-1', freeze: '0' } })).toThrow(
      /available/,
    );
    expect(() => parseTradeBalances({ BTC: { available: '1', freeze: -2 } })).toThrow(/freeze/);
    expect(() =>
      parseFlexInvestments({
        data: [
          {
            id: 'i',
            plan_id: 'p',
            currency: 'USDT',
            invested: '-100',
            with_auto_reinvest: false,
            status: 'ACTIVE',
            created_at: 1700000000,
            updated_at: 1700000000,
          },
        ],
      }),
    ).toThrow(/invested/);
  });

  it('a negative 24 h change stays allowed', () => {
    expect(parseTicker(tickerEntry('1')).BTC_USDT!.change).toBe('-1.25');
  });
});

describe('texts and lists from the exchange are bounded where they enter', () => {
  it('per-field error messages and the message are clipped to ~300 characters', () => {
    const long = 'y'.repeat(10_000);
    const error = parseErrorResponse(
      422,
      JSON.stringify({ code: 30, message: long, errors: { amount: [long, long], [long]: ['z'] } }),
      '/api/v4/order/new',
    );
    expect(error.message.length).toBeLessThanOrEqual(300);
    expect(error.message.endsWith('…')).toBe(true);
    const messages = Object.values(error.fields).flat();
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message.length).toBeLessThanOrEqual(300);
    expect(error.fields.amount![0]!.endsWith('…')).toBe(true);
    for (const key of Object.keys(error.fields)) expect(key.length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(error.toDeskError()).length).toBeLessThan(5_000);
  });

  it('a flood of fields and messages is cut to a few', () => {
    const errors = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [`f${i}`, Array.from({ length: 100 }, () => 'bad')]),
    );
    const error = parseErrorResponse(422, JSON.stringify({ code: 30, errors }), '/x');
    expect(Object.keys(error.fields).length).toBeLessThanOrEqual(50);
    for (const list of Object.values(error.fields)) expect(list.length).toBeLessThanOrEqual(10);
  });

  it('any ExchangeError clips its message and fields', () => {
    const error = new ExchangeError({
      kind: 'validation',
      message: 'm'.repeat(5000),
      fields: { price: ['p'.repeat(5000)] },
    });
    expect(error.message.length).toBeLessThanOrEqual(300);
    expect(error.fields.price![0]!.length).toBeLessThanOrEqual(300);
  });

  it('record texts are clipped (names, statuses, market)', () => {
    const order = parseOrder({ ...ORDER, type: 't'.repeat(100_000), status: 's'.repeat(100_000) });
    expect(order.type.length).toBeLessThanOrEqual(200);
    expect(order.status!.length).toBeLessThanOrEqual(200);
    expect(order.type.endsWith('…')).toBe(true);
  });

  it('lists longer than any real answer are refused before their items are read', () => {
    const started = performance.now();
    const error = thrown(() => parseOrders(Array.from({ length: 1_000_000 }, () => 1)));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.message).toMatch(/more than 10000/);
  });

  it('an HTML page built to make the excerpt regexes backtrack is read fast', () => {
    const started = performance.now();
    excerptOf('<title'.repeat(20_000));
    excerptOf('<script'.repeat(20_000));
    parseErrorResponse(502, '<title'.repeat(200_000), '/x');
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('the transport: size cap and deep nesting', () => {
  it('an answer over 8 MiB is cut off as an unexpected error', async () => {
    const { url } = await exchange((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('["');
      const chunk = 'x'.repeat(1 << 20);
      let sent = 0;
      const more = () => {
        while (sent < 20 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return res.once('drain', more);
        }
        if (!res.destroyed) res.end('"]');
      };
      more();
      res.on('error', () => undefined);
    });
    const error = await failure(client(url).publicGet('/api/v4/public/ping', {}, (j) => j));
    expect(error.kind).toBe('unexpected');
    expect(error.message).toMatch(/larger than 8 MiB/);
  });

  it('a 100,000-deep array becomes an unexpected error, not a RangeError', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const { url } = await exchange((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(deep);
    });
    const c = client(url);
    const parsers: ((json: unknown) => unknown)[] = [
      parseTicker,
      parseOrders,
      parseMarkets,
      parseMainBalances,
    ];
    for (const parse of parsers) {
      const error = await failure(c.publicGet('/api/v4/public/ticker', {}, parse));
      expect(error.kind).toBe('unexpected');
    }
    const nested = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const { url: url2 } = await exchange((res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(nested);
    });
    const error = await failure(client(url2).publicGet('/api/v4/public/ticker', {}, parseTicker));
    expect(error.kind).toBe('unexpected');
  });
});

describe('a gateway 429 is retried a bounded number of times', () => {
  const HTML_429 = '<html><head><title>429 Too Many Requests</title></head></html>';

  it('without Retry-After: at most 3 retries and ~10 s in all, then a plain message', async () => {
    const ex = await exchange((res) => {
      res.writeHead(429, { 'content-type': 'text/html' });
      res.end(HTML_429);
    });
    const sleeps: number[] = [];
    const c = client(ex.url, { random: () => 1, sleep: async (ms) => void sleeps.push(ms) });
    const error = await failure(c.publicGet('/api/v4/public/ping', {}, (j) => j));
    expect([error.kind, error.status]).toEqual(['rate-limit', 429]);
    expect(ex.requests()).toBeLessThanOrEqual(4);
    expect(sleeps.length).toBeLessThanOrEqual(3);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10_000);
    expect(error.message).toMatch(/rate-limiting/);
    expect(error.message).toMatch(/try again in a minute/i);
    expect(error.message).not.toMatch(/slowing down|trying again/);
  });

  it('a Retry-After is honoured (seconds), within the cap', async () => {
    const ex = await exchange((res) => {
      res.writeHead(429, { 'content-type': 'text/html', 'retry-after': '2' });
      res.end(HTML_429);
    });
    const sleeps: number[] = [];
    const c = client(ex.url, { sleep: async (ms) => void sleeps.push(ms) });
    await failure(c.publicGet('/api/v4/public/ping', {}, (j) => j));
    expect(sleeps).toEqual([2000, 2000, 2000]);
  });

  it('a Retry-After beyond the cap is not waited for: the error comes at once', async () => {
    const ex = await exchange((res) => {
      res.writeHead(429, { 'content-type': 'text/html', 'retry-after': '3600' });
      res.end(HTML_429);
    });
    const sleeps: number[] = [];
    const c = client(ex.url, { sleep: async (ms) => void sleeps.push(ms) });
    const error = await failure(c.publicGet('/api/v4/public/ping', {}, (j) => j));
    expect(sleeps).toEqual([]);
    expect(ex.requests()).toBe(1);
    expect(error.message).toMatch(/rate-limiting/);
  });
});

describe('base URLs to link-local and cloud metadata addresses are refused', () => {
  it.each([
    'https://169.254.169.254',
    'https://169.254.0.1:8443/api',
    'https://2852039166', // 169.254.169.254 as one number
    'https://0xa9.0xfe.0xa9.0xfe',
    'https://[fe80::1]',
    'https://[febf:ffff::1]',
    'https://[::ffff:169.254.169.254]',
    'https://metadata.google.internal',
    'https://METADATA.google.internal./computeMetadata',
    'https://metadata',
    'https://100.100.100.200',
    'https://[fd00:ec2::254]',
  ])('refuses %s', (raw) => {
    const result = checkBaseUrl(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/link-local or cloud metadata/);
  });

  it.each([
    'https://169.253.255.255',
    'https://169.255.0.1',
    'https://[fec0::1]',
    'https://metadata-exchange.example',
    'https://exchange.metadata.example',
    'https://100.100.100.201',
  ])('accepts %s', (raw) => {
    expect(checkBaseUrl(raw).ok).toBe(true);
  });
});
