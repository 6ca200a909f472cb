import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type DemoSession } from './demoSession';
import { ShellPage } from './pages/shell';

/**
 * Freshness and the exchange going away (issue 32, items 10 and 11). Main's own status check runs
 * once an hour here: the test makes the outage (the demo answers 503) and asks for the check itself,
 * so nothing but what the test does can change the pill.
 */
let session: DemoSession;
let page: Page;
let shell: ShellPage;

const HOUR_MS = 60 * 60_000;

beforeAll(async () => {
  session = await startDemoSession('freshness', { statusIntervalMs: HOUR_MS });
  page = session.page;
  shell = new ShellPage(page);
  await shell.pillLabel.filter({ hasText: /^Live · \d+ ms$/ }).waitFor({ timeout: 10_000 });
});

afterAll(() => session?.stop());

const checkNow = () => session.app.core.handlers['exchange.checkNow'](undefined);

/** The demo answers every REST request with its 503 maintenance page until `recover`. */
async function outage(): Promise<void> {
  session.app.core.demoExchange.setFaults({ next503: 1_000_000 });
  await checkNow();
  await shell.pillLabel.filter({ hasText: 'Offline' }).waitFor();
  expect(await shell.pill.textContent()).toContain('under maintenance (HTTP 503)');
}

const recover = () => session.app.core.demoExchange.setFaults({ next503: 0 });

describe('the exchange comes back', () => {
  it('the first answer after an outage sets the pill to Polling or Live, not the next check', async () => {
    await shell.open('Overview');
    await outage();
    recover();
    // Opening a screen asks the exchange; its answer is the first sign the exchange is back. The
    // next scheduled check is an hour away, so only that answer can turn the pill.
    await shell.open('Earn');
    await shell.pillLabel.filter({ hasText: /^(Live|Polling) · \d+ ms$/ }).waitFor();
    await shell.pillLabel.filter({ hasText: /^Live · \d+ ms$/ }).waitFor();
  });
});
