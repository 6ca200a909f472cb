import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINGS } from '../../src/fields';
import { heldOf, start, type Client, type ErrorBody } from './helpers';

/**
 * convert/estimate, convert/confirm and convert/history, with their documented errors, in both
 * casings; a quote expires on the demo's clock (stepped through the control endpoint's clockSkewMs).
 */

interface Quote {
  id: string;
  from: string;
  to: string;
  give: string;
  receive: string;
  rate: string;
  expireAt: number;
}
interface HistoryPage {
  records: {
    id: string;
    date: number;
    give: string;
    receive: string;
    rate: string;
    path: { from: string; to: string; rate: string }[];
  }[];
  total: number;
  limit: number;
  offset: number;
}

const estimate = (client: Client, fields: Record<string, unknown>) =>
  client.post<Quote & ErrorBody>('/api/v4/convert/estimate', fields);
const confirm = (client: Client, quoteId: unknown) =>
  client.post<{ finalGive: string; finalReceive: string } & ErrorBody>('/api/v4/convert/confirm', {
    quoteId,
  });
const price = async (client: Client, market: string) =>
  (await client.get<Record<string, { last_price: string }>>('/api/v4/public/ticker')).json[market]!
    .last_price;

describe.each(CASINGS)('convert, %s casing', (casing) => {
  let ex: Awaited<ReturnType<typeof start>>['ex'];
  let client: Client;
  // The test's own clock: a quote's expiry is exact, and only the control endpoint moves it.
  const clockMs = Date.UTC(2026, 0, 5, 12);
  beforeAll(async () => ({ ex, client } = await start({ casing, now: () => clockMs })));
  afterAll(() => ex.stop());
  const skew = (ms: number) => client.control('POST', '/faults', { clockSkewMs: ms });

  it('estimate from the money quotes 1 / price; confirm moves exactly give and receive', async () => {
    const usdt = await heldOf(client, 'USDT');
    const btc = await heldOf(client, 'BTC');
    const q = await estimate(client, { from: 'USDT', to: 'BTC', direction: 'from', amount: '100' });
    expect(q.status).toBe(200);
    expect(Object.keys(q.json)).toEqual([
      'id',
      'from',
      'to',
      'give',
      'receive',
      'rate',
      'expireAt',
    ]);
    expect(q.json.id).toMatch(/^\d+$/);
    expect([q.json.from, q.json.to, q.json.give]).toEqual(['USDT', 'BTC', '100']);
    const mid = await price(client, 'BTC_USDT');
    const rate = new Decimal(1).div(mid).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    expect(q.json.rate).toBe(rate.toFixed());
    expect(q.json.receive).toBe(rate.times(100).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
    expect(q.json.expireAt).toBe(clockMs / 1000 + 10);
    // The estimate moves nothing.
    expect(await heldOf(client, 'USDT')).toEqual(usdt);

    const done = await confirm(client, q.json.id);
    expect([done.status, done.json]).toEqual([
      200,
      { finalGive: '100', finalReceive: q.json.receive },
    ]);
    expect((await heldOf(client, 'USDT')).main).toBe(new Decimal(usdt.main).minus(100).toFixed());
    expect((await heldOf(client, 'BTC')).main).toBe(
      new Decimal(btc.main).plus(q.json.receive).toFixed(),
    );
    // A used quote is invalid, as one that never existed.
    const again = await confirm(client, q.json.id);
    expect([again.status, again.json]).toEqual([
      422,
      {
        code: 0,
        message: 'Validation failed',
        errors: { quoteId: ['frontendServerSide.converter.quoteInvalid'] },
      },
    ]);
  });

  it('direction "to" receives exactly the amount; the give is rounded up; commas are read', async () => {
    const q = await estimate(client, {
      from: 'BTC',
      to: 'USDT',
      direction: 'to',
      amount: '1,000.123456789',
    });
    expect(q.status).toBe(200);
    // USDT has 6 places: what is received is cut there.
    expect(q.json.receive).toBe('1000.123456');
    expect(q.json.rate).toBe(new Decimal(await price(client, 'BTC_USDT')).toFixed());
    expect(q.json.give).toBe(
      new Decimal('1000.123456').div(q.json.rate).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(),
    );
  });

  it('a quote is confirmed up to the second before its expireAt', async () => {
    const q = await estimate(client, { from: 'USDT', to: 'ETH', direction: 'from', amount: '20' });
    await skew(9_999);
    try {
      expect((await confirm(client, q.json.id)).status).toBe(200);
    } finally {
      await skew(0);
    }
  });

  it('a quote at its expireAt on the demo clock is code 20 and moves nothing', async () => {
    const q = await estimate(client, { from: 'USDT', to: 'ETH', direction: 'from', amount: '20' });
    const before = await heldOf(client, 'USDT');
    await skew(10_000);
    try {
      const late = await confirm(client, q.json.id);
      expect([late.status, late.json]).toEqual([
        400,
        {
          code: 20,
          message: 'Validation failed',
          errors: { quoteId: ['api.converter.quoteExpired'] },
        },
      ]);
      expect(await heldOf(client, 'USDT')).toEqual(before);
    } finally {
      await skew(0);
    }
  });

  it('a balance spent between estimate and confirm is code 37 at confirm', async () => {
    const { main } = await heldOf(client, 'USDT');
    const q = await estimate(client, { from: 'USDT', to: 'BTC', direction: 'from', amount: main });
    expect(q.status).toBe(200);
    const moved = await client.post('/api/v4/main-account/transfer', {
      ticker: 'USDT',
      amount: '1',
      from: 'main',
      to: 'spot',
    });
    expect(moved.status).toBeLessThan(300);
    const r = await confirm(client, q.json.id);
    expect([r.status, r.json]).toEqual([
      400,
      { code: 37, message: 'Validation failed', errors: { amount: ['validation.balance'] } },
    ]);
  });

  it.each([
    [{ to: 'BTC', direction: 'from', amount: '1' }, 422, 30, { from: ['validation.required'] }],
    [{ from: 'USDT', to: 'BTC', direction: 'from' }, 422, 30, { amount: ['validation.required'] }],
    [
      { from: 'USDT', to: 'BTC', direction: 'up', amount: '1' },
      422,
      30,
      { direction: ['Direction field does not exist in [from,to].'] },
    ],
    [
      { from: 'NOPE', to: 'BTC', direction: 'from', amount: '1' },
      422,
      0,
      { from: ['Conversion markets not available'] },
    ],
    [
      { from: 'SOL', to: 'XRP', direction: 'from', amount: '1' },
      422,
      0,
      { from: ['Conversion markets not available'] },
    ],
    [
      { from: 'USDT', to: 'BTC', direction: 'from', amount: '0.0000001' },
      422,
      0,
      { amount: ['validation.amount_too_small'] },
    ],
    [
      { from: 'USDT', to: 'BTC', direction: 'from', amount: '1000000000000' },
      400,
      32,
      { amount: ['frontendServerSide.converter.amountIsTooBig'] },
    ],
    [
      { from: 'BTC', to: 'USDT', direction: 'from', amount: '1000' },
      400,
      37,
      { amount: ['validation.balance'] },
    ],
  ])('estimate refuses %j', async (fields, status, code, errors) => {
    const r = await estimate(client, fields);
    expect([r.status, r.json]).toEqual([status, { code, message: 'Validation failed', errors }]);
  });

  it.each([
    [undefined, { quoteId: ['validation.required'] }],
    ['12a', { quoteId: ['validation.numeric_integer'] }],
    ['12345678901234567890', { quoteId: ['validation.numeric_field_length'] }],
  ])('confirm refuses quoteId %j with code 30', async (quoteId, errors) => {
    const r = await confirm(client, quoteId);
    expect([r.status, r.json]).toEqual([422, { code: 30, message: 'Validation failed', errors }]);
  });

  it('history lists converts newest first with their path, filtered and paged', async () => {
    const a = await estimate(client, { from: 'USDT', to: 'SOL', direction: 'from', amount: '30' });
    await confirm(client, a.json.id);
    const b = await estimate(client, { from: 'SOL', to: 'USDT', direction: 'to', amount: '10' });
    await confirm(client, b.json.id);
    const page = await client.post<HistoryPage>('/api/v4/convert/history', { limit: 2 });
    expect(page.status).toBe(200);
    expect([page.json.limit, page.json.offset]).toEqual([2, 0]);
    expect(page.json.records.map((r) => r.id)).toEqual([b.json.id, a.json.id]);
    expect(page.json.records[0]).toMatchObject({
      give: b.json.give,
      receive: b.json.receive,
      rate: b.json.rate,
      path: [{ from: 'SOL', to: 'USDT', rate: b.json.rate }],
    });
    const sol = await client.post<HistoryPage>('/api/v4/convert/history', { fromTicker: 'SOL' });
    expect(sol.json.records.map((r) => r.id)).toEqual([b.json.id]);
    expect(sol.json.total).toBe(1);
    const byQuote = await client.post<HistoryPage>('/api/v4/convert/history', {
      quote_id: a.json.id,
    });
    expect(byQuote.json.records.map((r) => r.id)).toEqual([a.json.id]);
    const old = await client.post<HistoryPage>('/api/v4/convert/history', {
      from: '1000000000',
      to: '1000086400',
    });
    expect(old.json.records).toEqual([]);
  });

  it.each([
    [{ fromTicker: 'NOPE' }, { fromTicker: ['fromTicker is invalid.'] }],
    [{ toTicker: 'NOPE' }, { toTicker: ['toTicker is invalid.'] }],
    [
      { from: '1000000000', to: '1100000000' },
      {
        from: ['api.validation.dateTime.maxRange'],
        to: ['api.validation.dateTime.maxRange'],
      },
    ],
    [{ from: 'yesterday' }, { from: ['validation.numeric_integer'] }],
    [{ limit: 101 }, { limit: ['validation.numeric_field_length'] }],
    [{ offset: -1 }, { offset: ['validation.length_min'] }],
  ])('history refuses %j with code 30', async (fields, errors) => {
    const r = await client.post<ErrorBody>('/api/v4/convert/history', fields);
    expect([r.status, r.json]).toEqual([422, { code: 30, message: 'Validation failed', errors }]);
  });
});

describe('converts and quotes in the saved state', () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-exchange-convert-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('survive a restart: the history, the balances and an open quote', async () => {
    const statePath = join(dir, 'state.json');
    const first = await start({ statePath, persistDebounceMs: 10 });
    const done = await estimate(first.client, {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '50',
    });
    await confirm(first.client, done.json.id);
    const open = await estimate(first.client, {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '5',
    });
    const held = await heldOf(first.client, 'BTC');
    await first.ex.flush();
    await first.ex.stop();

    const second = await start({ statePath, persistDebounceMs: 10 });
    try {
      expect(await heldOf(second.client, 'BTC')).toEqual(held);
      const page = await second.client.post<HistoryPage>('/api/v4/convert/history');
      expect(page.json.records.map((r) => r.id)).toEqual([done.json.id]);
      expect((await confirm(second.client, open.json.id)).status).toBe(200);
      const next = await estimate(second.client, {
        from: 'USDT',
        to: 'BTC',
        direction: 'from',
        amount: '5',
      });
      expect(Number(next.json.id)).toBeGreaterThan(Number(open.json.id));
    } finally {
      await second.ex.stop();
    }
  });
});
