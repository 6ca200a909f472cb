import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../support/browser';
import { startApp } from '../support/webhost';
import { SCREEN_LABELS, ShellPage } from './pages/shell';

const SCREENS = SCREEN_LABELS;
const SHOTS = 'test-results/screenshots';

describe('app shell in Chromium through the web host', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(app.host.pageUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the shell with every screen, the Demo profile and the pill Online with a latency', async () => {
    const shell = new ShellPage(page);
    // The shell appears once main has said whether the app is locked.
    await shell.navItem(SCREENS[0]!).waitFor();
    for (const screen of SCREENS)
      await expect(shell.navItem(screen).isVisible()).resolves.toBe(true);
    await shell.profile.filter({ hasText: 'Demo' }).waitFor();
    // The demo exchange answers and its stream is up: live, with the check's latency.
    await shell.pillLabel.filter({ hasText: /^Live · \d+ ms$/ }).waitFor({ timeout: 10_000 });
    expect(await shell.pill.getAttribute('title')).toMatch(/^Live since .*: prices, balances/);
    await page.screenshot({ path: `${SHOTS}/shell-light.png` });

    await shell.open('Mining');
    expect(await page.locator('main').getAttribute('data-screen')).toBe('mining');
  });

  it('Settings: the app’s version, a number format every amount follows, and the shortcuts sheet', async () => {
    const shell = new ShellPage(page);
    await shell.open('Settings');
    expect(await page.getByTestId('about-version').textContent()).toBe('test');
    await shell.open('Overview');
    const total = page.getByTestId('overview-total');
    await total.filter({ hasText: /\d/ }).waitFor();
    // USDT at its own places (the demo lists 6), by the one number rule.
    expect(await total.textContent()).toMatch(/^[\d,]+\.\d{6} USDT$/);
    await shell.setting('Numbers', 'de-DE');
    await shell.open('Overview');
    expect(await total.textContent()).toMatch(/^[\d.]+,\d{6} USDT$/);
    await shell.setting('Numbers', 'system');

    // ? outside a field shows the shortcuts; Escape closes them and focus goes back.
    await page.locator('main').focus();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('Ctrl/⌘ + 1 … 9');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });

  it('renders the shell in the dark theme', async () => {
    const dark = await launchBrowser({ colorScheme: 'dark' });
    try {
      const darkPage = await dark.context.newPage();
      await darkPage.goto(app.host.pageUrl);
      const darkShell = new ShellPage(darkPage);
      await darkShell.profile.filter({ hasText: 'Demo' }).waitFor();
      await darkShell.pillLabel.filter({ hasText: /^Live · \d+ ms$/ }).waitFor({ timeout: 10_000 });
      const background = await darkPage.evaluate('getComputedStyle(document.body).backgroundColor');
      expect(background).toBe('rgb(15, 17, 21)');
      await darkPage.screenshot({ path: `${SHOTS}/shell-dark.png` });
    } finally {
      await dark.close();
    }
  });

  it('says Offline with the reason within 20 s of the demo exchange stopping, with no page error', async () => {
    const shell = new ShellPage(page);
    await app.core.demoExchange.stop();
    const stoppedAt = Date.now();
    await shell.pill.filter({ hasText: 'Offline' }).waitFor({ timeout: 20_000 });
    expect(Date.now() - stoppedAt).toBeLessThan(20_000);
    expect(await shell.pill.textContent()).toContain('connection refused');
    await page.screenshot({ path: `${SHOTS}/shell-offline.png` });
    expect(pageErrors).toEqual([]);
  });
});
