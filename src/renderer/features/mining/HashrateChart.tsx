import { useMemo, useState } from 'react';
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { HashratePoint, MiningAlertEvent, MiningSeries } from '../../../shared/model';
import { MASK } from '../../lib/decimal';
import { usePaintedMark } from '../../lib/userTiming';
import {
  formatHashrate,
  formatRawHashrate,
  formatRejectRate,
  hashrateScale,
  plotValue,
  type HashrateScale,
} from './units';
import { SelectionBrush } from './SelectionBrush';
import { timeAxisProps, timeTicks } from './timeAxis';

/** The plot's height; the selection handles sit under it. */
const CHART_HEIGHT = 300;
const FEW_POINTS = 60;

/** One row the chart draws: `v` and `r` are plot geometry only; `point` keeps the exchange's value. */
interface Row {
  t: number;
  v: number;
  /** Reject rate in percent (geometry), when the point has one. */
  r: number | undefined;
  /** The comparison line's value (geometry), from its point nearest in time. */
  c: number | undefined;
  point: HashratePoint;
  /** The comparison's point drawn at this time. */
  compare: HashratePoint | undefined;
}

/** A second line to compare with (a worker's chart: the account's), on the right axis. */
export interface HashrateCompare {
  label: string;
  series: MiningSeries;
}

/**
 * The events a chart of `account` (or of its `worker`) marks: the account's own and the pool's;
 * a worker's chart leaves out its sibling workers' events.
 */
export function chartEvents(
  events: readonly MiningAlertEvent[] | undefined,
  account: string,
  worker?: string,
): MiningAlertEvent[] {
  return (events ?? []).filter(
    (e) =>
      e.account === '' ||
      (e.account === account && (worker === undefined || e.worker === null || e.worker === worker)),
  );
}

/** For each time (sorted), the point of `points` (sorted) nearest to it. */
function nearest(
  times: readonly number[],
  points: readonly HashratePoint[],
): (HashratePoint | undefined)[] {
  let j = 0;
  return times.map((t) => {
    while (
      j + 1 < points.length &&
      Math.abs(points[j + 1]!.timestamp - t) <= Math.abs(points[j]!.timestamp - t)
    )
      j++;
    return points[j];
  });
}

/** What a marker says (its tooltip and accessible name). */
export function markerText(event: MiningAlertEvent): string {
  const what = event.kind === 'alert' ? 'Alert' : 'Recovered';
  return `${what}, ${fullTime.format(new Date(event.at))}: ${event.message}`;
}

/** An event's mark: a line across the plot and a head at its top (a triangle: alert; a dot: recovered). */
function Marker({
  event,
  x1,
  y1,
  y2,
}: {
  event: MiningAlertEvent;
  x1?: number;
  y1?: number;
  y2?: number;
}) {
  if (x1 === undefined || y1 === undefined || y2 === undefined) return <g />;
  const top = Math.min(y1, y2);
  const alert = event.kind === 'alert';
  const text = markerText(event);
  return (
    <g
      className={`mining-marker mining-marker-${event.kind}`}
      data-testid="alert-marker"
      data-kind={event.kind}
      role="img"
      aria-label={text}
    >
      <title>{text}</title>
      <line x1={x1} x2={x1} y1={y1} y2={y2} strokeDasharray={alert ? '4 3' : '1 3'} />
      {alert ? (
        <path d={`M${x1 - 6},${top} L${x1 + 6},${top} L${x1},${top + 9} Z`} />
      ) : (
        <circle cx={x1} cy={top + 5} r={5} />
      )}
    </g>
  );
}

/** About one time-axis label per this many pixels of plot. */
const PX_PER_TICK = 80;

const fullTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function HashrateTooltip({
  point,
  scale,
  privacy,
  compare,
}: {
  point: HashratePoint;
  scale: HashrateScale;
  privacy: boolean;
  /** The comparison line's label and point at this time. */
  compare?: { label: string; point: HashratePoint } | undefined;
}) {
  return (
    <div className="mining-tooltip" data-testid="hashrate-tooltip" data-timestamp={point.timestamp}>
      <div className="mining-tooltip-time">{fullTime.format(new Date(point.timestamp))}</div>
      <div className="mining-tooltip-value" data-testid="hashrate-tooltip-value">
        {privacy ? MASK : formatHashrate(point.hashrate, scale)}
      </div>
      {privacy ? null : (
        <div className="muted small" data-testid="hashrate-tooltip-raw">
          {formatRawHashrate(point.hashrate)}
        </div>
      )}
      {point.rejectRate !== undefined ? (
        <div className="mining-tooltip-reject">
          Reject rate {privacy ? MASK : formatRejectRate(point.rejectRate)}
        </div>
      ) : null}
      {compare ? (
        <div className="mining-tooltip-compare" data-testid="hashrate-tooltip-compare">
          {compare.label} {privacy ? MASK : formatHashrate(compare.point.hashrate)}
        </div>
      ) : null}
    </div>
  );
}

/** A hashrate axis in `scale`'s unit: the left one (the series), or the right (a comparison). */
function hashrateAxis(
  id: 'hashrate' | 'compare',
  dataKey: 'v' | 'c',
  scale: HashrateScale,
  width: number,
  privacy: boolean,
) {
  const left = id === 'hashrate';
  return (
    <YAxis
      yAxisId={id}
      dataKey={dataKey}
      orientation={left ? 'left' : 'right'}
      tick={privacy ? false : { fontSize: 12, fill: 'var(--muted)' }}
      width={width}
      stroke="var(--muted)"
      domain={[0, 'auto']}
      tickFormatter={(v: number) => `${v.toLocaleString(undefined, { maximumFractionDigits: 2 })}`}
      label={
        privacy
          ? undefined
          : {
              value: scale.unit,
              angle: left ? -90 : 90,
              position: left ? 'insideLeft' : 'insideRight',
              fill: 'var(--muted)',
              fontSize: 12,
            }
      }
    />
  );
}

/**
 * The hashrate line (left axis, auto-scaled unit) and the reject rate (right axis, %) over local
 * time, a tooltip, and a selection under it to zoom. In privacy mode both value axes lose their ticks and the
 * tooltip masks the values; the time axis stays. With `compare` (a worker's chart), the right
 * axis holds that line instead, in its own unit. `events` in the shown window are marked.
 */
export function HashrateChart({
  series,
  width,
  privacy,
  compare,
  events,
  onWindow,
}: {
  series: MiningSeries;
  width: number;
  privacy: boolean;
  compare?: HashrateCompare | undefined;
  /** Alert events to mark (those in the shown window are drawn). */
  events?: readonly MiningAlertEvent[] | undefined;
  /** The brushed window in ms (undefined when the whole series is shown). */
  onWindow?: (window: { from: number; to: number } | undefined) => void;
}) {
  const scale = useMemo(
    () => hashrateScale(series.stats?.max ?? series.points[0]?.hashrate ?? '0'),
    [series],
  );
  const compareScale = useMemo(
    () =>
      compare
        ? hashrateScale(compare.series.stats?.max ?? compare.series.points[0]?.hashrate ?? '0')
        : undefined,
    [compare],
  );
  const rows = useMemo<Row[]>(() => {
    const paired =
      compare && compare.series.points.length > 0
        ? nearest(
            series.points.map((p) => p.timestamp),
            compare.series.points,
          )
        : [];
    return series.points.map((point, i) => {
      const other = paired[i];
      return {
        t: point.timestamp,
        v: plotValue(point.hashrate, scale),
        r: point.rejectRate === undefined ? undefined : point.rejectRate * 100,
        c: other && compareScale ? plotValue(other.hashrate, compareScale) : undefined,
        point,
        compare: other,
      };
    });
  }, [series, scale, compare, compareScale]);
  // The shown window (indices into rows, both included); undefined: the whole series.
  const [range, setRange] = useState<{ start: number; end: number } | undefined>(undefined);
  const start = range?.start ?? 0;
  const end = range?.end ?? rows.length - 1;
  const shown = useMemo(
    () => (range ? rows.slice(range.start, range.end + 1) : rows),
    [rows, range],
  );
  const shownFirst = shown[0]?.t ?? 0;
  const shownLast = shown[shown.length - 1]?.t ?? 0;
  const hasCompare = compareScale !== undefined && rows.some((row) => row.c !== undefined);
  const hasReject = !hasCompare && rows.some((row) => row.r !== undefined);
  const leftAxis = privacy ? 16 : 64;
  const rightAxis = hasReject || hasCompare ? (privacy ? 16 : 64) : 0;
  const plotWidth = width - 16 - leftAxis - rightAxis;
  const axis = useMemo(
    () => timeTicks(shownFirst, shownLast, plotWidth / PX_PER_TICK),
    [shownFirst, shownLast, plotWidth],
  );

  // The window's events: a brushed window's ends, else the whole period asked for.
  const windowFrom = range ? shownFirst : Math.min(shownFirst, series.from * 1000);
  const windowTo = range ? shownLast : Math.max(shownLast, series.to * 1000);
  const marked = useMemo(
    () => (events ?? []).filter((e) => e.at >= windowFrom && e.at <= windowTo),
    [events, windowFrom, windowTo],
  );

  // For the bench and anyone timing it: the frame after this data was committed to the DOM.
  usePaintedMark('mining:painted', series);

  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const row = active ? (payload?.[0]?.payload as Row | undefined) : undefined;
    return row ? (
      <HashrateTooltip
        point={row.point}
        scale={scale}
        privacy={privacy}
        compare={compare && row.compare ? { label: compare.label, point: row.compare } : undefined}
      />
    ) : null;
  };

  return (
    <div
      className="mining-chart"
      data-testid="hashrate-chart"
      data-point-count={rows.length}
      data-shown-count={shown.length}
      data-unit={privacy ? undefined : scale.unit}
      data-marker-count={marked.length}
    >
      <ComposedChart
        width={width}
        height={CHART_HEIGHT}
        data={shown}
        margin={{ top: 8, right: 8, bottom: 4, left: 8 }}
        aria-label={
          privacy
            ? 'Hashrate over time (values hidden)'
            : hasCompare
              ? `Hashrate over time in ${scale.unit}, ${compare!.label.toLowerCase()} in ${compareScale!.unit}`
              : `Hashrate over time in ${scale.unit}, reject rate in percent`
        }
      >
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis {...timeAxisProps(axis)} />
        {hashrateAxis('hashrate', 'v', scale, leftAxis, privacy)}
        {hasReject ? (
          <YAxis
            yAxisId="reject"
            orientation="right"
            dataKey="r"
            tick={privacy ? false : { fontSize: 12, fill: 'var(--muted)' }}
            width={rightAxis}
            stroke="var(--muted)"
            // The reject rate keeps to the lower part of the plot, under the hashrate line.
            domain={[0, (max: number) => (max > 0 ? max * 2.5 : 1)]}
            tickFormatter={(v: number) =>
              `${v.toLocaleString(undefined, { maximumFractionDigits: 1 })} %`
            }
          />
        ) : null}
        {hasCompare ? hashrateAxis('compare', 'c', compareScale!, rightAxis, privacy) : null}
        <Tooltip content={renderTooltip} isAnimationActive={false} />
        {hasCompare ? (
          <Line
            yAxisId="compare"
            dataKey="c"
            name={compare!.label}
            type="linear"
            dot={false}
            stroke="var(--mining-compare)"
            strokeWidth={1}
            strokeDasharray="5 3"
            isAnimationActive={false}
            connectNulls
          />
        ) : null}
        {marked.map((event) => (
          <ReferenceLine
            key={event.id}
            yAxisId="hashrate"
            // Inside the plot: an event after the last point (the poll that saw it) sits at the end.
            x={Math.min(Math.max(event.at, shownFirst), shownLast)}
            shape={(props: { x1?: number; y1?: number; y2?: number }) => (
              <Marker event={event} x1={props.x1} y1={props.y1} y2={props.y2} />
            )}
          />
        ))}
        {hasReject ? (
          <Line
            yAxisId="reject"
            dataKey="r"
            name="Reject rate"
            type="linear"
            dot={false}
            stroke="var(--mining-reject)"
            strokeWidth={1}
            strokeOpacity={0.55}
            isAnimationActive={false}
            connectNulls
          />
        ) : null}
        <Line
          yAxisId="hashrate"
          dataKey="v"
          name="Hashrate"
          type="linear"
          // A few points (24 h at 24h is one or two) are drawn as dots too, so they show.
          dot={rows.length <= FEW_POINTS ? { r: 3, fill: 'var(--mining-hashrate)' } : false}
          stroke="var(--mining-hashrate)"
          strokeWidth={1.5}
          isAnimationActive={false}
        />
      </ComposedChart>
      {rows.length > 2 ? (
        <>
          <SelectionBrush
            count={rows.length}
            start={start}
            end={end}
            timeAt={(index) => fullTime.format(new Date(rows[index]?.t ?? 0))}
            // Under the plot, from its left edge to its right.
            style={{ marginLeft: 8 + leftAxis, marginRight: 8 + rightAxis }}
            onChange={(nextStart, nextEnd) => {
              const whole = nextStart <= 0 && nextEnd >= rows.length - 1;
              setRange(whole ? undefined : { start: nextStart, end: nextEnd });
              onWindow?.(whole ? undefined : { from: rows[nextStart]!.t, to: rows[nextEnd]!.t });
            }}
          />
          <p className="mining-window muted small" data-testid="mining-window">
            Shown: {fullTime.format(new Date(shownFirst))} – {fullTime.format(new Date(shownLast))}
          </p>
        </>
      ) : null}
      <div className="mining-legend" aria-hidden="true">
        <span className="mining-key mining-key-hashrate" /> Hashrate
        {hasReject ? (
          <>
            <span className="mining-key mining-key-reject" /> Reject rate (right axis, %)
          </>
        ) : null}
        {hasCompare ? (
          <>
            <span className="mining-key mining-key-compare" /> {compare!.label} (right axis)
          </>
        ) : null}
        {marked.some((e) => e.kind === 'alert') ? (
          <>
            <span className="mining-key-marker mining-marker-alert">▼</span> Alert
          </>
        ) : null}
        {marked.some((e) => e.kind === 'recovered') ? (
          <>
            <span className="mining-key-marker mining-marker-recovered">●</span> Recovered
          </>
        ) : null}
      </div>
    </div>
  );
}
