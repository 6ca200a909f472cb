import { createRoot } from 'react-dom/client';
import { ChartPanel } from '../../src/renderer/features/chart/ChartPanel';
import {
  applyCandle,
  useCandles,
  useChartChoice,
} from '../../src/renderer/features/chart/chartStore';
import {
  useChartOverlays,
  type ChartLine,
  type ChartMarker,
} from '../../src/renderer/features/chart/lines';
import { useStatusStore } from '../../src/renderer/features/status/statusStore';
import { setDesk } from '../../src/renderer/lib/desk';
import { createDesk } from '../../src/shared/bridge';
import type { ChannelName } from '../../src/shared/contract';
import type { Envelope } from '../../src/shared/errors';
import type {
  ApiDealsPage,
  Candle,
  CandleSeries,
  Market,
  StreamCandle,
} from '../../src/shared/model';
import { CandlePushes } from '../../src/main/stream/candlePushes';
import { BOOK_INTERVAL_MS } from '../../src/main/stream/throttle';
import '../../src/renderer/styles.css';

/**
 * The chart bench's page (bench/suites/chart.ts): Trade's ChartPanel (the app's CandleChart,
 * lightweight-charts) in a 900 px panel, over a stand-in bridge built with the app's createDesk.
 * `?candles=N`. The page reports through `window.__chartBench`:
 *   paint()     the bridge answers `trade.candles` with N candles; answers the ms from that answer
 *               to the end of the frame in which the chart drew them (no draw of the chart left
 *               pending)
 *   ticks(n)    n live updates through the app's path: the exchange's candle update -> main's
 *               CandlePushes (the stream session's: at most one push per candle every 100 ms)
 *               -> a `stream.candles` event on the bridge -> applyCandle (as the live feature
 *               subscribes it) -> the candles store -> CandleChart; the last candle's close and
 *               volume move, a new candle each 60th; each followed by a frame (or, with
 *               `apartMs`, that long a wait); answers, once the last push is drawn, how many
 *               pushes reached the page
 * The chart carries your orders' lines and fills' markers (a few of each), as on Trade.
 */

interface ChartBenchApi {
  paint(): Promise<number>;
  ticks(n: number, apartMs?: number): Promise<number>;
}

declare global {
  interface Window {
    __chartBench: ChartBenchApi;
  }
}

const count = Number(new URLSearchParams(location.search).get('candles') ?? 10_000);
const MARKET = {
  name: 'BTC_USDT',
  stock: 'BTC',
  money: 'USDT',
  stockPrec: 6,
  moneyPrec: 2,
} as Market;
const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 1);

/** Deterministic candles around 65,000 (decimal strings, two places). */
function make(n: number): Candle[] {
  const out: Candle[] = [];
  let cents = 6_500_000;
  for (let i = 0; i < n; i++) {
    const open = cents;
    cents = Math.max(100_000, cents + (((i * 7919) % 2001) - 1000) * 10);
    const high = Math.max(open, cents) + ((i * 31) % 500) * 10;
    const low = Math.min(open, cents) - ((i * 17) % 500) * 10;
    const text = (v: number) => (v / 100).toFixed(2);
    out.push({
      time: START + i * HOUR,
      open: text(open),
      close: text(cents),
      high: text(high),
      low: text(low),
      stockVolume: ((i % 97) + 1).toFixed(6),
      moneyVolume: '0',
    });
  }
  return out;
}

const candles = make(count);
const lastClose = Number(candles.at(-1)!.close);

// Your orders (lines) and fills (markers) on the chart, as the live feature publishes them.
const lines: ChartLine[] = Array.from({ length: 6 }, (_, i) => ({
  id: `order-${i}`,
  market: MARKET.name,
  price: (lastClose + (i - 3) * 150).toFixed(2),
  title: `Buy 0.5 BTC`,
  label: `Buy 0.500000 BTC at ${(lastClose + (i - 3) * 150).toFixed(2)} USDT`,
  color: i < 3 ? '--ok' : '--bad',
  style: 'solid',
}));
const markers: ChartMarker[] = Array.from({ length: 20 }, (_, i) => ({
  id: `fill-${i}`,
  market: MARKET.name,
  time: candles[count - 1 - i * 7]!.time + 60_000,
  side: i % 2 === 0 ? 'buy' : 'sell',
  title: 'B',
  label: `Fill ${i}`,
  color: i % 2 === 0 ? '--ok' : '--bad',
}));
useChartOverlays.getState().setLayer('orders', { lines, markers });

// The stream is live (the chart does not poll).
useStatusStore.setState({ stream: { mode: 'live', since: 0 } });

// The bridge: `trade.candles` answers when paint() hands the data over; events come from ticks().
let handOver: (series: CandleSeries) => void = () => undefined;
const answer = new Promise<CandleSeries>((done) => (handOver = done));
const deals: ApiDealsPage = {
  records: [],
  from: 0,
  to: 1,
  earliest: 0,
  capped: false,
  fetchedAt: 1,
};
let emit: (name: string, payload: unknown) => void = () => undefined;
const warmUp = make(10).map((c, i) => ({ ...c, time: START + i * 24 * HOUR }));
const answers: Partial<Record<ChannelName, (input: unknown) => Promise<unknown>>> = {
  'trade.candles': (input) =>
    (input as { interval: string }).interval === '1h'
      ? answer
      : Promise.resolve({ market: MARKET.name, interval: '1d', candles: warmUp, fetchedAt: 1 }),
  'keyHistory.deals': () => Promise.resolve(deals),
  'stream.watchCandles': () => Promise.resolve(undefined),
};
const desk = createDesk({
  async invoke(channel, input): Promise<Envelope<unknown>> {
    const fn = answers[channel];
    if (!fn) return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: channel } };
    return { ok: true, value: await fn(input) };
  },
  subscribe(listener) {
    emit = listener;
    return () => (emit = () => undefined);
  },
});
setDesk(desk);
desk.on('stream.candles', applyCandle);

// Main's side of the stream: the exchange's candle updates, coalesced as the session does.
let pushed = 0;
const pushes = new CandlePushes((update) => {
  pushed++;
  // Main's event arrives structured-cloned: a fresh object each time.
  emit('stream.candles', structuredClone(update));
}, BOOK_INTERVAL_MS);

// rAF callbacks the page's code (the chart) has asked for and not yet run.
const nativeFrame = window.requestAnimationFrame.bind(window);
let pendingDraws = 0;
window.requestAnimationFrame = (callback) => {
  pendingDraws++;
  return nativeFrame((time) => {
    pendingDraws--;
    callback(time);
  });
};
/** The next frame, and a task after it (what the frame did is done). */
const frame = () => new Promise((done) => nativeFrame(() => setTimeout(done, 0)));

const chartDrawn = () =>
  document.querySelector('[data-testid="candle-chart"] canvas') !== null && pendingDraws === 0;

async function start(): Promise<void> {
  const box = document.getElementById('root')!;
  box.style.width = '900px';
  // The chart's chunk loaded and the lazy component resolved (React.lazy: first use only) on a
  // day chart of a few candles, drawn and then left for the hour chart: paint() draws a new chart.
  useChartChoice.getState().setInterval('1d');
  createRoot(box).render(<ChartPanel market={MARKET} />);
  do await frame();
  while (!chartDrawn());
  useChartChoice.getState().setInterval('1h');
  // ChartPanel has asked for the hour's candles (its skeleton is up).
  await frame();
  if (document.querySelector('[data-testid="candle-chart"]')) throw new Error('chart not left');
  window.__chartBench = bench;
}

const bench: ChartBenchApi = {
  async paint() {
    const start = performance.now();
    handOver({ market: MARKET.name, interval: '1h', candles, fetchedAt: Date.now() });
    do await frame();
    while (!chartDrawn());
    return performance.now() - start;
  },
  async ticks(n, apartMs) {
    // From the newest candle drawn (ticks may be asked for more than once).
    let last = useCandles.getState().data!.candles.at(-1)!;
    for (let i = 0; i < n; i++) {
      const cents = Math.round(Number(last.close) * 100) + ((i % 7) - 3) * 10;
      const close = (cents / 100).toFixed(2);
      last =
        i % 60 === 59
          ? { ...last, time: last.time + HOUR, open: close, high: close, low: close, close }
          : {
              ...last,
              close,
              high: cents > Number(last.high) * 100 ? close : last.high,
              low: cents < Number(last.low) * 100 ? close : last.low,
              // Each tick is a trade: the volume grows.
              stockVolume: (Number(last.stockVolume) + 0.001).toFixed(6),
            };
      const update: StreamCandle = { market: MARKET.name, interval: '1h', candle: last };
      pushes.add(update);
      // A tick a frame (a busy market), or each `apartMs` (slower than the pushes: each drawn).
      if (apartMs === undefined) await frame();
      else await new Promise((done) => setTimeout(done, apartMs));
    }
    // The last push (held for the rest of its interval) and its frame.
    await new Promise((done) => setTimeout(done, BOOK_INTERVAL_MS));
    await frame();
    const count = pushed;
    pushed = 0;
    return count;
  },
};

void start();
