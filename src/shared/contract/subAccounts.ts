import { z } from 'zod';
import { channel, noInput } from './common';
import type { SubAccountsView } from '../model';

/** The profile's sub-accounts, blocked and unblocked. */
export const subAccounts = {
  list: channel<SubAccountsView>()(noInput),
  block: channel<SubAccountsView>()(z.object({ id: z.string().uuid() })),
  unblock: channel<SubAccountsView>()(z.object({ id: z.string().uuid() })),
} as const;
