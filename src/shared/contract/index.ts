import type { z } from 'zod';
import { CHANNEL_NAMES, EVENT_NAMES } from '../channels';
import type { ChannelDef } from './common';
import { app, appEvents } from './app';
import { exchange, exchangeEvents } from './exchange';
import { stream, streamEvents } from './stream';
import { profiles, profilesEvents } from './profiles';
import { oauth } from './oauth';
import { portfolio } from './portfolio';
import { orders } from './orders';
import { keyHistory } from './keyHistory';
import { trade } from './trade';
import { flex } from './flex';
import { subAccounts } from './subAccounts';
import { transfers, transfersEvents } from './transfers';
import { mining, miningEvents } from './mining';
export { PRICE_ALERT_NOTE_MAX, PRICE_ALERTS_MAX, priceAlertInput, tickError } from './priceAlerts';
import { lock, lockEvents } from './lock';
import { receive } from './receive';
import { convert } from './convert';
import { priceAlerts, priceAlertsEvents } from './priceAlerts';
import { tax } from './tax';

export { addProfileInput, oauthPort } from './profiles';
export { NET_WORTH_RANGES } from './portfolio';
export {
  activationPrice,
  clientOrderId,
  conditionalOrdersInput,
  KILL_SWITCH_TIMEOUT,
  killSwitchTimeout,
  modifyOrderInput,
  orderAmount,
  partnerHistoryInput,
  orderKind,
  orderPrice,
  orderSide,
  placeOrderInput,
  stp,
} from './orders';
export { keyHistoryRangeInput, keyHistoryWindowInput } from './keyHistory';
export { balanceMoveInput, transferFiltersInput, transfersInput } from './transfers';
export { subAccountTransferInput } from './subAccounts';
export { convertEstimateInput } from './convert';
export { TAX_EXPORT_FORMATS, TAX_METHODS, taxSettingsInput } from './tax';
export {
  DEFAULT_MINING_ALERT_RULE,
  HASHRATE_EARLIEST,
  HASHRATE_MAX_REQUESTS,
  HASHRATE_POINTS,
  HASHRATE_RANGE_LIMITS,
  miningAlertOverride,
  miningAlertRule,
  miningExportInput,
  miningHashrateInput,
  setPayoutInput,
  WATCHER_LINK_CAP,
  WATCHER_LINK_CAP_MESSAGE,
  createWatcherLinkInput,
} from './mining';

/**
 * The one contract between the renderer and main (rule 1, docs/architecture.md), assembled here
 * from its groups (one file each in this folder: a group's channels, its events and the schemas
 * of their inputs; common.ts holds what the groups share). Every channel has a zod schema for its
 * input and a (phantom) output type; every event a payload type. The preload bridge, the main-side
 * binder, the web host and the renderer's `window.desk` type are all derived from this object.
 *
 * Adding a capability: one entry in its group, one handler in src/main/core/handlers.ts, one
 * slice/view. A new group is one file here and one line below; the order below is the order of
 * channels.ts.
 */
export const contract = {
  app,
  exchange,
  stream,
  profiles,
  oauth,
  portfolio,
  orders,
  keyHistory,
  trade,
  flex,
  subAccounts,
  transfers,
  mining,
  lock,
  receive,
  convert,
  priceAlerts,
  tax,
} as const;

/** Every event main pushes, in the order of channels.ts. */
export const events = {
  ...exchangeEvents,
  ...profilesEvents,
  ...lockEvents,
  ...appEvents,
  ...streamEvents,
  ...transfersEvents,
  ...miningEvents,
  ...priceAlertsEvents,
} as const;

type Contract = typeof contract;
type Group = keyof Contract & string;

export type ChannelName = {
  [G in Group]: `${G}.${keyof Contract[G] & string}`;
}[Group];

type DefOf<C extends ChannelName> = C extends `${infer G extends Group}.${infer M}`
  ? M extends keyof Contract[G]
    ? Contract[G][M]
    : never
  : never;

type InputSchemaOf<D> = D extends ChannelDef<infer I, unknown> ? I : never;

/** What a caller passes. */
export type ChannelInput<C extends ChannelName> = z.input<InputSchemaOf<DefOf<C>>>;
/** What a handler receives, after parsing. */
export type ChannelParsed<C extends ChannelName> = z.output<InputSchemaOf<DefOf<C>>>;
export type ChannelOutput<C extends ChannelName> = DefOf<C>['output'];

export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = (typeof events)[E];

/** Every channel name, in contract order. */
export const channelNames: readonly ChannelName[] = Object.entries(contract).flatMap(
  ([group, methods]) => Object.keys(methods).map((method) => `${group}.${method}` as ChannelName),
);

export function inputSchema(channelName: ChannelName): z.ZodType {
  const [group, method] = channelName.split('.') as [Group, string];
  const def = (contract[group] as Record<string, ChannelDef<z.ZodType, unknown>>)[method];
  if (!def) throw new Error(`No such channel: ${channelName}`);
  return def.input;
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The typecheck fails here when channels.ts (the names the preload carries) lists other channels
 * or events than this contract; test/shared/channels.test.ts also checks the order.
 */
const _namesMatchContract: [
  Same<ChannelName, (typeof CHANNEL_NAMES)[number]>,
  Same<EventName, (typeof EVENT_NAMES)[number]>,
] = [true, true];

export const isChannelName = (name: string): name is ChannelName =>
  (channelNames as readonly string[]).includes(name);

type Method<D> =
  D extends ChannelDef<infer I, infer O>
    ? undefined extends z.input<I>
      ? (input?: z.input<I>) => Promise<O>
      : (input: z.input<I>) => Promise<O>
    : never;

/**
 * The renderer's API, `window.desk`: one method per channel, grouped as in the contract
 * (`desk.exchange.status()`), plus `on(event, listener)`. A failed call rejects with a plain
 * DeskError object (`{ code, message, fields? }`), never an Error instance, so it survives the
 * context bridge intact.
 */
export type Desk = {
  readonly [G in Group]: { readonly [M in keyof Contract[G]]: Method<Contract[G][M]> };
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};
