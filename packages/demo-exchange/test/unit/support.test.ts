import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/decimal';
import { LOG_LIMIT, NO_FAULTS, RequestLog, mergeFaults } from '../../src/faults';
import { MARKETS, walkPrice, bookAround } from '../../src/markets';
import { RateLimiter, groupOf } from '../../src/ratelimit';
import { startDemoExchange } from '../../src/server';
import { transferRecords, TRANSFER_COUNT } from '../../src/transfers';

describe('amount parsing', () => {
  it('accepts numeric strings and finite non-negative numbers only', () => {
    expect(parseAmount('1.50')?.toFixed()).toBe('1.5');
    expect(parseAmount(0.1)?.toFixed()).toBe('0.1');
    for (const bad of ['', 'abc', '-1', '1e5', '1.', null, undefined, Number.NaN, -2, {}, true]) {
      expect(parseAmount(bad), String(bad)).toBeNull();
    }
  });
});

describe('price walk and books', () => {
  it('is reproducible, bounded and has asks above bids', () => {
    for (const m of MARKETS) {
      for (const step of [0, 1, 3599, 3600, 1_795_000_000]) {
        const p = walkPrice(42, m, step);
        expect(p.eq(walkPrice(42, m, step))).toBe(true);
        const ratio = p.div(m.base).toNumber();
        expect(ratio).toBeGreaterThan(0.93);
        expect(ratio).toBeLessThan(1.07);
        const book = bookAround(42, m, step, p);
        expect(book.asks.length).toBeGreaterThan(20);
        expect(book.asks[0]?.price.gt(book.bids[0]?.price ?? 0)).toBe(true);
      }
    }
    const m = MARKETS[0];
    if (m) expect(walkPrice(42, m, 10).eq(walkPrice(43, m, 10))).toBe(false);
  });
});

describe('rate limiter', () => {
  it('maps paths to §7 groups', () => {
    expect(groupOf('/api/v4/public/orderbook/BTC_USDT').group).toBe('orderbook');
    expect(groupOf('/api/v4/public/ticker')).toEqual({
      group: 'public',
      key: 'public:/api/v4/public/ticker',
    });
    expect(groupOf('/api/v4/order/new').group).toBe('order');
    expect(groupOf('/api/v4/trade-account/balance').group).toBe('trade');
    expect(groupOf('/api/v4/main-account/history').group).toBe('history');
    expect(groupOf('/api/v4/main-account/smart-flex/plans').group).toBe('flex');
    expect(groupOf('/api/v4/main-account/balance').group).toBe('main');
    expect(groupOf('/api/v4/mining/hashrate').group).toBe('mining');
    expect(groupOf('/api/v4/sub-account/list').group).toBe('subaccount');
    expect(groupOf('/oauth2/refresh_token').group).toBe('refresh');
    expect(groupOf('/api/v4/orders').group).toBe('default');
  });
  it('counts per IP and window', () => {
    let now = 0;
    const rl = new RateLimiter({ limits: { order: 2 } }, () => now);
    expect([1, 2, 3].map(() => rl.allow('a', '/api/v4/order/new'))).toEqual([true, true, false]);
    expect(rl.allow('b', '/api/v4/order/new')).toBe(true);
    now = 10_000;
    expect(rl.allow('a', '/api/v4/order/new')).toBe(true);
  });
});

describe('faults and request log', () => {
  it('merges fault settings, booleans as 1, and refuses unknown keys', () => {
    expect(mergeFaults(NO_FAULTS, { next503: true, latencyMs: 20 })).toMatchObject({
      next503: 1,
      latencyMs: 20,
    });
    expect(mergeFaults(NO_FAULTS, { nope: 1 })).toBe('unknown fault nope');
    expect(mergeFaults(NO_FAULTS, { next503: -1 })).toBe('next503 must not be negative');
  });
  it('keeps the last entries only', () => {
    const log = new RequestLog();
    for (let i = 0; i < LOG_LIMIT + 10; i++)
      log.add({ time: i, method: 'GET', path: '/', query: {}, body: null });
    const entries = log.list();
    expect(entries).toHaveLength(LOG_LIMIT);
    expect(entries[0]?.id).toBe(11);
    expect(log.list(LOG_LIMIT + 5)).toHaveLength(5);
  });
});

describe('seeded transfers', () => {
  it('has 2,500 records, newest first, both methods, many statuses and networks', () => {
    const records = transferRecords(42, 1_795_000_000);
    expect(records).toHaveLength(TRANSFER_COUNT);
    expect(new Set(records.map((r) => r.status)).size).toBeGreaterThan(15);
    expect(new Set(records.map((r) => r.network)).size).toBeGreaterThan(8);
    expect(records.some((r) => r.uniqueId === null)).toBe(true);
    expect(records.at(-1)?.createdAt).toBeGreaterThan(1_795_000_000 - 366 * 86400);
  });
});

describe('start-up', () => {
  // How fast it starts is measured by `npm run bench -- startup` (demo exchange start -> listening).
  it('listens by the time it has started: the first request is answered', async () => {
    const ex = await startDemoExchange();
    try {
      const res = await fetch(`${ex.url}/api/v4/public/ping`);
      expect([res.status, await res.json()]).toEqual([200, ['pong']]);
    } finally {
      await ex.stop();
    }
  });
});

describe('live price walk', () => {
  it('moves with the clock, one step per second, reproducibly', async () => {
    let clock = 1_795_000_000_000;
    const ex = await startDemoExchange({ now: () => clock });
    try {
      const m = MARKETS[0];
      if (!m) throw new Error('no market');
      const a = ex.engine.price(m);
      clock += 400;
      expect(ex.engine.price(m).eq(a)).toBe(true);
      clock += 60_000;
      const b = ex.engine.price(m);
      expect(b.eq(a)).toBe(false);
      expect(b.eq(walkPrice(42, m, Math.floor(clock / 1000)))).toBe(true);
    } finally {
      await ex.stop();
    }
  });
});
