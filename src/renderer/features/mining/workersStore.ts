import type { ChannelInput } from '../../../shared/contract';
import type { WorkerRow, WorkerStatus } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';

/** The active profile's mining accounts (the account picker). */
export const useMiningAccounts = createRemote({
  channel: 'mining.accounts',
  fetch: () => getDesk().mining.accounts(),
});

/** The Workers table of one account. */
export const useWorkers = createRemote({
  channel: 'mining.workers',
  fetch: (query: { account: string }) => getDesk().mining.workers(query),
});

/** One worker's hashrate over the account chart's period (its row opens it). */
export const useWorkerHashrate = createRemote({
  channel: 'mining.hashrate',
  fetch: (query: ChannelInput<'mining.hashrate'> & { worker: string }) =>
    getDesk().mining.hashrate(query),
});

export type StatusFilter = 'all' | WorkerStatus;

/** The rows a filter keeps: the name contains `text` (any case) and the status matches. */
export function filterWorkers(
  rows: readonly WorkerRow[],
  text: string,
  status: StatusFilter,
): WorkerRow[] {
  const needle = text.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (status === 'all' || row.status === status) &&
      (needle === '' || row.name.toLowerCase().includes(needle)),
  );
}
