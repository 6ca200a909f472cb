import type {
  Millis,
  NetWorthGap,
  NetWorthPoint,
  NetWorthRange,
  NetWorthSeries,
} from '../../shared/model';
import { toUnits, unitsText, valueUnits8, type Ratio } from './exact';
import type { Movement } from './movements';
import { DAY_MS, dayOf, priceSeries, type CloseIndex, type DaySeries } from './prices';
import type { Snapshot } from './records';

/**
 * The net-worth series, reconstructed (pure, no I/O). From each anchor, the balances held now and
 * then every recorded snapshot, newest first, the balances are walked back through the movements
 * (movements.ts) down to the next anchor: one backfilled point at the end of each day (UTC), valued
 * with that day's closes (prices.ts); each snapshot is a live point. Where the movements cannot
 * explain the balances (walking back, a balance falls below zero; or what the walk reaches at a
 * snapshot differs from what the snapshot recorded) the stretch between the two anchors is a gap:
 * its points have no value and the gap names the assets. Nothing is invented across it; the walk
 * goes on from the snapshot's own balances. Balances are compared exactly: every movement is the
 * exact decimal the exchange booked (the demo engine books unrounded fees), so any difference is a
 * transaction the API does not show.
 *
 * The walk always covers every movement, whatever the range, so a gap does not come and go with
 * the range chosen; only the days in the range are valued. Balances and values are exact integers
 * (exact.ts); a holding's value is rounded to 8 places as shared/decimal.ts holdingValue does.
 */

/** Units of 10^-30 (exact.ts). */
type Amount = bigint;

export interface BackfillInput {
  /** When `holdings` were fetched. */
  now: Millis;
  /** Held now, per asset: the total of every account (main, trade, flex). */
  holdings: Readonly<Record<string, string>>;
  /** Every movement (movements.ts), oldest first. */
  movements: readonly Movement[];
  /**
   * The live snapshots recorded, in any order: every one, or those of the range (bucketed when
   * many) and the newest one before it (store.ts seriesSnapshots). Each is an anchor of the walk.
   */
  snapshots: readonly Snapshot[];
  /** When the first snapshot of all was taken, when `snapshots` may not reach back to it. */
  firstSnapshotAt?: Millis;
  /**
   * When each day's last snapshot was taken, when `snapshots` are a choice of them (bucketed):
   * the days they record are not reconstructed.
   */
  lastOfDays?: readonly Millis[];
  closes: CloseIndex;
  quote: string;
  from: Millis;
  to: Millis;
}

export type Backfill = Pick<NetWorthSeries, 'points' | 'gaps' | 'since' | 'unpriced'>;

/** The first and last time of a range ending `now` ('all': from the beginning of time). */
export function rangeBounds(range: NetWorthRange, now: Millis): { from: Millis; to: Millis } {
  const days = { '1w': 7, '1m': 30, '3m': 91, '1y': 365, all: null }[range];
  return { from: days === null ? 0 : now - days * DAY_MS, to: now };
}

const NEGATIVE =
  "Walking back through the exchange's history, a balance falls below zero: something came in that the history does not show.";
const MISMATCH =
  "The balances recorded then differ from those rebuilt from the exchange's history: something moved that the history does not show.";

/**
 * toUnits, remembering each text it converted: a snapshot a day repeats the same few amounts
 * thousands of times (balances change far less often than snapshots are taken).
 */
function unitsMemo(): (text: string) => Amount {
  const known = new Map<string, Amount>();
  return (text) => {
    let units = known.get(text);
    if (units === undefined) known.set(text, (units = toUnits(text)));
    return units;
  };
}

/** Per-asset totals of a snapshot (main + trade + flex). */
function snapshotBalances(
  snapshot: Snapshot,
  units: (text: string) => Amount,
): Map<string, Amount> {
  const balances = new Map<string, Amount>();
  for (const h of snapshot.holdings) {
    balances.set(h.ticker, units(h.main) + units(h.trade) + units(h.flex));
  }
  return balances;
}

/**
 * Assets whose balance differs between the two (an absent asset holds zero), sorted. Called for
 * every anchor: no set or array of both maps' keys is built.
 */
function differing(a: ReadonlyMap<string, Amount>, b: ReadonlyMap<string, Amount>): string[] {
  const out: string[] = [];
  for (const [ticker, amount] of a) if ((b.get(ticker) ?? 0n) !== amount) out.push(ticker);
  for (const [ticker, amount] of b) if (!a.has(ticker) && amount !== 0n) out.push(ticker);
  return out.sort();
}

/**
 * The days (midnight UTC) whose last snapshot (of those taken at `times`, newest first) no movement
 * follows before the day ends: the snapshot's balances are the day's end balances.
 */
function quietLiveDays(times: readonly Millis[], movements: readonly Movement[]): Set<Millis> {
  const days = new Set<Millis>();
  const seen = new Set<Millis>();
  for (const takenAt of times) {
    const day = dayOf(takenAt);
    if (seen.has(day)) continue;
    seen.add(day);
    // The first movement after the snapshot (movements are oldest first).
    let lo = 0;
    let hi = movements.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (movements[mid]!.time <= takenAt) lo = mid + 1;
      else hi = mid;
    }
    const next = movements[lo];
    if (!next || next.time >= day + DAY_MS) days.add(day);
  }
  return days;
}

/** Steps of the walk (an anchor, a day valued, a movement undone) between two of its pauses. */
const STEPS_PER_SLICE = 400;

/** The reconstruction in one go (tests, benches): the walk of `backfillSliced`, never paused. */
export function backfill(input: BackfillInput): Backfill {
  const steps = walk(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The reconstruction as main runs it: the same walk, with `pause` awaited every STEPS_PER_SLICE
 * steps (a few ms of work), so that years of snapshots and days never hold main's loop for long.
 */
export async function backfillSliced(
  input: BackfillInput,
  pause: () => Promise<void>,
): Promise<Backfill> {
  const steps = walk(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** The walk; it yields every STEPS_PER_SLICE steps, where its driver may let other work run. */
function* walk(input: BackfillInput): Generator<void, Backfill> {
  const { now, movements, quote, closes, from, to } = input;
  const anchors = input.snapshots.filter((s) => s.takenAt <= now);
  anchors.sort((a, b) => b.takenAt - a.takenAt);
  const earliest = [movements[0]?.time, input.firstSnapshotAt ?? anchors.at(-1)?.takenAt].filter(
    (t): t is number => t !== undefined,
  );
  if (earliest.length === 0) return { points: [], gaps: [], since: null, unpriced: [] };
  const since = Math.min(...earliest);

  const units = unitsMemo();
  const unpriced = new Set<string>();
  const routes = new Map<string, DaySeries | null>();
  const priceOn = (ticker: string, day: Millis): Ratio | undefined => {
    let series = routes.get(ticker);
    if (series === undefined)
      routes.set(ticker, (series = priceSeries(closes, ticker, quote) ?? null));
    return series?.(day);
  };
  /** The value of `balances` with the closes of the day `time` falls in; null: nothing priced. */
  const valueOf = (balances: ReadonlyMap<string, Amount>, time: Millis): string | null => {
    const day = dayOf(time);
    let total = 0n;
    let held = 0;
    let priced = 0;
    for (const [ticker, amount] of balances) {
      if (amount === 0n) continue;
      held++;
      const price = priceOn(ticker, day);
      if (!price) {
        unpriced.add(ticker);
        continue;
      }
      priced++;
      total += valueUnits8(amount, price);
    }
    return held > 0 && priced === 0 ? null : unitsText(total, 8);
  };

  const points: NetWorthPoint[] = [];
  const gaps: NetWorthGap[] = [];
  const inRange = (t: Millis) => t >= from && t <= to;

  let balances = new Map<string, Amount>();
  for (const [ticker, amount] of Object.entries(input.holdings)) {
    balances.set(ticker, toUnits(amount));
  }
  if (inRange(now)) points.push({ time: now, value: valueOf(balances, now), source: 'backfill' });

  // The segment being walked: from its anchor (top) down to the next one.
  let top = now;
  let segment: NetWorthPoint[] = [];
  let broken = new Set<string>();
  const closeSegment = (bottom: Millis, mismatched: readonly string[]) => {
    const assets = [...new Set([...broken, ...mismatched])].sort();
    if (assets.length > 0) {
      for (const p of segment) p.value = null;
      gaps.push({
        from: bottom,
        to: top,
        assets,
        reason: broken.size > 0 ? NEGATIVE : MISMATCH,
      });
    }
  };

  // A day whose last snapshot nothing followed has that recorded value as its end, even when that
  // snapshot is not among the anchors (a bucketed choice): no reconstructed point beside the line.
  const liveDays = quietLiveDays(
    (input.lastOfDays ?? anchors.map((a) => a.takenAt)).filter(inRange),
    movements,
  );
  const lowestDayEnd = Math.max(dayOf(since) + DAY_MS - 1, from);
  let dayEnd = Math.min(dayOf(now) - 1, dayOf(to + 1) - 1);
  let m = movements.length - 1;
  while (m >= 0 && movements[m]!.time > now) m--;
  let a = 0;
  for (let step = 1; ; step++) {
    if (step % STEPS_PER_SLICE === 0) yield;
    const anchor = anchors[a];
    const movement = m >= 0 ? movements[m] : undefined;
    const nextDayEnd = dayEnd >= lowestDayEnd ? dayEnd : -Infinity;
    const anchorTime = anchor ? anchor.takenAt : -Infinity;
    const movementTime = movement ? movement.time : -Infinity;
    if (anchorTime === -Infinity && movementTime === -Infinity && nextDayEnd === -Infinity) break;
    // At one instant a balance includes the movements of that instant: record it before undoing.
    if (anchor && anchorTime >= nextDayEnd && anchorTime >= movementTime) {
      const recorded = snapshotBalances(anchor, units);
      closeSegment(anchor.takenAt, differing(balances, recorded));
      balances = recorded;
      top = anchor.takenAt;
      segment = [];
      broken = new Set();
      if (inRange(anchor.takenAt)) points.push(livePoint(anchor));
      a++;
    } else if (nextDayEnd >= movementTime) {
      // A day whose last live snapshot nothing moved after has that recorded value as its end:
      // no reconstructed point beside it (with a snapshot a day, most days need no valuing).
      if (!liveDays.has(dayOf(dayEnd))) {
        const point: NetWorthPoint = {
          time: dayEnd,
          value: valueOf(balances, dayEnd),
          source: 'backfill',
        };
        points.push(point);
        segment.push(point);
      }
      dayEnd -= DAY_MS;
    } else if (movement) {
      const before = (balances.get(movement.ticker) ?? 0n) - movement.change;
      balances.set(movement.ticker, before);
      if (before < 0n) broken.add(movement.ticker);
      m--;
    }
  }
  closeSegment(since, []);

  function livePoint(snapshot: Snapshot): NetWorthPoint {
    if (snapshot.quote === quote) {
      for (const h of snapshot.holdings) if (h.price === null) unpriced.add(h.ticker);
      return { time: snapshot.takenAt, value: snapshot.total, source: 'live' };
    }
    return {
      time: snapshot.takenAt,
      value: valueOf(snapshotBalances(snapshot, units), snapshot.takenAt),
      source: 'live',
    };
  }

  points.reverse();
  return {
    points,
    gaps: gaps
      .filter((g) => g.to >= from && g.from <= to)
      .map((g) => ({ ...g, from: Math.max(g.from, from), to: Math.min(g.to, to) }))
      .reverse(),
    since,
    unpriced: [...unpriced].sort(),
  };
}
