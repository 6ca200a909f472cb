/**
 * The contract's channel and event names, and nothing else: no zod, no schemas. The sandboxed
 * preload bundles this instead of the contract, so it stays a few kilobytes; main still validates
 * every input against the contract's schemas. contract/index.ts fails the typecheck when these
 * lists and its own channels or events name different things, and test/shared/channels.test.ts
 * checks the order.
 */

/** Every channel, `group.method`, in contract order. */
export const CHANNEL_NAMES = [
  'app.info',
  'app.updateStatus',
  'app.checkForUpdates',
  'app.installUpdate',
  'app.notify',
  'app.separators',
  'exchange.status',
  'exchange.checkNow',
  'stream.status',
  'stream.watch',
  'profiles.list',
  'profiles.add',
  'profiles.rename',
  'profiles.remove',
  'profiles.verify',
  'profiles.activate',
  'profiles.resetDemo',
  'profiles.setOAuthPort',
  'oauth.setPartner',
  'oauth.connect',
  'oauth.disconnect',
  'portfolio.overview',
  'portfolio.netWorth',
  'portfolio.profitLoss',
  'portfolio.exportSnapshotsCsv',
  'portfolio.exportProfitLossCsv',
  'orders.active',
  'orders.cancel',
  'orders.conditional',
  'orders.cancelConditional',
  'orders.modify',
  'orders.cancelAll',
  'orders.killSwitch',
  'orders.killSwitchStatus',
  'orders.place',
  'orders.partnerHistory',
  'orders.exportPartnerHistoryCsv',
  'keyHistory.orders',
  'keyHistory.deals',
  'keyHistory.orderDeals',
  'keyHistory.exportOrdersCsv',
  'keyHistory.exportDealsCsv',
  'trade.markets',
  'trade.tickers',
  'trade.context',
  'flex.overview',
  'flex.invest',
  'flex.close',
  'flex.payments',
  'subAccounts.list',
  'subAccounts.block',
  'subAccounts.unblock',
  'transfers.list',
  'transfers.exportCsv',
  'mining.hashrate',
  'mining.exportCsv',
  'mining.accounts',
  'mining.workers',
  'lock.status',
  'lock.configure',
  'lock.disable',
  'lock.lockNow',
  'lock.unlock',
] as const;

/** Every event main pushes, in contract order. */
export const EVENT_NAMES = [
  'exchange.status',
  'profiles.changed',
  'lock.changed',
  'app.update',
  'app.power',
  'app.open',
  'stream.status',
  'stream.prices',
  'stream.book',
  'stream.trades',
  'stream.balances',
  'stream.orders',
  'stream.resync',
] as const;

/** IPC channel on which main pushes events to the preload. */
export const EVENT_IPC_CHANNEL = 'desk:event';
