import { sendOnce, TransferGuard, type ReconcileOptions } from './transferGuard';
import { Decimal } from 'decimal.js';
import type { ChannelParsed } from '../../shared/contract';
import type { Assets, BalanceMove, BalancePair, BalanceSide } from '../../shared/model';
import { DeskFailure } from '../../shared/errors';
import type { ExchangeApi } from '../exchange/api';
import { deskCodeOf, ExchangeError } from '../exchange/errors';

/**
 * Moves between the main and the trade balance (main-account/transfer), each sent exactly once.
 *
 * - One move per profile at a time: `reserve` checks and records in one synchronous step (no await
 *   between them), as the order journal does for a client order id, so a second click, a second
 *   window or a retry while a move is in flight is refused here, before the exchange.
 * - The exchange's transfer carries no id to look it up by, so the main balance of the asset is
 *   read before sending. When the answer is lost (timeout, reset, 5xx: exchange/orders.ts
 *   answerWasLost), it is read again: changed by exactly the amount, the move happened; unchanged,
 *   nothing moved (said, not retried); anything else, the outcome is unknown and the user is told
 *   what to check. Nothing is ever sent a second time by the app.
 * - A refusal is put in words under the field it concerns (amount above the balance, below the
 *   minimum, an asset the exchange does not know).
 * The main balance is the one compared: orders change the trade balance at any moment, while the
 * main balance moves only by deposits, withdrawals and these transfers.
 */

const BALANCE_NAME: Record<BalanceSide, string> = { main: 'main', trade: 'trade' };

/** After a lost answer, the main balance is read again (transferGuard.ts: sendOnce). */
export type MoveOptions = ReconcileOptions;

export class BalanceMoves {
  /** The guard is shared with sub-account transfers: one money move at a time per profile. */
  constructor(private readonly guard = new TransferGuard()) {}

  /** True while a move of this profile is between reserve and its outcome. */
  busy(profileId: string): boolean {
    return this.guard.busy(profileId);
  }

  /**
   * Moves `amount` of `ticker` once and reports the outcome; a refusal is thrown with its message
   * under the field it concerns.
   */
  move(
    api: ExchangeApi,
    profileId: string,
    input: ChannelParsed<'transfers.move'>,
    options: MoveOptions = {},
  ): Promise<BalanceMove> {
    return this.guard.run(profileId, () => moveOnce(api, input, options));
  }
}

async function mainBalanceOf(api: ExchangeApi, ticker: string): Promise<Decimal> {
  const balances = await api.mainBalance(ticker);
  return new Decimal(balances[ticker] ?? '0');
}

async function moveOnce(
  api: ExchangeApi,
  input: ChannelParsed<'transfers.move'>,
  options: MoveOptions,
): Promise<BalanceMove> {
  const { ticker, from, to } = input;
  const amount = new Decimal(input.amount);
  // The baseline a lost answer is checked against; without it nothing is sent.
  const before = await mainBalanceOf(api, ticker);
  const move = { ticker, amount: input.amount, from, to };
  return sendOnce(
    async () => {
      await api.transferBalance(ticker, amount.toFixed(), from, to);
      return { outcome: 'moved', ...move, reconciled: false } as const;
    },
    {
      what: 'moved',
      refusal: (error) => refusal(error, input),
      reconcile: (error) => reconcile(api, move, before, amount, error),
    },
    options,
  );
}

async function reconcile(
  api: ExchangeApi,
  move: Omit<Extract<BalanceMove, { outcome: 'moved' }>, 'outcome' | 'reconciled'>,
  before: Decimal,
  amount: Decimal,
  cause: ExchangeError,
): Promise<BalanceMove> {
  const what = `${move.amount} ${move.ticker} from ${BALANCE_NAME[move.from]} to ${BALANCE_NAME[move.to]}`;
  let after: Decimal;
  try {
    after = await mainBalanceOf(api, move.ticker);
  } catch (lookup) {
    const reason = lookup instanceof Error ? lookup.message : String(lookup);
    return {
      outcome: 'unknown',
      ...move,
      check:
        `The answer to moving ${what} was lost, and reading the balance failed too (${reason}). ` +
        'Check both balances before moving it again.',
    };
  }
  const expected = move.from === 'main' ? amount.neg() : amount;
  const change = after.minus(before);
  if (change.eq(expected)) return { outcome: 'moved', ...move, reconciled: true };
  if (change.isZero()) {
    throw new DeskFailure(
      'TRANSFER_NOT_MOVED',
      `The answer to moving ${what} was lost (${cause.message}), and the main balance shows ` +
        'nothing moved. Nothing was transferred; you can send it again.',
      undefined,
      { cause },
    );
  }
  return {
    outcome: 'unknown',
    ...move,
    check:
      `The answer to moving ${what} was lost, and the main balance changed by ${change.toFixed()} ` +
      `${move.ticker} since (a deposit or withdrawal at the same time?). Check both balances ` +
      'before moving it again.',
  };
}

/** The exchange's refusal in words, each message under the field it concerns. */
export function refusal(error: ExchangeError, input: ChannelParsed<'transfers.move'>): DeskFailure {
  const source = BALANCE_NAME[input.from];
  const fields: Record<string, string[]> = {};
  const add = (field: string, message: string) => (fields[field] ??= []).push(message);
  for (const [field, messages] of Object.entries(error.fields)) {
    for (const text of messages) {
      if (field === 'ticker') add('ticker', `The exchange does not know ${input.ticker}.`);
      else if (field === 'amount' && /such amount|not enough|insufficient|balance/i.test(text)) {
        const available = /available\s+(\d+(?:\.\d+)?)/i.exec(text)?.[1];
        add(
          'amount',
          available !== undefined
            ? `More than the ${source} balance holds: ${available} ${input.ticker} available.`
            : `More than the ${source} balance holds.`,
        );
      } else if (field === 'amount' && /at least|minimum|min\b/i.test(text)) {
        const least = /(\d+(?:\.\d+)?)/.exec(text)?.[1];
        add(
          'amount',
          least !== undefined
            ? `Below the smallest transfer: at least ${least} ${input.ticker}.`
            : 'Below the smallest transfer.',
        );
      } else add(field === 'amount' || field === 'to' ? field : 'amount', text);
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

/** The places an asset is written with when the assets list does not say (the exchange's 8). */
const DEFAULT_ASSET_PLACES = 8;

/** One asset's main and available trade balance, and its display places. */
export async function balancePair(api: ExchangeApi, ticker: string): Promise<BalancePair> {
  const [main, trade, assets] = await Promise.all([
    api.mainBalance(ticker),
    api.tradeBalance(ticker),
    // Only for the places: the balances still answer when the public list fails.
    api.assets().catch(() => ({}) as Assets),
  ]);
  return {
    ticker,
    main: main[ticker] ?? '0',
    trade: trade[ticker]?.available ?? '0',
    places: assets[ticker]?.currencyPrecision ?? DEFAULT_ASSET_PLACES,
    fetchedAt: Date.now(),
  };
}
