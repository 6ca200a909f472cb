import Decimal from 'decimal.js';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { writeNumber } from '../../src/shared/format';
import { startDemoSession, type DemoSession } from './demoSession';
import { ShellPage } from './pages/shell';

/**
 * Issue 34: on Accounts, transfer to a sub-account and see both balances and the history change
 * (the demo's own balances checked too); the section looked at in light and dark, wide and narrow.
 */

const SHOTS = 'test-results/screenshots';
const TRANSFER = '/api/v4/sub-account/transfer';

describe('a sub-account’s balances and transfers on Accounts', () => {
  let s: DemoSession;
  let section: Locator;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    s = await startDemoSession('sub-funds');
    await new ShellPage(s.page).open('Accounts');
    section = s.page.getByRole('region', { name: 'Sub-account balances and transfers' });
    await section.getByTestId('sub-balance-row').first().waitFor();
  });
  afterAll(() => s?.stop());

  it('a transfer to the sub-account changes both balances and heads its history, sent once', async () => {
    const state = s.app.core.demoExchange.engine.state;
    const sub = state.subAccounts[0]!;
    const mainBefore = state.main.USDT!;
    const usdt = section.getByTestId('sub-balance-row').filter({ hasText: 'USDT' });
    await expect(usdt.textContent()).resolves.toContain(writeNumber('250', 6));
    await expect(section.getByTestId('sub-transfer-row').count()).resolves.toBe(0);

    const since = s.lastLogId();
    await section.getByLabel('Amount (USDT)').fill('12.5');
    await section.getByRole('button', { name: 'Transfer', exact: true }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Send this transfer?' });
    await s.page.screenshot({ path: `${SHOTS}/accounts-sub-transfer-confirm.png` });
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await section
      .getByRole('status')
      .filter({ hasText: 'Moved 12.5 USDT to trading-bot.' })
      .waitFor();

    await usdt.filter({ hasText: writeNumber('262.5', 6) }).waitFor();
    const row = section.getByTestId('sub-transfer-row').first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('To sub-account');
    expect(s.sentTo(TRANSFER, since)).toBe(1);
    expect(new Decimal(mainBefore).minus(state.main.USDT!).toFixed()).toBe('12.5');
    expect(state.subBalances[sub.id]?.USDT?.main).toBe('262.5');

    await new ShellPage(s.page).eachLook(async (look) => {
      await new ShellPage(s.page).open('Accounts');
      await section.getByTestId('sub-transfer-row').first().waitFor();
      await section.scrollIntoViewIfNeeded();
      await s.page.screenshot({ path: `${SHOTS}/accounts-sub-funds-${look}.png`, fullPage: true });
    });
  });
});
