import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCandles } from '../../../src/renderer/features/chart/chartStore';
import { ChartText, type Schedule } from '../../../src/renderer/features/chart/ChartText';
import type { Candle } from '../../../src/shared/model';
import { BTC_USDT } from '../trade/fixtures';

afterEach(() => {
  cleanup();
  useCandles.setState(useCandles.getInitialState(), true);
});

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

/** The schedule the test runs: what was asked for waits until `frame()`. */
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

/** The candles store holds `candles` of BTC_USDT at 1h (a tick when only the last one moved). */
const store = (candles: Candle[]) =>
  act(() =>
    useCandles.setState({ data: { market: 'BTC_USDT', interval: '1h', candles, fetchedAt: 1 } }),
  );

describe('the chart for screen readers', () => {
  it('takes up the store’s ticks when its schedule runs, once however many came before', () => {
    const f = frames();
    const held = [candle(0, '100'), candle(1, '110')];
    const range = { from: 0, to: 1 };
    store(held);
    render(textOf(f, held, range));
    expect(summary()).toMatch(/^Last price 110\.00 USDT; \+10\.00% over the 2 candles shown;/);
    expect(f.asked).toBe(0);
    // Two ticks before the schedule runs: the text waits, and asks once.
    store([held[0]!, candle(1, '115')]);
    store([held[0]!, candle(1, '119')]);
    expect(summary()).toMatch(/^Last price 110\.00 USDT;/);
    expect(f.asked).toBe(1);
    f.frame();
    expect(summary()).toMatch(/^Last price 119\.00 USDT; \+19\.00% over the 2 candles shown;/);
    expect(lastRow()).toContain('119.00');
    expect(f.asked).toBe(0);
    // Another market's candles are not a tick of these.
    act(() =>
      useCandles.setState({
        data: { market: 'ETH_USDT', interval: '1h', candles: [candle(0, '1')], fetchedAt: 1 },
      }),
    );
    expect(f.asked).toBe(0);
  });

  it('writes new candles, and a change of view, at once with the ticks before them; asks for nothing once gone', () => {
    const f = frames();
    const held = [candle(0, '100'), candle(1, '110')];
    const rows = () => screen.getByTestId('chart-table').querySelectorAll('tbody tr');
    store(held);
    const { rerender, unmount } = render(textOf(f, held, { from: 0, to: 2 }));
    expect(rows()).toHaveLength(2);
    // A tick waits for its schedule; the next candle (new props) does not, and brings it along.
    store([held[0]!, candle(1, '111')]);
    const three = [held[0]!, candle(1, '112'), candle(2, '113')];
    store(three);
    rerender(textOf(f, three, { from: 0, to: 2 }));
    expect(rows()).toHaveLength(3);
    expect(summary()).toMatch(/^Last price 113\.00 USDT; \+13\.00% over the 3 candles shown;/);
    expect(rows()[1]!.textContent).toContain('112.00');
    // The chart reports its view when it draws (once a frame): written as it comes.
    rerender(textOf(f, three, { from: 1, to: 2 }));
    expect(rows()).toHaveLength(2);
    expect(summary()).toMatch(/over the 2 candles shown; range 90\.00 to 120\.00\./);
    // The schedule asked for by the tick finds nothing newer.
    f.frame();
    expect(summary()).toMatch(/^Last price 113\.00 USDT;/);
    store([held[0]!, candle(1, '112'), candle(2, '114')]);
    expect(f.asked).toBe(1);
    unmount();
    expect(f.asked).toBe(0);
  });
});
