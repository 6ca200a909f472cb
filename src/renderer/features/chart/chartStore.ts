import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  CANDLES_PAGE,
  type Candle,
  type CandleSeries,
  type ChartInterval,
  type StreamCandle,
} from '../../../shared/model';
import { getDesk } from '../../lib/desk';
import { createRemote } from '../../lib/remote';
import { HISTORY_WINDOW_SECONDS, historyEarliest } from '../../../shared/executed';
import { sameSpan } from './candles';

/** While the stream is not live, the newest candles are asked again this often (visible only). */
export const CANDLES_POLL_MS = 5_000;
/** Candles kept for one chart at most (scrolling back stops there). */
export const CANDLES_KEPT = 10_000;

export interface CandlesQuery {
  market: string;
  interval: ChartInterval;
}

/**
 * `older` candles before `newer`'s (or overlapping them: a candle of the same time is the newer
 * answer's), oldest first, at most CANDLES_KEPT (the newest).
 */
export function mergeCandles(older: readonly Candle[], newer: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const candle of older) byTime.set(candle.time, candle);
  for (const candle of newer) byTime.set(candle.time, candle);
  return [...byTime.values()].sort((a, b) => a.time - b.time).slice(-CANDLES_KEPT);
}

interface CandleActions {
  /** An older page is on its way. */
  olderLoading: boolean;
  /** The exchange has no candles before the first one shown. */
  exhausted: boolean;
  /** Prepends the page before the first candle (the chart scrolled back to it). */
  loadOlder(): Promise<void>;
  /**
   * Asks the newest candles again and merges them in (polling, or the stream back after a gap),
   * with the pages between them and the last candle held.
   */
  refreshLatest(): Promise<void>;
}

const same = (a: CandleSeries | undefined, q: CandlesQuery): a is CandleSeries =>
  a !== undefined && a.market === q.market && a.interval === q.interval;

/**
 * The chart's candles of one market and interval: `load` the newest page; older pages and newer
 * candles are merged into the same series (never replacing what was scrolled back to).
 */
export const useCandles = createRemote(
  {
    channel: 'trade.candles',
    fetch: ({ market, interval }: CandlesQuery) => getDesk().trade.candles({ market, interval }),
  },
  (get, set): CandleActions => ({
    olderLoading: false,
    exhausted: false,
    async loadOlder() {
      const { data, query, olderLoading, exhausted } = get();
      if (!query || olderLoading || exhausted || !same(data, query)) return;
      if (data.candles.length === 0) return;
      if (data.candles.length >= CANDLES_KEPT) return set({ exhausted: true });
      set({ olderLoading: true });
      try {
        const page = await getDesk().trade.candles({ ...query, before: data.candles[0]!.time });
        const now = get();
        if (!same(now.data, query) || now.query !== query) return;
        if (page.candles.length === 0) return set({ exhausted: true, olderLoading: false });
        set({ data: { ...now.data, candles: mergeCandles(page.candles, now.data.candles) } });
      } catch {
        // The next scroll asks again; the chart keeps what it has.
      } finally {
        set({ olderLoading: false });
      }
    },
    async refreshLatest() {
      const { data, query } = get();
      if (!query || !same(data, query)) return;
      const held = data.candles.at(-1)?.time;
      try {
        const latest = await getDesk().trade.candles(query);
        let newer = latest.candles;
        // After a gap (the stream was down, the window hidden) the newest page may start after
        // the last candle held: the pages before it are asked until they meet it.
        while (
          held !== undefined &&
          newer.length > 0 &&
          newer.length < CANDLES_KEPT &&
          newer[0]!.time > held
        ) {
          const page = await getDesk().trade.candles({ ...query, before: newer[0]!.time });
          if (page.candles.length === 0) break;
          newer = mergeCandles(page.candles, newer);
        }
        const now = get();
        if (!same(now.data, query) || now.query !== query) return;
        set({
          data: {
            ...now.data,
            candles: mergeCandles(now.data.candles, newer),
            fetchedAt: latest.fetchedAt,
          },
        });
      } catch {
        // Polling: the next round asks again.
      }
    },
  }),
);

interface ChartChoice {
  /** The interval last chosen, kept across restarts. */
  interval: ChartInterval;
  setInterval(interval: ChartInterval): void;
}

export const useChartChoice = create<ChartChoice>()(
  persist(
    (set) => ({
      interval: '1h',
      setInterval: (interval) => set({ interval }),
    }),
    { name: 'exchange-desk-chart', version: 1, partialize: (s) => ({ interval: s.interval }) },
  ),
);

/**
 * Candles the stream may add beyond CANDLES_KEPT before the oldest are let go (a page at once):
 * letting one go per new candle would redraw the whole chart each time.
 */
export const STREAM_SLACK = CANDLES_PAGE;

/**
 * A candle the stream pushed: merged in when it is of the market and interval shown. The stream
 * moves the newest candle or starts the next one: that is one replaced or appended at the end
 * (no merge of the whole series, a tick at a time); anything else is merged.
 */
export function applyCandle({ market, interval, candle }: StreamCandle): void {
  const { data, query } = useCandles.getState();
  if (!query || query.market !== market || query.interval !== interval) return;
  if (!same(data, query)) return;
  const held = data.candles;
  const last = held.at(-1);
  let candles: Candle[];
  if (last && candle.time === last.time) {
    candles = held.slice();
    candles[candles.length - 1] = candle;
  } else if (last && candle.time > last.time) {
    const drop = held.length + 1 > CANDLES_KEPT + STREAM_SLACK ? held.length + 1 - CANDLES_KEPT : 0;
    candles = held.slice(drop);
    candles.push(candle);
  } else {
    candles = mergeCandles(held, [candle]);
  }
  useCandles.setState({ data: { ...data, candles } });
}

/**
 * A selector of the candles' series that answers the one it answered before while only the last
 * candle's values moved (a tick): what selects with it renders again when candles come or go, not
 * per tick. One per component (it remembers).
 */
export function spanOfCandles(): (slot: { data?: CandleSeries }) => CandleSeries | undefined {
  let held: CandleSeries | undefined;
  return ({ data }) => {
    const tick =
      held !== undefined &&
      data !== undefined &&
      held.market === data.market &&
      held.interval === data.interval &&
      sameSpan(held.candles, data.candles);
    if (!tick) held = data;
    return held;
  };
}

/** The store's candles when they are of `market` at `interval` (else undefined). */
function storedOf(
  slot: { data?: CandleSeries },
  market: string,
  interval: ChartInterval,
): readonly Candle[] | undefined {
  const { data } = slot;
  return data && data.market === market && data.interval === interval ? data.candles : undefined;
}

/**
 * The newest candles of `market` at `interval` while they are `candles` but for the last one's
 * values (the ticks since), else `candles`: read when a tick's draw or a key needs the newest.
 */
export function tickedCandles(
  market: string,
  interval: ChartInterval,
  candles: readonly Candle[],
): readonly Candle[] {
  const newest = storedOf(useCandles.getState(), market, interval);
  return newest && sameSpan(newest, candles) ? newest : candles;
}

/**
 * Follows the ticks of `market` at `interval`: `listener` gets the store's candles each time
 * they change (the caller compares them with what it holds). Answers the unsubscribe.
 */
export function onCandles(
  market: string,
  interval: ChartInterval,
  listener: (candles: readonly Candle[]) => void,
): () => void {
  return useCandles.subscribe((slot, before) => {
    const now = storedOf(slot, market, interval);
    if (now && now !== storedOf(before, market, interval)) listener(now);
  });
}

/** Tells main which market's candles to stream, and at which interval (market null: none). */
export function watchCandles(market: string | null, interval: ChartInterval): void {
  // Without the stream the chart polls: nothing to report.
  getDesk()
    .stream.watchCandles({ market, interval })
    .catch(() => undefined);
}

/**
 * Your deals of the chart's market over the last 31 days (one window of the history by API key):
 * the fills drawn on the chart. It reads `keyHistory.deals`, so it reloads with the Deals tab
 * (a placed or filled order).
 */
export const useChartFills = createRemote({
  channel: 'keyHistory.deals',
  fetch: (market: string) => {
    const nowMs = Date.now();
    const to = Math.ceil(nowMs / 1000);
    const from = Math.max(historyEarliest(nowMs), to - HISTORY_WINDOW_SECONDS);
    return getDesk().keyHistory.deals({ market, from, to });
  },
});
