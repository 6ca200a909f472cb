import { GUARD, type ChannelGuard, type Handlers } from './binder';
import type { Accounts } from '../accounts/accounts';
import type { AppLock } from '../accounts/lock';
import type { UpdateService } from '../services/updates';
import type { OrderJournal } from '../services/orderJournal';
import type { SaveFile } from '../services/csv';
import type { StreamService } from '../stream/service';
import type { SnapshotRecorder } from '../portfolioHistory/recorder';
import { exportSnapshotsCsv } from '../portfolioHistory/snapshotsCsv';
import type { HistoryStore } from '../portfolioHistory/store';
import type { PortfolioHistory } from '../portfolioHistory/service';
import * as orders from '../services/orders';
import type { KillSwitchKeeper } from '../services/killSwitchKeeper';
import * as trade from '../services/trade';
import * as flex from '../services/flex';
import * as subAccounts from '../services/subAccounts';
import * as convert from '../services/convert';
import * as transfers from '../services/transfers';
import { balancePair, BalanceMoves } from '../services/balanceTransfer';
import { TransferGuard } from '../services/transferGuard';
import * as mining from '../services/mining';
import { WorkerBook, miningWorkers } from '../services/miningWorkers';
import type { MiningAlertPoller } from '../services/miningAlertPoller';
import type { MiningRewardsService } from '../services/miningRewards';
import type { PriceAlertService } from '../services/priceAlerts';
import * as keyHistory from '../services/keyHistory';
import * as receive from '../services/receive';
import { overviewAccounts, setOverviewAccounts } from '../services/overviewAccounts';
import { TaxService } from '../tax/service';
import type { ChannelName } from '../../shared/contract';
import { DeskFailure } from '../../shared/errors';
import { separatorsOf } from '../../shared/separators';
import type { AppInfo } from '../../shared/model';

export interface Services {
  info: () => AppInfo;
  updates: UpdateService;
  accounts: Accounts;
  lock: AppLock;
  /** Every order sent, per profile and client order id: an id never executes twice. */
  orderJournal: OrderJournal;
  /** The native save dialog (Electron); absent in the web host, where the page downloads. */
  saveFile?: SaveFile;
  /** The live stream of the active profile. */
  stream: StreamService;
  /** The local history database (issue 18). */
  historyStore: HistoryStore;
  /** Net worth over time and profit and loss, from the history database. */
  portfolioHistory: PortfolioHistory;
  /** Records a snapshot from every successful Overview. */
  recorder: SnapshotRecorder;
  /** Keeps kill-switches armed from main ("keep alive while connected"). */
  killSwitches: KillSwitchKeeper;
  /** The mining alerts' poller (its events, rules and quiet hours). */
  miningAlerts: MiningAlertPoller;
  /** The mining accounts' daily rewards: synced in the background, valued on request. */
  miningRewards: MiningRewardsService;
  /** The price alerts, evaluated in main. */
  priceAlerts: PriceAlertService;
  /** A desktop notification (Electron); absent in the web host, where none is shown. */
  notify?: (title: string, body: string) => boolean;
  /** Keep watching in the tray when the window is closed (Electron); absent in the web host. */
  keepWatching?: (on: boolean) => void;
}

/** Channels that answer while the app is locked; every other one refuses with LOCKED. */
export const OPEN_WHILE_LOCKED: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'app.info',
  'app.updateStatus',
  'app.separators',
  'exchange.status',
  'exchange.checkNow',
  'stream.status',
  'lock.status',
  'lock.unlock',
  'lock.lockNow',
  // A locked app that is closed still honours the tray setting the page had sent.
  'app.setKeepWatching',
]);

/** The app lock as the binder's guard: main enforces it, not only the page. */
function lockGuard(lock: AppLock): ChannelGuard {
  return {
    open: OPEN_WHILE_LOCKED,
    refusal: () =>
      lock.isLocked()
        ? new DeskFailure('LOCKED', 'Exchange Desk is locked. Enter the passcode.')
        : undefined,
  };
}

/** Contract channel -> service call. Plain Node: the Electron IPC layer and the web host share it. */
export function createHandlers(services: Services): Handlers {
  const { accounts, lock, updates, saveFile, stream, notify } = services;
  const { historyStore, recorder, portfolioHistory } = services;
  const api = () => accounts.active().api;
  const workerBook = new WorkerBook();
  const { miningRewards } = services;
  /** Transfers to and from sub-accounts, and converts: each sent once per profile. */
  // One money move at a time per profile, whichever balances it moves between.
  const moveGuard = new TransferGuard();
  const subTransfers = new subAccounts.SubAccountTransfers(moveGuard);
  const converts = new convert.Converts();
  /** Moves between main and trade: one at a time per profile, each sent once. */
  const balanceMoves = new BalanceMoves(moveGuard);
  /** Orders are journalled per profile: the journal and the profile an order is placed from. */
  const journal = () => ({ journal: services.orderJournal, profileId: accounts.active().id });
  const taxes = new TaxService({
    store: historyStore,
    portfolioHistory,
    activeId: () => accounts.active().id,
  });
  return {
    [GUARD]: lockGuard(lock),
    'app.info': async () => services.info(),
    'app.updateStatus': async () => updates.current(),
    'app.checkForUpdates': () => updates.check(),
    'app.installUpdate': async () => updates.install(),
    'app.notify': async ({ title, body }) => notify?.(title, body) ?? false,
    'app.separators': async ({ locale }) => separatorsOf(locale),
    'app.setKeepWatching': async ({ on }) => {
      services.keepWatching?.(on);
      return services.keepWatching !== undefined;
    },
    'exchange.status': async () => accounts.active().status.current(),
    'exchange.checkNow': () => accounts.active().status.check(),
    'stream.status': async () => stream.current(),
    'stream.watch': async ({ market }) => stream.watch(market),
    'stream.watchCandles': async ({ market, interval }) => stream.watchCandles(market, interval),
    'profiles.list': () => accounts.state(),
    'profiles.add': (input) => accounts.add(input),
    'profiles.rename': ({ id, name }) => accounts.rename(id, name),
    'profiles.remove': ({ id }) => accounts.remove(id),
    'profiles.verify': ({ id }) => accounts.verify(id),
    'profiles.activate': ({ id }) => accounts.activate(id),
    'profiles.resetDemo': () => accounts.resetDemo(),
    'profiles.setOAuthPort': ({ port }) => accounts.setOAuthPort(port),
    'oauth.setPartner': ({ profileId, ...partner }) => accounts.setPartner(profileId, partner),
    'oauth.connect': ({ profileId }) => accounts.connect(profileId),
    'oauth.disconnect': ({ profileId }) => accounts.disconnect(profileId),
    'portfolio.overview': ({ quote, accounts: scope }) => recorder.overview(quote, scope),
    // TEMPORARY (issue 18, data half): the net-worth series and the profit and loss come with the
    // calculation half (backfill.ts, profitLoss.ts); these three are replaced when it is merged.
    'portfolio.netWorth': ({ quote, range }) => portfolioHistory.netWorth(quote, range),
    'portfolio.profitLoss': ({ quote }) => portfolioHistory.profitLoss(quote),
    'portfolio.exportProfitLossCsv': ({ quote }) =>
      portfolioHistory.exportProfitLossCsv(quote, saveFile),
    'portfolio.exportSnapshotsCsv': ({ quote }) =>
      exportSnapshotsCsv(historyStore, accounts.active().id, quote, saveFile),
    'orders.active': () => orders.active(api()),
    'orders.cancel': (input) => orders.cancel(api(), input),
    'orders.conditional': (query) => orders.conditional(api(), query),
    'orders.cancelConditional': ({ market, id }) => api().cancelConditional(market, id),
    'orders.modify': (input) => orders.modify(api(), input),
    'orders.cancelAll': (input) => orders.cancelAll(api(), input),
    'orders.killSwitch': (input) => orders.killSwitch(api(), services.killSwitches, input),
    'orders.killSwitchStatus': () => orders.killSwitchStatus(api(), services.killSwitches),
    'orders.place': (input) => orders.placeOrderOutcome(api(), input, journal()),
    'orders.partnerHistory': (query) => accounts.partnerHistory(query),
    'orders.exportPartnerHistoryCsv': (query) =>
      orders.exportPartnerHistoryCsv((q) => accounts.partnerHistory(q), query, saveFile),
    'keyHistory.orders': (query) => keyHistory.orders(api(), query),
    'keyHistory.deals': (query) => keyHistory.deals(api(), query),
    'keyHistory.orderDeals': ({ orderId }) => keyHistory.orderDeals(api(), orderId),
    'keyHistory.exportOrdersCsv': (query) => keyHistory.exportOrdersCsv(api(), query, saveFile),
    'keyHistory.exportDealsCsv': (query) => keyHistory.exportDealsCsv(api(), query, saveFile),
    'trade.markets': () => trade.markets(api()),
    'trade.tickers': () => trade.tickers(api()),
    'trade.context': ({ market }) => trade.context(api(), market),
    'trade.candles': ({ market, interval, before }) =>
      trade.candles(api(), market, interval, before),
    'flex.overview': () => flex.overview(api()),
    'flex.invest': (input) => flex.invest(api(), input),
    'flex.close': ({ plan }) => flex.close(api(), plan),
    'flex.payments': ({ quote }) => flex.payments(api(), quote),
    'subAccounts.list': () => subAccounts.list(api()),
    'subAccounts.block': ({ id }) => subAccounts.block(api(), id),
    'subAccounts.unblock': ({ id }) => subAccounts.unblock(api(), id),
    'subAccounts.balances': ({ id }) => subAccounts.balances(api(), id),
    'subAccounts.transfers': (query) => subAccounts.transfers(api(), query),
    'subAccounts.transfer': (input) => subTransfers.transfer(api(), accounts.active().id, input),
    'transfers.list': (query) => transfers.list(api(), query),
    'transfers.exportCsv': ({ filters }) => transfers.exportCsv(api(), filters, saveFile),
    'transfers.move': (input) => balanceMoves.move(api(), accounts.active().id, input),
    'transfers.balances': ({ ticker }) => balancePair(api(), ticker),
    'mining.hashrate': (query) => mining.miningSeries(api(), query),
    'mining.exportCsv': (query) => mining.exportCsv(api(), query, saveFile),
    'mining.accounts': async () => ({
      accounts: await api().miningAccounts(),
      fetchedAt: Date.now(),
    }),
    'mining.workers': ({ account }) => miningWorkers(api(), workerBook, account),
    'mining.alerts': async () => services.miningAlerts.state(),
    'mining.checkAlerts': () => services.miningAlerts.check(),
    'mining.setAlertRule': async (input) =>
      services.miningAlerts.setRule(
        input.account,
        'worker' in input ? input.worker : null,
        input.rule,
      ),
    'mining.payout': ({ account }) => services.miningAlerts.payout(account),
    'mining.setPayout': ({ account, destination, address }) =>
      services.miningAlerts.setPayout({
        account,
        destination,
        ...(destination === 'external_address' && address ? { address } : {}),
      }),
    'mining.setQuietHours': async ({ quietHours }) =>
      services.miningAlerts.setQuietHours(quietHours),
    'mining.watcherLinks': ({ account }) => mining.watcherLinks(api(), account),
    'mining.createWatcherLink': (input) => mining.createWatcherLink(api(), input),
    'mining.pool': () => mining.miningPool(api()),
    'mining.rewards': ({ account, quote }) => miningRewards.rewards(account, quote),
    'mining.exportRewardsCsv': ({ account, quote }) =>
      miningRewards.exportCsv(account, quote, saveFile),
    'lock.status': () => lock.status(),
    'lock.configure': ({ passcode, idleMinutes, currentPasscode }) =>
      lock.configure(passcode, idleMinutes, currentPasscode),
    'lock.disable': ({ passcode }) => lock.disable(passcode),
    'lock.lockNow': async () => lock.lockNow(),
    'lock.unlock': ({ passcode }) => lock.unlock(passcode),
    'receive.assets': () => receive.assets(api()),
    'receive.address': ({ ticker, network }) => receive.address(api(), ticker, network),
    'receive.newAddress': ({ ticker, network }) => receive.newAddress(api(), ticker, network),
    'convert.estimate': (input) => converts.estimate(api(), accounts.active().id, input),
    'convert.confirm': (input) => converts.confirm(api(), accounts.active().id, input),
    'convert.history': (query) => convert.history(api(), query),
    'priceAlerts.list': async () => services.priceAlerts.list(),
    'priceAlerts.add': (spec) => services.priceAlerts.add(spec),
    'priceAlerts.edit': ({ id, ...spec }) => services.priceAlerts.edit(id, spec),
    'priceAlerts.remove': async ({ id }) => services.priceAlerts.remove(id),
    'portfolio.accounts': () => overviewAccounts(accounts, api(), accounts.active().id),
    'portfolio.setAccounts': ({ accounts: ids }) =>
      setOverviewAccounts(accounts, api(), accounts.active().id, ids),
    // Taxes (issue 36).
    'tax.report': ({ quote, year }) => taxes.report(quote, year),
    'tax.settings': async () => taxes.settings(),
    'tax.saveSettings': async (settings) => taxes.saveSettings(settings),
    'tax.setYearMethod': async ({ year, method }) => taxes.setYearMethod(year, method),
    'tax.setDepositCost': async ({ key, ...said }) => taxes.setDepositCost(key, said),
    'tax.setWithdrawalSpent': async ({ key, spent }) => taxes.setWithdrawalSpent(key, spent),
    'tax.export': (input) => taxes.export(input, saveFile),
  };
}
