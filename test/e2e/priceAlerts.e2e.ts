import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, mustFix, runAxe } from './pages/axe';
import { TradePage } from './pages/trade';
import { startDemoSession, type DemoSession } from './demoSession';

/**
 * Issue 35 item 3 on the demo exchange: an alert added on Trade is evaluated in main from the
 * stream's last prices; moving the demo's price across it raises the in-app notice and marks it
 * fired, once; a "once" alert does not fire again when the price crosses back and over again.
 */
let session: DemoSession;
let page: Page;
let panel: Locator;

const setPrice = (price: string | null) =>
  session.client.control('POST', '/set-price', { market: 'BTC_USDT', price });

async function addAlert(price: string, repeat: 'once' | 'every', note: string): Promise<void> {
  const form = panel.getByTestId('price-alert-form');
  await form.getByLabel('Price (USDT)').fill(price);
  await form.getByLabel('Alert', { exact: true }).selectOption(repeat);
  await form.getByLabel('Note (optional)').fill(note);
  await form.getByRole('button', { name: 'Add alert' }).click();
  await panel.getByTestId('price-alert').filter({ hasText: note }).waitFor();
}

const alertRow = (note: string) => panel.getByTestId('price-alert').filter({ hasText: note });
const notices = (text: RegExp) => page.getByTestId('alert-notice').filter({ hasText: text });

beforeAll(async () => {
  session = await startDemoSession('price-alerts');
  page = session.page;
  await page.setViewportSize({ width: 1400, height: 900 });
  await setPrice('60000');
  await new TradePage(page).open();
  panel = page.getByRole('region', { name: 'Price alerts' });
  await panel.getByText('No price alerts yet.').waitFor();
});

afterAll(async () => {
  await setPrice(null).catch(() => undefined);
  await session?.stop();
});

describe('Price alerts', () => {
  it('an alert above the price fires once when the demo’s price crosses it', async () => {
    await addAlert('65000', 'once', 'take profit');
    expect(await alertRow('take profit').getAttribute('data-state')).toBe('armed');

    await setPrice('65500');
    const first = notices(
      /BTC\/USDT above 65,000\.00 reached, last price 65,500\.00 · take profit/,
    );
    await first.waitFor();
    await expect.poll(() => alertRow('take profit').getAttribute('data-state')).toBe('fired');
    await page.screenshot({ path: 'test-results/screenshots/price-alert-fired-1400x900.png' });

    // Back under and over again: "once" stays fired. An "every time" alert at 64,000 is the
    // witness that main took these prices (its second notice comes with the last one).
    await addAlert('64000', 'every', 'witness');
    const witness = notices(/above 64,000\.00 .*witness/);
    await expect.poll(() => witness.count()).toBe(1);
    await setPrice('63000');
    await expect.poll(() => alertRow('witness').getAttribute('data-state')).toBe('armed');
    await setPrice('66000');
    await expect.poll(() => alertRow('witness').getAttribute('data-state')).toBe('fired');
    expect(await alertRow('take profit').getAttribute('data-state')).toBe('fired');
    // Main kept the first firing of "once" (a second would have written 66000).
    const kept = session.app.core.priceAlerts.list();
    expect(kept.alerts.map((a) => [a.note, a.state, a.firedPrice])).toEqual([
      ['take profit', 'fired', '65500'],
      ['witness', 'fired', '66000'],
    ]);
  });

  it('refuses a price finer than the tick under the field; the form and list are axe clean', async () => {
    const form = panel.getByTestId('price-alert-form');
    await form.getByLabel('Price (USDT)').fill('70000.001');
    await form.getByRole('button', { name: 'Add alert' }).click();
    await form
      .getByText('Enter the price with at most 2 decimal places: BTC_USDT moves in steps of 0.01.')
      .waitFor();
    for (const size of [
      { width: 1400, height: 900 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      for (const mode of ['light', 'dark'] as const) {
        await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(mode)}`);
        await panel.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `test-results/screenshots/price-alerts-${mode}-${size.width}x${size.height}.png`,
        });
        const violations = (await runAxe(page, `price alerts ${mode}`)).filter(mustFix);
        expect(violations, describeViolations(violations)).toEqual([]);
      }
    }
  });

  it('an added alert draws its line on the chart; deleting it removes the line', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const lines = () =>
      page.getByTestId('chart-panel').locator('[data-lines]').getAttribute('data-lines');
    // "Add alert at this price": the crosshair's price (the last close without one) fills the form.
    const form = panel.getByTestId('price-alert-form');
    await form.getByLabel('Price (USDT)').fill('');
    await page.getByRole('button', { name: 'Add alert at this price' }).click();
    await expect.poll(() => form.getByLabel('Price (USDT)').inputValue()).toMatch(/^\d/);

    await addAlert('70000', 'once', 'line check');
    const id = (await session.app.core.priceAlerts.list()).alerts.find(
      (a) => a.note === 'line check',
    )!.id;
    await expect.poll(async () => (await lines())?.split(' ')).toContain(`alert:${id}`);
    for (const size of [
      { width: 1400, height: 900 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      for (const mode of ['light', 'dark'] as const) {
        await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(mode)}`);
        await page.getByTestId('chart-panel').scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `test-results/screenshots/price-alert-line-${mode}-${size.width}x${size.height}.png`,
        });
      }
    }
    await panel.getByRole('button', { name: /Delete the alert .*70,000\.00/ }).click();
    await expect.poll(async () => (await lines())?.split(' ')).not.toContain(`alert:${id}`);
  });
});
