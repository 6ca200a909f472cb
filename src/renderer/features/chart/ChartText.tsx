import { memo, useEffect, useMemo, useState } from 'react';
import type { Candle, ChartInterval, Market } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';
import { marketLabel } from '../../lib/format';
import { useSettings } from '../../lib/settingsStore';
import { changePercent, headRangeMemo, sameSpan, visibleCandles } from './candles';
import { onCandles, tickedCandles } from './chartStore';

/** Runs `run` once, later; answers a cancel. */
export type Schedule = (run: () => void) => () => void;

/**
 * How long the text waits before it takes up a tick (and the ticks that came meanwhile, at once):
 * a screen reader's user reads a price that holds still long enough to be read, and the hidden
 * table is not laid out again for every trade.
 */
const TEXT_TICK_MS = 1_000;

/** A second later: when the chart's text takes up ticks. */
const inASecond: Schedule = (run) => {
  const timer = setTimeout(run, TEXT_TICK_MS);
  return () => clearTimeout(timer);
};

/** The hidden table lists at most this many visible candles (the newest of them). */
const TABLE_ROWS = 120;

/**
 * `candles` with the ticks since from the store (the last candle's values moved), taken up when
 * `schedule` runs, once however many ticks came before it; candles that come or go (new props)
 * at once, with every tick before them.
 */
function useTicksLater(
  market: string,
  interval: ChartInterval,
  candles: readonly Candle[],
  schedule: Schedule,
): readonly Candle[] {
  const [ticked, setTicked] = useState<readonly Candle[]>();
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const unsubscribe = onCandles(market, interval, (stored) => {
      if (cancel || !sameSpan(stored, candles)) return;
      cancel = schedule(() => {
        cancel = undefined;
        setTicked(tickedCandles(market, interval, candles));
      });
    });
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [market, interval, candles, schedule]);
  return ticked && sameSpan(ticked, candles) ? ticked : candles;
}

interface Props {
  /** The id of the summary (the chart's description). */
  id: string;
  market: Market;
  interval: ChartInterval;
  candles: readonly Candle[];
  /** The chart's visible logical range (null before it drew). */
  range: { from: number; to: number } | null;
  /** When the text takes up ticks (a second later; tests drive their own). */
  schedule?: Schedule;
}

/**
 * The chart for screen readers: the text summary (last price, change and range of the candles in
 * view) and a hidden table of them. Both follow the live ticks (from the candles store) at most
 * once a second; candles that come or go, and the view (the chart reports it when it draws, at
 * most once a frame), at once.
 */
export const ChartText = memo(function ChartText({
  id,
  market,
  interval,
  candles: given,
  range,
  schedule = inASecond,
}: Props) {
  const candles = useTicksLater(market.name, interval, given, schedule);
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
