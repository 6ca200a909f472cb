import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import { DEFAULT_TAX_SETTINGS } from '../../../src/main/tax/store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tax-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('TaxStore', () => {
  it('defaults: the calendar year, 12 months to long term, FIFO', () => {
    const store = HistoryStore.open(undefined);
    expect(store.tax.settings('p1')).toEqual(DEFAULT_TAX_SETTINGS);
    expect(DEFAULT_TAX_SETTINGS).toEqual({
      yearStartMonth: 1,
      longTermMonths: 12,
      methods: {},
      defaultMethod: 'fifo',
    });
    store.close();
  });

  it('keeps settings, year methods and the marks across a restart, per profile', () => {
    const first = HistoryStore.open(dir);
    first.tax.saveSettings('p1', { yearStartMonth: 4, longTermMonths: 36, defaultMethod: 'hifo' });
    first.tax.setYearMethod('p1', 2023, 'lifo');
    first.tax.setYearMethod('p1', 2024, 'average');
    first.tax.setYearMethod('p1', 2024, 'fifo');
    first.tax.setDepositCost('p1', 'd1', { quote: 'EUR', cost: '123.45', ownWallet: false });
    first.tax.setDepositCost('p1', 'd2', { quote: 'USDT', cost: null, ownWallet: true });
    first.tax.setDepositCost('p1', 'd3', { quote: 'USDT', cost: '1', ownWallet: false });
    first.tax.setDepositCost('p1', 'd3', { quote: 'USDT', cost: null, ownWallet: false });
    first.tax.setWithdrawalSpent('p1', 'w1', true);
    first.tax.setWithdrawalSpent('p1', 'w2', true);
    first.tax.setWithdrawalSpent('p1', 'w2', false);
    first.close();

    const again = HistoryStore.open(dir);
    expect(again.tax.settings('p1')).toEqual({
      yearStartMonth: 4,
      longTermMonths: 36,
      methods: { '2023': 'lifo', '2024': 'fifo' },
      defaultMethod: 'hifo',
    });
    const marks = again.tax.marks('p1');
    expect([...marks.depositCosts]).toEqual([
      ['d1', { quote: 'EUR', cost: '123.45', ownWallet: false }],
      ['d2', { quote: 'USDT', cost: null, ownWallet: true }],
    ]);
    expect([...marks.spentWithdrawals]).toEqual(['w1']);
    expect(again.tax.settings('p2')).toEqual(DEFAULT_TAX_SETTINGS);

    again.deleteProfile('p1');
    expect(again.tax.settings('p1')).toEqual(DEFAULT_TAX_SETTINGS);
    expect(again.tax.marks('p1').depositCosts.size).toBe(0);
    again.close();
  });
});
