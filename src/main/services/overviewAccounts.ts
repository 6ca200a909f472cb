import { MAIN_ACCOUNT, type OverviewAccounts } from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';
import { listSubAccounts, MAIN_ACCOUNT_ALIAS } from './portfolio';

/** Where the choice is kept, per profile (accounts/profileStore.ts, in profiles.json). */
export interface OverviewAccountsStore {
  overviewAccounts(profileId: string): readonly string[] | undefined;
  setOverviewAccounts(profileId: string, ids: readonly string[]): Promise<void>;
}

/**
 * The accounts a profile's Overview counts (issue 34 item 4), kept across restarts: the main
 * account alone until the user chooses. A kept sub-account that no longer exists is dropped
 * (and the choice saved without it); a new sub-account is not counted until chosen.
 */
export async function overviewAccounts(
  store: OverviewAccountsStore,
  api: ExchangeApi,
  profileId: string,
): Promise<OverviewAccounts> {
  const listed = await listSubAccounts(api);
  const subs = listed ?? [];
  const kept = store.overviewAccounts(profileId) ?? [MAIN_ACCOUNT];
  const exists = new Set([MAIN_ACCOUNT, ...subs.map((sub) => sub.id)]);
  const counted = kept.filter((id) => exists.has(id));
  // A key that may not list sub-accounts says nothing about which exist: the choice is kept.
  if (listed && counted.length !== kept.length) await store.setOverviewAccounts(profileId, counted);
  return {
    counted,
    choices: [
      { id: MAIN_ACCOUNT, alias: MAIN_ACCOUNT_ALIAS },
      ...subs.map((sub) => ({ id: sub.id, alias: sub.alias })),
    ],
    fetchedAt: Date.now(),
  };
}

/** Keeps the accounts the profile's Overview counts (those that exist) and answers the view. */
export async function setOverviewAccounts(
  store: OverviewAccountsStore,
  api: ExchangeApi,
  profileId: string,
  ids: readonly string[],
): Promise<OverviewAccounts> {
  await store.setOverviewAccounts(profileId, ids);
  return overviewAccounts(store, api, profileId);
}
