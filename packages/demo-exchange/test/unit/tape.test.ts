import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/decimal';
import { Engine } from '../../src/engine';
import { MARKETS } from '../../src/markets';
import { createSeedState } from '../../src/seed';
import { bucketAfter, bucketOf, candles, recentTrades, type TapeTrade } from '../../src/tape';

const NOW = 1_795_000_000_000;
const tradable = MARKETS.filter((m) => m.tradesEnabled);
/** recentTrades looks this many steps back (TAPE_SCAN): the trades a client can ever see. */
const SCAN = 1000;

/**
 * One history: an engine on a still walk (the clock is the test's), moved on by walk steps, clock
 * seconds and the user's own market orders (deals are trades of the market too).
 */
interface History {
  seed: number;
  m: number;
  moves: ({ kind: 'steps'; n: number } | { kind: 'clock'; s: number } | { kind: 'buy' | 'sell' })[];
}

const history: fc.Arbitrary<History> = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  m: fc.integer({ min: 0, max: tradable.length - 1 }),
  moves: fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('steps' as const), n: fc.integer({ min: 1, max: 200 }) }),
      fc.record({ kind: fc.constant('clock' as const), s: fc.integer({ min: 1, max: 400 }) }),
      fc.record({ kind: fc.constantFrom('buy' as const, 'sell' as const) }),
    ),
    { maxLength: 6 },
  ),
});

function replay({ seed, m, moves }: History) {
  const clock = { ms: NOW };
  const engine = new Engine(createSeedState(seed, NOW), {
    seed,
    now: () => clock.ms,
    frozenWalk: true,
  });
  const market = tradable[m]!;
  for (const move of moves) {
    if (move.kind === 'steps') engine.advance(move.n);
    else if (move.kind === 'clock') clock.ms += move.s * 1000;
    else {
      engine.placeMarket({
        market: market.name,
        side: move.kind,
        amount: new Decimal(market.minAmount).times(3),
        unit: 'stock',
        type: 'stock market',
      });
    }
  }
  return { engine, market, nowSec: Math.floor(clock.ms / 1000) };
}

const INTERVALS = ['1m', '5m', '15m', '1h'] as const;

describe('candles agree with the trades (REST kline and WebSocket candles build both from the tape)', () => {
  it('close is the last trade, high and low bound every trade, volumes add up', () => {
    fc.assert(
      fc.property(history, fc.constantFrom(...INTERVALS), (h, interval) => {
        const { engine, market, nowSec } = replay(h);
        const trades = recentTrades(engine, market, 100_000);
        expect(trades.length).toBeGreaterThan(0);
        // Every trade of a bucket is in `trades` when the bucket starts after the scan's reach.
        const reach = engine.timeOf(engine.currentStep() - SCAN + 1);
        const first = bucketAfter(interval, bucketOf(interval, reach));
        const list = candles(engine, market, interval, first, nowSec);
        // None only when the scan's reach and now share a bucket (a long interval, a short
        // history: seed 1, 599 steps, 1h).
        expect(list.length > 0 || first > nowSec).toBe(true);
        for (const [time, open, close, high, low, stock, money] of list) {
          const end = bucketAfter(interval, time);
          const inside = trades
            .filter((t) => t.time >= time && t.time < end)
            .sort((a, b) => a.time - b.time || a.id - b.id);
          const before = trades.find((t) => t.time < time);
          for (const t of inside) {
            expect(new Decimal(high).gte(t.price), `high ${high} < ${t.price.toFixed()}`).toBe(
              true,
            );
            expect(new Decimal(low).lte(t.price), `low ${low} > ${t.price.toFixed()}`).toBe(true);
          }
          const sum = (f: (t: TapeTrade) => Decimal) =>
            inside.reduce((acc, t) => acc.plus(f(t)), new Decimal(0)).toFixed();
          expect(stock).toBe(sum((t) => t.qty));
          expect(money).toBe(sum((t) => t.qty.times(t.price)));
          if (inside.length > 0) {
            expect(open).toBe(inside[0]!.price.toFixed());
            expect(close).toBe(inside.at(-1)!.price.toFixed());
            const prices = inside.map((t) => t.price);
            expect(high).toBe(Decimal.max(...prices).toFixed());
            expect(low).toBe(Decimal.min(...prices).toFixed());
          } else if (before) {
            // No trade in the bucket: a flat candle at the last price before it.
            const p = before.price.toFixed();
            expect([open, close, high, low]).toEqual([p, p, p, p]);
          }
        }
        // The last candle (the bucket holding now) closes at the last trade's price.
        const [last] = candles(engine, market, interval, bucketOf(interval, nowSec), nowSec);
        expect(last?.[2]).toBe(trades[0]!.price.toFixed());
      }),
      { numRuns: 40 },
    );
  });
});
