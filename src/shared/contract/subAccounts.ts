import { z } from 'zod';
import { channel, decimal, noInput } from './common';
import type {
  SubAccountBalances,
  SubAccountMove,
  SubAccountsView,
  SubAccountTransfersView,
} from '../model';

const subAccountId = z.object({ id: z.string().uuid() });

/** A transfer between the main account and a sub-account, as the user asks for it. */
export const subAccountTransferInput = z.object({
  id: z.string().uuid(),
  direction: z.enum(['main_to_sub', 'sub_to_main']),
  ticker: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,20}$/, 'Choose an asset.'),
  amount: decimal('amount'),
});

/**
 * The profile's sub-accounts, blocked and unblocked; what each holds (main and trade), and the
 * transfers between the main account and one of them (each sent once: services/subAccounts.ts).
 */
export const subAccounts = {
  list: channel<SubAccountsView>()(noInput),
  block: channel<SubAccountsView>()(z.object({ id: z.string().uuid() })),
  unblock: channel<SubAccountsView>()(z.object({ id: z.string().uuid() })),
  balances: channel<SubAccountBalances>()(subAccountId),
  transfers: channel<SubAccountTransfersView>()(
    subAccountId.extend({
      offset: z.number().int().min(0).max(9_900).optional(),
      limit: z.number().int().min(1).max(100).optional(),
    }),
  ),
  transfer: channel<SubAccountMove>()(subAccountTransferInput),
} as const;
