import { afterEach, describe, expect, it } from 'vitest';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { useSubAccountsStore } from '../../../src/renderer/features/accounts/subAccountsStore';
import { useEarnStore, usePaymentsStore } from '../../../src/renderer/features/earn/earnStore';
import { useTransfersStore } from '../../../src/renderer/features/transfers/transfersStore';
import { moveBalance, useBalancePair } from '../../../src/renderer/features/transfer/transferStore';
import {
  useActiveOrders,
  useConditionalOrders,
  useOrdersStore,
} from '../../../src/renderer/features/orders/ordersStore';
import { useNetWorthStore } from '../../../src/renderer/features/overview/netWorthStore';
import { useOverviewStore } from '../../../src/renderer/features/overview/overviewStore';
import { useProfitLossStore } from '../../../src/renderer/features/overview/profitLossStore';
import { useKeyHistoryStore } from '../../../src/renderer/features/orders/keyHistoryStore';
import { useTradeContext, useTradeStore } from '../../../src/renderer/features/trade/tradeStore';
import {
  sendSubTransfer,
  useSubBalancesStore,
  useSubTransfersStore,
} from '../../../src/renderer/features/accounts/subAccountFundsStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { INVALIDATES, statusOf } from '../../../src/renderer/lib/remote';
import type { ChannelName } from '../../../src/shared/contract';
import type { ProfilesState } from '../../../src/shared/model';
import { fakeDesk, type FakeImpl } from '../fakeDesk';
import {
  confirmConvert,
  useConvertHistory,
} from '../../../src/renderer/features/convert/convertStore';
import {
  saveTaxSettings,
  setDepositCost,
  setYearMethod,
  useTaxReport,
} from '../../../src/renderer/features/taxes/taxStore';

afterEach(() => setDesk(undefined));

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const stamp = () => ({ fetchedAt: Date.now() });

/** Every read channel a screen uses answers something; mutations answer what `extra` says. */
function serve(extra: FakeImpl = {}) {
  const fake = fakeDesk({
    'portfolio.overview': async () => ({ ...stamp() }) as never,
    'portfolio.netWorth': async () => ({ ...stamp() }) as never,
    'portfolio.profitLoss': async () => ({ ...stamp() }) as never,
    'trade.context': async () => ({ ...stamp() }) as never,
    'orders.active': async () => ({ ...stamp() }) as never,
    'orders.conditional': async () => ({ ...stamp() }) as never,
    'flex.overview': async () => ({ ...stamp() }) as never,
    'flex.payments': async () => ({ ...stamp() }) as never,
    'subAccounts.list': async () => ({ records: [], ...stamp() }),
    'transfers.list': async () => ({ ...stamp() }) as never,
    'orders.killSwitchStatus': async () => ({ timers: [], ...stamp() }),
    'keyHistory.orders': async () => ({ ...stamp() }) as never,
    'keyHistory.deals': async () => ({ ...stamp() }) as never,
    'subAccounts.balances': async () => ({ ...stamp() }) as never,
    'subAccounts.transfers': async () => ({ ...stamp() }) as never,
    'transfers.balances': async () => ({ ...stamp() }) as never,
    'convert.history': async () => ({ ...stamp() }) as never,
    'tax.report': async () => ({ computedAt: 1 }) as never,
    ...extra,
  });
  setDesk(fake.desk);
  return fake;
}

/** Loads every slot once, as the screens would, and answers how often each channel was asked. */
async function useEverySlot(fake: ReturnType<typeof serve>) {
  await Promise.all([
    useOverviewStore.getState().load('USDT'),
    useNetWorthStore.getState().load({ quote: 'USDT', range: '3m' }),
    useProfitLossStore.getState().load('USDT'),
    useTradeStore.getState().loadContext(),
    useOrdersStore.getState().loadActive(),
    useOrdersStore.getState().loadConditional(),
    useEarnStore.getState().load(),
    usePaymentsStore.getState().load('USDT'),
    useSubAccountsStore.getState().load(),
    useTransfersStore.getState().loadPage(),
    useOrdersStore.getState().loadKillSwitches(),
    useKeyHistoryStore.getState().loadOrders(),
    useKeyHistoryStore.getState().loadDeals(),
    useSubBalancesStore.getState().load(SUB),
    useSubTransfersStore.getState().load(SUB),
    useBalancePair.getState().load('USDT'),
    useConvertHistory.getState().load(),
    useTaxReport.getState().load({ quote: 'USDT', year: 2026 }),
  ]);
  const count = (channel: ChannelName) => fake.callsTo(channel).length;
  const before = new Map(READS.map((c) => [c, count(c)]));
  return async () => {
    await flush();
    await flush();
    return READS.filter((c) => count(c) > before.get(c)!);
  };
}

const READS: ChannelName[] = [
  'portfolio.overview',
  'portfolio.netWorth',
  'portfolio.profitLoss',
  'trade.context',
  'orders.active',
  'orders.conditional',
  'flex.overview',
  'flex.payments',
  'subAccounts.list',
  'transfers.list',
  'orders.killSwitchStatus',
  'keyHistory.orders',
  'keyHistory.deals',
  'subAccounts.balances',
  'subAccounts.transfers',
  'transfers.balances',
  'convert.history',
  'tax.report',
];

/** A sub-account whose balances and transfers a slot shows. */
const SUB = 'ccbaba75-0951-40f6-a1b4-9eb467309354';

describe('mutations refresh what they change (one rule each)', () => {
  it('placing an order refreshes balances (Overview, Trade), the book and the order lists', async () => {
    const fake = serve({
      'orders.place': async () => ({ outcome: 'placed' }) as never,
    });
    const reloaded = await useEverySlot(fake);
    await useTradeStore.getState().place({
      kind: 'stock_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.1',
    });
    expect(await reloaded()).toEqual([
      'portfolio.overview',
      'trade.context',
      'orders.active',
      'orders.conditional',
      'keyHistory.orders',
      'keyHistory.deals',
      'transfers.balances',
    ]);
  });

  it('a move between main and trade refreshes the holdings, Trade and the balances', async () => {
    const fake = serve({ 'transfers.move': async () => ({ outcome: 'moved' }) as never });
    const reloaded = await useEverySlot(fake);
    await moveBalance({ ticker: 'USDT', amount: '1', from: 'main', to: 'trade' });
    expect(await reloaded()).toEqual(['portfolio.overview', 'trade.context', 'transfers.balances']);
  });

  it('a convert refreshes the holdings, Trade, the balances and the convert history', async () => {
    const fake = serve({ 'convert.confirm': async () => ({ quoteId: '1' }) as never });
    const reloaded = await useEverySlot(fake);
    await confirmConvert('1');
    expect(await reloaded()).toEqual([
      'portfolio.overview',
      'trade.context',
      'transfers.balances',
      'convert.history',
    ]);
  });

  it('cancelling an order refreshes the same but deals, and nothing after a refusal', async () => {
    let refuse = true;
    const fake = serve({
      'orders.cancel': async () => {
        if (refuse) throw { code: 'EXCHANGE_VALIDATION', message: 'Order not found' };
        return {} as never;
      },
    });
    const reloaded = await useEverySlot(fake);
    await expect(useOrdersStore.getState().cancel('BTC_USDT', 1)).rejects.toMatchObject({
      message: 'Order not found',
    });
    expect(await reloaded()).toEqual([]);
    refuse = false;
    await useOrdersStore.getState().cancel('BTC_USDT', 1);
    // A canceled order that had dealt is an executed order; its deals were there already.
    expect(await reloaded()).toEqual([
      'portfolio.overview',
      'trade.context',
      'orders.active',
      'orders.conditional',
      'keyHistory.orders',
    ]);
  });

  it('modifying an order and cancelling all refresh what cancelling one does', async () => {
    const fake = serve({
      'orders.active': async () => ({ orders: [], capped: false, ...stamp() }),
      'orders.modify': async () => ({ orderId: 2 }) as never,
      'orders.cancelAll': async () => true,
    });
    const orderLists = [
      'portfolio.overview',
      'trade.context',
      'orders.active',
      'orders.conditional',
      'keyHistory.orders',
    ];
    let reloaded = await useEverySlot(fake);
    await useOrdersStore.getState().modify({ market: 'BTC_USDT', orderId: 1, price: '1' });
    expect(await reloaded()).toEqual(orderLists);
    reloaded = await useEverySlot(fake);
    await useOrdersStore.getState().cancelAll('BTC_USDT');
    expect(await reloaded()).toEqual(orderLists);
  });

  it('arming or disarming the kill-switch refreshes its timers only', async () => {
    const fake = serve({ 'orders.killSwitch': async () => null });
    const reloaded = await useEverySlot(fake);
    await useOrdersStore.getState().killSwitch('BTC_USDT', null);
    expect(await reloaded()).toEqual(['orders.killSwitchStatus']);
  });

  it('investing refreshes Earn and Overview', async () => {
    const fake = serve({ 'flex.invest': async () => ({}) as never });
    const reloaded = await useEverySlot(fake);
    await useEarnStore.getState().invest({ plan: 'p', amount: '1', withReinvest: false });
    expect(await reloaded()).toEqual(['portfolio.overview', 'flex.overview']);
  });

  it('closing an investment refreshes Earn and Overview, after a refusal too', async () => {
    const fake = serve({
      'flex.close': async () => {
        throw { code: 'EXCHANGE_VALIDATION', message: 'No active investment' };
      },
    });
    const reloaded = await useEverySlot(fake);
    await expect(useEarnStore.getState().close('p')).rejects.toMatchObject({
      code: 'EXCHANGE_VALIDATION',
    });
    expect(await reloaded()).toEqual(['portfolio.overview', 'flex.overview']);
  });

  it('blocking and unblocking take the list main answers with', async () => {
    const blocked = {
      records: [{ id: 'a', alias: 'bot', email: '', status: 'blocked' }],
      fetchedAt: 1,
    };
    const fake = serve({
      'subAccounts.block': async () => blocked,
      'subAccounts.unblock': async () => ({ ...blocked, fetchedAt: 2 }),
    });
    const reloaded = await useEverySlot(fake);
    await useSubAccountsStore.getState().setBlocked('a', true);
    expect(useSubAccountsStore.getState().data).toEqual(blocked);
    await useSubAccountsStore.getState().setBlocked('a', false);
    expect(useSubAccountsStore.getState().data?.fetchedAt).toBe(2);
    expect(await reloaded()).toEqual([]);
  });

  it('resetting the demo data refreshes every screen that shows it', async () => {
    const fake = serve({
      'profiles.resetDemo': async () => ({ profiles: [], activeId: 'demo' }) as never,
    });
    const reloaded = await useEverySlot(fake);
    await useProfilesStore.getState().resetDemo();
    // The net-worth series and the P&L follow the holdings' total (the Overview asks them again).
    expect(await reloaded()).toEqual(
      READS.filter((c) => c !== 'portfolio.netWorth' && c !== 'portfolio.profitLoss'),
    );
  });

  it("a sub-account transfer refreshes the holdings and the sub-account's balances and transfers", async () => {
    const fake = serve({ 'subAccounts.transfer': async () => ({ outcome: 'moved' }) as never });
    const reloaded = await useEverySlot(fake);
    await sendSubTransfer({ id: SUB, direction: 'main_to_sub', ticker: 'USDT', amount: '1' });
    expect(await reloaded()).toEqual([
      'portfolio.overview',
      'subAccounts.balances',
      'subAccounts.transfers',
    ]);
  });

  it("a tax year's method, the settings or a deposit's cost refresh the tax report only", async () => {
    const settings = { yearStartMonth: 1, longTermMonths: 12, methods: {}, defaultMethod: 'fifo' };
    const fake = serve({
      'tax.setYearMethod': async () => settings as never,
      'tax.saveSettings': async () => settings as never,
      'tax.setDepositCost': async () => undefined,
    });
    let reloaded = await useEverySlot(fake);
    await setYearMethod(2026, 'hifo');
    expect(await reloaded()).toEqual(['tax.report']);
    reloaded = await useEverySlot(fake);
    await saveTaxSettings({ yearStartMonth: 4, longTermMonths: 36, defaultMethod: 'lifo' });
    expect(await reloaded()).toEqual(['tax.report']);
    reloaded = await useEverySlot(fake);
    await setDepositCost({ key: 'k', quote: 'USDT', cost: '1', ownWallet: false });
    expect(await reloaded()).toEqual(['tax.report']);
  });

  it('the map names only channels that exist as reads of some slot', () => {
    for (const [mutation, reads] of Object.entries(INVALIDATES)) {
      for (const read of reads) expect(READS, `${mutation} -> ${read}`).toContain(read);
    }
  });
});

describe('a profile switch', () => {
  const profiles = (activeId: string): ProfilesState => ({
    profiles: [],
    activeId,
    keychain: { available: true },
  });

  it('drops the last profile’s data everywhere at once and reloads only what was in use', async () => {
    useProfilesStore.setState({ state: profiles('demo') });
    const fake = serve();
    await useOverviewStore.getState().load('USDT');
    await useOrdersStore.getState().loadActive();
    expect(useOverviewStore.getState().data).toBeDefined();

    useProfilesStore.setState({ state: profiles('main') });
    // At once: nothing of the last profile is left to show.
    expect(useOverviewStore.getState().data).toBeUndefined();
    expect(useActiveOrders.getState().data).toBeUndefined();
    await flush();
    expect(fake.callsTo('portfolio.overview')).toEqual([{ quote: 'USDT' }, { quote: 'USDT' }]);
    expect(fake.callsTo('orders.active')).toHaveLength(2);
    // Never opened: not loaded for the new profile either.
    expect(fake.callsTo('orders.conditional')).toEqual([]);
    expect(useConditionalOrders.getState().used).toBe(false);
    expect(useTradeContext.getState().used).toBe(false);
    await flush();
    expect(useOverviewStore.getState().data).toBeDefined();
  });

  it('a slot whose query names something of the last profile (a sub-account) is not asked again', async () => {
    useProfilesStore.setState({ state: profiles('demo') });
    const fake = serve();
    await useSubBalancesStore.getState().load('sub-of-demo');
    await useSubTransfersStore.getState().load('sub-of-demo');
    useProfilesStore.setState({ state: profiles('main') });
    await flush();
    // The other exchange does not know that id: its screen asks again with one of the new profile's.
    expect(fake.callsTo('subAccounts.balances')).toEqual([{ id: 'sub-of-demo' }]);
    expect(fake.callsTo('subAccounts.transfers')).toEqual([{ id: 'sub-of-demo' }]);
    expect(useSubBalancesStore.getState()).toMatchObject({ data: undefined, used: false });
    expect(useSubTransfersStore.getState()).toMatchObject({ data: undefined, used: false });
  });

  it('an answer for the last profile arriving after the switch is dropped', async () => {
    useProfilesStore.setState({ state: profiles('demo') });
    let release: (value: never) => void = () => undefined;
    let first = true;
    serve({
      'portfolio.overview': () =>
        first
          ? ((first = false), new Promise<never>((resolve) => (release = resolve)))
          : Promise.resolve({ owner: 'main', fetchedAt: 2 } as never),
    });
    const slow = useOverviewStore.getState().load('USDT');
    useProfilesStore.setState({ state: profiles('main') });
    await flush();
    release({ owner: 'demo', fetchedAt: 1 } as never);
    await slow;
    expect(useOverviewStore.getState().data).toEqual({ owner: 'main', fetchedAt: 2 });
  });
});

describe('a remote slot', () => {
  it('keeps loading, data and the DeskError apart; statusOf reads them', async () => {
    let fail = false;
    setDesk(
      fakeDesk({
        'flex.overview': async () => {
          if (fail) throw { code: 'X', message: 'down' };
          return { fetchedAt: 5 } as never;
        },
      }).desk,
    );
    expect(statusOf(useEarnStore.getState())).toBe('loading');
    fail = true;
    await useEarnStore.getState().load();
    expect(statusOf(useEarnStore.getState())).toBe('error');
    fail = false;
    await useEarnStore.getState().load();
    expect(statusOf(useEarnStore.getState())).toBe('ready');
    fail = true;
    await useEarnStore.getState().load();
    expect(useEarnStore.getState().error).toEqual({ code: 'X', message: 'down' });
    expect(statusOf(useEarnStore.getState())).toBe('ready'); // the last data stays on screen
  });
});
