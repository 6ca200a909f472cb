import Decimal from 'decimal.js';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type DemoSession } from './demoSession';
import { OverviewPage } from './pages/overview';

/**
 * Issue 34 item 4: the Overview's "all accounts" view. BTC is moved to a sub-account through the
 * API first (so a sub-account holds an asset priced through a market), then All accounts is
 * chosen: the total is the main account's own plus every sub-account's holdings, computed here
 * from the demo's own endpoints; after a reload the choice is still there.
 */

const SHOTS = 'test-results/screenshots';
const MOVED = '0.01';

type Wire = Record<string, string | undefined>;
const pick = (rec: Wire, snake: string, camel: string) => rec[snake] ?? rec[camel] ?? '0';

describe('the Overview over all accounts', () => {
  let s: DemoSession;
  let overview: OverviewPage;

  /** The total's exact value (its hover text), e.g. "70512.34567891". */
  const exactTotal = async () => (await overview.total.locator('.amount').getAttribute('title'))!;
  const filter = () => s.page.getByRole('button', { name: /^Accounts:/ });

  /** Every sub-account's holdings valued in USDT at the demo's last prices (8 places a row). */
  async function subAccountsValue(): Promise<Decimal> {
    const list = await s.post<{ data: { id: string }[] }>('/api/v4/sub-account/list', {});
    const ticker = (await s.client.get<Record<string, Wire>>('/api/v4/public/ticker')).json;
    let sum = new Decimal(0);
    for (const { id } of list.json.data) {
      const held = await s.post<Record<string, Wire[]>>('/api/v4/sub-account/balances', { id });
      for (const [asset, rows] of Object.entries(held.json)) {
        for (const row of rows) {
          const amount = new Decimal(pick(row, 'main', 'main')).add(pick(row, 'spot', 'spot'));
          if (amount.isZero()) continue;
          const market = ticker[`${asset}_USDT`];
          const price = asset === 'USDT' ? '1' : pick(market!, 'last_price', 'lastPrice');
          sum = sum.add(amount.mul(price).toDecimalPlaces(8));
        }
      }
    }
    return sum;
  }

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    s = await startDemoSession('all-accounts');
    const savings = s.app.core.demoExchange.engine.state.subAccounts.find(
      (sub) => sub.alias === 'savings',
    )!;
    const moved = await s.post('/api/v4/sub-account/transfer', {
      id: savings.id,
      direction: 'main_to_sub',
      ticker: 'BTC',
      amount: MOVED,
    });
    expect(moved.status).toBe(200);
    overview = new OverviewPage(s.page);
    await s.page.reload();
    await overview.open();
  });
  afterAll(() => s?.stop());

  it('choosing All accounts shows main plus every sub-account; the choice survives a reload', async () => {
    await expect(filter().textContent()).resolves.toBe('Accounts: Main account ▾');
    await s.page.getByTestId('overview-accounts-note').waitFor();
    const mainOnly = new Decimal(await exactTotal());
    const subs = await subAccountsValue();
    // trading-bot's 290 USDT and savings' BTC: something to add.
    expect(subs.gt(290)).toBe(true);

    await filter().click();
    const group = s.page.getByRole('group', { name: 'Accounts counted' });
    for (const alias of ['trading-bot', 'savings', 'family']) {
      await group.getByRole('checkbox', { name: alias }).check();
      await group.getByRole('checkbox', { name: alias, checked: true }).waitFor();
    }
    await filter().filter({ hasText: 'Accounts: All accounts (4) ▾' }).waitFor();
    // The Overview counts every account once its note of those left out is gone (family holds
    // nothing: the total alone cannot tell it was counted).
    await s.page.getByTestId('overview-accounts-note').waitFor({ state: 'detached' });
    const expected = mainOnly.add(subs).toFixed();
    await expect.poll(exactTotal).toBe(expected);

    await s.page.reload();
    await overview.open();
    await filter().filter({ hasText: 'Accounts: All accounts (4) ▾' }).waitFor();
    await s.page.getByTestId('overview-accounts-note').waitFor({ state: 'detached' });
    await expect.poll(exactTotal).toBe(expected);
  });

  it('is looked at open and with every account counted, wide and narrow, light and dark', async () => {
    await overview.shell.eachLook(async (look) => {
      await overview.open();
      await s.page.screenshot({ path: `${SHOTS}/overview-all-accounts-${look}.png` });
      await filter().click();
      await s.page.getByRole('group', { name: 'Accounts counted' }).waitFor();
      await s.page.screenshot({ path: `${SHOTS}/overview-accounts-filter-${look}.png` });
      await s.page.keyboard.press('Escape');
      await s.page.getByRole('group', { name: 'Accounts counted' }).waitFor({ state: 'detached' });
    });
  });
});
