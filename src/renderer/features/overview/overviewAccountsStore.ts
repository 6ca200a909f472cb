import { MAIN_ACCOUNT } from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote, mutate } from '../../lib/remote';

interface OverviewAccountsActions {
  /** Keeps the accounts counted (main answers the new view); rejects with the DeskError. */
  choose(ids: string[]): Promise<void>;
}

/**
 * The accounts the Overview counts (issue 34 item 4), kept by main per profile, and those it can
 * count. Choosing reloads the Overview (remote.ts INVALIDATES), which asks in the new scope.
 */
export const useOverviewAccounts = createRemote(
  { channel: 'portfolio.accounts', fetch: () => getDesk().portfolio.accounts() },
  (_get, set): OverviewAccountsActions => ({
    async choose(ids) {
      await mutate('portfolio.setAccounts', async () => {
        const data = await getDesk().portfolio.setAccounts({ accounts: ids });
        // Taken before the Overview reloads, so that it asks in this scope.
        set({ data, error: undefined });
        return data;
      });
    },
  }),
);

/**
 * The scope the Overview asks in: undefined for the main account's own view (the one main records),
 * else the ids counted.
 */
export function overviewScope(): string[] | undefined {
  const counted = useOverviewAccounts.getState().data?.counted;
  return counted && !sameAccounts(counted, [MAIN_ACCOUNT]) ? counted : undefined;
}

/** Whether two lists name the same accounts, in any order. */
export function sameAccounts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');
}
