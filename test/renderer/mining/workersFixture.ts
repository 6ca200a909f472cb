import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setDesk } from '../../../src/renderer/lib/desk';
import { clearRemotes } from '../../../src/renderer/lib/remote';
import { sizeTableBodies } from '../overview/fixtures';
import type { MiningAlerts, MiningWorkers, WorkerRow } from '../../../src/shared/model';

export const FIXED_NOW = 1_800_000_000_000;

/** A worker row: about 10 TH/s, online unless told otherwise. */
export function worker(name: string, overrides: Partial<WorkerRow> = {}): WorkerRow {
  return {
    name,
    status: 'online',
    lastSeen: FIXED_NOW,
    now: '10000000000000',
    average1h: '10000000000000',
    average24h: '10000000000000',
    rejectRate: 0.004,
    sparkline: Array.from({ length: 24 }, () => '10000000000000'),
    ...overrides,
  };
}

export function workersOf(account: string, rows: WorkerRow[]): MiningWorkers {
  const count = (s: WorkerRow['status']) => rows.filter((r) => r.status === s).length;
  return {
    account,
    info: {
      fee: '2',
      workers: { online: count('online'), low: count('low'), offline: count('offline') },
      stratum: [],
    },
    workers: rows,
    fetchedAt: FIXED_NOW,
  };
}

/** The fake desk's mining.accounts and mining.workers: `accounts`, and `rows` for any account. */
export function workersServed(
  rows: WorkerRow[] = [worker('rig-01')],
  accounts: string[] = ['demo-miner', 'demo-rig-b'],
) {
  return {
    'mining.accounts': async () => ({
      accounts: accounts.map((name) => ({ name, createdAt: FIXED_NOW })),
      fetchedAt: FIXED_NOW,
    }),
    'mining.workers': async (input: unknown) =>
      workersOf((input as { account: string }).account, rows),
    'mining.alerts': async () => noAlerts(),
    'mining.payout': async (input: unknown) => ({
      account: (input as { account: string }).account,
      destination: 'main_balance' as const,
      address: null,
      fetchedAt: FIXED_NOW,
    }),
    'mining.watcherLinks': async (input: unknown) => ({
      account: (input as { account: string }).account,
      links: [],
      fetchedAt: FIXED_NOW,
    }),
    'mining.pool': async () => POOL,
    'mining.rewards': async (input: unknown) => {
      const { account, quote } = input as { account: string; quote: string };
      return {
        account,
        quote,
        quotePlaces: 2,
        precisions: {},
        rows: [],
        months: [],
        fetchedAt: FIXED_NOW,
      };
    },
  };
}

/** The pool's figures: 250 PH/s now, 1,846 workers, a 7-day mean of 250 PH/s. */
export const POOL = {
  hashrate: '250000000000000000',
  workers: 1846,
  average7d: '250000000000000000',
  fetchedAt: FIXED_NOW,
};

/** The alerts of a profile that has none yet. */
export function noAlerts(overrides: Partial<MiningAlerts> = {}): MiningAlerts {
  return {
    events: [],
    rules: [],
    quietHours: null,
    lastSeenAt: null,
    lastPollAt: null,
    intervalMs: 300_000,
    fetchedAt: FIXED_NOW,
    ...overrides,
  };
}

/** A Mining section test's set-up: table bodies with a height, and everything reset after each. */
export function sectionTestSetUp(): void {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = sizeTableBodies(400);
  });
  afterEach(() => {
    restore();
    cleanup();
    clearRemotes();
    setDesk(undefined);
  });
}
