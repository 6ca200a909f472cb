import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfilesState, StreamStatus } from '../../src/shared/model';
import { startApp, type App } from '../support/webhost';
import { startHostileExchange, streamOrder, type HostileExchange } from './hostileExchange';

/**
 * Exchange data is untrusted (docs/testing.md, Fuzz suites), for the stream, end to end: the real core and web host, a custom profile on the
 * hostile exchange (test/fuzz/hostileExchange.ts), its /ws sending generated frames of every kind
 * the app subscribes to, each broken in one or more ways (ids, markets, client order ids, balance
 * keys, amounts, crossed books, the token echoed plainly or escaped, unknown methods, garbage),
 * then a flood. Main must stay up; everything it pushes to the page must obey the rules of fetched
 * data; the token must reach neither the page nor the log; a flood is dropped and reconnected at
 * most 8 tokens a minute. Prints its counts and the seed.
 */

const FRAMES = 3_000;
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_301);
const CLIENT_ORDER_ID = /^[A-Za-z0-9._-]{1,64}$/;
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

let ex: HostileExchange;
let app: App;
let token = '';
const logged: string[] = [];

async function rpc<T>(channel: string, input?: unknown): Promise<T> {
  const response = await fetch(`${app.host.url}/rpc/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input === undefined ? {} : { input }),
  });
  const envelope = (await response.json()) as { ok: boolean; value?: T; error?: unknown };
  if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`);
  return envelope.value as T;
}

const status = () => rpc<StreamStatus>('stream.status');

/** Every event main sent towards the page, parsed. */
function pushed(): Array<{ event: string; payload: Record<string, unknown> }> {
  return app.sent
    .filter((text) => text.startsWith('{"event":'))
    .map((text) => JSON.parse(text) as { event: string; payload: Record<string, unknown> });
}

// Generated frames --------------------------------------------------------------------------

const update = (method: string, params: unknown) => JSON.stringify({ id: null, method, params });

/** Mostly `good` (four times in five), else `bad`: enough whole frames pass to check them. */
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: good, weight: 4 }, { arbitrary: bad, weight: 1 });

const hostileText = () =>
  mostly(
    fc.constant('BTC_USDT'),
    fc.oneof(
      fc.constantFrom('', 'ETH_USDT', '__proto__', 'constructor', 'x'.repeat(300), 'TOKEN'),
      fc.string({ maxLength: 80 }),
    ),
  );

const hostileNumber = () =>
  mostly(
    fc.constantFrom('1', '0.5', '39999.5', '40001', '0.0001'),
    fc.oneof(
      fc.constantFrom('-1', '1e600000000', 'NaN', '', '0x10', ' 1'),
      fc.double(),
      fc.constant(null),
      fc.constant({}),
    ),
  );

const hostileId = () =>
  mostly(
    fc.integer({ min: 1, max: 1_000_000 }),
    fc.oneof(
      fc.integer({ min: -1_000_000, max: 0 }),
      fc.constantFrom(1.5, Number.MAX_SAFE_INTEGER + 2, '7', null),
    ),
  );

const clientOrderId = () =>
  mostly(
    fc.constantFrom('', 'mine-1', 'a.B_c-9'),
    fc.oneof(
      fc.constantFrom('a b', '<img src=x>', '=HYPERLINK("x")', 'x'.repeat(65), 'id\u202e', 'TOKEN'),
      fc.string({ maxLength: 70 }),
    ),
  );

const balanceFrame = fc
  .record({
    key: mostly(
      fc.constantFrom('BTC', 'USDT', 'ETH'),
      fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'x'.repeat(101), 'TOKEN'),
        fc.string({ maxLength: 20 }),
      ),
    ),
    available: hostileNumber(),
    freeze: hostileNumber(),
  })
  .map(
    ({ key, available, freeze }) =>
      // Written by hand: a key "__proto__" must reach the wire as an own key.
      `{"id":null,"method":"balanceSpot_update","params":[{${JSON.stringify(key)}:` +
      `${JSON.stringify({ available, freeze })}}]}`,
  );

const orderFrame = fc
  .record({
    method: fc.constantFrom('ordersPending_update', 'ordersExecuted_update'),
    event: mostly(fc.constantFrom(1, 2, 3), fc.constantFrom(0, 7, '1')),
    id: hostileId(),
    market: hostileText(),
    clientOrderId: clientOrderId(),
    amount: hostileNumber(),
    side: mostly(fc.constantFrom(1, 2), fc.constantFrom(3, 'buy')),
    type: mostly(fc.constantFrom(1, 2, 202), fc.constantFrom(999, 'limit')),
  })
  .map((o) => {
    const order = {
      ...streamOrder(1),
      id: o.id,
      market: o.market,
      client_order_id: o.clientOrderId,
      amount: o.amount,
      side: o.side,
      type: o.type,
    };
    return update(o.method, o.method === 'ordersPending_update' ? [o.event, order] : [order]);
  });

const level = () => fc.tuple(hostileNumber(), hostileNumber());
const depthFrame = fc
  .record({
    full: fc.boolean(),
    updateId: hostileId(),
    asks: fc.array(fc.oneof(level(), fc.constantFrom(['39000', '1'], ['40002', '1'])), {
      maxLength: 5,
    }),
    bids: fc.array(fc.oneof(level(), fc.constantFrom(['41000', '1'], ['39998', '1'])), {
      maxLength: 5,
    }),
    market: mostly(fc.constant('BTC_USDT'), fc.constantFrom('ETH_USDT', '')),
  })
  .map((d) =>
    update('depth_update', [
      d.full,
      { update_id: d.updateId, past_update_id: 1, asks: d.asks, bids: d.bids },
      d.market,
    ]),
  );

const tradesFrame = fc
  .record({ id: hostileId(), price: hostileNumber(), market: hostileText() })
  .map((t) =>
    update('trades_update', [
      t.market,
      [{ id: t.id, time: 1_700_000_000, price: t.price, amount: '1', type: 'buy' }],
    ]),
  );

const lastPriceFrame = fc
  .tuple(hostileText(), hostileNumber())
  .map(([market, price]) => update('lastprice_update', [market, price]));

const unknownFrame = fc
  .oneof(fc.string({ maxLength: 60 }), fc.constantFrom('TOKEN', 'TOKEN_update'))
  .map((method) => update(method, []));

const garbageFrame = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{"id":', '['.repeat(1_000), 'null', '{"id":99999,"result":"x","error":null}'),
);

const frame = fc.oneof(
  balanceFrame,
  orderFrame,
  depthFrame,
  tradesFrame,
  lastPriceFrame,
  unknownFrame,
  garbageFrame,
);

/** 'TOKEN' in a generated frame stands for the token, written plainly or with JSON escapes. */
function withToken(text: string, escaped: boolean): string {
  const written = escaped
    ? [...token].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
    : token;
  return text.replaceAll('TOKEN', written);
}

// The run -----------------------------------------------------------------------------------

let profileId = '';

beforeAll(async () => {
  for (const method of ['log', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => {
      logged.push(parts.map(String).join(' '));
    });
  }
  ex = await startHostileExchange();
  token = ex.ws.token;
  app = await startApp({ statusIntervalMs: 600_000 });
  const secret = randomBytes(16).toString('hex');
  const added = await rpc<ProfilesState>('profiles.add', {
    name: 'Hostile stream',
    region: 'custom',
    customUrl: ex.url,
    apiKey: 'hostile-stream-key',
    apiSecret: secret,
  });
  profileId = added.profiles.find((p) => p.name === 'Hostile stream')!.id;
  await rpc('profiles.activate', { id: profileId });
  await vi.waitFor(async () => expect((await status()).mode).toBe('live'), {
    timeout: 20_000,
    interval: 100,
  });
  await rpc('stream.watch', { market: 'BTC_USDT' });
}, 60_000);

afterAll(async () => {
  // Its key leaves the keychain the other suites share.
  if (app && profileId) await rpc('profiles.remove', { id: profileId }).catch(() => undefined);
  await app?.stop();
  await ex?.stop();
  vi.restoreAllMocks();
});

describe('a hostile stream gets dropped frames, never a crash, a leak or a flood', () => {
  it('pushes to the page only what obeys the rules, whatever the frames', async () => {
    const frames = fc.sample(fc.tuple(frame, fc.boolean()), { numRuns: FRAMES, seed: SEED });
    let tokenFrames = 0;
    for (let i = 0; i < frames.length; i += 100) {
      for (const [text, escaped] of frames.slice(i, i + 100)) {
        const sent = withToken(text, escaped);
        if (sent !== text) tokenFrames += 1;
        ex.ws.send(sent);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A last, good balance: once it is pushed, every frame before it was read.
    ex.ws.send(update('balanceSpot_update', [{ SENTINEL: { available: '42', freeze: '0' } }]));
    await vi.waitFor(
      () =>
        expect(
          pushed().some(
            (p) => p.event === 'stream.balances' && 'SENTINEL' in (p.payload.balances as object),
          ),
        ).toBe(true),
      { timeout: 20_000, interval: 100 },
    );
    expect((await status()).mode).toBe('live');

    const events = pushed();
    const count = (event: string) => events.filter((p) => p.event === event).length;
    const orders = events
      .filter((p) => p.event === 'stream.orders')
      .flatMap((p) => p.payload.changes as unknown[]).length;
    console.info(
      `[hostile stream] seed ${SEED}: ${FRAMES} frames (${tokenFrames} with the token), pushed ` +
        `${count('stream.balances')} balance batches, ${count('stream.orders')} order batches ` +
        `(${orders} orders), ` +
        `${count('stream.book')} books, ${count('stream.trades')} trades, ${count('stream.prices')} prices`,
    );
    for (const { event, payload } of events) {
      const where = `${event} ${JSON.stringify(payload).slice(0, 300)}`;
      if (event === 'stream.orders') {
        for (const { order } of payload.changes as Array<{ order: Record<string, unknown> }>) {
          expect(Number.isSafeInteger(order.orderId) && (order.orderId as number) > 0, where).toBe(
            true,
          );
          expect(order.market, where).toBe('BTC_USDT');
          const id = order.clientOrderId as string;
          expect(id === '' || CLIENT_ORDER_ID.test(id), where).toBe(true);
        }
      }
      if (event === 'stream.balances') {
        for (const key of Object.keys(payload.balances as object)) {
          expect(PROTOTYPE_KEYS.has(key) || key.length > 100, where).toBe(false);
        }
      }
      if (event === 'stream.book') {
        const book = payload.book as { asks: [string][]; bids: [string][] };
        if (book.asks[0] && book.bids[0]) {
          expect(Number(book.bids[0][0]) < Number(book.asks[0][0]), where).toBe(true);
        }
      }
      if (event === 'stream.trades') {
        for (const trade of payload.trades as Array<{ tradeId: number }>) {
          expect(trade.tradeId > 0, where).toBe(true);
        }
      }
    }
    // Enough passed for the checks above to mean something.
    expect(orders).toBeGreaterThan(50);
    expect(tokenFrames).toBeGreaterThan(0);
    expect(app.sent.filter((text) => text.includes(token))).toEqual([]);
    expect(logged.filter((line) => line.includes(token))).toEqual([]);
    expect(logged.join('\n')).toMatch(/\[stream\] dropped a message/);
  }, 120_000);

  it('drops a flood of 10,000 messages a second, and asks at most 8 tokens a minute', async () => {
    const before = ex.ws.connections();
    await ex.ws.flood(10_000, 5);
    const words = (await status()).reason ?? '';
    const connections = ex.ws.connections() - before;
    const perMinute = Math.max(
      ...ex.ws.tokenRequests.map(
        (at) => ex.ws.tokenRequests.filter((t) => t >= at && t < at + 60_000).length,
      ),
    );
    console.info(
      `[hostile stream] flood 10,000/s for 5 s: ${connections} connections, ` +
        `${ex.ws.tokenRequests.length} tokens in all, at most ${perMinute} in a minute; status: ${words}`,
    );
    expect(logged.join('\n')).toMatch(/flooding: more than 2000 messages a second for 2 s/);
    expect(perMinute).toBeLessThanOrEqual(8);
    // Main still answers, and goes live again once the flood is over.
    await vi.waitFor(async () => expect((await status()).mode).toBe('live'), {
      timeout: 40_000,
      interval: 200,
    });
  }, 90_000);
});
