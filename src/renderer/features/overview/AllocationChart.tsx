import { Suspense } from 'react';
import { formatDecimal, MASK } from '../../lib/decimal';
import { lazyNamed } from '../../lib/lazyNamed';
import { useAfterPaint } from '../../lib/useAfterPaint';
import { useSettings } from '../../lib/settingsStore';
import type { Slice } from './allocation';

/** The donut draws with recharts: its own chunk, loaded once the Overview has painted. */
const AllocationDonut = lazyNamed(() => import('./AllocationDonut'), 'AllocationDonut');

/** What the allocation is drawn from: the slices, and the quote their values are in. */
export interface AllocationProps {
  slices: readonly Slice[];
  quote: string;
  places: number;
}

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

/**
 * Allocation of the priced assets by value share: a donut and, as its text alternative, a list.
 * The list paints at once; the donut's code loads after that first paint, a disc of its size
 * holding its place meanwhile.
 */
export function AllocationChart({ slices, quote, places }: AllocationProps) {
  const painted = useAfterPaint();
  const disc = <span className="skeleton ov-donut-skeleton" aria-hidden="true" />;
  return (
    <div className="ov-allocation">
      <div className="ov-donut">
        {painted ? (
          <Suspense fallback={disc}>
            <AllocationDonut slices={slices} quote={quote} places={places} />
          </Suspense>
        ) : (
          disc
        )}
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
