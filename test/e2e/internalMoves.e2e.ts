import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetWorthSeries, PortfolioOverview } from '../../src/shared/model';
import { okAnswer, startDemoSession, type DemoSession } from './demoSession';
import { OverviewPage } from './pages/overview';
import { ShellPage } from './pages/shell';

/**
 * Issue 34 item 6 on the demo exchange: funds moved main → trade on the Overview and to a
 * sub-account on Accounts, an Overview refresh after each; the net-worth series (the answer the
 * chart draws) has no gap and no gain across them: the total changes only by what left to the
 * sub-account.
 */
let session: DemoSession;
let page: Page;

/** Runs `action` and answers what main answered `channel` with (it must be ok). */
const answerOf = <T>(channel: string, action: () => Promise<unknown>) =>
  okAnswer<T>(page, channel, action);

const refresh = () =>
  answerOf<PortfolioOverview>('portfolio.overview', () =>
    page.getByRole('button', { name: 'Refresh', exact: true }).click(),
  );

/** The exchange dates its history to whole seconds: each step starts a new second. */
const nextSecond = () => new Promise((done) => setTimeout(done, 1001 - (Date.now() % 1000)));

beforeAll(async () => {
  session = await startDemoSession('internal-moves');
  page = session.page;
});

afterAll(() => session?.stop());

describe('internal moves in the net-worth series', () => {
  it('main → trade and a transfer to a sub-account: no gap, no gain, less only what left', async () => {
    const overview = new OverviewPage(page);
    await overview.open();
    await page.getByRole('heading', { name: 'Net worth' }).waitFor();
    const first = await refresh();
    expect(first.quote).toBe('USDT');

    // Main → trade on the Overview.
    await nextSecond();
    await overview.rows
      .filter({ hasText: 'USDT' })
      .getByRole('button', { name: /^Transfer USDT/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Transfer between balances' });
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('500');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await page
      .getByRole('dialog', { name: 'Move between balances?' })
      .getByRole('button', { name: 'Move' })
      .click();
    await page.getByTestId('transfer-outcome').waitFor();
    await nextSecond();
    const moved = await refresh();
    expect(moved.total).toBe(first.total);

    // 12.5 USDT to the first sub-account on Accounts.
    await new ShellPage(page).open('Accounts');
    const section = page.getByRole('region', { name: 'Sub-account balances and transfers' });
    await section.getByTestId('sub-balance-row').first().waitFor();
    await section.getByLabel('Amount (USDT)').fill('12.5');
    await section.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Send this transfer?' })
      .getByRole('button', { name: 'Transfer', exact: true })
      .click();
    await section.getByRole('status').filter({ hasText: 'Moved 12.5 USDT' }).waitFor();
    await nextSecond();

    await overview.open();
    await page.getByRole('heading', { name: 'Net worth' }).waitFor();
    const after = await refresh();
    // Prices are frozen: the total falls by exactly what left to the sub-account.
    expect(new Decimal(first.total).minus(after.total).toFixed()).toBe('12.5');

    const range = page.getByRole('group', { name: 'Range' });
    await answerOf('portfolio.netWorth', () => range.getByRole('button', { name: '1m' }).click());
    const series = await answerOf<NetWorthSeries>('portfolio.netWorth', () =>
      range.getByRole('button', { name: '1w' }).click(),
    );
    expect(series.gaps).toEqual([]);
    expect(await page.getByTestId('net-worth-gap').count()).toBe(0);
    const from = first.fetchedAt;
    expect(series.points.filter((p) => p.time >= from).every((p) => p.value !== null)).toBe(true);
    // The live points from the first refresh on (the reconstructed point at "now" is valued at
    // the day's close, not at the Overview's prices): each is the total before the transfer to the
    // sub-account or that total less 12.5. The move main → trade changed nothing; nothing gained.
    const live = series.points.filter((p) => p.source === 'live' && p.time >= from);
    // (Which refreshes are written depends on what the page refreshed on its own; a refresh whose
    // balances equal the last snapshot's is not written again.)
    expect(live[0]!.value).toBe(first.total);
    expect(live.at(-1)!.value).toBe(after.total);
    const values = live.map((p) => p.value);
    expect(new Set(values)).toEqual(new Set([first.total, after.total]));
    // The fall comes once, at the transfer: after the first lower point, none is higher.
    expect(values.slice(values.indexOf(after.total)).every((v) => v === after.total)).toBe(true);
  });
});
