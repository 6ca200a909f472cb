import type { SubAccountsView } from '../../shared/model';
import type { ExchangeApi } from '../exchange/api';

/** The sub-accounts group: the list, and blocking or unblocking one (answered with the new list). */

export async function list(api: ExchangeApi): Promise<SubAccountsView> {
  const page = await api.subAccounts({ limit: 100 });
  return { records: page.records, fetchedAt: Date.now() };
}

export async function block(api: ExchangeApi, id: string): Promise<SubAccountsView> {
  await api.blockSubAccount(id);
  return list(api);
}

export async function unblock(api: ExchangeApi, id: string): Promise<SubAccountsView> {
  await api.unblockSubAccount(id);
  return list(api);
}
