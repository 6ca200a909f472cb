import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../../../src/main/portfolioHistory/backfill';
import { movementsOf } from '../../../src/main/portfolioHistory/movements';
import { indexCloses, marketsFor } from '../../../src/main/portfolioHistory/prices';
import { snapshotOf } from '../../../src/main/portfolioHistory/recorder';
import type { Snapshot } from '../../../src/main/portfolioHistory/records';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import { syncDailyCloses, syncHistory } from '../../../src/main/portfolioHistory/sync';
import { Converts } from '../../../src/main/services/convert';
import { portfolioOverview } from '../../../src/main/services/portfolio';
import { SubAccountTransfers } from '../../../src/main/services/subAccounts';
import { setup, teardown, unlimitedPacer, type Setup } from '../exchange/helpers';

/**
 * Issue 34 item 6 against the demo exchange: a transfer to a sub-account and a convert made through
 * main's services, synced into the history database, and the net-worth series walked back across
 * them: no gap at those moments, and the total falls by what left to the sub-account only.
 */

const DAY = 86_400_000;
let s: Setup;
let store: HistoryStore;
beforeAll(async () => {
  s = await setup({ control: true }, { pacer: unlimitedPacer() });
  store = HistoryStore.open(undefined);
});
afterAll(async () => {
  store.close();
  await teardown(s);
});

/**
 * The exchange dates a sub-account transfer or a convert to the whole second: a snapshot taken in
 * the same second would seem to come after it. The test waits for the next second around them.
 */
async function nextSecond() {
  const second = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) === second) await new Promise((r) => setTimeout(r, 20));
}

const recorded = async (): Promise<Snapshot> => snapshotOf(await portfolioOverview(s.api, 'USDT'));
const totals = (snapshot: Snapshot) =>
  Object.fromEntries(
    snapshot.holdings.map((h) => [
      h.ticker,
      new Decimal(h.main).add(h.trade).add(h.flex).toFixed(),
    ]),
  );

describe('internal moves in the net-worth series, on the demo exchange', () => {
  it('a transfer to a sub-account and a convert: synced, and the series has no gap at them', async () => {
    const before = await recorded();
    store.addSnapshot('demo', before);
    await nextSecond();
    const subId = s.ex.engine.state.subAccounts[0]!.id;
    const moved = await new SubAccountTransfers().transfer(s.api, 'demo', {
      id: subId,
      direction: 'main_to_sub',
      ticker: 'USDT',
      amount: '100',
    });
    expect(moved.outcome).toBe('moved');
    const converts = new Converts();
    const quote = await converts.estimate(s.api, 'demo', {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '50',
    });
    const done = await converts.confirm(s.api, 'demo', { quoteId: quote.id });
    await nextSecond();
    const after = await recorded();
    store.addSnapshot('demo', after);

    const result = await syncHistory(s.api, store, 'demo', Date.now());
    expect(result.movesUnavailable).toEqual([]);
    expect(store.subAccountTransfers('demo')).toEqual([
      expect.objectContaining({ subAccountId: subId, direction: 'main_to_sub', amount: '100' }),
    ]);
    expect(store.converts('demo')).toEqual([
      expect.objectContaining({
        id: quote.id,
        from: 'USDT',
        to: 'BTC',
        give: '50',
        receive: done.receive,
      }),
    ]);

    const cutoff = Math.max(
      ...(['deals', 'transfers', 'flexPayments'] as const).map(
        (source) => store.cursor('demo', source)!.earliest,
      ),
    );
    const records = {
      deals: store.deals('demo', cutoff),
      transfers: store.transfers('demo', cutoff),
      flexPayments: store.flexPayments('demo', cutoff),
    };
    const now = Date.now();
    const markets = marketsFor(
      after.holdings.map((h) => h.ticker),
      'USDT',
      (await s.api.markets()).map((m) => m.name),
    );
    await syncDailyCloses(s.api, store, markets, now - 200 * DAY, now);
    const closes = indexCloses(markets.flatMap((m) => store.dailyCloses(m, now - 200 * DAY, now)));
    const series = (withMoves: boolean) =>
      backfill({
        now,
        holdings: totals(after),
        movements: movementsOf({
          ...records,
          ...(withMoves
            ? {
                subAccountTransfers: store.subAccountTransfers('demo'),
                converts: store.converts('demo'),
              }
            : {}),
        }),
        snapshots: store.snapshots('demo'),
        closes,
        quote: 'USDT',
        from: now - 30 * DAY,
        to: now,
      });

    // Without the moves the snapshot before them cannot be explained: a gap naming USDT and BTC.
    expect(series(false).gaps.flatMap((g) => g.assets)).toEqual(
      expect.arrayContaining(['BTC', 'USDT']),
    );
    const withMoves = series(true);
    expect(withMoves.gaps).toEqual([]);
    expect(withMoves.points.every((p) => p.value !== null)).toBe(true);
    const live = withMoves.points.filter((p) => p.source === 'live');
    expect(live.map((p) => p.time)).toEqual([before.takenAt, after.takenAt]);

    // Held before = held after + the 100 USDT that left; the convert swapped give for receive.
    const held = totals(before);
    const expected = { ...totals(after) };
    expected.USDT = new Decimal(expected.USDT!).add(100).add(done.give).toFixed();
    expected.BTC = new Decimal(expected.BTC!).minus(done.receive).toFixed();
    for (const ticker of Object.keys(held)) {
      expect(new Decimal(expected[ticker] ?? 0).eq(held[ticker]!)).toBe(true);
    }
  });
});
