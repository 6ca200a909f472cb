import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startDemoSession, type DemoSession } from './demoSession';
import { MiningPage } from './pages/mining';

/**
 * Mining alerts end to end: the web host's main polls the demo pool (its control endpoint takes a
 * worker offline, back-dated), raises the alert, keeps it and pushes it to the page. Each poll is
 * asked for with "Check the pool now" (the poller's own timer is 5 minutes away), never waited for.
 */

const SHOTS = 'test-results/screenshots';
const SIZES = [
  { width: 1400, height: 900 },
  { width: 800, height: 600 },
] as const;

let session: DemoSession;
let page: Page;
let mining: MiningPage;
let worker: string;
const pageErrors: string[] = [];

const section = () => page.locator('section.mining-alerts');
const events = () => section().getByTestId('alert-event');
const nowSec = () => Math.floor(Date.now() / 1000);

/** One poll through the page's button; answers when main has answered it. */
async function checkPool(): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('mining.checkAlerts'));
  await section().getByRole('button', { name: 'Check the pool now' }).click();
  await answered;
}

async function setWorker(state: 'offline' | 'online', since: number): Promise<string> {
  const answer = await session.client.control<{ worker: string }>('POST', '/mining/worker', {
    account: 'demo-miner',
    ...(worker ? { worker } : {}),
    state,
    since,
  });
  expect(answer.status).toBe(200);
  return answer.json.worker;
}

const textOf = (locator: Locator) => locator.allTextContents();

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  session = await startDemoSession('mining-alerts');
  page = session.page;
  page.on('pageerror', (error) => pageErrors.push(error.message));
  mining = new MiningPage(page);
  await mining.open();
  await section().getByTestId('alerts-watch').filter({ hasText: 'Main watches' }).waitFor();
});

afterAll(() => session?.stop());

describe('mining alerts through the web host', () => {
  it('a worker offline back-dated 30 min: the alert naming it is on screen and listed after one poll', async () => {
    // A first poll sees every worker of the account (the pool names only those online).
    await checkPool();
    await section().getByTestId('alerts-watch').filter({ hasText: 'Last check' }).waitFor();
    worker = await setWorker('offline', nowSec() - 30 * 60);
    await checkPool();
    const notice = section()
      .getByRole('alert')
      .filter({ hasText: `${worker} (demo-miner)` });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      new RegExp(`^Alert: ${worker} \\(demo-miner\\) is offline since \\d\\d:\\d\\d UTC$`),
    );
    await events()
      .filter({ hasText: `${worker} (demo-miner) is offline since` })
      .waitFor();
    expect(await textOf(events())).toEqual([expect.stringMatching(/^.*AlertOffline/)]);
    // Kept in main: the list as main answers it now.
    const kept = await session.app.core.handlers['mining.alerts'](undefined);
    const mine = kept.events.filter((e) => e.account === 'demo-miner');
    expect(mine.map((e) => [e.kind, e.rule, e.worker])).toEqual([['alert', 'offline', worker]]);
  });

  it('brought back (15 min ago): "recovered" at the next poll', async () => {
    await setWorker('online', nowSec() - 15 * 60);
    await checkPool();
    const notice = section()
      .getByRole('status')
      .filter({ hasText: `Recovered: ${worker} (demo-miner) is back online` });
    await notice.waitFor();
    await events()
      .filter({ hasText: `${worker} (demo-miner) is back online` })
      .waitFor();
    expect(await events().count()).toBe(2);
  });

  it("the payout destination changed behind the app's back: its alert", async () => {
    const payout = page.getByTestId('payout-now');
    await payout.filter({ hasText: 'Rewards of demo-miner go to the main balance.' }).waitFor();
    const changed = await session.client.control('POST', '/mining/payout', {
      account: 'demo-miner',
      address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    });
    expect(changed.status).toBe(200);
    // Two readings that agree: two checks.
    await checkPool();
    await checkPool();
    const text =
      'The payout destination of demo-miner changed outside the app: now the address ' +
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy (was the main balance)';
    await section().getByRole('alert').filter({ hasText: text }).waitFor();
    await events().filter({ hasText: text }).waitFor();
  });

  it('a change made in the app needs the address twice and the name, and raises no alert', async () => {
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const card = page.locator('section.mining-payout');
    await card.getByRole('button', { name: 'Change…' }).click();
    await card.getByLabel('BTC address', { exact: true }).fill(address);
    await card.getByLabel('BTC address again').fill(address);
    await card.getByLabel('Type demo-miner to confirm').fill('demo-miner');
    await card.getByRole('button', { name: 'Change the payout destination' }).click();
    await card
      .getByTestId('payout-now')
      .filter({ hasText: `Rewards of demo-miner go to the address ${address}.` })
      .waitFor();
    const before = await events().count();
    await checkPool();
    await checkPool();
    expect(await events().count()).toBe(before);
  });

  it('the Alerts and Payout sections (its change form open) in light and dark at 1400x900 and 800x600 (screenshots)', async () => {
    await section().scrollIntoViewIfNeeded();
    for (const mode of ['light', 'dark'] as const) {
      await mining.shell.setting('Theme', mode);
      await mining.open();
      await page.locator('section.mining-payout').getByRole('button', { name: 'Change…' }).click();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await section().scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `${SHOTS}/mining-alerts-${mode}-${size.width}x${size.height}.png`,
        });
        const payout = page.locator('section.mining-payout');
        await payout.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `${SHOTS}/mining-payout-${mode}-${size.width}x${size.height}.png`,
        });
        // Nothing of the section runs past the window sideways.
        const overflow = await section().evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
    }
    await mining.shell.setting('Theme', 'light');
    expect(pageErrors).toEqual([]);
  });

  it("the events are marked on the account's chart and on the worker's, opened by keyboard (screenshots)", async () => {
    await mining.open();
    // The period up to now, so that it holds the events.
    await mining.show.click();
    const accountChart = page.locator('section.mining-chart-card').getByTestId('hashrate-chart');
    const marks = (chart: Locator) => chart.getByTestId('alert-marker');
    await marks(accountChart).first().waitFor();
    const labels = async (chart: Locator) =>
      (await marks(chart).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
        .map(String)
        .sort();
    const offline = new RegExp(`^Alert, .*: ${worker} \\(demo-miner\\) is offline since`);
    const back = new RegExp(`^Recovered, .*: ${worker} \\(demo-miner\\) is back online$`);
    const payout = /^Alert, .*: The payout destination of demo-miner changed outside the app/;
    const onAccount = await labels(accountChart);
    for (const expected of [offline, back, payout]) {
      expect(onAccount.filter((l) => expected.test(l))).not.toEqual([]);
    }

    // The worker's row by keyboard: its name is a button.
    const open = page.getByRole('button', { name: `${worker}: open its hashrate chart` });
    await open.focus();
    await page.keyboard.press('Enter');
    const workerChart = page.getByTestId('worker-chart').getByTestId('hashrate-chart');
    await marks(workerChart).first().waitFor();
    expect(await workerChart.textContent()).toContain('Account (right axis)');
    const onWorker = await labels(workerChart);
    for (const expected of [offline, back, payout]) {
      expect(onWorker.filter((l) => expected.test(l))).not.toEqual([]);
    }
    for (const mode of ['light', 'dark'] as const) {
      await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(mode)}`);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.getByTestId('worker-chart').scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `${SHOTS}/mining-worker-chart-${mode}-${size.width}x${size.height}.png`,
        });
        await accountChart.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `${SHOTS}/mining-markers-${mode}-${size.width}x${size.height}.png`,
        });
      }
    }
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
    // Back to the table, on the worker's row.
    await page.getByRole('button', { name: 'Back to workers' }).focus();
    await page.keyboard.press('Escape');
    await page.getByTestId('worker-chart').waitFor({ state: 'detached' });
    await page.waitForFunction(
      `document.activeElement?.getAttribute('data-worker') === ${JSON.stringify(worker)}`,
    );
    expect(pageErrors).toEqual([]);
  });
});
