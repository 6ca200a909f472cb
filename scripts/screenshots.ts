import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { startCore } from '../src/main/core/core';
import { startWebHost } from '../src/main/page/webHost';
import { launchBrowser } from '../test/support/browser';

/**
 * `npm run screenshots`: every screen (Orders with each tab) at 800x600, 1400x900 and 1920x1080, in
 * light and dark, through the web host on the demo exchange (a fresh data folder, prices frozen).
 * Writes test-results/screenshots/<width>x<height>/<screen>-<theme>.png: what a window of that size
 * shows, without scrolling; and <screen>-<theme>-end.png, the screen scrolled to its end, when it is
 * longer than the window. Needs a build (the npm script builds first).
 */

const OUT = resolve('test-results/screenshots');
const SIZES = [
  { width: 800, height: 600 },
  { width: 1400, height: 900 },
  { width: 1920, height: 1080 },
];
const THEMES = ['light', 'dark'] as const;

/** [file name, sidebar entry, Orders tab]. */
const SCREENS: [string, string, string?][] = [
  ['overview', 'Overview'],
  ['orders-active', 'Orders', 'Active'],
  ['orders-conditional', 'Orders', 'Conditional'],
  ['orders-executed', 'Orders', 'Executed orders'],
  ['orders-deals', 'Orders', 'Deals'],
  ['orders-history', 'Orders', 'Order history (partner)'],
  ['trade', 'Trade'],
  ['earn', 'Earn'],
  ['mining', 'Mining'],
  ['history', 'History'],
  ['accounts', 'Accounts'],
  ['settings', 'Settings'],
];

/** Opens a screen and waits until nothing on it is loading any more. */
async function open(page: Page, entry: string, tab?: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByText(entry, { exact: true }).click();
  await page.locator('header h1', { hasText: entry }).waitFor();
  if (tab) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: tab }).waitFor();
  }
  // A locator, not waitForFunction: the page's CSP refuses the eval that polling a string needs.
  await page
    .locator('main [aria-busy="true"], main .skeleton')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
  // Charts draw with a short animation.
  await page.waitForTimeout(600);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'desk-screenshots-'));
  const core = await startCore({
    version: 'screenshots',
    dataDir,
    demoExchange: { freezePrices: true },
  });
  const host = await startWebHost({
    handlers: core.handlers,
    events: core.events,
    rendererDir: resolve('out/renderer'),
  });
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(host.pageUrl);
    await page.getByTestId('active-profile').filter({ hasText: 'Demo' }).waitFor();
    const setting = async (label: string, value: string) => {
      await open(page, 'Settings');
      await page.locator('main').getByLabel(label, { exact: true }).selectOption(value);
    };
    await setting('Auto-refresh', '0');
    for (const size of SIZES) {
      const folder = join(OUT, `${size.width}x${size.height}`);
      await mkdir(folder, { recursive: true });
      await page.setViewportSize(size);
      for (const theme of THEMES) {
        await setting('Theme', theme);
        await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
        for (const [name, entry, tab] of SCREENS) {
          await open(page, entry, tab);
          const path = join(folder, `${name}-${theme}.png`);
          await page.screenshot({ path });
          console.log(path);
          const longer = await page.evaluate(`(() => {
            const main = document.querySelector('main');
            main.scrollTop = main.scrollHeight;
            return main.scrollTop > 0;
          })()`);
          if (longer) {
            const end = join(folder, `${name}-${theme}-end.png`);
            await page.screenshot({ path: end });
            console.log(end);
            await page.evaluate(`document.querySelector('main').scrollTop = 0`);
          }
        }
      }
    }
  } finally {
    await browser.close();
    await host.stop();
    await core.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
