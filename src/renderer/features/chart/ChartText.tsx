import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { Candle, ChartInterval, Market } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';
import { marketLabel } from '../../lib/format';
import { useSettings } from '../../lib/settingsStore';
import { changePercent, headRangeMemo, sameSpan, visibleCandles } from './candles';

/** Runs `run` once, later (the next frame); answers a cancel. */
export type Schedule = (run: () => void) => () => void;

/** The next animation frame: what the chart's text waits for. */
export const nextFrame: Schedule = (run) => {
  const frame = requestAnimationFrame(() => run());
  return () => cancelAnimationFrame(frame);
};

/** The hidden table lists at most this many visible candles (the newest of them). */
const TABLE_ROWS = 120;

/**
 * The candles to write: a tick (the last candle's values moved) is taken up when `schedule` runs,
 * once however many ticks came before it; any other change (a new candle, older ones, another
 * market) at once.
 */
function useTicksPerFrame(candles: readonly Candle[], schedule: Schedule): readonly Candle[] {
  const [held, setHeld] = useState(candles);
  const latest = useRef(candles);
  const pending = useRef<(() => void) | undefined>(undefined);
  const tick = sameSpan(held, candles);
  // Not a tick: held at once (React renders again before anything is shown), later ticks build on
  // it; a frame already asked for then finds nothing newer.
  if (!tick && held !== candles) setHeld(candles);
  useEffect(() => {
    latest.current = candles;
    if (pending.current || held === candles) return;
    pending.current = schedule(() => {
      pending.current = undefined;
      setHeld(latest.current);
    });
  }, [candles, held, schedule]);
  useEffect(
    () => () => {
      pending.current?.();
      pending.current = undefined;
    },
    [],
  );
  return tick ? held : candles;
}

interface Props {
  /** The id of the summary (the chart's description). */
  id: string;
  market: Market;
  interval: ChartInterval;
  candles: readonly Candle[];
  /** The chart's visible logical range (null before it drew). */
  range: { from: number; to: number } | null;
  /** When the text follows a tick (the next frame; tests drive their own). */
  schedule?: Schedule;
}

/**
 * The chart for screen readers: the text summary (last price, change and range of the candles in
 * view) and a hidden table of them. Both follow the live ticks at most once a frame (the view
 * changes at most once a frame already: the chart reports it when it draws).
 */
export const ChartText = memo(function ChartText({
  id,
  market,
  interval,
  candles: latestCandles,
  range,
  schedule = nextFrame,
}: Props) {
  const candles = useTicksPerFrame(latestCandles, schedule);
  // The range of the visible candles but the last: a tick moves only the last one.
  const [headRange] = useState(headRangeMemo);
  const numberFormat = useSettings((s) => s.numberFormat);
  const places = market.moneyPrec;
  return useMemo(() => {
    const visible = visibleCandles(candles, range);
    const price = (v: string) => formatDecimal(v, places);
    return (
      <>
        <p id={id} className="sr-only" data-testid="chart-summary">
          {summary(visible, headRange(visible), price, market.money)} Arrow keys move the crosshair,
          plus and minus zoom.
        </p>
        <table className="sr-only" data-testid="chart-table">
          <caption>
            Visible candles of {marketLabel(market.name)}, {interval}
          </caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Open</th>
              <th scope="col">High</th>
              <th scope="col">Low</th>
              <th scope="col">Close</th>
              <th scope="col">Volume ({market.stock})</th>
            </tr>
          </thead>
          <tbody>
            {visible.slice(-TABLE_ROWS).map((c) => (
              <CandleRow
                key={c.time}
                candle={c}
                places={places}
                stockPlaces={market.stockPrec}
                numberFormat={numberFormat}
              />
            ))}
          </tbody>
        </table>
      </>
    );
  }, [candles, range, id, market, interval, places, headRange, numberFormat]);
});

/**
 * A row of the hidden table: drawn again only when its candle (a tick: the last one) or the number
 * format changes.
 */
const CandleRow = memo(function CandleRow({
  candle: c,
  places,
  stockPlaces,
}: {
  candle: Candle;
  places: number;
  stockPlaces: number;
  /** Only to draw the row again in another number format (formatDecimal reads it). */
  numberFormat: unknown;
}) {
  return (
    <tr>
      <th scope="row">{new Date(c.time).toISOString().slice(0, 16).replace('T', ' ')} UTC</th>
      <td>{formatDecimal(c.open, places)}</td>
      <td>{formatDecimal(c.high, places)}</td>
      <td>{formatDecimal(c.low, places)}</td>
      <td>{formatDecimal(c.close, places)}</td>
      <td>{formatDecimal(c.stockVolume, stockPlaces)}</td>
    </tr>
  );
});

/** The text summary: last price, change and range of the visible candles. */
function summary(
  visible: readonly Candle[],
  head: { high: string; low: string } | undefined,
  price: (v: string) => string,
  unit: string,
): string {
  const first = visible[0];
  const last = visible.at(-1);
  if (!first || !last) return 'No candles.';
  const { high, low, change } = changePercent(visible, head);
  const signed = `${change.startsWith('-') || change === '0.00' ? '' : '+'}${formatDecimal(change, 2)}%`;
  return `Last price ${price(last.close)} ${unit}; ${signed} over the ${visible.length} candles shown; range ${price(low)} to ${price(high)}.`;
}
