import { describe, expect, it } from 'vitest';
import { createSeedState } from '@exchange-desk/demo-exchange';
import { transferRecords } from '@exchange-desk/demo-exchange';
import { backfill } from '../../../src/main/portfolioHistory/backfill';
import { movementsOf } from '../../../src/main/portfolioHistory/movements';
import type { StoredTransfer } from '../../../src/main/portfolioHistory/records';
import { storedTransfer } from '../../../src/main/portfolioHistory/sync';
import type { DepositWithdraw } from '../../../src/shared/model';
import { demoDeal, demoHoldings } from './fixtures';

/**
 * The seeded history explains the seeded balances for any seed, whichever day the exchange starts:
 * the deposit/withdraw history is anchored to the start day while the deals and payments keep the
 * times of the day the state was seeded, so the two interleave differently from one start to the
 * next. Walked back (backfill) through every record from the seeded balances, nothing falls below
 * zero. (The same over HTTP, as main fetches it: test/integration/portfolioHistory/demoBackfill.)
 */

const DAY = 86_400;
const SEEDED_AT = 1_790_000_000_000;

function gapsOf(seed: number, startedDaysLater: number) {
  const state = createSeedState(seed, SEEDED_AT);
  const now = SEEDED_AT + startedDaysLater * DAY * 1000;
  const anchorSec = Math.floor(now / 1000 / DAY) * DAY;
  const deals = state.deals.map(demoDeal);
  const records = transferRecords(seed, anchorSec);
  const transfers: StoredTransfer[] = records.flatMap(
    (r) => storedTransfer({ ...r, createdAt: r.createdAt * 1000 } as DepositWithdraw) ?? [],
  );
  const flexPayments = state.flexPayments.map((p) => ({
    transactionId: p.transactionId,
    ticker: p.currency,
    amount: p.amount,
    time: p.createdAt * 1000,
  }));
  const movements = movementsOf({ deals, transfers, flexPayments });
  expect(new Set(transfers.map((t) => t.kind))).toEqual(new Set(['deposit', 'withdraw']));
  const result = backfill({
    now,
    holdings: demoHoldings(state),
    movements,
    snapshots: [],
    closes: new Map(),
    quote: 'USDT',
    from: 0,
    to: now,
  });
  return { gaps: result.gaps, records };
}

describe('the seeded history explains the seeded balances', () => {
  for (const seed of [42, 7, 1, 2, 3, 1234]) {
    it(`seed ${seed}: no balance falls below zero, started that day or any later one`, () => {
      for (const later of [0, 1, 45, 200]) {
        expect(gapsOf(seed, later).gaps, `started ${later} days later`).toEqual([]);
      }
    });
  }

  it('keeps 2,500 records of every kind and status, deposits still the larger part', () => {
    const { records } = gapsOf(42, 0);
    expect(records).toHaveLength(2500);
    const successful = records.filter((r) => [3, 7].includes(r.status));
    const deposits = successful.filter((r) => r.method === 1).length;
    expect(deposits).toBeGreaterThan(successful.length / 2);
    expect(records.some((r) => r.status === 18)).toBe(true);
  });

  it('seed 42 needs no more than it holds: its balances are those it always had', () => {
    const state = createSeedState(42, SEEDED_AT);
    const held = Object.entries(state.main).filter(([, amount]) => amount !== '0');
    expect(held).toEqual([
      ['USDT', '12000'],
      ['BTC', '0.25'],
      ['ETH', '3'],
      ['SOL', '20'],
      ['USDC', '500'],
    ]);
  });

  it('a seed whose deals bought more than it holds holds the difference in the main account', () => {
    // Seed 7's deals, newest first: buy 2500, sell 1390, buy 3580, buy 1910 TRX, each buy less
    // its 0.1 % fee in TRX: at most 2497.5 - 1390 + 3576.42 + 1908.09 = 6592.01 TRX came in since
    // any moment; it holds 324.9 in open sell orders, the main account the rest.
    const state = createSeedState(7, SEEDED_AT);
    expect(state.trade.TRX).toEqual({ available: '0', freeze: '324.9' });
    expect(state.main.TRX).toBe('6267.11');
  });
});
