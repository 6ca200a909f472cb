import { useMemo, useState } from 'react';
import {
  CartesianGrid,
  ComposedChart,
  Line,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { HashratePoint, MiningSeries } from '../../../shared/model';
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
  point: HashratePoint;
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
}: {
  point: HashratePoint;
  scale: HashrateScale;
  privacy: boolean;
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
    </div>
  );
}

/**
 * The hashrate line (left axis, auto-scaled unit) and the reject rate (right axis, %) over local
 * time, a tooltip, and a selection under it to zoom. In privacy mode both value axes lose their ticks and the
 * tooltip masks the values; the time axis stays.
 */
export function HashrateChart({
  series,
  width,
  privacy,
  onWindow,
}: {
  series: MiningSeries;
  width: number;
  privacy: boolean;
  /** The brushed window in ms (undefined when the whole series is shown). */
  onWindow?: (window: { from: number; to: number } | undefined) => void;
}) {
  const scale = useMemo(
    () => hashrateScale(series.stats?.max ?? series.points[0]?.hashrate ?? '0'),
    [series],
  );
  const rows = useMemo<Row[]>(
    () =>
      series.points.map((point) => ({
        t: point.timestamp,
        v: plotValue(point.hashrate, scale),
        r: point.rejectRate === undefined ? undefined : point.rejectRate * 100,
        point,
      })),
    [series, scale],
  );
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
  const hasReject = rows.some((row) => row.r !== undefined);
  const leftAxis = privacy ? 16 : 64;
  const rightAxis = hasReject ? (privacy ? 16 : 60) : 0;
  const plotWidth = width - 16 - leftAxis - rightAxis;
  const axis = useMemo(
    () => timeTicks(shownFirst, shownLast, plotWidth / PX_PER_TICK),
    [shownFirst, shownLast, plotWidth],
  );

  // For the bench and anyone timing it: the frame after this data was committed to the DOM.
  usePaintedMark('mining:painted', series);

  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const row = active ? (payload?.[0]?.payload as Row | undefined) : undefined;
    return row ? <HashrateTooltip point={row.point} scale={scale} privacy={privacy} /> : null;
  };

  return (
    <div
      className="mining-chart"
      data-testid="hashrate-chart"
      data-point-count={rows.length}
      data-shown-count={shown.length}
      data-unit={privacy ? undefined : scale.unit}
    >
      <ComposedChart
        width={width}
        height={CHART_HEIGHT}
        data={shown}
        margin={{ top: 8, right: 8, bottom: 4, left: 8 }}
        aria-label={
          privacy
            ? 'Hashrate over time (values hidden)'
            : `Hashrate over time in ${scale.unit}, reject rate in percent`
        }
      >
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis {...timeAxisProps(axis)} />
        <YAxis
          yAxisId="hashrate"
          dataKey="v"
          tick={privacy ? false : { fontSize: 12, fill: 'var(--muted)' }}
          width={leftAxis}
          stroke="var(--muted)"
          domain={[0, 'auto']}
          tickFormatter={(v: number) =>
            `${v.toLocaleString(undefined, { maximumFractionDigits: 2 })}`
          }
          label={
            privacy
              ? undefined
              : {
                  value: scale.unit,
                  angle: -90,
                  position: 'insideLeft',
                  fill: 'var(--muted)',
                  fontSize: 12,
                }
          }
        />
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
        <Tooltip content={renderTooltip} isAnimationActive={false} />
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
      </div>
    </div>
  );
}
