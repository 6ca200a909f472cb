import { memo, useMemo } from 'react';
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
  type XAxisTickContentProps,
} from 'recharts';
import type {
  NetWorthGap,
  NetWorthPoint,
  NetWorthSeries,
  NetWorthTransfer,
} from '../../../shared/model';
import { formatDecimal, MASK } from '../../lib/decimal';
import { usePaintedMark } from '../../lib/userTiming';
import { timeAxisProps, timeTicks } from '../mining';
import { listTickers, type Places } from './allocation';
import {
  chartRows,
  extremes,
  formatDay,
  gapAt,
  gapsWithin,
  transferMarks,
  type ChartRow,
} from './netWorth';

const CHART_HEIGHT = 260;
/** About one time-axis label per this many pixels of plot. */
const PX_PER_TICK = 90;
/** Up to this many points, each is drawn as a dot too, so a short series shows. */
const FEW_POINTS = 40;

const timeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A live snapshot has a time of day; a backfilled point is a day's close. */
const pointTime = (point: NetWorthPoint) =>
  point.source === 'live' ? timeFormat.format(new Date(point.time)) : formatDay(point.time);

const SOURCE_LABEL = {
  live: 'Recorded live',
  backfill: 'Reconstructed',
} as const;

/** What a gap says in the legend and the tooltip. */
export const gapText = (gap: NetWorthGap) =>
  `${gap.reason}${gap.assets.length > 0 ? ` (${listTickers(gap.assets)})` : ''}`;

/** What hovering a point shows: its date, its value in the quote (masked in privacy mode), its source. */
/** "Deposit 0.50000000 BTC" (the amount masked in privacy mode). */
export function transferText(transfer: NetWorthTransfer, places: Places, privacy: boolean): string {
  const amount = privacy ? MASK : formatDecimal(transfer.amount, places.asset(transfer.ticker));
  return `${transfer.kind === 'deposit' ? 'Deposit' : 'Withdrawal'} ${amount} ${transfer.ticker}`;
}

export function NetWorthTooltip({
  point,
  quote,
  places,
  privacy,
  gap,
  transfers = [],
}: {
  point: NetWorthPoint;
  quote: string;
  places: Places;
  privacy: boolean;
  gap?: NetWorthGap | undefined;
  /** The deposits and withdrawals since the point before: what moved the line to this one. */
  transfers?: readonly NetWorthTransfer[];
}) {
  return (
    <div className="ov-tooltip" data-testid="net-worth-tooltip">
      <div className="ov-tooltip-title">{pointTime(point)}</div>
      <div className="amount" data-testid="net-worth-tooltip-value">
        {point.value === null ? (
          <span className="muted">No value</span>
        ) : (
          <>
            {privacy ? MASK : formatDecimal(point.value, places.quote)}{' '}
            <span className="unit">{quote}</span>
          </>
        )}
      </div>
      <div className="muted">{SOURCE_LABEL[point.source]}</div>
      {transfers.map((transfer, i) => (
        <div key={i} className="ov-transfer-note">
          {transferText(transfer, places, privacy)}
        </div>
      ))}
      {gap ? <div className="ov-gap-note">Gap: {gapText(gap)}</div> : null}
    </div>
  );
}

/** Axis labels: whole units from 1,000 up, else up to the quote's places (a tick is a round number). */
function tickLabel(value: number, places: number): string {
  // The tick is a number recharts chose for the axis; it is written with the app's formatter.
  return formatDecimal(String(value), Math.abs(value) >= 1000 ? 0 : Math.min(places, 4));
}

/** "2 deposits", "1 withdrawal", "no deposits". */
function countOf(
  transfers: readonly NetWorthTransfer[],
  kind: NetWorthTransfer['kind'],
  noun: string,
): string {
  const n = transfers.filter((t) => t.kind === kind).length;
  return `${n === 0 ? 'no' : n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * The text alternative of the chart (read by screen readers, hidden on screen): the span, the
 * first and last values, the lowest and highest, the gaps. Values are masked in privacy mode.
 */
export function chartSummary(series: NetWorthSeries, places: Places, privacy: boolean): string {
  const ends = extremes(series.points);
  if (!ends) return `Net worth in ${series.quote}: no known value in this range.`;
  const moves =
    series.transfers.length === 0
      ? ''
      : ` Deposits and withdrawals: ${series.transfers
          .map((t) => `${formatDay(t.time)}, ${transferText(t, places, privacy)}`)
          .join('; ')}.`;
  const value = (v: string) =>
    privacy ? 'hidden' : `${formatDecimal(v, places.quote)} ${series.quote}`;
  const gaps =
    series.gaps.length === 0
      ? 'No gaps.'
      : `${series.gaps.length} ${series.gaps.length === 1 ? 'gap' : 'gaps'}: ${series.gaps
          .map((gap) => `${formatDay(gap.from)} to ${formatDay(gap.to)}, ${gapText(gap)}`)
          .join('; ')}.`;
  return (
    `Net worth in ${series.quote} from ${formatDay(ends.first.time)} to ${formatDay(ends.last.time)}: ` +
    `${value(ends.first.value!)} at the start, ${value(ends.last.value!)} at the end, ` +
    `lowest ${value(ends.low)}, highest ${value(ends.high)}. ${gaps}${moves}`
  );
}

/**
 * The net worth over time in the series' quote: live snapshots as a solid line, backfilled days as
 * a dashed one, gaps shaded, no line across a null value. In privacy mode the value axis has no
 * ticks and the tooltip and summary mask the values; the line's shape stays (as the hashrate chart
 * does): it shows how the value moved, not how much it is.
 */
export const NetWorthChart = memo(function NetWorthChart({
  series,
  places,
  width,
  privacy,
}: {
  series: NetWorthSeries;
  places: Places;
  width: number;
  privacy: boolean;
}) {
  const rows = useMemo(() => chartRows(series.points), [series.points]);
  const first = rows[0]?.t ?? 0;
  const last = rows[rows.length - 1]?.t ?? 0;
  const gaps = useMemo(() => gapsWithin(series.gaps, first, last), [series.gaps, first, last]);
  const transfers = useMemo(
    () => series.transfers.filter((t) => t.time >= first && t.time <= last),
    [series.transfers, first, last],
  );
  const marks = useMemo(() => transferMarks(rows, transfers), [rows, transfers]);
  const hasLive = rows.some((row) => row.live !== null);
  const hasBackfill = rows.some((row) => row.backfill !== null && row.point.source === 'backfill');
  const leftAxis = privacy ? 16 : 72;
  const axis = useMemo(
    () => timeTicks(first, last, (width - 16 - leftAxis) / PX_PER_TICK),
    [first, last, width, leftAxis],
  );
  const dots = rows.length <= FEW_POINTS;
  // A few live snapshots among many days (the app is new) would be a line too short to see.
  const liveDots = dots || rows.filter((row) => row.live !== null).length <= FEW_POINTS;
  // For the bench and anyone timing it: the frame after this series was committed to the DOM.
  usePaintedMark('networth:painted', series);

  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const row = active ? (payload?.[0]?.payload as ChartRow | undefined) : undefined;
    if (!row) return null;
    const before = rows[rows.indexOf(row) - 1]?.t ?? -Infinity;
    return (
      <NetWorthTooltip
        point={row.point}
        quote={series.quote}
        places={places}
        privacy={privacy}
        gap={gapAt(series.gaps, row.t)}
        transfers={transfers.filter((t) => t.time > before && t.time <= row.t)}
      />
    );
  };
  // The last time label ends at the plot's right edge and the first starts at its left, so
  // neither is cut by the chart's box.
  const lastTick = axis.ticks[axis.ticks.length - 1];
  const renderTimeTick = ({ x, y, payload }: XAxisTickContentProps) => (
    <text
      x={x}
      y={y}
      dy={12}
      className="ov-time-tick"
      textAnchor={
        payload.value === lastTick && axis.ticks.length > 1
          ? 'end'
          : payload.value === axis.ticks[0]
            ? 'start'
            : 'middle'
      }
      fill="var(--muted)"
      fontSize={12}
    >
      {axis.format(Number(payload.value))}
    </text>
  );

  return (
    <div
      className="ov-net-worth-chart"
      data-testid="net-worth-chart"
      data-point-count={rows.length}
    >
      <p className="sr-only" data-testid="net-worth-summary">
        {chartSummary(series, places, privacy)}
      </p>
      <p className="ov-nw-unit muted small" data-testid="net-worth-unit" aria-hidden="true">
        {series.quote}
      </p>
      <ComposedChart
        width={width}
        height={CHART_HEIGHT}
        data={rows}
        margin={{ top: 8, right: 8, bottom: 4, left: 8 }}
        aria-label={
          privacy
            ? 'Net worth over time (values hidden); a summary precedes the chart'
            : `Net worth over time in ${series.quote}; a summary precedes the chart`
        }
      >
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis {...timeAxisProps(axis)} tick={renderTimeTick} />
        <YAxis
          tick={privacy ? false : { fontSize: 12, fill: 'var(--muted)' }}
          width={leftAxis}
          stroke="var(--muted)"
          domain={['auto', 'auto']}
          tickFormatter={(v: number) => tickLabel(v, places.quote)}
        />
        {marks.map((mark) => (
          <ReferenceLine
            key={`${mark.t}-${mark.kind}`}
            x={mark.t}
            className={`ov-transfer ov-transfer-${mark.kind}`}
            stroke={mark.kind === 'deposit' ? 'var(--ov-deposit)' : 'var(--ov-withdraw)'}
            strokeOpacity={0.45}
            strokeDasharray="1 3"
            label={{
              value: mark.kind === 'deposit' ? '▲' : '▼',
              // Deposits along the top, withdrawals along the bottom: a day with both shows both.
              position: mark.kind === 'deposit' ? 'insideTop' : 'insideBottom',
              fill: mark.kind === 'deposit' ? 'var(--ov-deposit)' : 'var(--ov-withdraw)',
              fontSize: 10,
            }}
            ifOverflow="discard"
          />
        ))}
        {gaps.map((gap) => (
          <ReferenceArea
            key={`${gap.from}-${gap.to}`}
            x1={gap.from}
            x2={gap.to}
            className="ov-gap-area"
            fill="var(--ov-gap)"
            fillOpacity={0.35}
            stroke="var(--ov-gap-edge)"
            strokeDasharray="2 3"
            ifOverflow="hidden"
          />
        ))}
        <Tooltip content={renderTooltip} isAnimationActive={false} />
        <Line
          dataKey="backfill"
          name="Reconstructed"
          type="linear"
          className="ov-line-backfill"
          stroke="var(--ov-backfill)"
          strokeWidth={1.5}
          strokeDasharray="5 4"
          dot={dots ? { r: 2.5, fill: 'var(--ov-backfill)' } : false}
          isAnimationActive={false}
          connectNulls={false}
        />
        <Line
          dataKey="live"
          name="Recorded live"
          type="linear"
          className="ov-line-live"
          stroke="var(--ov-live)"
          strokeWidth={2}
          dot={liveDots ? { r: 3, fill: 'var(--ov-live)' } : false}
          isAnimationActive={false}
          connectNulls={false}
        />
      </ComposedChart>
      <ul className="ov-nw-legend" aria-label="Legend">
        {hasLive ? (
          <li>
            <span className="ov-key ov-key-live" aria-hidden="true" /> Recorded live: snapshots the
            app took of the balances
          </li>
        ) : null}
        {hasBackfill ? (
          <li>
            <span className="ov-key ov-key-backfill" aria-hidden="true" /> Reconstructed: the
            balances walked back through the account’s transactions, at each day’s close
          </li>
        ) : null}
        {transfers.length > 0 ? (
          <li data-testid="net-worth-transfers">
            <span className="ov-key ov-key-transfer" aria-hidden="true" />{' '}
            {countOf(transfers, 'deposit', 'deposit')} (▲) and{' '}
            {countOf(transfers, 'withdraw', 'withdrawal')} (▼) in this range, marked where they
            moved the line; hover a point for what came in or went out
          </li>
        ) : null}
        {gaps.map((gap) => (
          <li key={`${gap.from}-${gap.to}`} data-testid="net-worth-gap">
            <span className="ov-key ov-key-gap" aria-hidden="true" /> Gap, {formatDay(gap.from)} to{' '}
            {formatDay(gap.to)}: {gapText(gap)}
          </li>
        ))}
      </ul>
    </div>
  );
});
