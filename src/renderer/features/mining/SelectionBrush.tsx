import type { CSSProperties } from 'react';

/**
 * The window of the series the chart shows: two range inputs over one track (a start and an end
 * handle, each named and saying the time it stands at), the chosen stretch highlighted between
 * them. Keyboard: arrows move a handle one point, Page Up/Down a tenth, Home/End to the ends.
 */
export function SelectionBrush({
  count,
  start,
  end,
  timeAt,
  onChange,
  style,
}: {
  /** How many points the series has (at least 3). */
  count: number;
  start: number;
  end: number;
  /** The time of a point, as read aloud and shown. */
  timeAt(index: number): string;
  onChange(start: number, end: number): void;
  style?: CSSProperties;
}) {
  const last = count - 1;
  const share = (index: number) => index / last;
  // When the handles meet near the right end only the start can move, near the left only the end.
  const startOnTop = start > last / 2;
  return (
    <div
      className="mining-brush"
      style={
        {
          ...style,
          '--brush-start': share(start),
          '--brush-end': share(end),
        } as CSSProperties
      }
    >
      <div className="mining-brush-track" aria-hidden="true">
        <div className="mining-brush-window" />
      </div>
      <input
        type="range"
        className={`mining-brush-handle${startOnTop ? ' mining-brush-top' : ''}`}
        min={0}
        max={last}
        step={1}
        value={start}
        aria-label="Start of selection"
        aria-valuetext={timeAt(start)}
        onChange={(e) => onChange(Math.min(Number(e.target.value), end - 1), end)}
      />
      <input
        type="range"
        className={`mining-brush-handle${startOnTop ? '' : ' mining-brush-top'}`}
        min={0}
        max={last}
        step={1}
        value={end}
        aria-label="End of selection"
        aria-valuetext={timeAt(end)}
        onChange={(e) => onChange(start, Math.max(Number(e.target.value), start + 1))}
      />
    </div>
  );
}
