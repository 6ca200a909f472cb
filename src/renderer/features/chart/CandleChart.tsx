import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  CrosshairMode,
  HistogramSeries,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  LineStyle,
  type LogicalRange,
  type MouseEventParams,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import {
  memo,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { Candle, ChartInterval, Market } from '../../../shared/model';
import { sameSpan } from './candles';
import { formatDecimal } from '../../lib/decimal';
import { marketLabel } from '../../lib/format';
import { useSettings } from '../../lib/settingsStore';
import { onCandles, tickedCandles } from './chartStore';
import { ChartText } from './ChartText';
import {
  candleTimeOf,
  INTERVAL_MS,
  type ChartLine,
  type ChartMarker,
  type LineStyleName,
} from './lines';

/**
 * The candlestick chart (TradingView's lightweight-charts, its own chunk: ChartPanel loads it
 * lazily). Prices and volumes stay decimal strings in the store; the library plots numbers, so
 * each candle is converted once for drawing, and every figure the user reads (the OHLC header, the
 * summary, the table) is written from the strings with the market's places. The attribution logo
 * stays on (the library's licence). Keyboard: arrows move the crosshair, + and - zoom.
 *
 * A tick (the last candle's values moved, in the candles store) goes from the store to the
 * library's live series and into the OHLC header's figures without a render; the text for screen
 * readers follows at most once a second (ChartText). The component renders when candles come or
 * go (the candles given: ChartPanel's span of the store's).
 *
 * Over the candles: `lines` (price lines) and `markers` (at the candle holding their time), the
 * model of ./lines.ts; a click on one (or its button in the list under the chart) runs its
 * `onSelect`. The chart element lists the ids drawn in `data-lines` and `data-markers`.
 */

interface Props {
  market: Market;
  interval: ChartInterval;
  candles: readonly Candle[];
  /** The chart was scrolled back near its first candle: load older ones. */
  onNearStart(): void;
  /** Price lines over the candles (of this market). */
  lines?: readonly ChartLine[];
  /** Markers at candles (of this market). */
  markers?: readonly ChartMarker[];
  /** The crosshair's price (the close of the candle under it, else the last close), as it moves. */
  onPrice?(price: string | undefined): void;
}

const NO_LINES: readonly ChartLine[] = [];
const NO_MARKERS: readonly ChartMarker[] = [];

const LINE_STYLES: Record<LineStyleName, LineStyle> = {
  solid: LineStyle.Solid,
  dashed: LineStyle.Dashed,
  dotted: LineStyle.Dotted,
};

/** The markers plugins' options: drawn over the candles, lines and current price of both series. */
const MARKERS = { zOrder: 'aboveSeries' } as const;

/** A click this close to a line (px, vertically) selects it. */
const LINE_HIT = 6;

/** A colour of a line or marker: a CSS custom property (`--ok`) is read from the theme. */
function colorOf(color: string): string {
  if (!color.startsWith('--')) return color;
  return getComputedStyle(document.documentElement).getPropertyValue(color).trim() || '#5f6673';
}

/** Scrolled within this many candles of the first one: older ones are asked for. */
const NEAR_START = 20;

const seconds = (c: Candle) => (c.time / 1000) as UTCTimestamp;

function themeColors() {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    panel: v('--panel', '#ffffff'),
    text: v('--text', '#15181e'),
    muted: v('--muted', '#5f6673'),
    border: v('--border', '#dfe2e7'),
    up: v('--ok', '#0d6e3f'),
    down: v('--bad', '#c42b2b'),
  };
}

/**
 * The library's series of the chart. Each kind is two series: the candles before the last
 * (`candles`, `volume`) and the last one (`live`, `liveVolume`), which a tick moves. The library
 * goes over every candle of a series when that series changes: a tick changes only the
 * one-candle series. Price lines and the current price are the live series'; markers are on the
 * series holding their candle (each has its markers plugin). The last candle's markers are not on
 * the live series: in lightweight-charts 5.2 a markers plugin asks for a full redraw (the chart
 * drawn twice) whenever its series' data changes, and goes on asking after it is detached. They
 * are on `marks`, an unseen copy of the last candle made when it first holds a marker, which
 * changes only when the last candle's high or low (where its markers sit) does, or a new candle
 * starts. Drawn as one series was: the
 * candles, the current price and the lines, the markers over them, the axis labels laid out
 * around the current price (one difference: a marker is drawn over the crosshair's lines).
 */
interface ChartApis {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  live: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  liveVolume: ISeriesApi<'Histogram'>;
  markers: ISeriesMarkersPluginApi<Time>;
  /** The last candle's markers on an unseen copy of it (made when it first holds one). */
  marks?: { series: ISeriesApi<'Candlestick'>; markers: ISeriesMarkersPluginApi<Time> };
}

/** The unseen series: a candle drawn in no colour, no current price of its own. */
const UNSEEN = 'rgba(0, 0, 0, 0)';
const UNSEEN_CANDLE = {
  upColor: UNSEEN,
  downColor: UNSEEN,
  borderVisible: false,
  wickVisible: false,
  lastValueVisible: false,
  priceLineVisible: false,
} as const;

function styleChart({ chart, candles, live, volume, liveVolume }: ChartApis) {
  const c = themeColors();
  chart.applyOptions({
    layout: { background: { type: ColorType.Solid, color: c.panel }, textColor: c.muted },
    grid: { vertLines: { color: c.border }, horzLines: { color: c.border } },
    rightPriceScale: { borderColor: c.border },
    timeScale: { borderColor: c.border },
  });
  for (const series of [candles, live]) {
    series.applyOptions({
      upColor: c.up,
      downColor: c.down,
      borderUpColor: c.up,
      borderDownColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
    });
  }
  for (const series of [volume, liveVolume]) series.applyOptions({ color: c.muted });
}

export function CandleChart({
  market,
  interval,
  candles,
  onNearStart,
  lines = NO_LINES,
  markers = NO_MARKERS,
  onPrice,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  const api = useRef<ChartApis>(undefined);
  /** What a click may select: the lines drawn and the markers placed (read by the click handler). */
  const drawnOverlays = useRef<{ lines: readonly ChartLine[]; markers: readonly PlacedMarker[] }>({
    lines: [],
    markers: [],
  });
  /** Bumped when the theme changes: lines and markers take its colours. */
  const [theme, setTheme] = useState(0);
  /** The candles the series hold (to update, not redraw, on a tick). */
  const drawn = useRef<readonly Candle[]>([]);
  /** The range the last + or - asked for, until the chart reports a range. */
  const zoomTo = useRef<{ from: number; to: number } | undefined>(undefined);
  const nearStart = useRef(onNearStart);
  useEffect(() => {
    nearStart.current = onNearStart;
  }, [onNearStart]);
  const [hover, setHover] = useState<number | undefined>(undefined);
  const [range, setRange] = useState<LogicalRange | null>(null);
  const numberFormat = useSettings((s) => s.numberFormat);
  const summaryId = useId();
  const places = market.moneyPrec;

  // The chart: made once per market (its price format is the market's tick).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: { attributionLogo: true, fontFamily: 'inherit' },
      crosshair: { mode: CrosshairMode.Normal },
      timeScale: { timeVisible: true, secondsVisible: false },
      handleScale: { axisPressedMouseMove: true },
    });
    const step = Number(`1e-${places}`);
    const priceFormat = { type: 'price', precision: places, minMove: step } as const;
    // The live series is the price scale's first (the axis labels are laid out around its current
    // price) but drawn after the candles before it, as one series was.
    const live = chart.addSeries(CandlestickSeries, { priceFormat });
    // The candles before the last: no current price of their own (it is the last candle's).
    const candleSeries = chart.addSeries(CandlestickSeries, {
      priceFormat,
      lastValueVisible: false,
      priceLineVisible: false,
    });
    candleSeries.setSeriesOrder(0);
    const volumeOptions = {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    } as const;
    const volume = chart.addSeries(HistogramSeries, volumeOptions);
    const liveVolume = chart.addSeries(HistogramSeries, volumeOptions);
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    candleSeries.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
    const apis: ChartApis = {
      chart,
      candles: candleSeries,
      live,
      volume,
      liveVolume,
      // Above every series, as one series drew them after its lines (the lines are the live
      // series', drawn after the candles before it).
      markers: createSeriesMarkers(candleSeries, [], MARKERS),
    };
    styleChart(apis);
    api.current = apis;
    drawn.current = [];

    chart.subscribeCrosshairMove((param) => {
      setHover(typeof param.time === 'number' ? param.time * 1000 : undefined);
    });
    const onRange = (next: LogicalRange | null) => {
      zoomTo.current = undefined;
      setRange(next);
      if (next && next.from < NEAR_START) nearStart.current();
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    // The theme is on <html data-theme> (Settings): restyle when it changes.
    const themes = new MutationObserver(() => {
      styleChart(apis);
      setTheme((t) => t + 1);
    });
    const onClick = (param: MouseEventParams<Time>) => {
      const hit = selected(param, live, drawnOverlays.current);
      hit?.onSelect?.();
    };
    chart.subscribeClick(onClick);
    themes.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      themes.disconnect();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.unsubscribeClick(onClick);
      api.current = undefined;
      chart.remove();
    };
  }, [places]);

  // Axis labels in the user's number format (Settings).
  useEffect(() => {
    api.current?.chart.applyOptions({
      localization: { priceFormatter: priceLabels(places) },
    });
  }, [numberFormat, places]);

  // Back to the latest candles when the market or the interval changes (before the data effect
  // below, so that the candles given with the change are drawn anew and later ticks update them).
  useEffect(() => {
    drawn.current = [];
  }, [market.name, interval]);

  // The data: a changed last candle is an update of the live series; a new one moves the last
  // into the series before it; anything else (older candles prepended, another market or
  // interval) is drawn again, keeping the view where it was. The candles given with the ticks
  // since (a tick may have come after the render), then each tick from the store.
  useEffect(() => {
    const draw = (next: readonly Candle[]) => {
      if (!api.current) return;
      drawCandles(api.current, drawn.current, next);
      drawn.current = next;
    };
    draw(tickedCandles(market.name, interval, candles));
    return onCandles(market.name, interval, (stored) => {
      // Only a tick of what is drawn: candles that come or go reach the chart as new props.
      if (sameSpan(stored, drawn.current)) draw(stored);
    });
  }, [candles, market.name, interval]);

  // The lines: drawn again when they change (a few; each is the library's price line).
  useEffect(() => {
    const current = api.current;
    if (!current) return;
    const series = current.live;
    const made: IPriceLine[] = lines.map((line) =>
      series.createPriceLine({
        id: line.id,
        price: Number(line.price),
        color: colorOf(line.color),
        lineWidth: 1,
        lineStyle: LINE_STYLES[line.style],
        axisLabelVisible: true,
        title: line.title,
      }),
    );
    drawnOverlays.current = { ...drawnOverlays.current, lines };
    return () => {
      // The chart may be gone already (another market): its lines went with it.
      if (api.current?.live === series) made.forEach((p) => series.removePriceLine(p));
    };
  }, [lines, places, theme]);

  // The markers, at the candle that holds each (those outside the candles loaded are not drawn).
  const head = candles[0]?.time;
  const lastTime = candles.at(-1)?.time;
  const placed = useMemo(
    () => placeMarkers(markers, candles, INTERVAL_MS[interval]),
    // The candles matter only by their span: a tick changing the last one moves no marker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [markers, head, candles.length, interval],
  );
  useEffect(() => {
    const current = api.current;
    if (!current) return;
    const toMarker = (m: PlacedMarker): SeriesMarker<Time> => ({
      id: m.id,
      time: (m.at / 1000) as UTCTimestamp,
      position: m.side === 'buy' ? 'belowBar' : 'aboveBar',
      shape: m.side === 'buy' ? 'arrowUp' : 'arrowDown',
      color: colorOf(m.color),
      text: m.title,
    });
    // Each on the series holding its candle (the last candle's: its unseen copy).
    const lastAt = lastTime;
    current.markers.setMarkers(placed.filter((m) => m.at !== lastAt).map(toMarker));
    const onLast = placed.filter((m) => m.at === lastAt).map(toMarker);
    const last = drawn.current.at(-1);
    if (current.marks) current.marks.markers.setMarkers(onLast);
    else if (onLast.length > 0 && last) {
      const series = current.chart.addSeries(CandlestickSeries, {
        ...UNSEEN_CANDLE,
        priceFormat: current.live.options().priceFormat,
      });
      series.setData([toBar(last)]);
      current.marks = { series, markers: createSeriesMarkers(series, onLast, MARKERS) };
    }
    drawnOverlays.current = { ...drawnOverlays.current, markers: placed };
  }, [placed, places, theme, lastTime]);

  const label = `${marketLabel(market.name)} price chart, ${interval} candles`;

  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const current = api.current;
    if (!current || candles.length === 0) return;
    const scale = current.chart.timeScale();
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const at = hover === undefined ? -1 : candles.findIndex((c) => c.time === hover);
      const index = Math.min(
        candles.length - 1,
        Math.max(0, (at < 0 ? candles.length - 1 : at) + (event.key === 'ArrowLeft' ? -1 : 1)),
      );
      // The last candle as the ticks left it.
      const target = tickedCandles(market.name, interval, candles)[index]!;
      current.chart.setCrosshairPosition(Number(target.close), seconds(target), current.live);
      setHover(target.time);
      event.preventDefault();
    } else if (event.key === '+' || event.key === '=' || event.key === '-') {
      // The chart applies a range on its next frame: keys pressed before it build on the last one.
      const now = zoomTo.current ?? scale.getVisibleLogicalRange();
      if (!now) return;
      const width = now.to - now.from;
      const next = event.key === '-' ? width * 1.25 : Math.max(10, width * 0.8);
      zoomTo.current = { from: now.to - next, to: now.to };
      scale.setVisibleLogicalRange(zoomTo.current);
      event.preventDefault();
    }
  }

  return (
    <div className="chart-body">
      <OhlcHeader
        market={market}
        interval={interval}
        candles={candles}
        hover={hover}
        onPrice={onPrice}
      />
      <div
        ref={box}
        className="chart-canvas"
        role="group"
        aria-label={label}
        aria-describedby={summaryId}
        tabIndex={0}
        onKeyDown={onKey}
        data-testid="candle-chart"
        data-candles={candles.length}
        data-lines={lines.map((l) => l.id).join(' ')}
        data-markers={placed.map((m) => m.id).join(' ')}
      />
      <Overlays lines={lines} markers={placed} />
      <ChartText
        id={summaryId}
        market={market}
        interval={interval}
        candles={candles}
        range={range}
      />
    </div>
  );
}

/** The header's figures: term, word, and how a candle's value is written. */
const OHLC: readonly (readonly [string, string, (c: Candle, m: Market) => string])[] = [
  ['O', 'Open', (c, m) => formatDecimal(c.open, m.moneyPrec)],
  ['H', 'High', (c, m) => formatDecimal(c.high, m.moneyPrec)],
  ['L', 'Low', (c, m) => formatDecimal(c.low, m.moneyPrec)],
  ['C', 'Close', (c, m) => formatDecimal(c.close, m.moneyPrec)],
  ['Vol', 'Volume', (c, m) => `${formatDecimal(c.stockVolume, m.stockPrec)} ${m.stock}`],
];

/**
 * The OHLC of the candle under the crosshair, else of the last one, and the close shown reported
 * to `onPrice`. A tick (the last candle moved in the store) writes the figures straight into the
 * header, without a render (zustand's transient updates): the chart renders nothing per tick.
 */
const OhlcHeader = memo(function OhlcHeader({
  market,
  interval,
  candles,
  hover,
  onPrice,
}: {
  market: Market;
  interval: ChartInterval;
  candles: readonly Candle[];
  hover: number | undefined;
  onPrice?(price: string | undefined): void;
}) {
  const figures = useRef<(HTMLElement | null)[]>([]);
  const numberFormat = useSettings((s) => s.numberFormat);
  const lastTime = candles.at(-1)?.time;
  // The crosshair's candle when it is one before the last; the last follows the ticks.
  const held = hover !== undefined && hover !== lastTime ? candleAt(candles, hover) : undefined;
  const any = candles.length > 0;
  useLayoutEffect(() => {
    const write = (shown: Candle) => {
      OHLC.forEach(([, , text], i) => {
        const el = figures.current[i];
        if (!el) return;
        // The one text node's data: a changed figure is laid out again, its box kept.
        const value = text(shown, market);
        const node = el.firstChild;
        if (node instanceof Text) {
          if (node.data !== value) node.data = value;
        } else el.append(value);
      });
      onPrice?.(shown.close);
    };
    const last = tickedCandles(market.name, interval, candles).at(-1);
    const shown = held ?? last;
    if (shown) write(shown);
    else onPrice?.(undefined);
    if (held) return;
    return onCandles(market.name, interval, (stored) => {
      if (sameSpan(stored, candles)) write(stored.at(-1)!);
    });
  }, [market, interval, candles, held, onPrice, numberFormat]);
  return (
    <dl className="chart-ohlc" data-testid="chart-ohlc" aria-live="off">
      {any
        ? OHLC.map(([term, word], i) => (
            <div key={term}>
              <dt>
                <abbr title={word}>{term}</abbr>
              </dt>
              <dd ref={(el) => void (figures.current[i] = el)} />
            </div>
          ))
        : null}
    </dl>
  );
});

/**
 * Draws `candles` into the series holding `held` (the last in the live series): a changed last candle is an update of the live
 * series (its volume only when it moved); a new candle moves the last into the series before it;
 * anything else (older candles prepended, another market or interval) is drawn again, keeping the
 * view where it was.
 */
function drawCandles(
  current: ChartApis,
  held: readonly Candle[],
  candles: readonly Candle[],
): void {
  const was = held.at(-1);
  const last = candles.at(-1);
  if (last === was && candles.length === held.length && candles[0] === held[0]) return;
  const sameHead = held.length > 0 && last !== undefined && candles[0]!.time === held[0]!.time;
  if (sameHead && candles.length === held.length && last.time === was!.time) {
    // The library goes over the live series' one candle.
    current.live.update(toBar(last));
    if (was!.stockVolume !== last.stockVolume) current.liveVolume.update(toVolume(last));
    // Its markers move with its high and low only.
    if (current.marks && (was!.high !== last.high || was!.low !== last.low)) {
      current.marks.series.update(toBar(last));
    }
  } else if (
    sameHead &&
    candles.length === held.length + 1 &&
    candles[held.length - 1]!.time === was!.time
  ) {
    const done = candles[held.length - 1]!;
    current.candles.update(toBar(done));
    current.volume.update(toVolume(done));
    current.live.setData([toBar(last)]);
    current.liveVolume.setData([toVolume(last)]);
    current.marks?.series.setData([toBar(last)]);
  } else {
    const view = current.chart.timeScale().getVisibleLogicalRange();
    // The candles before the last first: the time scale starts from them as it did from one
    // series (the view ends at the last candle). Each setData that adds or removes a time goes
    // over every time of the chart: the last candle is not set again when it is the one drawn
    // (older candles came in front).
    const before = candles.slice(0, -1);
    current.candles.setData(before.map(toBar));
    current.volume.setData(before.map(toVolume));
    if (!last || last !== was) {
      current.live.setData(last ? [toBar(last)] : []);
      current.liveVolume.setData(last ? [toVolume(last)] : []);
      current.marks?.series.setData(last ? [toBar(last)] : []);
    }
    const first = held[0]?.time;
    if (view && first !== undefined && candles[0] !== undefined && candles[0].time < first) {
      // Older candles came in front: keep the same candles in view.
      const added = candles.length - held.length;
      current.chart.timeScale().setVisibleLogicalRange({
        from: view.from + added,
        to: view.to + added,
      });
    }
  }
}

/** The candle starting at `time` (candles are in time order): a binary search. */
function candleAt(candles: readonly Candle[], time: number): Candle | undefined {
  let lo = 0;
  let hi = candles.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = candles[mid]!.time;
    if (at === time) return candles[mid];
    if (at < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** Prices written for the axis at most (then the memo starts again). */
const LABELS_KEPT = 2_000;

/**
 * The axis' price labels at `places` in the current number format. The library asks for every
 * label (scale, current price, each line's) each time it draws, mostly the same prices: each is
 * written once and remembered.
 */
function priceLabels(places: number): (price: number) => string {
  const written = new Map<number, string>();
  return (price) => {
    let label = written.get(price);
    if (label === undefined) {
      if (written.size >= LABELS_KEPT) written.clear();
      label = formatDecimal(price.toFixed(places), places);
      written.set(price, label);
    }
    return label;
  };
}

function toBar(c: Candle) {
  return {
    time: seconds(c),
    open: Number(c.open),
    high: Number(c.high),
    low: Number(c.low),
    close: Number(c.close),
  };
}

function toVolume(c: Candle) {
  return { time: seconds(c), value: Number(c.stockVolume) };
}

/** A marker with the start of the candle it is drawn at. */
interface PlacedMarker extends ChartMarker {
  at: number;
}

/** Markers at the candles holding them, in time order (the library's order); others left out. */
function placeMarkers(
  markers: readonly ChartMarker[],
  candles: readonly Candle[],
  intervalMs: number,
): PlacedMarker[] {
  const placed: PlacedMarker[] = [];
  for (const m of markers) {
    const at = candleTimeOf(candles, m.time, intervalMs);
    if (at !== undefined) placed.push({ ...m, at });
  }
  return placed.sort((a, b) => a.at - b.at || a.time - b.time);
}

/**
 * What a click selects: the marker or line the library reports under the pointer, else the line
 * within a few pixels of it, else the first marker of the candle clicked.
 */
function selected(
  param: MouseEventParams<Time>,
  series: ISeriesApi<'Candlestick'>,
  drawn: { lines: readonly ChartLine[]; markers: readonly PlacedMarker[] },
): ChartLine | ChartMarker | undefined {
  const id = param.hoveredObjectId;
  const byId = drawn.markers.find((m) => m.id === id) ?? drawn.lines.find((l) => l.id === id);
  if (byId) return byId;
  const y = param.point?.y;
  if (y !== undefined) {
    let best: { line: ChartLine; off: number } | undefined;
    for (const line of drawn.lines) {
      const at = series.priceToCoordinate(Number(line.price));
      if (at === null) continue;
      const off = Math.abs(at - y);
      if (off <= LINE_HIT && (!best || off < best.off)) best = { line, off };
    }
    if (best) return best.line;
  }
  if (typeof param.time !== 'number') return undefined;
  const time = param.time * 1000;
  return drawn.markers.find((m) => m.at === time);
}

/**
 * The lines and markers as a list of buttons (each opens what it shows), folded under the chart:
 * the keyboard's and screen readers' way to them.
 */
const Overlays = memo(function Overlays({
  lines,
  markers,
}: {
  lines: readonly ChartLine[];
  markers: readonly PlacedMarker[];
}) {
  if (lines.length === 0 && markers.length === 0) return null;
  const items = [...lines, ...[...markers].reverse()];
  return (
    <details className="chart-overlays" data-testid="chart-overlays">
      <summary>
        On the chart: {lines.length} {lines.length === 1 ? 'line' : 'lines'}, {markers.length}{' '}
        {markers.length === 1 ? 'fill' : 'fills'}
      </summary>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {item.onSelect ? (
              <button type="button" className="btn btn-link" onClick={item.onSelect}>
                {item.label}
              </button>
            ) : (
              item.label
            )}
          </li>
        ))}
      </ul>
    </details>
  );
});
