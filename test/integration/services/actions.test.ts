import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { startMain, startMainCore } from '../../support/core';
import type {
  FlexOverview,
  MarketTickers,
  SubAccountsView,
  TradeContext,
} from '../../../src/shared/model';

/** Trade, flex and sub-account channels end to end in main, on the Demo profile. */

describe.each(CASINGS)('%s casing', (casing) => {
  describe('trade', () => {
    it('gives a market’s rules, its book around the last price, and both trade balances', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const context = await call<TradeContext>('trade.context', { market: 'ETH_BTC' });
      expect(context.market).toMatchObject({ name: 'ETH_BTC', stock: 'ETH', money: 'BTC' });
      expect(context.book.asks.length).toBeGreaterThan(5);
      const bestAsk = new Decimal(context.book.asks[0]![0]);
      const bestBid = new Decimal(context.book.bids[0]![0]);
      expect(bestAsk.gt(bestBid)).toBe(true);
      expect(new Decimal(context.lastPrice!).gt(0)).toBe(true);
      expect(new Decimal(context.stock.available).gt(0)).toBe(true);
      expect(context.money).toHaveProperty('freeze');
      await expect(call('trade.context', { market: 'NOPE_USDT' })).rejects.toMatchObject({
        code: 'NO_MARKET',
        fields: { market: [expect.any(String)] },
      });
    });
  });

  describe('flex', () => {
    it('lists plans and investments, invests, closes, and refuses to close a non-ACTIVE investment', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const before = await call<FlexOverview>('flex.overview');
      expect(before.plans).toHaveLength(3);
      // Each plan's asset with its decimal places (the public assets list), for the form's check.
      for (const p of before.plans)
        expect(Number.isInteger(before.precisions[p.ticker])).toBe(true);
      const active = before.investments.find((i) => i.status === 'ACTIVE')!;
      const closed = before.investments.find((i) => i.status !== 'ACTIVE')!;
      expect(active && closed).toBeTruthy();

      const closedError = await call('flex.close', { plan: closed.planId }).catch(
        (e: unknown) => e,
      );
      expect(closedError).toMatchObject({
        code: 'EXCHANGE_VALIDATION',
        fields: { investment: [expect.any(String)] },
      });

      const plan = before.plans.find((p) => p.id === active.planId)!;
      const tx = await call<{ transactionId: string }>('flex.close', { plan: plan.id });
      expect(tx.transactionId).toEqual(expect.any(String));
      const afterClose = await call<FlexOverview>('flex.overview');
      expect(afterClose.investments.find((i) => i.id === active.id)?.status).not.toBe('ACTIVE');

      const tooMuch = await call('flex.invest', {
        plan: plan.id,
        amount: new Decimal(plan.maxInvestment).add(1).toFixed(),
        withReinvest: false,
      }).catch((e: unknown) => e);
      expect(tooMuch).toMatchObject({ fields: { amount: [expect.any(String)] } });
      await call('flex.invest', { plan: plan.id, amount: plan.minInvestment, withReinvest: true });
      const afterInvest = await call<FlexOverview>('flex.overview');
      expect(
        afterInvest.investments.some((i) => i.planId === plan.id && i.status === 'ACTIVE'),
      ).toBe(true);
    });

    it('answers a key without lending access with a permission error', async () => {
      const call = await startMain({ demoExchange: { casing, lendingAccess: false } });
      await expect(call('flex.overview')).rejects.toMatchObject({ code: 'EXCHANGE_PERMISSION' });
    });
  });

  describe('sub-accounts', () => {
    it('lists them and blocks and unblocks one', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const list = await call<SubAccountsView>('subAccounts.list');
      expect(list.records).toHaveLength(3);
      const open = list.records.find((r) => r.status !== 'blocked')!;
      const blocked = await call<SubAccountsView>('subAccounts.block', { id: open.id });
      expect(blocked.records.find((r) => r.id === open.id)?.status).toBe('blocked');
      const unblocked = await call<SubAccountsView>('subAccounts.unblock', { id: open.id });
      expect(unblocked.records.find((r) => r.id === open.id)?.status).not.toBe('blocked');
      await expect(call('subAccounts.block', { id: 'not-a-uuid' })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
    });
  });

  describe('demo reset', () => {
    it('returns the demo exchange to its seed: a placed order and a blocked sub-account are undone', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const before = await call<TradeContext>('trade.context', { market: 'BTC_USDT' });
      await call('orders.place', {
        kind: 'stock_market',
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
      });
      const open = (await call<SubAccountsView>('subAccounts.list')).records.find(
        (r) => r.status !== 'blocked',
      )!;
      await call('subAccounts.block', { id: open.id });
      const changed = await call<TradeContext>('trade.context', { market: 'BTC_USDT' });
      expect(changed.stock.available).not.toBe(before.stock.available);

      await call('profiles.resetDemo');
      const after = await call<TradeContext>('trade.context', { market: 'BTC_USDT' });
      expect(after.stock.available).toBe(before.stock.available);
      expect(after.money.available).toBe(before.money.available);
      const subs = await call<SubAccountsView>('subAccounts.list');
      expect(subs.records.find((r) => r.id === open.id)?.status).toBe(open.status);
    });
  });

  it('gives each market’s last price and 24 h change from the ticker, and no more of it', async () => {
    const { core, call } = await startMainCore({ demoExchange: { freezePrices: true } });
    const { tickers, fetchedAt } = await call<MarketTickers>('trade.tickers');
    const ticker = await core.accounts.active().api.ticker();
    expect(Object.keys(tickers).sort()).toEqual(Object.keys(ticker).sort());
    expect(tickers['BTC_USDT']).toEqual({
      lastPrice: ticker['BTC_USDT']!.lastPrice,
      change: ticker['BTC_USDT']!.change,
    });
    expect(fetchedAt).toBeGreaterThan(0);
  });
});
