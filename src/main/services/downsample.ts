/**
 * Downsampling of a time series for drawing: largest-triangle-three-buckets (LTTB, Steinarsson
 * 2013) that also keeps each bucket's extremes when they stand far from the point LTTB chose
 * ("min-max LTTB"), so a short outage (a run of zeros) or an isolated peak in a long series survives
 * the reduction to about one point per pixel.
 *
 * The values given to this module are PLOT GEOMETRY ONLY: the caller projects its decimal strings
 * to numbers (e.g. `Number(hashrate)`) to measure triangle areas and distances. Nothing computed here
 * is shown or stored as a value: the points it returns are the caller's own objects, untouched, so
 * the decimal strings stay the source of truth. Never use this for money.
 */

/**
 * How far (as a share of the whole series' value range) a bucket's minimum or maximum must lie from
 * the point LTTB picked in that bucket to be kept as well.
 */
export const EXTREME_TOLERANCE = 0.2;

/** Selected indices (ascending) for `buckets` buckets over the interior points. */
function minMaxLttb(
  xs: Float64Array,
  ys: Float64Array,
  buckets: number,
  threshold: number,
): number[] {
  const n = xs.length;
  const every = (n - 2) / buckets;
  const out: number[] = [0];
  let a = 0;
  for (let i = 0; i < buckets; i++) {
    const start = Math.floor(i * every) + 1;
    const end = Math.floor((i + 1) * every) + 1; // exclusive
    if (end <= start) continue;
    // The average of the next bucket (the last point for the last bucket).
    const nextStart = end;
    const nextEnd = Math.max(nextStart + 1, Math.min(Math.floor((i + 2) * every) + 1, n));
    let avgX = 0;
    let avgY = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      avgX += xs[j]!;
      avgY += ys[j]!;
    }
    const count = nextEnd - nextStart;
    avgX /= count;
    avgY /= count;

    const ax = xs[a]!;
    const ay = ys[a]!;
    let best = start;
    let bestArea = -1;
    let lo = start;
    let hi = start;
    for (let j = start; j < end; j++) {
      const y = ys[j]!;
      // Twice the triangle's area (the factor does not change the choice).
      const area = Math.abs((ax - avgX) * (y - ay) - (ax - xs[j]!) * (avgY - ay));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
      if (y < ys[lo]!) lo = j;
      if (y > ys[hi]!) hi = j;
    }
    const picks = [best];
    if (ys[best]! - ys[lo]! > threshold) picks.push(lo);
    if (ys[hi]! - ys[best]! > threshold) picks.push(hi);
    picks.sort((p, q) => p - q);
    for (const p of picks) if (p !== out[out.length - 1]) out.push(p);
    a = best;
  }
  if (out[out.length - 1] !== n - 1) out.push(n - 1);
  return out;
}

/**
 * At most `target` of `points` (sorted by x), keeping the first and the last, chosen by LTTB on
 * (x, y) with each bucket's minimum and maximum added when they differ from the chosen point by more
 * than `tolerance` of the series' range. When the extremes would push the count over `target`, the
 * buckets get wider until it fits (at worst one third of the target, where three points per bucket
 * always fit; for a target under 5, plain LTTB). A series of at most `target` points is returned as is (a copy).
 */
export function downsample<T>(
  points: readonly T[],
  target: number,
  x: (point: T) => number,
  y: (point: T) => number,
  tolerance = EXTREME_TOLERANCE,
): T[] {
  const n = points.length;
  const limit = Math.max(3, Math.floor(target));
  if (n <= limit) return points.slice();
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const point = points[i]!;
    xs[i] = x(point);
    const value = y(point);
    ys[i] = value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const threshold = (max - min) * tolerance;
  const pick = (indices: number[]) => indices.map((i) => points[i]!);

  let buckets = limit - 2;
  for (let attempt = 0; attempt < 8; attempt++) {
    const indices = minMaxLttb(xs, ys, buckets, threshold);
    if (indices.length <= limit) return pick(indices);
    const scaled = Math.floor((buckets * (limit - 2)) / (indices.length - 2));
    buckets = Math.max(1, Math.min(buckets - 1, scaled));
  }
  // Three points per bucket at most always fit from a target of 5; below that, plain LTTB.
  if (limit >= 5) return pick(minMaxLttb(xs, ys, Math.floor((limit - 2) / 3), threshold));
  return pick(minMaxLttb(xs, ys, limit - 2, Infinity));
}
