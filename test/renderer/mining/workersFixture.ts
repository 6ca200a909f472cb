import type { MiningWorkers, WorkerRow } from '../../../src/shared/model';

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
  };
}
