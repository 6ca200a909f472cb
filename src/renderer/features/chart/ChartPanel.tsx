import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CHART_INTERVALS, type Market } from '../../../shared/model';
import { lazyNamed } from '../../lib/lazyNamed';
import { useLive } from '../status';
import {
  CANDLES_POLL_MS,
  spanOfCandles,
  useCandles,
  useChartChoice,
  useChartFills,
  watchCandles,
} from './chartStore';
import { overlaysOf, useChartOverlays } from './lines';

// lightweight-charts is its own chunk, loaded when Trade first shows a chart.
const CandleChart = lazyNamed(() => import('./CandleChart'), 'CandleChart');

/**
 * Trade's price chart of the chosen market: the interval buttons, then the candles (the newest
 * page; older pages as the user scrolls back). The stream pushes the newest candle while live;
 * otherwise the newest are asked again every few seconds while the window is visible, and once
 * more when the stream is back (the candles missed meanwhile). Over the candles: the lines and
 * markers of every layer of ./lines.ts for this market; your fills of it are loaded here.
 */
export function ChartPanel({
  market,
  onAddAlert,
}: {
  market: Market;
  /** "Add alert at this price": the crosshair's price (else the last close) handed out. */
  onAddAlert?: (price: string) => void;
}) {
  // The crosshair's price moves with every tick: held in a ref (read on click), and only whether
  // there is one in state (the button's), so a tick does not render the panel again.
  const crosshair = useRef<string | undefined>(undefined);
  const [hasCrosshair, setHasCrosshair] = useState(false);
  const onPrice = useCallback((price: string | undefined) => {
    crosshair.current = price;
    setHasCrosshair(price !== undefined);
  }, []);
  const interval = useChartChoice((s) => s.interval);
  const setInterval = useChartChoice((s) => s.setInterval);
  // A tick reaches the chart from the store (CandleChart follows it): the panel renders when
  // candles come or go.
  const [spanOf] = useState(spanOfCandles);
  const series = useCandles(spanOf);
  const error = useCandles((s) => s.error);
  const name = market.name;

  useEffect(() => {
    useCandles.setState({ exhausted: false });
    void useCandles.getState().load({ market: name, interval });
  }, [name, interval]);

  useEffect(() => {
    watchCandles(name, interval);
    return () => watchCandles(null, interval);
  }, [name, interval]);

  useEffect(() => {
    void useChartFills.getState().load(name);
  }, [name]);

  const live = useLive();
  // The stream back after a gap (it was not live): the candles pushed meanwhile were missed.
  const wasLive = useRef(live);
  useEffect(() => {
    if (live && !wasLive.current) void useCandles.getState().refreshLatest();
    wasLive.current = live;
  }, [live]);
  useEffect(() => {
    if (live) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void useCandles.getState().refreshLatest();
    }, CANDLES_POLL_MS);
    return () => window.clearInterval(timer);
  }, [live]);

  const layers = useChartOverlays((s) => s.layers);
  const overlays = useMemo(() => overlaysOf(layers, name), [layers, name]);
  const loadOlder = useCallback(() => void useCandles.getState().loadOlder(), []);
  const data =
    series && series.market === name && series.interval === interval ? series : undefined;

  return (
    <section className="card chart-panel" aria-label="Chart" data-testid="chart-panel">
      <div className="chart-head">
        <h2>Chart</h2>
        <div className="chart-intervals" role="group" aria-label="Candle interval">
          {CHART_INTERVALS.map((iv) => (
            <button
              key={iv}
              type="button"
              className={`btn btn-secondary btn-small${iv === interval ? ' pressed' : ''}`}
              aria-pressed={iv === interval}
              onClick={() => setInterval(iv)}
            >
              {iv}
            </button>
          ))}
        </div>
        {onAddAlert ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={!hasCrosshair}
            onClick={() => {
              if (crosshair.current !== undefined) onAddAlert(crosshair.current);
            }}
          >
            Add alert at this price
          </button>
        ) : null}
      </div>
      {error && !data ? (
        <p className="form-alert" role="alert">
          {error.message}
        </p>
      ) : null}
      {data ? (
        <Suspense fallback={<div className="skeleton chart-skeleton" />}>
          <CandleChart
            market={market}
            interval={interval}
            candles={data.candles}
            onNearStart={loadOlder}
            lines={overlays.lines}
            markers={overlays.markers}
            onPrice={onPrice}
          />
        </Suspense>
      ) : (
        <div className="skeleton chart-skeleton" />
      )}
    </section>
  );
}
