import type { CsvExport } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';

export interface RewardsQuery {
  account: string;
  quote: string;
}

/**
 * One mining account's daily rewards as main keeps them (synced into the history database on each
 * load: only new and still-changing days are fetched), valued in Settings' quote at each day's
 * close, with the totals per month.
 */
export const useRewards = createRemote({
  channel: 'mining.rewards',
  fetch: (query: RewardsQuery) => getDesk().mining.rewards(query),
});

/** The same rows as CSV, through main's CSV path (save dialog or download). */
export function exportRewardsCsv(query: RewardsQuery): Promise<CsvExport> {
  return getDesk().mining.exportRewardsCsv(query);
}
