import type { Millis, MiningReward } from '../../shared/model';
import { toUnits } from './exact';
import type {
  StoredConvert,
  StoredDeal,
  StoredFlexPayment,
  StoredSubAccountTransfer,
  StoredTransfer,
} from './records';

/**
 * Every stored record as signed changes of the balance of one asset, summed over every account
 * (main, trade, flex: moving between them changes no total, so it is no movement).
 *
 * - A deal on STOCK_MONEY: a buy adds `amount` STOCK and takes `deal` MONEY; a sell takes `amount`
 *   STOCK and adds `deal` MONEY; the fee is taken in its own asset (`feeAsset`). The demo engine
 *   books exactly this (engine.ts settleTaker / fillResting: a buyer pays deal in money and receives
 *   amount - fee in stock, a seller receives deal - fee in money, the fee unrounded), as the
 *   deployed exchange does.
 * - A deposit adds `amount`: what reached the balance, any fee already taken (records.ts).
 * - A withdrawal takes `amount + fee`: records.ts defines the stored amount as fee excluded, the fee
 *   charged on top. The reference describes both ways in (withdraw: the balance falls by the amount
 *   asked, fee inside; withdraw-pay: by amount + fee), and the history's `amount` and `fee` are
 *   separate fields; the demo's seeded history is drawn to this rule (transfers.ts), so whoever
 *   stores a transfer keeps this shape and the rule here stays one line.
 * - A flex interest payment adds `amount`.
 * - A mining reward paid into the main balance (final, `successful`) adds its `reward` (after the
 *   pool's fee) when the day is paid, at the end of its UTC day: income, like interest. One paid
 *   to an external address, or pending, or canceled, never reached a balance.
 * - A transfer to a sub-account takes `amount` from the main account; one from a sub-account adds
 *   it (issue 34 item 6): the units move between the user's own accounts, and the main account's
 *   series shows them leave (or come back) at that moment, with no gap: walking back, they are
 *   given back to (or taken from) the main account before the transfer.
 * - A convert takes `give` of `from` and adds `receive` of `to`.
 */
export interface Movement {
  time: Millis;
  ticker: string;
  /**
   * Signed, in units of 10^-30 (exact.ts): what the record added to (positive) or took from
   * (negative) the asset's balance.
   */
  change: bigint;
  kind: 'deal' | 'fee' | 'deposit' | 'withdraw' | 'flex' | 'mining' | 'subAccount' | 'convert';
}

/** The balance changes of one deal: stock, money and the fee (when not zero). */
export function dealMovements(deal: StoredDeal): Movement[] {
  const [stock = deal.market, money = ''] = deal.market.split('_');
  const amount = toUnits(deal.amount);
  const total = toUnits(deal.deal);
  const buy = deal.side === 'buy';
  const out: Movement[] = [
    { time: deal.time, ticker: stock, change: buy ? amount : -amount, kind: 'deal' },
    { time: deal.time, ticker: money, change: buy ? -total : total, kind: 'deal' },
  ];
  const fee = toUnits(deal.fee);
  if (fee !== 0n) out.push({ time: deal.time, ticker: deal.feeAsset, change: -fee, kind: 'fee' });
  return out;
}

/** The balance change of a deposit (+amount) or a withdrawal (-(amount + fee)). */
export function transferMovement(transfer: StoredTransfer): Movement {
  const amount = toUnits(transfer.amount);
  const change = transfer.kind === 'deposit' ? amount : -(amount + toUnits(transfer.fee));
  return { time: transfer.time, ticker: transfer.ticker, change, kind: transfer.kind };
}

/** The balance change of a flex interest payment (+amount). */
export function flexMovement(payment: StoredFlexPayment): Movement {
  return {
    time: payment.time,
    ticker: payment.ticker,
    change: toUnits(payment.amount),
    kind: 'flex',
  };
}

/** The balance change of a mining reward (+reward), or none when it did not reach the main balance. */
export function miningRewardMovement(reward: MiningReward): Movement | undefined {
  if (reward.status !== 'successful' || reward.payoutDestination !== 'main_balance')
    return undefined;
  return {
    time: reward.day + MINING_PAID_AFTER_MS,
    ticker: reward.currency,
    change: toUnits(reward.reward),
    kind: 'mining',
  };
}

/** The main account's balance change of a transfer with a sub-account: -amount to it, +amount from it. */
export function subAccountMovement(transfer: StoredSubAccountTransfer): Movement {
  const amount = toUnits(transfer.amount);
  return {
    time: transfer.time,
    ticker: transfer.ticker,
    change: transfer.direction === 'main_to_sub' ? -amount : amount,
    kind: 'subAccount',
  };
}

/** The balance changes of a convert: -give of `from`, +receive of `to`. */
export function convertMovements(convert: StoredConvert): Movement[] {
  return [
    { time: convert.time, ticker: convert.from, change: -toUnits(convert.give), kind: 'convert' },
    { time: convert.time, ticker: convert.to, change: toUnits(convert.receive), kind: 'convert' },
  ];
}

/** A day's reward reaches the main balance when the day is over. */
export const MINING_PAID_AFTER_MS = 86_400_000;

/** Every record's movements, oldest first (records at the same time keep the order given). */
export function movementsOf(records: {
  deals: readonly StoredDeal[];
  transfers: readonly StoredTransfer[];
  flexPayments: readonly StoredFlexPayment[];
  miningRewards?: readonly MiningReward[];
  subAccountTransfers?: readonly StoredSubAccountTransfer[];
  converts?: readonly StoredConvert[];
}): Movement[] {
  const all = [
    ...records.deals.flatMap(dealMovements),
    ...records.transfers.map(transferMovement),
    ...records.flexPayments.map(flexMovement),
    ...(records.miningRewards ?? []).flatMap((r) => miningRewardMovement(r) ?? []),
    ...(records.subAccountTransfers ?? []).map(subAccountMovement),
    ...(records.converts ?? []).flatMap(convertMovements),
  ];
  return all.sort((a, b) => a.time - b.time);
}
