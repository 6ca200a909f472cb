import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Client } from './helpers';
import { list, problems, rec, type Shape } from '../shapes';
import type { DemoExchange } from '../../src/server';

/**
 * The mining pool endpoints: a conformance table per endpoint, written by hand from the exchange's
 * OpenAPI (private/main_api_v4.yaml, tag Mining Pool, and MiningReward; public/http-v4.yaml,
 * /api/v4/public/mining-pool), never from src/fields.ts. The specification names no fields for
 * them, so both casings answer these names. Marks as in conformance.test.ts.
 *
 * The exchange's clock is held by the test (a fixed `now`), so the seeded states are known.
 */
const NOW = Math.floor(Date.now() / 1000 / 300) * 300 + 150;
const DAY = 86400;
const TODAY = Math.floor(NOW / DAY) * DAY;

// mining/accounts: {data: [{name, createdAt}], limit, offset}.
const ACCOUNTS = rec('data limit offset', { data: list(rec('name createdAt')) });
// mining/hashrate: as conformance.test.ts (notes §5 adds rejectRate).
const HASHRATE = rec('data', {
  data: rec('account hashrate', { hashrate: list(rec('timestamp hashrate rejectRate')) }),
});
// workers/names: {data: {workers: [string]}, limit, offset}.
const NAMES = rec('data limit offset', { data: rec('workers') });
// workers/hashrate: {data: {hashrates: [{time, hashrate}]}}.
const WORKER_HASHRATE = rec('data', {
  data: rec('hashrates', { hashrates: list(rec('time hashrate')) }),
});
// miners/info: {data: {fee, workers: {online, offline, low}, stratum: [{url, workersCount}]}}.
const INFO = rec('data', {
  data: rec('fee workers stratum', {
    workers: rec('online offline low'),
    stratum: list(rec('url workersCount')),
  }),
});
// mining/rewards: {offset, limit, data: [MiningReward]}.
const REWARD = rec(
  'miningAccountName payoutDestination payoutTransactionHash payoutAddress payoutTime ' +
    'rewardCurrency totalReward reward fee fppsRate hashRate date status',
);
const REWARDS = rec('offset limit data', { data: list(REWARD) });
// payout-destination and /edit: {payoutDestination, externalAddress} (no envelope).
const PAYOUT = rec('payoutDestination externalAddress');
// watcher-links/create: 201 {data: {id, link, liveUntil, createdAt}}.
const LINK_CREATED = rec('data', { data: rec('id link liveUntil createdAt') });
// watcher-links/list: {data: [{id, accounts, name, link, permissions, liveUntil, createdAt}]}.
const LINKS = rec('data', {
  data: list(rec('id accounts name link permissions liveUntil createdAt')),
});
// public/mining-pool: snake_case.
const POOL = rec('data', {
  data: rec(
    'connection_links location assets reward_schemes workers current_hash_rate ' +
      'last7days_hash_rate blocks',
    {
      last7days_hash_rate: list(rec('timestamp hashrate')),
      blocks: list(rec('block_found_at block_height')),
    },
  ),
});

const ENDPOINTS: Record<string, { shape: Shape; call: (c: Client) => Promise<unknown> }> = {
  'POST /api/v4/mining/accounts': {
    shape: ACCOUNTS,
    call: (c) => answer(c.post('/api/v4/mining/accounts')),
  },
  'POST /api/v4/mining/hashrate': {
    shape: HASHRATE,
    call: (c) => answer(c.post('/api/v4/mining/hashrate', { account: 'demo-miner' })),
  },
  'POST /api/v4/mining/workers/names': {
    shape: NAMES,
    call: (c) => answer(c.post('/api/v4/mining/workers/names', { account: 'demo-miner' })),
  },
  'POST /api/v4/mining/workers/hashrate': {
    shape: WORKER_HASHRATE,
    call: (c) =>
      answer(
        c.post('/api/v4/mining/workers/hashrate', { account: 'demo-miner', worker: 'rig-01' }),
      ),
  },
  'POST /api/v4/mining/miners/info': {
    shape: INFO,
    call: (c) => answer(c.post('/api/v4/mining/miners/info', { account: 'demo-miner' })),
  },
  'POST /api/v4/mining/rewards': {
    shape: REWARDS,
    call: (c) => answer(c.post('/api/v4/mining/rewards', { account: 'demo-rig-b', limit: 100 })),
  },
  'POST /api/v4/mining/payout-destination': {
    shape: PAYOUT,
    call: (c) => answer(c.post('/api/v4/mining/payout-destination', { accountName: 'demo-miner' })),
  },
  'POST /api/v4/mining/payout-destination/edit': {
    shape: PAYOUT,
    call: (c) =>
      answer(
        c.post('/api/v4/mining/payout-destination/edit', {
          accountName: 'demo-miner-off',
          destination: 'main_balance',
        }),
      ),
  },
  'POST /api/v4/mining/watcher-links/create': {
    shape: LINK_CREATED,
    call: (c) =>
      answer(
        c.post('/api/v4/mining/watcher-links/create', {
          accounts: ['demo-miner-off'],
          name: 'conformance',
          permissions: ['dashboard'],
          liveUntil: '1h',
        }),
      ),
  },
  'POST /api/v4/mining/watcher-links/list': {
    shape: LINKS,
    call: (c) => answer(c.post('/api/v4/mining/watcher-links/list', { account: 'demo-miner-off' })),
  },
  'GET /api/v4/public/mining-pool': {
    shape: POOL,
    call: (c) => answer(c.get('/api/v4/public/mining-pool')),
  },
};

async function answer(p: Promise<{ status: number; json: unknown }>): Promise<unknown> {
  const r = await p;
  if (r.status !== 200 && r.status !== 201) {
    throw new Error(`HTTP ${r.status}: ${JSON.stringify(r.json)}`);
  }
  return r.json;
}

describe.each(['deployed', 'spec'] as const)('mining, %s casing', (casing) => {
  let ex: DemoExchange;
  let client: Client;
  beforeAll(async () => ({ ex, client } = await start({ casing, now: () => NOW * 1000 })));
  afterAll(() => ex.stop());

  it.each(Object.keys(ENDPOINTS))('%s conforms to the table', async (name) => {
    const endpoint = ENDPOINTS[name]!;
    expect(problems(await endpoint.call(client), endpoint.shape, 'answer')).toEqual([]);
  });

  it('lists the accounts newest first, and one by name', async () => {
    type Page = { data: { name: string; createdAt: number }[] };
    const all = await client.post<Page>('/api/v4/mining/accounts');
    expect(all.json.data.map((a) => a.name)).toEqual([
      'demo-miner-off',
      'demo-rig-b',
      'demo-miner',
    ]);
    const one = await client.post<Page>('/api/v4/mining/accounts', { name: 'demo-rig-b' });
    expect(one.json.data.map((a) => a.name)).toEqual(['demo-rig-b']);
  });

  it('names the online workers only, alphabetical, paged; info counts them', async () => {
    type Names = { data: { workers: string[] }; limit: number; offset: number };
    const b = await client.post<Names>('/api/v4/mining/workers/names', { account: 'demo-rig-b' });
    // b-12 has been offline since 20:00 UTC yesterday (seeded).
    expect(b.json.data.workers).toEqual(
      Array.from({ length: 11 }, (_, i) => `b-${String(i + 1).padStart(2, '0')}`),
    );
    const page = await client.post<Names>('/api/v4/mining/workers/names', {
      account: 'demo-rig-b',
      offset: 10,
      limit: 5,
    });
    expect([page.json.data.workers, page.json.limit, page.json.offset]).toEqual([['b-11'], 5, 10]);
    type Info = { data: { fee: string; workers: Record<string, number> } };
    const info = await client.post<Info>('/api/v4/mining/miners/info', { account: 'demo-rig-b' });
    const low = new Date(NOW * 1000).getUTCHours() >= 12 && new Date(NOW * 1000).getUTCHours() < 14;
    expect(info.json.data.fee).toBe('2');
    expect(info.json.data.workers).toEqual({ online: low ? 10 : 11, offline: 1, low: low ? 1 : 0 });
  });

  it('refuses bad mining input with code 0 (HTTP 400) and bad ranges with 422', async () => {
    const long = 'w'.repeat(10_000);
    for (const [path, fields, key] of [
      ['/api/v4/mining/workers/names', { account: 'nobody' }, 'user'],
      ['/api/v4/mining/workers/names', { account: long }, 'account'],
      ['/api/v4/mining/workers/names', { account: 'demo-miner', limit: 101 }, 'limit'],
      ['/api/v4/mining/workers/hashrate', { account: 'demo-miner', worker: long }, 'worker'],
      ['/api/v4/mining/workers/hashrate', { account: 'demo-miner', worker: 'x' }, 'worker'],
      ['/api/v4/mining/miners/info', {}, 'account'],
      ['/api/v4/mining/payout-destination', { accountName: 'nobody' }, 'user'],
      ['/api/v4/mining/rewards', { limit: 101 }, 'limit'],
      ['/api/v4/mining/rewards', { offset: 10001 }, 'offset'],
    ] as const) {
      const r = await client.post<{ code: number; errors: Record<string, string[]> }>(path, fields);
      expect([path, r.status, r.json.code, Object.keys(r.json.errors)]).toEqual([
        path,
        400,
        0,
        [key],
      ]);
    }
    const rewardsLimit = await client.post<{ errors: Record<string, string[]> }>(
      '/api/v4/mining/rewards',
      { limit: 0 },
    );
    expect(rewardsLimit.json.errors).toEqual({ limit: ['validation.min'] });
    const range = await client.post('/api/v4/mining/workers/hashrate', {
      account: 'demo-miner',
      worker: 'rig-01',
      interval: '5m',
      from: NOW - 8 * DAY,
      to: NOW,
    });
    expect([range.status, range.json]).toEqual([
      422,
      { code: 422, message: 'Incorrect timestamp' },
    ]);
  });

  it('rewards: daily, newest first, fee 2 % of the total, windowed by from/to', async () => {
    type Rewards = {
      data: {
        date: number;
        status: string;
        totalReward: string;
        reward: string;
        fee: string;
        payoutDestination: string;
        payoutTime: number | null;
        miningAccountName: string;
      }[];
    };
    const r = await client.post<Rewards>('/api/v4/mining/rewards', {
      account: 'demo-rig-b',
      limit: 3,
    });
    expect(r.json.data.map((x) => x.date)).toEqual([TODAY - DAY, TODAY - 2 * DAY, TODAY - 3 * DAY]);
    expect(r.json.data.map((x) => x.status)).toEqual(['pending', 'successful', 'successful']);
    for (const x of r.json.data) {
      const total = Number(x.totalReward) * 1e8;
      expect(Math.round(Number(x.fee) * 1e8)).toBe(Math.floor((total * 2) / 100));
      expect(Math.round(Number(x.reward) * 1e8 + Number(x.fee) * 1e8)).toBe(Math.round(total));
      expect(x.payoutDestination).toBe('external_address');
    }
    expect(r.json.data.map((x) => x.payoutTime)).toEqual([
      null,
      TODAY + 3600 - DAY,
      TODAY + 3600 - 2 * DAY,
    ]);
    const window = await client.post<Rewards>('/api/v4/mining/rewards', {
      account: 'demo-miner',
      from: TODAY - 10 * DAY,
      to: TODAY - 5 * DAY + 100,
      limit: 100,
    });
    expect(window.json.data.map((x) => (TODAY - x.date) / DAY)).toEqual([5, 6, 7, 8, 9, 10]);
    const year = await client.post<Rewards>('/api/v4/mining/rewards', {
      account: 'demo-miner',
      offset: 300,
      limit: 100,
    });
    expect(year.json.data.length).toBe(65);
    const canceled = await client.post<Rewards>('/api/v4/mining/rewards', {
      account: 'demo-miner',
      from: TODAY - 201 * DAY,
      to: TODAY - 199 * DAY,
    });
    expect(canceled.json.data.map((x) => x.status)).toEqual([
      'successful',
      'canceled',
      'successful',
    ]);
    const unknown = await client.post<Rewards>('/api/v4/mining/rewards', { account: 'nobody' });
    expect([unknown.status, unknown.json.data]).toEqual([200, []]);
    const all = await client.post<Rewards>('/api/v4/mining/rewards', { limit: 4 });
    expect(all.json.data.map((x) => x.miningAccountName)).toEqual([
      'demo-miner',
      'demo-rig-b',
      'demo-miner',
      'demo-rig-b',
    ]);
    const bad = await client.post('/api/v4/mining/rewards', { from: NOW, to: NOW - 1 });
    expect(bad.status).toBe(422);
  });

  it('edits the payout destination, validating the BTC address', async () => {
    const edit = (fields: Record<string, unknown>) =>
      client.post<{ errors?: Record<string, string[]> }>('/api/v4/mining/payout-destination/edit', {
        accountName: 'demo-miner-off',
        ...fields,
      });
    expect((await edit({ destination: 'external_address' })).json.errors).toEqual({
      address: ['miningPool.validation.payoutDestination.btcAddressRequired'],
    });
    expect(
      (await edit({ destination: 'external_address', address: 'not-btc' })).json.errors,
    ).toEqual({
      address: ['miningPool.validation.payoutDestination.invalidBtcAddress'],
    });
    const ok = await edit({
      destination: 'external_address',
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    });
    expect(ok.json).toEqual({
      payoutDestination: 'external_address',
      externalAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    });
    const read = await client.post('/api/v4/mining/payout-destination', {
      account_name: 'demo-miner-off',
    });
    expect(read.json).toEqual(ok.json);
  });

  it('caps active watcher links at 3 per account', async () => {
    const create = () =>
      client.post<{ data: { liveUntil: number | null; createdAt: number } }>(
        '/api/v4/mining/watcher-links/create',
        { accounts: ['demo-rig-b'], name: 'watch_b', permissions: ['workers'], live_until: '24h' },
      );
    for (let i = 0; i < 3; i++) {
      const r = await create();
      expect([r.status, r.json.data.liveUntil]).toEqual([201, NOW + DAY]);
    }
    const fourth = await create();
    expect([fourth.status, fourth.json]).toEqual([
      400,
      { code: 0, message: 'Validation failed', errors: { user: ['Limit exceeded'] } },
    ]);
    const links = await client.post<{ data: unknown[] }>('/api/v4/mining/watcher-links/list', {
      account: 'demo-rig-b',
    });
    expect(links.json.data.length).toBe(3);
    const bad = await client.post<{ errors: Record<string, string[]> }>(
      '/api/v4/mining/watcher-links/create',
      { accounts: [], name: 'a b', permissions: ['admin'], liveUntil: 'forever' },
    );
    expect(Object.keys(bad.json.errors).sort()).toEqual([
      'accounts',
      'liveUntil',
      'name',
      'permissions',
    ]);
  });
});

describe('mining control', () => {
  let ex: DemoExchange;
  let client: Client;
  const dir = mkdtempSync(join(tmpdir(), 'demo-exchange-mining-'));
  const statePath = join(dir, 'state.json');
  beforeAll(
    async () =>
      ({ ex, client } = await start({ now: () => NOW * 1000, statePath, persistDebounceMs: 10 })),
  );
  afterAll(async () => {
    await ex.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  type Points = { data: { hashrates: { time: number; hashrate: string }[] } };
  const names = async () =>
    (
      await client.post<{ data: { workers: string[] } }>('/api/v4/mining/workers/names', {
        account: 'demo-miner',
      })
    ).json.data.workers;

  it('takes the first worker offline back-dated, then brings it back', async () => {
    const since = NOW - 1800;
    const off = await client.control('POST', '/mining/worker', { state: 'offline', since });
    expect([off.status, off.json]).toEqual([
      200,
      { account: 'demo-miner', worker: 'rig-01', state: 'offline' },
    ]);
    expect(await names()).not.toContain('rig-01');
    const points = await client.post<Points>('/api/v4/mining/workers/hashrate', {
      account: 'demo-miner',
      worker: 'rig-01',
      interval: '5m',
      from: NOW - 3600,
    });
    expect(points.json.data.hashrates.at(-1)?.time).toBeLessThan(since);
    const on = await client.control('POST', '/mining/worker', {
      worker: 'rig-01',
      state: 'online',
    });
    expect(on.json).toEqual({ account: 'demo-miner', worker: 'rig-01', state: 'online' });
    expect(await names()).toContain('rig-01');
  });

  it('refuses a bad change with 400', async () => {
    for (const body of [
      { state: 'asleep' },
      { worker: 'nobody', state: 'low' },
      { account: 'demo-miner-off', state: 'low' },
      { state: 'low', since: NOW + 60 },
    ]) {
      expect((await client.control('POST', '/mining/worker', body)).status).toBe(400);
    }
    expect((await client.control('POST', '/mining/payout', { address: 'x' })).status).toBe(400);
  });

  it('changes the payout destination behind the app, and the change persists', async () => {
    const r = await client.control('POST', '/mining/payout', {});
    expect(r.json).toEqual({
      account: 'demo-miner',
      payoutDestination: 'external_address',
      externalAddress: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    });
    await ex.stop();
    ({ ex, client } = await start({ now: () => NOW * 1000, statePath }));
    const read = await client.post('/api/v4/mining/payout-destination', {
      accountName: 'demo-miner',
    });
    expect(read.json).toEqual({
      payoutDestination: 'external_address',
      externalAddress: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    });
    expect(await names()).toContain('rig-01');
  });
});
