import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { NonceSource } from '../../../src/main/exchange/nonce';
import { WorkerBook, miningWorkers } from '../../../src/main/services/miningWorkers';
import { setup, teardown, unlimitedPacer, type Setup } from '../exchange/helpers';

/**
 * The Workers table against the demo exchange, whose clock the test holds (a fixed `now`): the
 * pool's names, counts and each worker's last 24 h, and a worker that disappears from the names
 * list becoming offline.
 */
const NOW = Math.floor(Date.now() / 1000 / 300) * 300 + 150;

describe.each(CASINGS)('miningWorkers, %s casing', (casing) => {
  let s: Setup;
  beforeAll(async () => {
    // The client's nonces on the exchange's clock (one millisecond apart from NOW).
    s = await setup(
      { casing, control: true, now: () => NOW * 1000 },
      { pacer: unlimitedPacer(), nonces: new NonceSource(() => NOW * 1000) },
    );
  });
  afterAll(() => teardown(s));

  it('lists the accounts and every worker with its averages and the pool counts', async () => {
    const accounts = await s.api.miningAccounts();
    expect(accounts.map((a) => a.name)).toEqual(['demo-miner-off', 'demo-rig-b', 'demo-miner']);
    const table = await miningWorkers(s.api, new WorkerBook(), 'demo-miner', NOW * 1000);
    expect(table.workers.map((w) => w.name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `rig-${String(i + 1).padStart(2, '0')}`),
    );
    expect(table.info.workers).toEqual({ online: 12, offline: 0, low: 0 });
    const rig = table.workers[0]!;
    expect(rig.status).toBe('online');
    expect(Number(rig.average24h)).toBeGreaterThan(7e12);
    expect(Number(rig.average24h)).toBeLessThan(14e12);
    expect(rig.sparkline).toHaveLength(24);
    expect(rig.lastSeen).toBe(Math.floor(NOW / 300) * 300 * 1000);
    expect(rig.rejectRate).toBeGreaterThan(0);
  });

  it('a worker gone from the names list is offline, with when it was last seen', async () => {
    const book = new WorkerBook();
    await miningWorkers(s.api, book, 'demo-miner', NOW * 1000);
    const since = Math.floor(NOW / 300) * 300 - 1800;
    await fetch(`${s.ex.url}/__control/mining/worker`, {
      method: 'POST',
      body: JSON.stringify({ worker: 'rig-03', state: 'offline', since }),
    });
    const table = await miningWorkers(s.api, book, 'demo-miner', NOW * 1000);
    const rig = table.workers.find((w) => w.name === 'rig-03')!;
    expect([rig.status, rig.now, rig.lastSeen]).toEqual(['offline', '0', (since - 300) * 1000]);
    expect(table.info.workers.offline).toBe(1);
    // A fresh book never saw it: the pool alone does not name offline workers.
    const fresh = await miningWorkers(s.api, new WorkerBook(), 'demo-miner', NOW * 1000);
    expect(fresh.workers.map((w) => w.name)).not.toContain('rig-03');
  });

  it('an unknown account is a field error on the account', async () => {
    await expect(
      miningWorkers(s.api, new WorkerBook(), 'nobody', NOW * 1000),
    ).rejects.toMatchObject({
      fields: { account: ["Mining pool account 'nobody' not found"] },
    });
  });
});
