import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { CandleChart } from '../../src/renderer/features/chart/CandleChart';
import type { Candle, Market } from '../../src/shared/model';
import '../../src/renderer/styles.css';

/**
 * The chart bench's page (bench/suites/chart.ts): the app's CandleChart (lightweight-charts) in a
 * 900 px panel. `?candles=N`. The page reports through `window.__chartBench`:
 *   paint()     renders N candles and answers the ms from the render call to the frame after it
 *   ticks(n)    n live updates (the last candle's close moves, a new candle each 60th) each
 *               committed and followed by a frame; answers when done
 */

interface ChartBenchApi {
  paint(): Promise<number>;
  ticks(n: number): Promise<void>;
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

const box = document.getElementById('root')!;
box.style.width = '900px';
const root = createRoot(box);
let candles = make(count);
const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
const draw = () =>
  flushSync(() =>
    root.render(
      <CandleChart market={MARKET} interval="1h" candles={candles} onNearStart={() => undefined} />,
    ),
  );

window.__chartBench = {
  async paint() {
    const start = performance.now();
    draw();
    await frame();
    return performance.now() - start;
  },
  async ticks(n) {
    for (let i = 0; i < n; i++) {
      const last = candles.at(-1)!;
      const cents = Math.round(Number(last.close) * 100) + ((i % 7) - 3) * 10;
      const close = (cents / 100).toFixed(2);
      const next =
        i % 60 === 59
          ? { ...last, time: last.time + HOUR, open: close, high: close, low: close, close }
          : { ...last, close, high: cents > Number(last.high) * 100 ? close : last.high };
      candles = i % 60 === 59 ? [...candles, next] : [...candles.slice(0, -1), next];
      draw();
      await frame();
    }
  },
};
