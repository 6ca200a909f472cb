import Decimal from 'decimal.js';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { writeNumber } from '../../src/shared/format';
import { EarnPage, SubAccountsPage } from './pages/earn';

/**
 * Acceptance of Earn (flex) and sub-accounts, end to end through the web host against the demo
 * exchange: the interest payments it holds and each investment's total of them; invest within the limits (a new or grown ACTIVE investment, the main balance drops),
 * an amount over the maximum refused in the form with no request sent, close an ACTIVE investment
 * (no Close after), a forced close of a non-ACTIVE one refused under `investment`; block a
 * sub-account by typing its alias and unblock it; a key without lending access sees a plain notice.
 */

const SHOTS = 'test-results/screenshots';
/** The demo's `currency_precision` of the plans' assets: what Earn writes their amounts at. */
const PLACES: Record<string, number> = { USDT: 6, BTC: 8 };
/** An amount as the screen writes it: at its asset's places, with its unit. */
const shown = (amount: string, asset: string) => `${writeNumber(amount, PLACES[asset]!)} ${asset}`;
const INVEST_PATH = '/api/v4/main-account/smart-flex/investments/invest';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe('Earn and sub-accounts against the demo exchange', () => {
  let app: App;
  let browser: Browser;
  let page: Page;
  let earn: EarnPage;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    app = await startApp({ demoExchange: { control: true } });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(app.host.pageUrl);
    earn = new EarnPage(page);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const mainUsdt = async () => (await app.core.accounts.active().api.mainBalance())['USDT'];

  it('lists the plans with their limits and rates', async () => {
    await earn.open();
    await earn.waitForPlans();
    const usdt = earn.planRow('USDT');
    await expect(usdt.textContent()).resolves.toContain('100,000.000000 USDT');
    await expect(usdt.textContent()).resolves.toContain('12 %');
    await expect(earn.planRow('BTC').textContent()).resolves.toContain('2.5 %');
  });

  it('shows the interest payments the exchange holds, and what each investment received', async () => {
    const state = app.core.demoExchange.engine.state;
    const held = [...state.flexPayments].sort((a, b) => b.createdAt - a.createdAt);
    const ofInvestment = (id: string) => held.filter((p) => p.investmentId === id);
    const sum = (id: string) =>
      ofInvestment(id)
        .reduce((total, p) => total.add(p.amount), new Decimal(0))
        .toFixed();
    await earn.paymentRows().first().waitFor();
    expect(await earn.paymentsCount.textContent()).toBe(`${held.length} payments`);
    expect(held).toHaveLength(100);

    /** The rendered rows, newest first, against the exchange's own records. */
    const expectRows = async (records: typeof held, label: string) => {
      const rows = await earn.paymentRows().all();
      expect(rows.length).toBeGreaterThanOrEqual(10);
      for (const [index, row] of rows.entries()) {
        const record = records[index]!;
        expect(await row.locator('time').getAttribute('datetime')).toBe(
          new Date(record.createdAt * 1000).toISOString(),
        );
        expect(await earn.cell(row, 'Asset')).toBe(record.currency);
        expect(await earn.cell(row, 'Amount')).toBe(shown(record.amount, record.currency));
        expect(await earn.cell(row, 'Investment')).toBe(label);
      }
    };
    const [active, closed] = ['ACTIVE', 'CLOSED'].map((status) =>
      state.flexInvestments.find((i) => i.status === status)!,
    );
    await expectRows(held, 'USDT plan · active');

    // What each investment received: the exact sum of its payments, in its asset.
    const usdt = earn.investmentRow('USDT');
    expect(await earn.cell(usdt, 'Interest received')).toBe(shown(sum(active!.id), 'USDT'));
    expect(sum(active!.id)).toBe('19.726');
    expect(await earn.cell(usdt, 'Rate')).toBe('Earning 12 %Plan up to 12 %');
    const btc = earn.investmentRow('BTC');
    expect(await earn.cell(btc, 'Interest received')).toBe(shown(sum(closed!.id), 'BTC'));
    expect(await earn.cell(btc, 'Rate')).toBe('Plan up to 2.5 %');

    await earn.paymentsInvestment.selectOption({ label: 'BTC plan · closed' });
    await earn.paymentsCount.filter({ hasText: 'Showing 60 of 100 payments' }).waitFor();
    await expectRows(ofInvestment(closed!.id), 'BTC plan · closed');
    await earn.paymentsTable.scrollIntoViewIfNeeded();
    await shot(page, 'earn-interest-payments');
    await earn.paymentsInvestment.selectOption({ label: 'All investments' });
  });

  it('refuses an amount over the maximum in the form, sending nothing', async () => {
    await earn.openInvest('USDT');
    const mark = app.core.demoExchange.requestLog().at(-1)?.id ?? 0;
    await earn.fillInvest('USDT', '100001', false);
    await earn.amountError('USDT').filter({ hasText: 'At most 100,000.000000 USDT.' }).waitFor();
    expect(await earn.dialog.count()).toBe(0);
    await shot(page, 'earn-over-maximum');
    const sent = app.core.demoExchange.requestLog(mark).filter((e) => e.path === INVEST_PATH);
    expect(sent).toEqual([]);
  });

  it('invests within the limits: the ACTIVE investment grows and the main balance drops', async () => {
    expect(await mainUsdt()).toBe('12000');
    await earn.fillInvest('USDT', '250', true);
    await expect(earn.dialog.getByTestId('invest-question').textContent()).resolves.toBe(
      'Invest 250.000000 USDT in the USDT plan (up to 12 % a year), auto-reinvest on.',
    );
    await earn.confirm('Invest');
    await earn.notice.filter({ hasText: 'Invested 250.000000 USDT in the USDT plan.' }).waitFor();
    await earn.investmentRow('USDT').filter({ hasText: '1,750.000000 USDT' }).waitFor();
    await expect(earn.investmentRow('USDT').textContent()).resolves.toContain('active');
    expect(await mainUsdt()).toBe('11750');
    await earn.planRow('USDT').filter({ hasText: '11,750.000000 USDT' }).waitFor();
    const sent = app.core.demoExchange.requestLog().filter((e) => e.path === INVEST_PATH);
    expect(sent).toHaveLength(1);
    await shot(page, 'earn-invested');
  });

  it('closes an ACTIVE investment after confirmation; it then offers no Close', async () => {
    await earn.closeButton('USDT').click();
    await earn.dialog.getByTestId('close-question').waitFor();
    await earn.confirm('Close investment');
    await earn.notice.filter({ hasText: 'Closed the USDT plan investment' }).waitFor();
    await earn.investmentRow('USDT').filter({ hasText: 'closed' }).waitFor();
    expect(await earn.closeButton('USDT').count()).toBe(0);
    expect(await earn.closeButton('BTC').count()).toBe(0);
    // The 1,750 USDT went back to the main account.
    expect(await mainUsdt()).toBe('13500');
    await expect(earn.investmentRow('USDT').textContent()).resolves.toContain('0.000000 USDT');
    await shot(page, 'earn-closed');
  });

  it('refuses a forced close of a non-ACTIVE investment under `investment`', async () => {
    const overview = await earn.rpc('flex.overview', undefined);
    const { plans } = (overview as { value: { plans: { id: string; ticker: string }[] } }).value;
    const usdtPlan = plans.find((p) => p.ticker === 'USDT')!;
    const answer = await earn.rpc('flex.close', { plan: usdtPlan.id });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'EXCHANGE_VALIDATION',
        message: expect.stringContaining('not in ACTIVE status'),
        fields: {
          investment: [
            'Investment is not in ACTIVE status or its amount is not greater than zero.',
          ],
        },
      },
    });
  });

  it('shows a refusal of close next to that investment (closed behind the screen’s back)', async () => {
    await earn.openInvest('USDT');
    await earn.fillInvest('USDT', '100', false);
    await earn.confirm('Invest');
    await earn.closeButton('USDT').waitFor();
    const plans = await app.core.accounts.active().api.flexPlans();
    const usdtPlan = plans.find((p) => p.ticker === 'USDT')!;
    await app.core.accounts.active().api.flexClose(usdtPlan.id);
    // The screen still shows the investment ACTIVE (no refresh since): Close is offered.
    await earn.closeButton('USDT').click();
    await earn.confirm('Close investment');
    const refusal = earn.investmentsTable.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      'Investment is not in ACTIVE status or its amount is not greater than zero.',
    );
    expect(await earn.notice.count()).toBe(0);
    // The reload after the refusal shows it closed, with no Close, the message still beside it.
    await earn.closeButton('USDT').waitFor({ state: 'detached' });
    const row = earn.investmentsTable
      .getByTestId('investment-row')
      .filter({ has: page.getByRole('alert') });
    await expect(row.textContent()).resolves.toContain('closed');
    await shot(page, 'earn-close-refused');
  });

  it('blocks a sub-account once its alias is typed, and unblocks it', async () => {
    const subs = new SubAccountsPage(page);
    await subs.open();
    await expect(subs.status('trading-bot').textContent()).resolves.toBe('active');
    await expect(subs.status('family').textContent()).resolves.toBe('blocked');
    await subs.startBlock('trading-bot');
    expect(await subs.blockConfirmButton().isDisabled()).toBe(true);
    await subs.typeAlias('Trading-Bot');
    expect(await subs.blockConfirmButton().isDisabled()).toBe(true);
    await subs.typeAlias('trading-bot');
    expect(await subs.blockConfirmButton().isDisabled()).toBe(false);
    // The dialog's backdrop is fixed: a viewport shot shows it as the user sees it.
    await page.screenshot({ path: `${SHOTS}/accounts-subaccounts-block-dialog.png` });
    await subs.blockConfirmButton().click();
    await subs.dialog.waitFor({ state: 'detached' });
    await subs.status('trading-bot').filter({ hasText: 'blocked' }).waitFor();
    expect(
      app.core.demoExchange.engine.state.subAccounts.find((s) => s.alias === 'trading-bot')?.status,
    ).toBe('blocked');
    await subs.section.scrollIntoViewIfNeeded();
    await shot(page, 'accounts-subaccounts');
    await subs.unblock('trading-bot');
    await subs.status('trading-bot').filter({ hasText: 'active' }).waitFor();
    await subs.unblock('family');
    await subs.status('family').filter({ hasText: 'active' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('Earn with a key that has no lending access', () => {
  let app: App;
  let browser: Browser;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    app = await startApp({ demoExchange: { control: true, lendingAccess: false } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the plain notice, no error code', async () => {
    const page = await browser.context.newPage();
    await page.goto(app.host.pageUrl);
    const earn = new EarnPage(page);
    await earn.open();
    await earn.noAccessNotice.waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain(
      "This API key has no access to Earn (flex). Enable lending in the key's permissions, or use another key.",
    );
    expect(text).not.toContain('EXCHANGE_PERMISSION');
    expect(text).not.toContain('403');
    expect(await earn.plansTable.count()).toBe(0);
    await shot(page, 'earn-no-access');
  });
});
