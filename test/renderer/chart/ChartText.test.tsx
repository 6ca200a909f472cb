import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChartText, type Schedule } from '../../../src/renderer/features/chart/ChartText';
import type { Candle } from '../../../src/shared/model';
import { BTC_USDT } from '../trade/fixtures';

afterEach(cleanup);

const HOUR = 3_600_000;
const candle = (i: number, close: string): Candle => ({
  time: i * HOUR,
  open: '100',
  close,
  high: '120',
  low: '90',
  stockVolume: '1',
  moneyVolume: '100',
});

/** Frames the test runs: what was asked for waits until `frame()`. */
function frames() {
  const waiting = new Set<() => void>();
  const schedule: Schedule = (run) => {
    waiting.add(run);
    return () => waiting.delete(run);
  };
  return {
    schedule,
    get asked() {
      return waiting.size;
    },
    frame: () =>
      act(() => {
        const runs = [...waiting];
        waiting.clear();
        runs.forEach((run) => run());
      }),
  };
}

/** The text of BTC_USDT's hour candles, its frames run by `f`. */
const textOf = (
  f: ReturnType<typeof frames>,
  candles: readonly Candle[],
  range: { from: number; to: number },
) => (
  <ChartText
    id="s"
    market={BTC_USDT}
    interval="1h"
    candles={candles}
    range={range}
    schedule={f.schedule}
  />
);

const summary = () => screen.getByTestId('chart-summary').textContent;
const lastRow = () =>
  [...screen.getByTestId('chart-table').querySelectorAll('tbody tr')]
    .at(-1)!
    .textContent?.replace(/\s+/g, ' ');

describe('the chart for screen readers', () => {
  it('follows the candles once a frame, however many ticks came before it', () => {
    const f = frames();
    const held = [candle(0, '100'), candle(1, '110')];
    const range = { from: 0, to: 1 };
    const view = (candles: Candle[]) => textOf(f, candles, range);
    const { rerender } = render(view(held));
    expect(summary()).toMatch(/^Last price 110\.00 USDT; \+10\.00% over the 2 candles shown;/);
    expect(f.asked).toBe(0);
    // Two ticks within a frame: the text waits for the frame, which is asked for once.
    rerender(view([held[0]!, candle(1, '115')]));
    rerender(view([held[0]!, candle(1, '119')]));
    expect(summary()).toMatch(/^Last price 110\.00 USDT;/);
    expect(f.asked).toBe(1);
    f.frame();
    expect(summary()).toMatch(/^Last price 119\.00 USDT; \+19\.00% over the 2 candles shown;/);
    expect(lastRow()).toContain('119.00');
    expect(f.asked).toBe(0);
  });

  it('writes a new candle, and a change of view, at once; asks for nothing once gone', () => {
    const f = frames();
    const held = [candle(0, '100'), candle(1, '110')];
    const rows = () => screen.getByTestId('chart-table').querySelectorAll('tbody tr');
    const { rerender, unmount } = render(textOf(f, held, { from: 0, to: 2 }));
    expect(rows()).toHaveLength(2);
    // A tick waits for its frame; the next candle does not, and brings the tick with it.
    rerender(textOf(f, [held[0]!, candle(1, '111')], { from: 0, to: 2 }));
    rerender(textOf(f, [held[0]!, candle(1, '112'), candle(2, '113')], { from: 0, to: 2 }));
    expect(rows()).toHaveLength(3);
    expect(summary()).toMatch(/^Last price 113\.00 USDT; \+13\.00% over the 3 candles shown;/);
    expect(rows()[1]!.textContent).toContain('112.00');
    // The chart reports its view when it draws (once a frame): written as it comes.
    rerender(textOf(f, [held[0]!, candle(1, '112'), candle(2, '113')], { from: 1, to: 2 }));
    expect(rows()).toHaveLength(2);
    expect(summary()).toMatch(/over the 2 candles shown; range 90\.00 to 120\.00\./);
    // The frame asked for by the tick finds nothing newer.
    f.frame();
    expect(summary()).toMatch(/^Last price 113\.00 USDT;/);
    rerender(textOf(f, [held[0]!, candle(1, '112'), candle(2, '114')], { from: 1, to: 2 }));
    expect(f.asked).toBe(1);
    unmount();
    expect(f.asked).toBe(0);
  });
});
