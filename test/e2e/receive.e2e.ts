import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OverviewPage } from './pages/overview';
import { ReceiveDialogPage } from './pages/receive';
import { TransfersScreen } from './pages/transfers';
import { startDemoSession, type DemoSession } from './demoSession';

/**
 * Issue 34 item 3 on the demo exchange: the Receive dialog's QR code, read off a screenshot with a
 * QR decoder, is the address shown, and becomes the other network's address (captioned with it)
 * when the network changes.
 */
let session: DemoSession;
let page: Page;
let receive: ReceiveDialogPage;

beforeAll(async () => {
  session = await startDemoSession('receive');
  page = session.page;
  await page.setViewportSize({ width: 1400, height: 900 });
  receive = new ReceiveDialogPage(page);
});

afterAll(async () => {
  await session?.stop();
});

describe('Receive', () => {
  it('opens from an Overview row; its QR decodes to the address shown, and follows the network', async () => {
    const overview = new OverviewPage(page);
    await overview.open();
    await overview.rows.getByRole('button', { name: 'Receive USDT' }).click();
    await receive.caption.filter({ hasText: 'USDT on ERC20' }).waitFor();
    const erc20 = (await receive.address.innerText()).trim();
    expect(erc20).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await receive.decodeQr()).toBe(erc20);

    await receive.chooseNetwork('USDT', 'TRC20');
    await expect.poll(async () => (await receive.address.innerText()).trim()).not.toBe(erc20);
    const trc20 = (await receive.address.innerText()).trim();
    expect(trc20).toMatch(/^T/);
    expect(await receive.decodeQr()).toBe(trc20);
    expect((await receive.caption.innerText()).trim()).toBe('USDT on TRC20');
    // What the app showed is what the exchange answers for that network.
    const answer = await session.post<{ account: { address: string } }>(
      '/api/v4/main-account/address',
      { ticker: 'USDT', network: 'TRC20' },
    );
    expect(answer.json.account.address).toBe(trc20);

    await receive.dialog.getByRole('button', { name: 'Close' }).click();
    await receive.dialog.waitFor({ state: 'detached' });
  });

  it('opens from History; a memo network shows the memo and its warning, and the QR the address', async () => {
    await new TransfersScreen(page).open();
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    await receive.dialog.getByLabel('Asset').selectOption('XRP');
    await receive.caption.filter({ hasText: 'XRP on XRP' }).waitFor();
    expect(await receive.memo.innerText()).toMatch(/^\d+$/);
    expect(await receive.dialog.getByTestId('receive-memo-warning').innerText()).toMatch(
      /needs the memo/,
    );
    expect(await receive.decodeQr()).toBe((await receive.address.innerText()).trim());
    await page.keyboard.press('Escape');
    await receive.dialog.waitFor({ state: 'detached' });
  });
});
