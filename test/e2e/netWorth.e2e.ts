import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetWorthSeries, PortfolioOverview } from '../../src/shared/model';
import { okAnswer, startDemoSession, type DemoSession } from './demoSession';
import { OverviewPage } from './pages/overview';

/**
 * Issue 18 on the demo exchange: after a series of trades and a transfer, each followed by an
 * Overview refresh (a live snapshot), the series the app rebuilds by walking today's balances back
 * through the exchange's history arrives at exactly the balances recorded at each step: no gap
 * anywhere, and every step's live point is the total the Overview showed then. A balance changed
 * behind the history's back (what a transfer the API does not show would do) is a gap, named.
 */
let session: DemoSession;
let page: Page;

const DEMO = 'demo';

/** Runs `action` and answers what main answered `channel` with (it must be ok). */
const answerOf = <T>(channel: string, action: () => Promise<unknown>) =>
  okAnswer<T>(page, channel, action);

const refresh = () =>
  answerOf<PortfolioOverview>('portfolio.overview', () =>
    page.getByRole('button', { name: 'Refresh', exact: true }).click(),
  );

/** The chart's series in the 1 w range (after a click on 1 m, so that 1 w is a new query). */
async function series(): Promise<NetWorthSeries> {
  const range = page.getByRole('group', { name: 'Range' });
  await answerOf('portfolio.netWorth', () => range.getByRole('button', { name: '1m' }).click());
  return answerOf<NetWorthSeries>('portfolio.netWorth', () =>
    range.getByRole('button', { name: '1w' }).click(),
  );
}

async function marketOrder(market: string, side: 'buy' | 'sell', amount: string) {
  const answer = await session.post('/api/v4/order/stock_market', { market, side, amount });
  expect(answer.status).toBe(200);
}

const recorded: { at: number; total: string }[] = [];

const nextSecond = () => new Promise((done) => setTimeout(done, 1001 - (Date.now() % 1000)));

beforeAll(async () => {
  session = await startDemoSession('networth');
  page = session.page;
  await new OverviewPage(page).open();
  await page.getByRole('heading', { name: 'Net worth' }).waitFor();
});

afterAll(() => session?.stop());

describe('net worth over time on the demo exchange', () => {
  it('trades and a deposit, a snapshot after each: the rebuilt series meets every one, no gap', async () => {
    const first = await refresh();
    recorded.push({ at: first.fetchedAt, total: first.total });
    const steps = [
      () => marketOrder('BTC_USDT', 'buy', '0.01'),
      () => marketOrder('ETH_USDT', 'sell', '0.2'),
      () => session.client.control('POST', '/deposit', { ticker: 'LTC', amount: '3' }),
      () => marketOrder('LTC_USDT', 'sell', '1.5'),
    ];
    for (const step of steps) {
      // The exchange's deposit/withdraw history times are whole seconds: a transfer in the same
      // second as a snapshot cannot be put before or after it. Each step starts a new second.
      await nextSecond();
      await step();
      const overview = await refresh();
      recorded.push({ at: overview.fetchedAt, total: overview.total });
    }
    const totals = new Set(recorded.map((r) => r.total));
    expect(totals.size).toBeGreaterThan(1);

    const shown = await series();
    expect(shown.gaps).toEqual([]);
    const live = shown.points.filter((p) => p.source === 'live');
    // At each step the newest live point is the total the Overview showed then (a refresh whose
    // balances equal the last snapshot's within 15 minutes is not written again).
    for (const step of recorded) {
      expect(live.filter((p) => p.time <= step.at).at(-1)?.value).toBe(step.total);
    }
    const kept = session.app.core.history.snapshots(DEMO).map((s) => s.takenAt);
    for (const step of recorded.slice(1)) expect(kept).toContain(step.at);
    // The days before are valued too (the seeded history explains the seeded balances).
    const days = shown.points.filter((p) => p.source === 'backfill');
    expect(days.length).toBeGreaterThanOrEqual(7);
    expect(days.every((p) => p.value !== null)).toBe(true);
    expect(await page.getByTestId('net-worth-gap').count()).toBe(0);
  });

  it('a balance changed outside the history is a gap after the last snapshot, naming the asset', async () => {
    const last = recorded.at(-1)!.at;
    // What a transfer the exchange's history does not show would do.
    const main = session.app.core.demoExchange.engine.state.main;
    main['XRP'] = new Decimal(main['XRP'] ?? '0').add(100).toFixed();
    await refresh();
    const shown = await series();
    expect(shown.gaps).toHaveLength(1);
    expect(shown.gaps[0]).toMatchObject({ from: last, assets: ['XRP'] });
    await expect
      .poll(() => page.getByTestId('net-worth-gap').first().textContent())
      .toContain('XRP');
  });
});
