import type { ChannelParsed } from '../../shared/contract';
import type {
  ActiveOrders,
  ConditionalOrders,
  CsvExport,
  ExecutedOrders,
  KillSwitchStatus,
  KillSwitchTimer,
  Order,
  PlacementOutcome,
} from '../../shared/model';
import { dirname } from 'node:path';
import { DeskFailure, ErrorCode } from '../../shared/errors';
import { diskProblemOf, diskWords } from '../lib/diskErrors';
import {
  newClientOrderId,
  type ExchangeApi,
  type OrderHistoryQuery,
  type PlaceOrderInput,
} from '../exchange/api';
import { csvFileName, deliverCsv, type SaveFile } from './csv';
import type { KillSwitchKeeper } from './killSwitchKeeper';
import { executedCsv } from './executedCsv';
import { EXECUTED_LIMIT } from '../../shared/executed';
import { fetchAllActiveOrders } from '../exchange/paging';
import { placeOrder, type PlaceOptions, type PlacementResult } from '../exchange/orders';
import type { JournalEntry, OrderJournal } from './orderJournal';

/**
 * The orders group: the active profile's open and conditional orders, cancelling one, and placing
 * one exactly once (the journal below). Executed orders come through OAuth (Accounts.orderHistory).
 */

/**
 * Every open order (up to ACTIVE_CAP), newest first: the screen sorts and filters the whole list,
 * so the newest order is never on a later page.
 */
export async function active(api: ExchangeApi): Promise<ActiveOrders> {
  const { orders, capped } = await fetchAllActiveOrders(api);
  orders.sort((a, b) => b.timestamp - a.timestamp || b.orderId - a.orderId);
  return { orders, capped, fetchedAt: Date.now() };
}

/** Conditional (OCO/OTO) and OCO orders, fetched together. */
export async function conditional(
  api: ExchangeApi,
  query: ChannelParsed<'orders.conditional'>,
): Promise<ConditionalOrders> {
  const [conditionalPage, oco] = await Promise.all([
    api.conditionalOrders(query),
    api.ocoOrders(query),
  ]);
  return { conditional: conditionalPage, oco, fetchedAt: Date.now() };
}

export function cancel(
  api: ExchangeApi,
  { market, orderId }: ChannelParsed<'orders.cancel'>,
): Promise<Order> {
  return api.cancelOrder(market, { orderId });
}

/**
 * Changes an active limit or stop order. The exchange cancels it and answers the replacement: a new
 * order id, the same client order id.
 */
export function modify(
  api: ExchangeApi,
  { market, orderId, ...change }: ChannelParsed<'orders.modify'>,
): Promise<Order> {
  return api.modifyOrder(market, { orderId }, change);
}

/** Cancels every open order of one market, or of every market. */
export function cancelAll(
  api: ExchangeApi,
  { market }: ChannelParsed<'orders.cancelAll'>,
): Promise<true> {
  return api.cancelAllOrders(market ? { market } : {});
}

/**
 * Arms a market's kill-switch for `timeout` seconds, or disarms it (null); with `keepAlive`, the
 * keeper arms it again from main while the exchange answers.
 */
export async function killSwitch(
  api: ExchangeApi,
  keeper: KillSwitchKeeper,
  { market, timeout, keepAlive }: ChannelParsed<'orders.killSwitch'>,
): Promise<KillSwitchTimer | null> {
  const timer = await keeper.arm(api, market, timeout, keepAlive);
  return timer && keepAlive ? { ...timer, keepAlive: true } : timer;
}

/** The armed kill-switch timers of every market, soonest first, each saying whether it is kept. */
export async function killSwitchStatus(
  api: ExchangeApi,
  keeper: KillSwitchKeeper,
): Promise<KillSwitchStatus> {
  const timers = (await api.killSwitchStatus()).map((timer) =>
    keeper.keeps(timer.market, api) ? { ...timer, keepAlive: true } : timer,
  );
  timers.sort((a, b) => a.cancellationTime - b.cancellationTime);
  return { timers, fetchedAt: Date.now() };
}

/** Executed orders (through the partner connection) as CSV, filtered like the table. */
export async function exportPartnerHistoryCsv(
  orderHistory: (query: OrderHistoryQuery) => Promise<ExecutedOrders>,
  { market, side }: ChannelParsed<'orders.exportPartnerHistoryCsv'>,
  saveFile: SaveFile | undefined,
): Promise<CsvExport> {
  const all = await orderHistory(
    market ? { market, limit: EXECUTED_LIMIT } : { limit: EXECUTED_LIMIT },
  );
  const chosen = Object.fromEntries(
    Object.entries(all).map(([m, list]) => [m, side ? list.filter((o) => o.side === side) : list]),
  );
  const rows = Object.values(chosen).reduce((n, list) => n + list.length, 0);
  const filename = csvFileName('orders');
  return deliverCsv(filename, executedCsv(chosen), rows, saveFile);
}

/** Where an order is recorded so its client order id never executes twice. */
export interface PlacementJournal {
  journal: OrderJournal;
  /** The profile the order is placed from (`accounts.active().id`). */
  profileId: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "14:03" today, "2025-01-31 14:03" another day (local time). */
function sentTime(ms: number, now = Date.now()): string {
  const at = new Date(ms);
  const today = new Date(now);
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return at.toDateString() === today.toDateString()
    ? time
    : `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${time}`;
}

/** The refusal of a client order id the journal blocks, under the form's `clientOrderId` field. */
export function clientOrderIdUsed(entry: JournalEntry): DeskFailure {
  const what = `${entry.market} ${entry.side}`;
  const message =
    entry.outcome === 'sent'
      ? `This client order id is already in use by an order being placed now (${what}). ` +
        'Leave it empty for a new one, or choose another.'
      : `This client order id was already used for an order at ${sentTime(entry.sentAt)} (${what}). ` +
        'Leave it empty for a new one, or choose another.';
  return new DeskFailure('CLIENT_ORDER_ID_USED', message, { clientOrderId: [message] });
}

/**
 * The refusal of an order whose journal record could not be written: it was not sent. A disk
 * problem is said with its next step (diskErrors.ts).
 */
function notRecorded(error: unknown, path: string | undefined): DeskFailure {
  const folder = path ? dirname(path) : 'the data folder';
  const problem = diskProblemOf(error);
  const why = problem
    ? capitalised(diskWords(problem))
    : `(${error instanceof Error ? error.message : String(error)})`;
  return new DeskFailure(
    ErrorCode.Disk,
    `Exchange Desk could not record this order in ${folder}; it was not sent. ${why}`,
    undefined,
    { cause: error },
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the journal keeps of a placement's result. */
function journalOutcome(result: PlacementResult) {
  switch (result.outcome) {
    case 'placed':
      return 'placed';
    case 'unknown':
      return 'unknown';
    case 'rejected':
      // A refusal the exchange answered frees the id; a lost answer not found afterwards does not
      // (the order may still appear).
      return result.reconciled ? 'not-found' : 'refused';
  }
}

/**
 * Places an order once and reports the outcome; a refusal is thrown as the exchange's error. The
 * client order id (generated when none is given) is reserved in the journal before anything is
 * awaited: an id in flight or sent recently from this profile is refused here, before the exchange.
 */
export async function placeOrderOutcome(
  api: ExchangeApi,
  input: PlaceOrderInput,
  { journal, profileId }: PlacementJournal,
  options: PlaceOptions = {},
): Promise<PlacementOutcome> {
  const clientOrderId = input.clientOrderId ?? newClientOrderId();
  const reserved = journal.reserve(profileId, {
    clientOrderId,
    market: input.market,
    side: input.side,
    amount: input.amount,
    kind: input.kind,
  });
  if (!reserved.ok) throw clientOrderIdUsed(reserved.blockedBy);
  try {
    // On disk before it is sent: a crash in flight still blocks the id after a restart. Not on
    // disk, not sent: a restart would forget it and let the id execute a second time.
    await journal.persist();
  } catch (error) {
    journal.settle(profileId, clientOrderId, 'refused');
    throw notRecorded(error, journal.path);
  }
  let result: PlacementResult;
  try {
    result = await placeOrder(api, { ...input, clientOrderId }, options);
  } catch (error) {
    // Not an answer of the exchange: whether the order went out is not known.
    journal.settle(profileId, clientOrderId, 'unknown');
    await journal.persistOrLog();
    throw error;
  }
  // The order went out: its outcome is answered whatever the disk says now (the record written
  // before sending keeps the id blocked, as unknown, after a restart).
  journal.settle(profileId, clientOrderId, journalOutcome(result));
  await journal.persistOrLog();
  switch (result.outcome) {
    case 'placed': {
      const reconciled = result.via !== 'response';
      const order = result.via === 'order-history' ? result.executed : result.order;
      return {
        outcome: 'placed',
        clientOrderId: result.clientOrderId,
        orderId: order.orderId,
        market: order.market,
        side: order.side,
        dealStock: order.dealStock,
        dealMoney: order.dealMoney,
        dealFee: order.dealFee,
        ...(order.status ? { status: order.status } : {}),
        reconciled,
      };
    }
    case 'unknown':
      return {
        outcome: 'unknown',
        clientOrderId: result.clientOrderId,
        market: result.market,
        check: result.check,
      };
    case 'rejected':
      throw result.error;
  }
}
