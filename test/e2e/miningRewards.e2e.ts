import { mkdir } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardsCsvColumns } from '../../src/main/services/miningRewards';
import { writeNumber } from '../../src/shared/format';
import { downloadedText } from '../support/browser';
import { startDemoSession, type DemoSession } from './demoSession';
import { MiningPage } from './pages/mining';

/**
 * Mining rewards end to end: the Rewards section lists, day by day, exactly the records the demo
 * pool answers a signed mining/rewards call for the account (read here directly, every page), and
 * its CSV holds them all with their exact values.
 */

type Rec = Record<string, unknown>;

const SHOTS = 'test-results/screenshots';
const SIZES = [
  { width: 1400, height: 900 },
  { width: 800, height: 600 },
] as const;

let session: DemoSession;
let page: Page;
let mining: MiningPage;
const pageErrors: string[] = [];
const ACCOUNT = 'demo-miner';
const STATUS_WORDS: Record<string, string> = {
  pending: 'Pending',
  successful: 'Paid',
  canceled: 'Canceled',
};

const section = () => page.getByRole('region', { name: 'Rewards', exact: true });
const dayRows = () =>
  section().getByRole('table', { name: 'Rewards', exact: true }).getByTestId('reward-row');

/** Every reward of the account as the exchange answers it, newest first (paged by 100). */
async function exchangeRewards(): Promise<Rec[]> {
  const all: Rec[] = [];
  for (let offset = 0; ; offset += 100) {
    const answer = await session.post<{ data: Rec[] }>('/api/v4/mining/rewards', {
      account: ACCOUNT,
      limit: 100,
      offset,
    });
    expect(answer.status).toBe(200);
    all.push(...answer.json.data);
    if (answer.json.data.length < 100) return all;
  }
}

/** A row's cells by their column's header (a low-priority column may be hidden when narrow). */
async function cellsOf(row: Locator): Promise<Record<string, string>> {
  const table = section().getByRole('table', { name: 'Rewards', exact: true });
  const headers = await table.getByRole('columnheader').allTextContents();
  const texts = await row.getByRole('cell').allTextContents();
  return Object.fromEntries(
    headers.map((h, i) => [h.replace(/[▲▼↑↓]/gu, '').trim(), texts[i] ?? '']),
  );
}
const dayText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  session = await startDemoSession('mining-rewards');
  page = session.page;
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await mkdir(SHOTS, { recursive: true });
  mining = new MiningPage(page);
  await mining.open();
  await dayRows().first().waitFor();
});

afterAll(() => session?.stop());

describe('mining rewards through the web host', () => {
  it("the Rewards table's rows are the exchange's records, newest first", async () => {
    const records = await exchangeRewards();
    expect(records.length).toBeGreaterThan(30);
    const assets = (await session.client.get<Record<string, Rec>>('/api/v4/public/assets')).json;
    const places = Number(assets.BTC?.currency_precision ?? assets.BTC?.currencyPrecision);
    // The rows in view (the table draws those it shows), against the newest records.
    const shown = await dayRows().all();
    expect(shown.length).toBeGreaterThanOrEqual(5);
    for (const [i, row] of shown.entries()) {
      const r = records[i]!;
      const cell = await cellsOf(row);
      expect(cell.Reward).toBe(
        `${writeNumber(String(r.reward), places)} ${String(r.rewardCurrency)}`,
      );
      expect(cell.Fee).toBe(`${writeNumber(String(r.fee), places)} ${String(r.rewardCurrency)}`);
      expect(cell.Status).toBe(STATUS_WORDS[String(r.status)]);
      if ('Payout' in cell) {
        expect(cell.Payout).toBe(
          r.payoutDestination === 'main_balance' ? 'Main balance' : r.payoutAddress,
        );
      }
    }
    // Every record is kept by main, in the exchange's order.
    const kept = await session.app.core.handlers['mining.rewards']({
      account: ACCOUNT,
      quote: 'USDT',
    });
    expect(kept.rows.map((r) => [r.day / 1000, r.reward, r.fee, r.status])).toEqual(
      records.map((r) => [r.date, r.reward, r.fee, r.status]),
    );
    expect(pageErrors).toEqual([]);
  });

  it('the CSV holds every record with its exact values', async () => {
    const records = await exchangeRewards();
    const downloaded = page.waitForEvent('download');
    await section().getByRole('button', { name: 'Export rewards (CSV)' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(
      /^exchange-desk-mining-rewards-demo-miner-.*\.csv$/,
    );
    const text = await downloadedText(download);
    const rows = parse(text, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(rewardsCsvColumns('USDT'));
    expect(
      rows.map((r) => [
        r['Day (UTC)'],
        r.Account,
        r.Currency,
        r['Total reward'],
        r.Fee,
        r.Reward,
        r['FPPS rate'],
        r['Hashrate (H/s)'],
        r.Status,
        r['Payout destination'],
        r['Payout address'],
        r['Payout transaction hash'],
      ]),
    ).toEqual(
      records.map((r) => [
        dayText(Number(r.date)),
        r.miningAccountName,
        r.rewardCurrency,
        r.totalReward,
        r.fee,
        r.reward,
        r.fppsRate,
        r.hashRate,
        r.status,
        r.payoutDestination,
        r.payoutAddress ?? '',
        r.payoutTransactionHash ?? '',
      ]),
    );
  });

  it('the Rewards section in light and dark at 1400x900 and 800x600 (screenshots)', async () => {
    for (const mode of ['light', 'dark'] as const) {
      await mining.shell.setting('Theme', mode);
      await mining.open();
      await dayRows().first().waitFor();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await section().scrollIntoViewIfNeeded();
        await section().screenshot({
          path: `${SHOTS}/mining-rewards-${mode}-${size.width}x${size.height}.png`,
        });
        // Nothing of the section runs past the window sideways.
        const overflow = await section().evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
    }
    await mining.shell.setting('Theme', 'light');
    expect(pageErrors).toEqual([]);
  });
});
