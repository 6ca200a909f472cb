import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import type { Envelope } from '../../src/shared/errors';
import type { MiningPool } from '../../src/shared/model';
import { WATCHER_LINK_CAP_MESSAGE } from '../../src/shared/contract';
import { startDemoSession, type DemoSession } from './demoSession';
import { MiningPage } from './pages/mining';

/**
 * Watcher links and the pool's figures end to end: the page creates a link through main on the
 * demo exchange and lists it as the exchange does; at the cap nothing is sent; the pool's hashrate
 * and workers on screen are the demo's `/public/mining-pool` answer.
 */

const SHOTS = 'test-results/screenshots';
const SIZES = [
  { width: 1400, height: 900 },
  { width: 800, height: 600 },
] as const;
const CREATE = '/api/v4/mining/watcher-links/create';

let session: DemoSession;
let page: Page;
let mining: MiningPage;
const pageErrors: string[] = [];

const section = () => page.locator('section.mining-watchers');
const shownLinks = () => section().getByRole('list', { name: 'Watcher links of demo-miner' });

interface ListedLink {
  name: string;
  link: string;
  permissions: string[];
}
interface PoolAnswer {
  data: { workers: number; current_hash_rate: string };
}

/** The exchange's own list, asked with the profile's key (as another program would). */
async function exchangeLinks(): Promise<ListedLink[]> {
  const answer = await session.post<{ data: ListedLink[] }>('/api/v4/mining/watcher-links/list', {
    account: 'demo-miner',
  });
  expect(answer.status).toBe(200);
  return answer.json.data;
}

async function demoPool(): Promise<{ hashrate: string; workers: number }> {
  const answer = await session.client.get<PoolAnswer>('/api/v4/public/mining-pool');
  expect(answer.status).toBe(200);
  return { hashrate: answer.json.data.current_hash_rate, workers: answer.json.data.workers };
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  session = await startDemoSession('mining-watchers');
  page = session.page;
  page.on('pageerror', (error) => pageErrors.push(error.message));
  mining = new MiningPage(page);
  await mining.open();
  await section().getByText('No watcher link yet.').waitFor();
});

afterAll(() => session?.stop());

describe('watcher links and the pool through the web host', () => {
  it('creates a link (1 hour unless changed): listed on screen as the exchange lists it', async () => {
    await expect(section().locator('#watchers-cap').textContent()).resolves.toBe(
      `${WATCHER_LINK_CAP_MESSAGE} demo-miner has 0 of 3.`,
    );
    // The form open, light and dark, both sizes (screenshots).
    for (const mode of ['dark', 'light'] as const) {
      await mining.shell.setting('Theme', mode);
      await mining.open();
      await section().getByRole('button', { name: 'Create…' }).click();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await section().getByRole('button', { name: 'Create link' }).scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `${SHOTS}/mining-watchers-form-${mode}-${size.width}x${size.height}.png`,
        });
      }
    }
    expect(await section().getByLabel('Works for').inputValue()).toBe('1h');
    await section().getByLabel('Link name').fill('e2e_partner');
    await section().getByRole('checkbox', { name: 'Workers' }).check();
    await section().getByRole('button', { name: 'Create link' }).click();
    await section()
      .getByRole('status')
      .filter({ hasText: 'The link e2e_partner was created' })
      .waitFor();
    const listed = await exchangeLinks();
    expect(listed.map((l) => [l.name, l.permissions])).toEqual([
      ['e2e_partner', ['dashboard', 'workers']],
    ]);
    const item = shownLinks().getByRole('listitem');
    expect(await item.count()).toBe(1);
    expect(await item.locator('.watcher-link-url').textContent()).toBe(listed[0]!.link);
    expect(await item.textContent()).toContain('Shows: Dashboard, Workers');
    expect(await item.locator('time').count()).toBe(1);
  });

  it('at the cap, Create says why and sends nothing', async () => {
    for (const name of ['other_1', 'other_2']) {
      const made = await session.post(CREATE, {
        accounts: ['demo-miner'],
        name,
        permissions: ['dashboard'],
        liveUntil: '1h',
      });
      expect(made.status).toBe(201);
    }
    // A fresh page loads the list again.
    await page.reload();
    await mining.open();
    await shownLinks().getByRole('listitem').nth(2).waitFor();
    const since = session.lastLogId();
    await section().getByRole('button', { name: 'Create…' }).click();
    await section().getByRole('alert').filter({ hasText: WATCHER_LINK_CAP_MESSAGE }).waitFor();
    expect(await section().getByLabel('Link name').count()).toBe(0);
    expect(session.sentTo(CREATE, since)).toBe(0);
  });

  it("the pool's hashrate and workers on screen are the demo's /public/mining-pool answer", async () => {
    // The demo's pool moves every second (a daily wave) and steps every 5 minutes (noise, workers;
    // the wave turns only on such a step): within one step it is monotonic, so main's answer lies
    // between the demo's answers read just before and just after the page's request. A round that
    // straddles a step is read again (the next step is 5 minutes away).
    for (let round = 0; round < 2; round++) {
      const started = Date.now();
      const before = await demoPool();
      const answered = page.waitForResponse((r) => r.url().endsWith('/rpc/mining.pool'));
      await page.reload();
      await mining.open();
      const envelope = (await (await answered).json()) as Envelope<MiningPool>;
      const after = await demoPool();
      const ended = Date.now() + 1;
      if (Math.floor(started / 300_000) !== Math.floor(ended / 300_000)) continue;
      expect(envelope.ok).toBe(true);
      const main = (envelope as { value: MiningPool }).value;
      // What main answered is the demo's answer of that moment.
      expect(main.workers).toBe(before.workers);
      expect(after.workers).toBe(before.workers);
      const [low, high] = [before.hashrate, after.hashrate].sort((a, b) =>
        new Decimal(a).cmp(b),
      ) as [string, string];
      expect(new Decimal(main.hashrate).gte(low) && new Decimal(main.hashrate).lte(high)).toBe(
        true,
      );
      // And the screen shows main's answer: exact on hover, the workers as a count.
      const shown = page.getByTestId('pool-hashrate');
      await shown.filter({ hasText: /H\/s$/ }).waitFor();
      expect((await shown.getAttribute('title'))!.replace(/,/g, '')).toBe(`${main.hashrate} H/s`);
      expect((await page.getByTestId('pool-workers').textContent())!.replace(/,/g, '')).toBe(
        String(main.workers),
      );
      expect(await page.getByTestId('account-hashrate').textContent()).toMatch(
        /^[\d,.]+ [kMGTPE]?H\/s$/,
      );
      return;
    }
    throw new Error('Two rounds straddled a 5-minute step of the demo pool.');
  });

  it('the pool and the Watcher links (form open) in light and dark at 1400x900 and 800x600 (screenshots)', async () => {
    for (const mode of ['light', 'dark'] as const) {
      await mining.shell.setting('Theme', mode);
      await mining.open();
      await shownLinks().getByRole('listitem').nth(2).waitFor();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const pool = page.locator('section.mining-pool');
        await pool.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `${SHOTS}/mining-pool-${mode}-${size.width}x${size.height}.png`,
        });
        await section().scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `${SHOTS}/mining-watchers-${mode}-${size.width}x${size.height}.png`,
        });
        for (const card of [pool, section()]) {
          const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        }
      }
    }
    await mining.shell.setting('Theme', 'light');
    expect(pageErrors).toEqual([]);
  });
});
