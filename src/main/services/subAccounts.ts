import { sendOnce, TransferGuard, type ReconcileOptions } from './transferGuard';
import Decimal from 'decimal.js';
import type { ChannelParsed } from '../../shared/contract';
import type {
  Assets,
  SubAccountBalances,
  SubAccountMove,
  SubAccountsView,
  SubAccountTransfersView,
} from '../../shared/model';
import { DeskFailure } from '../../shared/errors';
import type { ExchangeApi } from '../exchange/api';
import { deskCodeOf, ExchangeError } from '../exchange/errors';

/**
 * The sub-accounts group: the list, blocking or unblocking one (answered with the new list), what
 * each holds, and transfers between the main account and one of them (below).
 */

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

// Balances and transfers ------------------------------------------------------------------------

/**
 * What one sub-account holds: assets with a balance, main and trade, by ticker; with every listed
 * asset's places (for the amounts and the transfer form; without the public list, none).
 */
export async function balances(api: ExchangeApi, id: string): Promise<SubAccountBalances> {
  const [held, assets] = await Promise.all([
    api.subAccountBalances(id),
    api.assets().catch(() => ({}) as Assets),
  ]);
  const precisions: Record<string, number> = {};
  for (const [ticker, asset] of Object.entries(assets)) {
    if (asset.currencyPrecision !== undefined) precisions[ticker] = asset.currencyPrecision;
  }
  return { id, balances: held, precisions, fetchedAt: Date.now() };
}

/** One sub-account's transfers with the main account, newest first (a page of at most 100). */
export async function transfers(
  api: ExchangeApi,
  { id, offset = 0, limit = 100 }: ChannelParsed<'subAccounts.transfers'>,
): Promise<SubAccountTransfersView> {
  const page = await api.subAccountTransfers({ id, offset, limit });
  return { id, ...page, fetchedAt: Date.now() };
}

/** After a lost answer, the transfer history is read again (transferGuard.ts: sendOnce). */
export type SubTransferOptions = ReconcileOptions;

/** The history page read before a transfer and after a lost answer. */
const RECONCILE_PAGE = 100;

/**
 * Transfers between the main account and a sub-account, each sent exactly once (the one-shot rule
 * of orders: a lost answer is looked up, never sent again).
 *
 * - One transfer per profile at a time: checked and recorded in one synchronous step (no await
 *   between them), as the order journal reserves a client order id, so a second click, a second
 *   window or a retry while one is in flight is refused here, before the exchange.
 * - Before sending, the sub-account's latest transfers are read (the baseline). When the answer is
 *   lost (timeout, reset, 5xx: exchange/orders.ts answerWasLost) they are read again: a new record
 *   of the same direction, asset and amount means it happened (its transaction id is kept); none
 *   means nothing moved (said, not retried: the user may send it again); a failed lookup leaves
 *   the outcome unknown, with what to check. Nothing is ever sent a second time by the app.
 * - A refusal is put in words under the field it concerns.
 */
export class SubAccountTransfers {
  /** The guard is shared with main ↔ trade moves: one money move at a time per profile. */
  constructor(private readonly guard = new TransferGuard()) {}

  transfer(
    api: ExchangeApi,
    profileId: string,
    input: ChannelParsed<'subAccounts.transfer'>,
    options: SubTransferOptions = {},
  ): Promise<SubAccountMove> {
    return this.guard.run(profileId, () => transferOnce(api, input, options));
  }
}

async function transferOnce(
  api: ExchangeApi,
  input: ChannelParsed<'subAccounts.transfer'>,
  options: SubTransferOptions,
): Promise<SubAccountMove> {
  const { id, direction, ticker, amount } = input;
  const move = { id, direction, ticker, amount };
  // The baseline a lost answer is checked against; without it nothing is sent.
  const before = await api.subAccountTransfers({ id, limit: RECONCILE_PAGE });
  const known = new Set(before.records.map((r) => r.transactionId));
  return sendOnce(
    async () => {
      const transactionId = await api.transferSubAccount({ id, direction, ticker, amount });
      return { outcome: 'moved', ...move, transactionId, reconciled: false } as const;
    },
    {
      what: 'moved',
      refusal: (error) => subTransferRefusal(error, input),
      reconcile: (error) => reconcile(api, move, known, error),
    },
    options,
  );
}

async function reconcile(
  api: ExchangeApi,
  move: ChannelParsed<'subAccounts.transfer'>,
  known: ReadonlySet<string>,
  cause: ExchangeError,
): Promise<SubAccountMove> {
  const what = `${move.amount} ${move.ticker} ${move.direction === 'main_to_sub' ? 'to' : 'from'} the sub-account`;
  let after;
  try {
    after = await api.subAccountTransfers({ id: move.id, limit: RECONCILE_PAGE });
  } catch (lookup) {
    const reason = lookup instanceof Error ? lookup.message : String(lookup);
    return {
      outcome: 'unknown',
      ...move,
      check:
        `The answer to moving ${what} was lost, and reading its transfer history failed too ` +
        `(${reason}). Check the sub-account's balances and history before moving it again.`,
    };
  }
  const amount = new Decimal(move.amount);
  const found = after.records.find(
    (r) =>
      !known.has(r.transactionId) &&
      r.direction === move.direction &&
      r.ticker === move.ticker &&
      amount.eq(r.amount),
  );
  if (found) {
    return { outcome: 'moved', ...move, transactionId: found.transactionId, reconciled: true };
  }
  throw new DeskFailure(
    'TRANSFER_NOT_MOVED',
    `The answer to moving ${what} was lost (${cause.message}), and the sub-account's transfer ` +
      'history does not show it: nothing was transferred. You can send it again.',
    undefined,
    { cause },
  );
}

/** The exchange's refusal in words, each message under the field it concerns. */
export function subTransferRefusal(
  error: ExchangeError,
  input: ChannelParsed<'subAccounts.transfer'>,
): DeskFailure {
  const source = input.direction === 'main_to_sub' ? 'main account' : 'sub-account';
  const fields: Record<string, string[]> = {};
  const add = (field: string, message: string) => (fields[field] ??= []).push(message);
  for (const [field, messages] of Object.entries(error.fields)) {
    for (const text of messages) {
      if (field === 'ticker') add('ticker', `The exchange does not know ${input.ticker}.`);
      else if (field === 'id' && /not found/i.test(text))
        add('id', 'The exchange does not know this sub-account.');
      else if (field === 'id' && /blocked/i.test(text))
        add('id', 'This sub-account is blocked: unblock it first.');
      else if (field === 'amount' && /not enough|such amount|insufficient|balance/i.test(text)) {
        const available = /available\s+(\d+(?:\.\d+)?)/i.exec(text)?.[1];
        add(
          'amount',
          available !== undefined
            ? `More than the ${source} holds: ${available} ${input.ticker} available.`
            : `More than the ${source} holds.`,
        );
      } else if (field === 'amount' && /at least|minimum/i.test(text)) {
        const least = /(\d+(?:\.\d+)?)/.exec(text)?.[1];
        add(
          'amount',
          least !== undefined
            ? `Below the smallest transfer: at least ${least} ${input.ticker}.`
            : 'Below the smallest transfer.',
        );
      } else add(['id', 'direction', 'amount'].includes(field) ? field : 'amount', text);
    }
  }
  const first = Object.values(fields)[0]?.[0];
  return new DeskFailure(
    deskCodeOf(error.kind),
    first ?? `The exchange refused the transfer: ${error.message}`,
    Object.keys(fields).length ? fields : undefined,
    { cause: error },
  );
}
