import { Pie, PieChart, Tooltip, type TooltipContentProps } from 'recharts';
import type { Slice } from './allocation';
import { SliceTooltip, sliceColor, type AllocationProps } from './AllocationChart';

/** The donut's width and height (the placeholder's in styles.css: .ov-donut-skeleton). */
const SIZE = 196;

/** The allocation donut (recharts): loaded lazily by AllocationChart, beside its list. */
export function AllocationDonut({ slices, quote, places }: AllocationProps) {
  const data = slices.map((slice) => ({ ...slice, fill: sliceColor(slice) }));
  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const slice = active ? (payload?.[0]?.payload as Slice | undefined) : undefined;
    return slice ? <SliceTooltip slice={slice} quote={quote} places={places} /> : null;
  };
  return (
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
  );
}
