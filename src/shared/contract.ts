import { z } from 'zod';
import type {
  ApiDealsPage,
  ApiOrdersPage,
  AppInfo,
  ExchangeStatus,
  ExecutedOrders,
  LockState,
  OAuthConnectStart,
  PlacementOutcome,
  Market,
  MarketTickers,
  TradeContext,
  FlexOverview,
  FlexPayments,
  FlexTransaction,
  SubAccountsView,
  PortfolioOverview,
  NetWorthSeries,
  ProfitLoss,
  ActiveOrders,
  ConditionalOrders,
  CsvExport,
  MiningSeries,
  KillSwitchStatus,
  KillSwitchTimer,
  Order,
  OrderDealsView,
  TransfersPage,
  ProfileSummary,
  ProfilesState,
  PowerEvent,
  UpdateStatus,
  StreamBalances,
  StreamBook,
  StreamOrders,
  StreamPrices,
  StreamResync,
  StreamStatus,
  StreamTrades,
} from './model';
import type { Separators } from './separators';
import { boundedDecimal, DECIMAL_LIMITS, isZeroDecimal } from './decimal';
import { validStatuses } from './transferStatus';
import { HISTORY_RANGE_SECONDS, HISTORY_WINDOW_SECONDS } from './executed';
import { CHANNEL_NAMES, EVENT_NAMES } from './channels';

/**
 * The one contract between the renderer and main. Every channel has a zod schema for its input and
 * a (phantom) output type; every event a payload type. The preload bridge, the main-side binder, the
 * web host and the renderer's `window.desk` type are all derived from this file.
 *
 * Adding a capability: one entry here, one handler in src/main/core/handlers.ts, one slice/view.
 */

interface ChannelDef<I extends z.ZodType, O> {
  readonly input: I;
  /** Phantom: carries the output type only. */
  readonly output: O;
}

const channel =
  <O>() =>
  <I extends z.ZodType>(input: I): ChannelDef<I, O> => ({ input, output: undefined as O });

const event = <P>() => undefined as P;

/** For channels that take nothing. */
const noInput = z.undefined();

const profileId = z.string().min(1).max(64);
const profileName = z
  .string()
  .trim()
  .min(1, 'Give the account a name.')
  .max(40, 'Use at most 40 characters.');
const passcode = z.string().min(4, 'Use at least 4 characters.').max(128);

/**
 * A key, secret or client id as the exchange issues it: printable ASCII without spaces. With the
 * length bounds below, each keychain entry stays within the 2,560-byte limit of Windows Credential
 * Manager even when every character needs escaping in JSON.
 */
const credential = (empty: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, empty)
    .max(max, `Use at most ${max} characters.`)
    .regex(
      /^[\x21-\x7E]*$/,
      'Paste it exactly as the exchange shows it: letters, digits and symbols, no spaces.',
    );

export const oauthPort = z
  .number({ message: 'Enter a port number from 1024 to 65535.' })
  .int('Enter a port number from 1024 to 65535.')
  .min(1024, 'Use a port from 1024 to 65535 (lower ones are reserved).')
  .max(65535, 'Use a port from 1024 to 65535.');

export const addProfileInput = z
  .object({
    name: profileName,
    region: z.enum(['global', 'eu', 'custom'], { message: 'Choose a region.' }),
    customUrl: z.string().trim().optional(),
    apiKey: credential('Paste the API key.', 256),
    apiSecret: credential('Paste the API secret.', 512),
  })
  .refine((v) => v.region !== 'custom' || (v.customUrl ?? '') !== '', {
    path: ['customUrl'],
    message: 'Enter the exchange address, e.g. https://exchange.example.',
  });

/**
 * An amount or a price as the user types it: a plain positive decimal within the shared bounds
 * (src/shared/decimal.ts), sent without leading zeros ("000001" goes out as "1").
 */
const decimal = (field: string, missing?: string) =>
  z
    .string(
      missing ? { error: (issue) => (issue.input === undefined ? missing : undefined) } : undefined,
    )
    .trim()
    .max(
      DECIMAL_LIMITS.maxLength,
      `Enter the ${field} with at most ${DECIMAL_LIMITS.maxLength} characters.`,
    )
    .regex(/^\d+(\.\d+)?$/, `Enter the ${field} as a number, e.g. 0.5.`)
    .refine(
      (v) => boundedDecimal(v) !== undefined,
      `Enter the ${field} with at most ${DECIMAL_LIMITS.maxIntegerDigits} digits before the point and ${DECIMAL_LIMITS.maxFractionDigits} after it.`,
    )
    .refine((v) => !isZeroDecimal(v), `Enter ${field === 'amount' ? 'an' : 'a'} ${field} above 0.`)
    .transform((v) => v.replace(/^0+(?=\d)/, ''));

/** A market name such as BTC_USDT (bounded: it is signed into requests). */
const market = z
  .string()
  .max(40, 'Choose a market.')
  .regex(/^[A-Z0-9]+_[A-Z0-9]+$/, 'Choose a market.');

/** A quote currency to value in (a ticker such as USDT). */
const quote = z.string().regex(/^[A-Z0-9]{2,12}$/, 'Choose a quote currency.');

/** How far back the net-worth chart reaches. */
export const NET_WORTH_RANGES = ['1w', '1m', '3m', '1y', 'all'] as const;
const netWorthRange = z.enum(NET_WORTH_RANGES, { message: 'Choose a range.' });

/**
 * An order's fields by name: the order form checks what the user types with these same rules and
 * messages (rule 8, docs/architecture.md), and its types (kind, side, stp) come from them.
 */
export const orderKind = z.enum(['stock_market', 'market', 'limit', 'stop_limit', 'stop_market']);
export const orderSide = z.enum(['buy', 'sell']);
export const orderAmount = decimal('amount');
export const orderPrice = decimal('price');
export const activationPrice = decimal('activation price');
export const clientOrderId = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'Use letters, digits, -, . and _ only (at most 64).');
export const stp = z.enum(['no', 'cancel_both', 'cancel_new', 'cancel_old']);

/** What every order has, whatever its kind. */
const orderFields = {
  market,
  side: orderSide,
  amount: orderAmount,
  clientOrderId: clientOrderId.optional(),
  stp: stp.optional(),
};

const limitFlags = { postOnly: z.boolean().optional(), ioc: z.boolean().optional() };

/**
 * An order. The caller passes one shape (`price`, `activationPrice` optional); main receives it by
 * kind: a limit order with its price (and may be post-only or IOC), a market order with none, a
 * stop-limit with its activation price and limit price, a stop-market with its activation price
 * (its amount is money for a buy, stock for a sell, as the exchange takes it).
 */
export const placeOrderInput = z
  .object({
    kind: orderKind,
    ...orderFields,
    price: orderPrice.optional(),
    activationPrice: activationPrice.optional(),
    ...limitFlags,
  })
  .pipe(
    z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('limit'),
        ...orderFields,
        price: decimal('price', 'Enter the limit price.'),
        ...limitFlags,
      }),
      z.object({ kind: z.enum(['stock_market', 'market']), ...orderFields }),
      z.object({
        kind: z.literal('stop_limit'),
        ...orderFields,
        price: decimal('price', 'Enter the limit price.'),
        activationPrice: decimal('activation price', 'Enter the activation price.'),
      }),
      z.object({
        kind: z.literal('stop_market'),
        ...orderFields,
        activationPrice: decimal('activation price', 'Enter the activation price.'),
      }),
    ]),
  );

/**
 * What modifying an active limit or stop order changes: at least one of amount (total: the amount of
 * a buy stop-market order, in money), price and activation price.
 */
export const modifyOrderInput = z
  .object({
    market,
    orderId: z.number().int().positive(),
    amount: orderAmount.optional(),
    total: decimal('total').optional(),
    price: orderPrice.optional(),
    activationPrice: decimal('activation price').optional(),
  })
  .refine((v) => [v.amount, v.total, v.price, v.activationPrice].some((x) => x !== undefined), {
    path: ['amount'],
    message: 'Change the amount, the price or the activation price.',
  })
  .refine((v) => v.amount === undefined || v.total === undefined, {
    path: ['total'],
    message: 'Change the amount or the total, not both.',
  });

/** The kill-switch's timeout: 5 to 600 whole seconds (the exchange's bounds). */
export const KILL_SWITCH_TIMEOUT = { min: 5, max: 600 } as const;
const timeoutMessage = `Enter whole seconds from ${KILL_SWITCH_TIMEOUT.min} to ${KILL_SWITCH_TIMEOUT.max}.`;
export const killSwitchTimeout = z
  .number({ message: timeoutMessage })
  .int(timeoutMessage)
  .min(KILL_SWITCH_TIMEOUT.min, timeoutMessage)
  .max(KILL_SWITCH_TIMEOUT.max, timeoutMessage);

export const conditionalOrdersInput = z.object({
  market: market.optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(100).default(100),
});

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

export const orderHistoryInput = z
  .object({
    market: market.optional(),
    offset: z.number().int().min(0).max(10_000).optional(),
    limit: z.number().int().min(1).max(500).optional(),
  })
  .optional();

/** A time in Unix seconds (bounded: it is signed into requests). */
const unixSeconds = (what: string) =>
  z.number().int(`Choose ${what}.`).min(0, `Choose ${what}.`).max(8_000_000_000, `Choose ${what}.`);

/** History by API key: the filters, and a time range of at most `longest` seconds. */
const tradeHistoryQuery = (longest: number, tooLong: string) =>
  z
    .object({
      market: market.optional(),
      side: orderSide.optional(),
      clientOrderId: clientOrderId.optional(),
      from: unixSeconds('a start time'),
      to: unixSeconds('an end time'),
    })
    .refine((v) => v.from <= v.to, { path: ['from'], message: 'Choose a start before the end.' })
    .refine((v) => v.to - v.from <= longest, { path: ['from'], message: tooLong });

/** One window the exchange answers in one query: at most 31 days. */
export const tradeHistoryWindowInput = tradeHistoryQuery(
  HISTORY_WINDOW_SECONDS,
  'The exchange answers at most 31 days at a time.',
);

/** A range to export: at most the six months the exchange keeps, walked 31 days at a time. */
export const tradeHistoryRangeInput = tradeHistoryQuery(
  HISTORY_RANGE_SECONDS,
  'The exchange keeps six months: choose a shorter range.',
);

const DAY = 86_400;

/**
 * Longest `to - from` (seconds) of one hashrate request, per interval. These are the demo
 * exchange's limits (packages/demo-exchange/src/hashrate.ts), taken as the exchange's: the
 * specification states none, and the deployed server refuses a longer range with 422 "Incorrect
 * timestamp".
 */
export const HASHRATE_RANGE_LIMITS = { '5m': 7 * DAY, '1h': 90 * DAY, '24h': 366 * DAY } as const;
/** A series never fans out to more requests than a year at 5 minutes needs (53). */
export const HASHRATE_MAX_REQUESTS = Math.ceil((366 * DAY) / HASHRATE_RANGE_LIMITS['5m']);
/** How many points a downsampled series may ask for. */
export const HASHRATE_POINTS = { min: 50, max: 5000 } as const;
/** Nothing was mined before Bitcoin's first block (2009-01-03). */
export const HASHRATE_EARLIEST = 1_230_940_800;

const miningRange = z.object({
  account: z
    .string()
    .trim()
    .min(1, 'Enter the mining account name.')
    .max(64, 'Use at most 64 characters.'),
  /** Unix seconds. */
  from: z
    .number()
    .int('Choose a start time.')
    .min(HASHRATE_EARLIEST, 'Choose a start in 2009 or later.')
    .max(8_000_000_000, 'Choose a start time.'),
  to: z
    .number()
    .int('Choose an end time.')
    .min(HASHRATE_EARLIEST, 'Choose an end in 2009 or later.')
    .max(8_000_000_000, 'Choose an end time.'),
  interval: z.enum(['5m', '1h', '24h'], { message: 'Choose 5m, 1h or 24h.' }),
});
type MiningRange = z.infer<typeof miningRange>;

/** The range's checks: start before end, end not in the future, no more requests than a year at 5 min. */
const checkRange = (v: MiningRange, ctx: z.RefinementCtx) => {
  if (v.from >= v.to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose a start before the end.' });
  const now = Math.floor(Date.now() / 1000);
  if (v.from > now) {
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: 'Choose a start that is not in the future.',
    });
  }
  // A day of slack for the end: "today" in any time zone.
  if (v.to > now + DAY) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'Choose an end that is not in the future.',
    });
  }
  const requests = Math.ceil((v.to - v.from) / HASHRATE_RANGE_LIMITS[v.interval]);
  if (requests > HASHRATE_MAX_REQUESTS) {
    const longest = Math.floor((HASHRATE_MAX_REQUESTS * HASHRATE_RANGE_LIMITS[v.interval]) / DAY);
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: `At ${v.interval} a range can span at most ${longest.toLocaleString('en-US')} days: choose a later start or a longer interval.`,
    });
  }
};

export const miningHashrateInput = miningRange
  .extend({
    maxPoints: z.number().int().min(HASHRATE_POINTS.min).max(HASHRATE_POINTS.max).default(1200),
  })
  .superRefine(checkRange);

export const miningExportInput = miningRange.superRefine(checkRange);

export const contract = {
  app: {
    info: channel<AppInfo>()(noInput),
    updateStatus: channel<UpdateStatus>()(noInput),
    /** Looks for a newer version now (it downloads in the background when there is one). */
    checkForUpdates: channel<UpdateStatus>()(noInput),
    /** Quits and installs a downloaded update. */
    installUpdate: channel<UpdateStatus>()(noInput),
    /**
     * A desktop notification, shown only while the window is not focused (Electron; the web host
     * shows none). The page words it, so privacy mode decides what it says. true: it was shown.
     */
    notify: channel<boolean>()(
      z.object({ title: z.string().min(1).max(100), body: z.string().max(300) }),
    ),
    /**
     * A locale's number separators (main's Intl, already started), for the page's first screen:
     * its own first Intl call would start the ICU library on the way to its first paint.
     */
    separators: channel<Separators>()(
      z.object({
        locale: z
          .string()
          .min(1)
          .max(35)
          .regex(/^[A-Za-z0-9-]+$/),
      }),
    ),
  },
  exchange: {
    status: channel<ExchangeStatus>()(noInput),
    checkNow: channel<ExchangeStatus>()(noInput),
  },
  stream: {
    /** Live, polling or offline, and since when (changes arrive as `stream.status` events). */
    status: channel<StreamStatus>()(noInput),
    /**
     * The market whose book and trades a visible screen shows (Trade), or null: main subscribes to
     * its depth and trades and drops the last market's. Prices, balances and orders are always on.
     */
    watch: channel<StreamStatus>()(z.object({ market: market.nullable() })),
  },
  profiles: {
    list: channel<ProfilesState>()(noInput),
    /** Verifies the key with a harmless signed call; stores it only when it works. */
    add: channel<ProfilesState>()(addProfileInput),
    rename: channel<ProfilesState>()(z.object({ id: profileId, name: profileName })),
    /** Deletes the profile and its keychain entry. */
    remove: channel<ProfilesState>()(z.object({ id: profileId })),
    verify: channel<ProfileSummary>()(z.object({ id: profileId })),
    activate: channel<ProfilesState>()(z.object({ id: profileId })),
    /** Restores the built-in demo exchange to its seed (balances, orders, flex, sub-accounts). */
    resetDemo: channel<ProfilesState>()(noInput),
    /** The port of the OAuth redirect listener (app-wide); the redirect URI follows from it. */
    setOAuthPort: channel<ProfilesState>()(z.object({ port: oauthPort })),
  },
  oauth: {
    /** Partner client id and secret, kept in the keychain. */
    setPartner: channel<ProfilesState>()(
      z.object({
        profileId,
        clientId: credential('Paste the client id.', 256),
        clientSecret: credential('Paste the client secret.', 512),
      }),
    ),
    /** Starts the authorize flow; completion arrives as a `profiles.changed` event. */
    connect: channel<OAuthConnectStart>()(z.object({ profileId })),
    disconnect: channel<ProfilesState>()(z.object({ profileId })),
  },
  portfolio: {
    /**
     * Every balance valued in `quote`, with prices routed through BTC where needed. A successful
     * answer is also recorded as a balance snapshot in the local history database (deduplicated).
     */
    overview: channel<PortfolioOverview>()(z.object({ quote })),
    /**
     * The net-worth series over `range` in `quote`: the snapshots the app recorded, and before them
     * the series reconstructed from today's balances walked back through deals, deposits,
     * withdrawals and flex payments, priced with daily closes. Fetches what is new first
     * (incrementally; history already fetched is read from the database).
     */
    netWorth: channel<NetWorthSeries>()(z.object({ quote, range: netWorthRange })),
    /** Cost basis and realised / unrealised profit and loss per asset (average cost, fees in). */
    profitLoss: channel<ProfitLoss>()(z.object({ quote })),
    /** The recorded snapshots (every asset, with the prices used) as CSV. */
    exportSnapshotsCsv: channel<CsvExport>()(z.object({ quote })),
    /** The profit and loss table as CSV. */
    exportProfitLossCsv: channel<CsvExport>()(z.object({ quote })),
  },
  orders: {
    /** Every open order (up to 10,000), newest first; the screen filters and sorts them. */
    active: channel<ActiveOrders>()(noInput),
    cancel: channel<Order>()(z.object({ market, orderId: z.number().int().positive() })),
    conditional: channel<ConditionalOrders>()(conditionalOrdersInput),
    /** Cancels an OCO or OTO order (both legs) by its id. */
    cancelConditional: channel<true>()(z.object({ market, id: z.number().int().positive() })),
    /**
     * Changes an active limit or stop order. The exchange replaces it: the answer is the NEW order
     * (a new order id, the same client order id).
     */
    modify: channel<Order>()(modifyOrderInput),
    /** Cancels every open order of one market, or of every market when none is given. */
    cancelAll: channel<true>()(z.object({ market: market.optional() })),
    /**
     * Arms (or re-arms) a market's kill-switch: unless armed again within `timeout` seconds, the
     * exchange cancels the market's orders. `timeout: null` disarms it (answer: null).
     */
    killSwitch: channel<KillSwitchTimer | null>()(
      z.object({ market, timeout: killSwitchTimeout.nullable() }),
    ),
    /** The armed kill-switch timers, every market. */
    killSwitchStatus: channel<KillSwitchStatus>()(noInput),
    /**
     * Places an order on the active profile. Never sent twice: a lost answer is reconciled by client
     * order id. A refusal rejects with the exchange's per-field messages.
     */
    place: channel<PlacementOutcome>()(placeOrderInput),
    /** Executed orders of the active profile, through the OAuth partner connection (partner tab). */
    history: channel<ExecutedOrders>()(orderHistoryInput),
    /** The 500 most recent executed orders (of one market, one side) as CSV, like transfers. */
    exportHistoryCsv: channel<CsvExport>()(
      z.object({ market: market.optional(), side: z.enum(['buy', 'sell']).optional() }),
    ),
  },
  tradeHistory: {
    /**
     * Executed orders of one window (at most 31 days, within the six months the exchange keeps)
     * by API key, filtered by market, side and client order id, newest first.
     */
    orders: channel<ApiOrdersPage>()(tradeHistoryWindowInput),
    /** Deals (fills) of one window by API key, filtered like `orders`, newest first. */
    deals: channel<ApiDealsPage>()(tradeHistoryWindowInput),
    /** One order's deals, newest first. */
    orderDeals: channel<OrderDealsView>()(z.object({ orderId: z.number().int().positive() })),
    /** The executed orders of a range (walked 31 days at a time) as CSV. */
    exportOrdersCsv: channel<CsvExport>()(tradeHistoryRangeInput),
    /** The deals of a range (walked 31 days at a time) as CSV. */
    exportDealsCsv: channel<CsvExport>()(tradeHistoryRangeInput),
  },
  trade: {
    /** Every market of the exchange (public). */
    markets: channel<Market[]>()(noInput),
    /** Every market's last price and 24 h change (the public ticker, nothing more of it). */
    tickers: channel<MarketTickers>()(noInput),
    /** One market's rules, order book, last price and the two trade balances. */
    context: channel<TradeContext>()(z.object({ market })),
  },
  flex: {
    overview: channel<FlexOverview>()(noInput),
    invest: channel<FlexTransaction>()(
      z.object({
        plan: z.string().uuid('Choose a plan.'),
        amount: decimal('amount'),
        withReinvest: z.boolean(),
      }),
    ),
    /** Closes the ACTIVE investment of a plan (the exchange keys investments by plan). */
    close: channel<FlexTransaction>()(z.object({ plan: z.string().uuid('Choose a plan.') })),
    /**
     * Every interest payment (up to 10,000, newest first) and what each investment has been paid:
     * the totals need them all, so main pages through them and the screen filters and sorts.
     */
    payments: channel<FlexPayments>()(noInput),
  },
  subAccounts: {
    list: channel<SubAccountsView>()(noInput),
    block: channel<SubAccountsView>()(z.object({ id: z.string().uuid() })),
    unblock: channel<SubAccountsView>()(z.object({ id: z.string().uuid() })),
  },
  history: {
    transfers: channel<TransfersPage>()(transfersInput),
    /** Every record of the filtered history (up to the 10,000 cap) as CSV. */
    exportCsv: channel<CsvExport>()(z.object({ filters: transferFiltersInput })),
  },
  mining: {
    /**
     * One mining account's hashrate over [from, to] (Unix seconds): the range split into requests
     * the exchange accepts, merged, downsampled to `maxPoints` (peaks and outages kept); the
     * statistics over the full series.
     */
    hashrate: channel<MiningSeries>()(miningHashrateInput),
    /** The full-resolution series as CSV. */
    exportCsv: channel<CsvExport>()(miningExportInput),
  },
  lock: {
    /** The lock's state; when its keychain entry could not be read, read again first (Try again). */
    status: channel<LockState>()(noInput),
    /**
     * Sets the passcode and idle time. Changing a lock that is set needs `currentPasscode`, checked
     * like an unlock (refused with LOCK_WAIT while a wait after wrong passcodes runs).
     */
    configure: channel<LockState>()(
      z.object({
        passcode,
        idleMinutes: z.number().int().min(1).max(240),
        currentPasscode: z.string().max(128).optional(),
      }),
    ),
    /** Turns the lock off; the passcode is checked like an unlock. */
    disable: channel<LockState>()(z.object({ passcode: z.string().max(128) })),
    lockNow: channel<LockState>()(noInput),
    /**
     * WRONG_PASSCODE, or LOCK_WAIT (unchecked) while a wait runs: after three wrong passcodes
     * each try waits 1 s, doubling up to 5 min; the state's `retryAt` says until when.
     */
    unlock: channel<LockState>()(z.object({ passcode: z.string().max(128) })),
  },
} as const;

export const events = {
  'exchange.status': event<ExchangeStatus>(),
  'profiles.changed': event<ProfilesState>(),
  'lock.changed': event<LockState>(),
  'app.update': event<UpdateStatus>(),
  'app.power': event<PowerEvent>(),
  /** A menu of the desktop app asks for a screen (macOS: Settings…, ⌘,). */
  'app.open': event<{ screen: 'settings' }>(),
  'stream.status': event<StreamStatus>(),
  'stream.prices': event<StreamPrices>(),
  'stream.book': event<StreamBook>(),
  'stream.trades': event<StreamTrades>(),
  'stream.balances': event<StreamBalances>(),
  'stream.orders': event<StreamOrders>(),
  'stream.resync': event<StreamResync>(),
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
