import { z } from 'zod';
import { validStatuses } from '../transferStatus';
import { channel, decimal, event } from './common';
import type {
  BalanceMove,
  BalancePair,
  CsvExport,
  TransfersArrived,
  TransfersPage,
} from '../model';

export const transferFiltersInput = z
  .object({
    transactionMethod: z.union([z.literal(1), z.literal(2)]).optional(),
    ticker: z.string().trim().max(20).optional(),
    address: z.string().trim().max(200).optional(),
    addresses: z
      .array(z.string().trim().min(1).max(200))
      .max(20, 'At most 20 addresses.')
      .optional(),
    memo: z.string().trim().max(200).optional(),
    uniqueId: z.string().trim().max(200).optional(),
    status: z.array(z.number().int()).max(50).optional(),
  })
  .refine(
    (v) => !v.status || v.status.every((code) => validStatuses(v.transactionMethod).includes(code)),
    { path: ['status'], message: 'Choose statuses that exist for the chosen method.' },
  );

export const transfersInput = z
  .object({
    filters: transferFiltersInput,
    offset: z.number().int().min(0).max(10_000).default(0),
    limit: z.number().int().min(1).max(100).default(100),
  })
  .refine((v) => v.offset + v.limit <= 10_000, {
    path: ['offset'],
    message: 'The exchange shows at most the first 10,000 records.',
  });

const balanceSide = z.enum(['main', 'trade']);

const ticker = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{1,20}$/, 'Choose an asset.');

export const balanceMoveInput = z
  .object({
    ticker,
    amount: decimal('amount'),
    from: balanceSide,
    to: balanceSide,
  })
  .refine((v) => v.from !== v.to, { path: ['to'], message: 'Choose two different balances.' });

/** Deposits and withdrawals, filtered and paged, and as CSV. */
export const transfers = {
  list: channel<TransfersPage>()(transfersInput),
  /** Every record of the filtered history (up to the 10,000 cap) as CSV. */
  exportCsv: channel<CsvExport>()(z.object({ filters: transferFiltersInput })),
  /** Moves an amount between the main and the trade balance, once (services/balanceTransfer.ts). */
  move: channel<BalanceMove>()(balanceMoveInput),
  /** One asset's main and trade balance (a move's Max, the Trade form's offer). */
  balances: channel<BalancePair>()(z.object({ ticker })),
} as const;

export const transfersEvents = {
  /** Deposits credited and withdrawals completed since main last looked (services/transferWatch). */
  'transfers.arrived': event<TransfersArrived>(),
} as const;
