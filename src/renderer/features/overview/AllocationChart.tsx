import { Pie, PieChart, Tooltip, type TooltipContentProps } from 'recharts';
import { formatDecimal, MASK } from '../../lib/decimal';
import { useSettings } from '../../lib/settingsStore';
import type { Slice } from './allocation';

const SIZE = 196;

/** The palette lives in styles.css (light and dark); "Other" is grey. */
export const sliceColor = (slice: Pick<Slice, 'color'>) =>
  slice.color < 0 ? 'var(--ov-chart-other)' : `var(--ov-chart-${slice.color + 1})`;

/**
 * What hovering (or arrowing to) a slice shows: ticker, value in the quote and share. In privacy
 * mode the value is masked; the share is not an amount and stays.
 */
export function SliceTooltip({
  slice,
  quote,
  places,
}: {
  slice: Slice;
  quote: string;
  places: number;
}) {
  const privacy = useSettings((s) => s.privacy);
  return (
    <div className="ov-tooltip" data-testid="allocation-tooltip">
      <div className="ov-tooltip-title">
        <span className="ov-swatch" style={{ background: sliceColor(slice) }} aria-hidden="true" />
        {slice.label}
        {slice.tickers.length > 1 ? (
          <span className="muted"> ({slice.tickers.length} assets)</span>
        ) : null}
      </div>
      <div className="amount">
        {privacy ? MASK : formatDecimal(slice.value, places)} <span className="unit">{quote}</span>
      </div>
      <div className="muted">{slice.percent} of the priced total</div>
    </div>
  );
}

/** Allocation of the priced assets by value share: a donut and, as its text alternative, a list. */
export function AllocationChart({
  slices,
  quote,
  places,
}: {
  slices: readonly Slice[];
  quote: string;
  places: number;
}) {
  const data = slices.map((slice) => ({ ...slice, fill: sliceColor(slice) }));
  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const slice = active ? (payload?.[0]?.payload as Slice | undefined) : undefined;
    return slice ? <SliceTooltip slice={slice} quote={quote} places={places} /> : null;
  };
  return (
    <div className="ov-allocation">
      <div className="ov-donut">
        <PieChart
          width={SIZE}
          height={SIZE}
          aria-label={`Allocation by value in ${quote}; the list beside it gives each share`}
        >
          <Pie
            data={data}
            dataKey="weight"
            nameKey="label"
            innerRadius="58%"
            outerRadius="100%"
            paddingAngle={data.length > 1 ? 1 : 0}
            stroke="var(--panel)"
            strokeWidth={1}
            isAnimationActive={false}
          />
          <Tooltip content={renderTooltip} isAnimationActive={false} wrapperStyle={{ zIndex: 2 }} />
        </PieChart>
      </div>
      <ul className="ov-legend" aria-label="Allocation by value">
        {slices.map((slice) => (
          <li key={slice.key}>
            <span
              className="ov-swatch"
              style={{ background: sliceColor(slice) }}
              aria-hidden="true"
            />
            <span className="ov-legend-label">{slice.label}</span>
            <span className="ov-legend-percent">{slice.percent}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
