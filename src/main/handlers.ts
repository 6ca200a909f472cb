import type { Handlers } from './binder';
import type { Accounts } from './accounts/accounts';
import type { AppLock } from './accounts/lock';
import type { UpdateService } from './updates';
import { placeOrderOutcome } from './services/trading';
import type { OrderJournal } from './services/orderJournal';
import { portfolioOverview } from './services/portfolio';
import { transfersCsv } from './services/transfersCsv';
import { fetchHashrate, hashrateCsv, hashrateCsvName, miningSeries } from './services/mining';
import { fetchAllTransfers } from './exchange/paging';
import type { ExchangeApi } from './exchange/api';
import type { ChannelName } from '../shared/contract';
import { DeskFailure } from '../shared/errors';
import type { AppInfo, CsvExport } from '../shared/model';

export interface Services {
  info: () => AppInfo;
  updates: UpdateService;
  accounts: Accounts;
  lock: AppLock;
  /** Every order sent, per profile and client order id: an id never executes twice. */
  orderJournal: OrderJournal;
  /**
   * Saves a file through a native dialog (Electron): the path, or undefined when the user cancels.
   * Absent in the web host, where the page downloads the file itself.
   */
  saveFile?: (defaultName: string, text: string) => Promise<string | undefined>;
}

/** Channels that answer while the app is locked. */
const OPEN_WHILE_LOCKED = new Set<ChannelName>([
  'app.info',
  'app.updateStatus',
  'exchange.status',
  'exchange.checkNow',
  'lock.status',
  'lock.unlock',
  'lock.lockNow',
]);

async function subAccountsView(exchange: ExchangeApi) {
  const page = await exchange.subAccounts({ limit: 100 });
  return { records: page.records, fetchedAt: Date.now() };
}

/** Contract channel -> service call. Plain Node: the Electron IPC layer and the web host share it. */
export function createHandlers(services: Services): Handlers {
  const { accounts, lock } = services;
  const api = () => accounts.active().api;
  /** A CSV goes through the native save dialog (Electron) or back to the page to download. */
  const deliverCsv = async (filename: string, csv: string, rows: number): Promise<CsvExport> => {
    if (!services.saveFile) return { filename, rows, csv };
    const savedTo = await services.saveFile(filename, csv);
    return savedTo ? { filename, rows, savedTo } : { filename, rows, cancelled: true };
  };
  const handlers: Handlers = {
    'app.info': async () => services.info(),
    'app.updateStatus': async () => services.updates.current(),
    'app.checkForUpdates': () => services.updates.check(),
    'app.installUpdate': async () => services.updates.install(),
    'exchange.status': async () => accounts.active().status.current(),
    'exchange.checkNow': () => accounts.active().status.check(),
    'profiles.list': () => accounts.state(),
    'profiles.add': (input) => accounts.add(input),
    'profiles.rename': ({ id, name }) => accounts.rename(id, name),
    'profiles.remove': ({ id }) => accounts.remove(id),
    'profiles.verify': ({ id }) => accounts.verify(id),
    'profiles.activate': ({ id }) => accounts.activate(id),
    'profiles.resetDemo': () => accounts.resetDemo(),
    'profiles.setOAuthPort': ({ port }) => accounts.setOAuthPort(port),
    'oauth.setPartner': ({ profileId, clientId, clientSecret }) =>
      accounts.setPartner(profileId, { clientId, clientSecret }),
    'oauth.connect': ({ profileId }) => accounts.connect(profileId),
    'oauth.disconnect': ({ profileId }) => accounts.disconnect(profileId),
    'portfolio.overview': ({ quote }) => portfolioOverview(api(), quote),
    'orders.active': async ({ offset, limit, ...filters }) => {
      const orders = await api().activeOrders({ ...filters, offset, limit });
      return { orders, offset, limit, hasMore: orders.length === limit, fetchedAt: Date.now() };
    },
    'orders.cancel': ({ market, orderId }) => api().cancelOrder(market, { orderId }),
    'orders.conditional': async (query) => {
      const [conditional, oco] = await Promise.all([
        api().conditionalOrders(query),
        api().ocoOrders(query),
      ]);
      return { conditional, oco, fetchedAt: Date.now() };
    },
    'trade.markets': () => api().markets(),
    'trade.context': async ({ market }) => {
      const rules = (await api().markets()).find((m) => m.name === market);
      if (!rules) {
        throw new DeskFailure('NO_MARKET', `The exchange has no market ${market}.`, {
          market: [`There is no market ${market}.`],
        });
      }
      const [book, ticker, balances] = await Promise.all([
        api().orderBook(market, { limit: 100 }),
        api().ticker(),
        api().tradeBalance(),
      ]);
      const none = { available: '0', freeze: '0' };
      return {
        market: rules,
        book,
        lastPrice: ticker[market]?.lastPrice ?? null,
        stock: balances[rules.stock] ?? none,
        money: balances[rules.money] ?? none,
        fetchedAt: Date.now(),
      };
    },
    'flex.overview': async () => {
      const [plans, investments, balances] = await Promise.all([
        api().flexPlans(),
        api().flexInvestments({ limit: 100 }),
        api().mainBalance(),
      ]);
      return { plans, investments: investments.records, balances, fetchedAt: Date.now() };
    },
    'flex.invest': ({ plan, amount, withReinvest }) => api().flexInvest(plan, amount, withReinvest),
    'flex.close': ({ plan }) => api().flexClose(plan),
    'subAccounts.list': () => subAccountsView(api()),
    'subAccounts.block': async ({ id }) => {
      await api().blockSubAccount(id);
      return subAccountsView(api());
    },
    'subAccounts.unblock': async ({ id }) => {
      await api().unblockSubAccount(id);
      return subAccountsView(api());
    },
    'history.transfers': async ({ filters, offset, limit }) => {
      const page = await api().depositWithdrawHistory({ ...filters, offset, limit });
      return { ...page, fetchedAt: Date.now() };
    },
    'history.exportCsv': async ({ filters }) => {
      const { records } = await fetchAllTransfers(api(), filters);
      const filename = `exchange-desk-transfers-${new Date().toISOString().slice(0, 10)}.csv`;
      return deliverCsv(filename, transfersCsv(records), records.length);
    },
    'mining.hashrate': (input) => miningSeries(api(), input),
    'mining.exportCsv': async (query) => {
      const { points } = await fetchHashrate(api(), query);
      return deliverCsv(hashrateCsvName(query), hashrateCsv(points), points.length);
    },
    'orders.place': ({ price, ...input }) =>
      placeOrderOutcome(
        api(),
        // The contract requires a price for a limit order.
        input.kind === 'limit'
          ? { ...input, kind: 'limit', price: price! }
          : { ...input, kind: input.kind },
        { journal: services.orderJournal, profileId: accounts.active().id },
      ),
    'orders.history': (input) => accounts.orderHistory(input ?? {}),
    'lock.status': () => lock.status(),
    'lock.configure': ({ passcode, idleMinutes, currentPasscode }) =>
      lock.configure(passcode, idleMinutes, currentPasscode),
    'lock.disable': ({ passcode }) => lock.disable(passcode),
    'lock.lockNow': async () => lock.lockNow(),
    'lock.unlock': ({ passcode }) => lock.unlock(passcode),
  };
  // While locked, every other channel refuses (main enforces the lock, not only the page).
  for (const name of Object.keys(handlers) as ChannelName[]) {
    if (OPEN_WHILE_LOCKED.has(name)) continue;
    const inner = handlers[name] as (input: unknown) => Promise<unknown>;
    (handlers as Record<ChannelName, (input: unknown) => Promise<unknown>>)[name] = (input) => {
      if (lock.isLocked())
        return Promise.reject(
          new DeskFailure('LOCKED', 'Exchange Desk is locked. Enter the passcode.'),
        );
      return inner(input);
    };
  }
  return handlers;
}
