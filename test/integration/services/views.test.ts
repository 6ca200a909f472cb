import Decimal from 'decimal.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { startMain, startMainCore } from '../../support/core';
import type {
  ActiveOrders,
  ConditionalOrders,
  CsvExport,
  FlexOverview,
  FlexPayments,
  PortfolioOverview,
  TransfersPage,
} from '../../../src/shared/model';

/** The views' channels end to end in main, on the Demo profile (no keychain needed). */

describe.each(CASINGS)('%s casing', (casing) => {
  describe('portfolio.overview', () => {
    it('values every balance in the quote, totals the priced rows exactly, and lists what has no price', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const view = await call<PortfolioOverview>('portfolio.overview', { quote: 'USDT' });
      expect(view.quote).toBe('USDT');
      expect(view.quotes).toContain('BTC');
      expect(view.rows.length).toBeGreaterThanOrEqual(10);
      let sum = new Decimal(0);
      for (const row of view.rows) {
        const total = new Decimal(row.main)
          .add(row.tradeAvailable)
          .add(row.tradeFrozen)
          .add(row.flex);
        expect(total.eq(row.total)).toBe(true);
        if (row.price === null) {
          expect(row.value).toBeNull();
          if (!total.isZero()) expect(view.unpriced).toContain(row.ticker);
        } else {
          expect(new Decimal(row.value!).sub(total.mul(row.price)).abs().lt('0.0001')).toBe(true);
          sum = sum.add(row.value!);
        }
      }
      expect(new Decimal(view.total).eq(sum)).toBe(true);
      expect(view.rows.find((r) => r.ticker === 'USDT')?.price).toBe('1');
      expect(view.flexUnavailable).toBe(false);
      expect(view.fetchedAt).toBeGreaterThan(Date.now() - 10_000);

      const inBtc = await call<PortfolioOverview>('portfolio.overview', { quote: 'BTC' });
      expect(inBtc.rows.find((r) => r.ticker === 'BTC')?.price).toBe('1');
    });

    it('says how a value in the quote is written: the asset’s precision, 2 places for fiat', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const places = async (quote: string) =>
        (await call<PortfolioOverview>('portfolio.overview', { quote })).quotePrecision;
      // The demo lists USDT with 6 places, BTC with 8; EUR is fiat.
      expect([await places('USDT'), await places('BTC'), await places('EUR')]).toEqual([6, 8, 2]);
    });

    it('offers the fiat currencies the exchange has markets in, and values every crypto row in them', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const view = await call<PortfolioOverview>('portfolio.overview', { quote: 'EUR' });
      expect(view.quotes).toEqual(expect.arrayContaining(['BTC', 'EUR', 'USD', 'USDT']));
      const inUsdt = await call<PortfolioOverview>('portfolio.overview', { quote: 'USDT' });
      // Whatever has a USDT price has a EUR price (through USDT_EUR or BTC_EUR): nothing new unpriced.
      expect(view.unpriced).toEqual(inUsdt.unpriced);
      const usdtInEur = view.rows.find((r) => r.ticker === 'USDT')!.price!;
      expect(new Decimal(usdtInEur).gt('0.8') && new Decimal(usdtInEur).lt('1.1')).toBe(true);
      expect(new Decimal(view.total).gt(0)).toBe(true);
    });

    it('says when the key cannot read flex investments', async () => {
      const call = await startMain({ demoExchange: { casing, lendingAccess: false } });
      const view = await call<PortfolioOverview>('portfolio.overview', { quote: 'USDT' });
      expect(view.flexUnavailable).toBe(true);
      expect(view.rows.every((r) => r.flex === '0')).toBe(true);
    });

    it('refuses a malformed quote with a field message', async () => {
      const call = await startMain({ demoExchange: { casing } });
      await expect(call('portfolio.overview', { quote: 'usdt; drop' })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        fields: { quote: ['Choose a quote currency.'] },
      });
    });
  });

  describe('orders', () => {
    it('lists every active order newest first, and cancels', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const all = await call<ActiveOrders>('orders.active');
      expect(all.capped).toBe(false);
      expect(all.orders.length).toBeGreaterThan(20);
      const times = all.orders.map((o) => o.timestamp);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const target = all.orders.find((o) => o.market === 'BTC_USDT')!;
      const cancelled = await call<{ orderId: number }>('orders.cancel', {
        market: 'BTC_USDT',
        orderId: target.orderId,
      });
      expect(cancelled.orderId).toBe(target.orderId);
      const after = await call<ActiveOrders>('orders.active');
      expect(after.orders.map((o) => o.orderId)).not.toContain(target.orderId);
      await expect(
        call('orders.cancel', { market: 'BTC_USDT', orderId: target.orderId }),
      ).rejects.toMatchObject({
        code: 'EXCHANGE_VALIDATION',
      });
    });

    it('cancels an OCO and an OTO order through conditional-cancel; a second cancel is not found', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const before = await call<ConditionalOrders>('orders.conditional', {});
      const oco = before.conditional.records.find((r) => r.kind === 'oco')!;
      const oto = before.conditional.records.find((r) => r.kind === 'oto')!;
      const marketOf = (r: typeof oco | typeof oto) =>
        r.kind === 'oco' ? r.stopLoss.market : r.conditionalOrder.market;
      for (const record of [oco, oto]) {
        await expect(
          call('orders.cancelConditional', { market: marketOf(record), id: record.id }),
        ).resolves.toBe(true);
      }
      const after = await call<ConditionalOrders>('orders.conditional', {});
      const ids = [...after.conditional.records.map((r) => r.id), ...after.oco.map((r) => r.id)];
      expect(ids).not.toContain(oco.id);
      expect(ids).not.toContain(oto.id);
      expect(after.conditional.total).toBe(before.conditional.total - 2);
      await expect(
        call('orders.cancelConditional', { market: marketOf(oco), id: oco.id }),
      ).rejects.toMatchObject({
        code: 'EXCHANGE_VALIDATION',
        fields: { id: ['Unexecuted order was not found.'] },
      });
      await expect(
        call('orders.cancelConditional', { market: 'NOPE_USDT', id: oto.id }),
      ).rejects.toMatchObject({ fields: { market: ['Market is not available'] } });
    });

    it('loads conditional (OCO and OTO) and OCO orders together', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const view = await call<ConditionalOrders>('orders.conditional', {});
      expect(view.conditional.records.some((r) => r.kind === 'oco')).toBe(true);
      expect(view.conditional.records.some((r) => r.kind === 'oto')).toBe(true);
      expect(view.oco.length).toBeGreaterThan(0);
    });
  });

  describe('history', () => {
    it('pages deposits and withdrawals with filters, and refuses statuses invalid for the method', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const page = await call<TransfersPage>('transfers.list', {
        filters: { transactionMethod: 2 },
        limit: 100,
      });
      expect(page.total).toBeGreaterThan(100);
      expect(page.records.every((r) => r.method === 2)).toBe(true);
      // Each ticker on the page with its display places from the assets list.
      for (const { ticker } of page.records) expect(page.places[ticker]).toBeGreaterThanOrEqual(0);
      await expect(
        call('transfers.list', { filters: { transactionMethod: 1, status: [18] } }),
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        fields: { 'filters.status': [expect.any(String)] },
      });
      await expect(
        call('transfers.list', { filters: {}, offset: 9_950, limit: 100 }),
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
    });

    it('exports the whole filtered history as CSV to the page, or through the native save dialog', async () => {
      const call = await startMain({ demoExchange: { casing } });
      const filters = { transactionMethod: 1, ticker: 'BTC' };
      const all: TransfersPage['records'] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await call<TransfersPage>('transfers.list', {
          filters,
          offset,
          limit: 100,
        });
        all.push(...page.records);
        if (offset + 100 >= page.total) break;
      }
      const exported = await call<CsvExport>('transfers.exportCsv', { filters });
      expect(exported.rows).toBe(all.length);
      const rows = parse(exported.csv!, { columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(all.length);
      rows.forEach((row, i) => {
        expect(row['Amount']).toBe(all[i]!.amount);
        expect(row['Transaction id']).toBe(all[i]!.transactionId);
        expect(row['Time (ISO 8601, UTC)']).toBe(new Date(all[i]!.createdAt).toISOString());
      });

      const saved: { name: string; text: string }[] = [];
      const native = await startMain({
        demoExchange: { casing },
        saveFile: async (name, chunks) => {
          let text = '';
          for await (const chunk of chunks) text += chunk;
          saved.push({ name, text });
          return `/home/me/${name}`;
        },
      });
      const viaDialog = await native<CsvExport>('transfers.exportCsv', { filters });
      expect(viaDialog).toMatchObject({
        rows: all.length,
        savedTo: `/home/me/${exported.filename}`,
      });
      expect(viaDialog.csv).toBeUndefined();
      expect(saved).toEqual([{ name: exported.filename, text: exported.csv }]);
      expect(exported.filename).toMatch(/^exchange-desk-transfers-\d{4}-\d{2}-\d{2}\.csv$/);

      const cancelled = await startMain({
        demoExchange: { casing },
        saveFile: async () => undefined,
      });
      expect(await cancelled<CsvExport>('transfers.exportCsv', { filters })).toMatchObject({
        cancelled: true,
      });
    });
  });
});

describe('flex.payments', () => {
  it('lists every interest payment the exchange holds, newest first, and totals each investment exactly', async () => {
    const { core, call } = await startMainCore();
    const held = core.demoExchange.engine.state.flexPayments;
    const view = await call<FlexPayments>('flex.payments', { quote: 'USDT' });
    expect(view.capped).toBe(false);
    expect(view.fetchedAt).toBeGreaterThan(Date.now() - 10_000);
    // All 100 (two pages at the exchange's default of 50), each once, as the exchange holds them.
    expect(view.records).toHaveLength(held.length);
    expect(new Set(view.records.map((p) => p.transactionId))).toEqual(
      new Set(held.map((p) => p.transactionId)),
    );
    const times = view.records.map((p) => p.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byTx = new Map(held.map((p) => [p.transactionId, p]));
    for (const payment of view.records) {
      const source = byTx.get(payment.transactionId)!;
      expect(payment).toEqual({ ...source, createdAt: source.createdAt * 1000 });
    }
    // One total per investment: the exact decimal sum of its payments, and its latest payment.
    const { investments } = await call<FlexOverview>('flex.overview');
    expect(view.interest.map((i) => i.investmentId).sort()).toEqual(
      investments.map((i) => i.id).sort(),
    );
    for (const interest of view.interest) {
      const own = held.filter((p) => p.investmentId === interest.investmentId);
      const sum = own.reduce((total, p) => total.add(p.amount), new Decimal(0));
      expect(interest.total).toBe(sum.toFixed());
      expect(interest.count).toBe(own.length);
      const latest = own.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
      expect(interest.last).toMatchObject({ transactionId: latest.transactionId });
    }
    const usdt = view.interest.find((i) => i.currency === 'USDT')!;
    // 40 days of 0.49315 USDT.
    expect([usdt.count, usdt.total]).toEqual([40, '19.726']);
    const btc = view.interest.find((i) => i.currency === 'BTC')!;
    expect([btc.count, btc.total]).toEqual([60, '0.0004104']);
    // Per month and asset: the months add up to each asset's total; USDT is worth itself, BTC
    // is valued at the ticker's price (USDT at its 6 places: not fiat).
    expect(view.byMonth).toMatchObject({ quote: 'USDT', quotePlaces: 6 });
    for (const [currency, total] of [
      ['USDT', '19.726'],
      ['BTC', '0.0004104'],
    ]) {
      const months = view.byMonth.months.filter((m) => m.currency === currency);
      expect(months.length).toBeGreaterThanOrEqual(1);
      const sum = months.reduce((all, m) => all.add(m.amount), new Decimal(0));
      expect(sum.toFixed()).toBe(total);
    }
    for (const m of view.byMonth.months.filter((m) => m.currency === 'USDT'))
      expect(m.value).toBe(m.amount);
    for (const m of view.byMonth.months.filter((m) => m.currency === 'BTC'))
      expect(new Decimal(m.value!).gt(m.amount)).toBe(true);
    const months = view.byMonth.months.map((m) => m.month);
    expect(months).toEqual([...months].sort().reverse());
  });

  it('values the monthly interest in a fiat quote at 2 places', async () => {
    const { call } = await startMainCore();
    const view = await call<FlexPayments>('flex.payments', { quote: 'EUR' });
    expect(view.byMonth).toMatchObject({ quote: 'EUR', quotePlaces: 2 });
    expect(view.byMonth.months.every((m) => m.value !== null)).toBe(true);
  });

  it('answers a key without lending access with a permission error', async () => {
    const call = await startMain({ demoExchange: { lendingAccess: false } });
    await expect(call('flex.payments', { quote: 'USDT' })).rejects.toMatchObject({
      code: 'EXCHANGE_PERMISSION',
    });
  });
});
