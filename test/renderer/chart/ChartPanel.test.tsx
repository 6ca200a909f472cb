import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartLine, ChartMarker } from '../../../src/renderer/features/chart/lines';
import { ChartPanel } from '../../../src/renderer/features/chart/ChartPanel';
import { useCandles, useChartFills } from '../../../src/renderer/features/chart/chartStore';
import { useChartOverlays } from '../../../src/renderer/features/chart/lines';
import { useStatusStore } from '../../../src/renderer/features/status/statusStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { Candle, CandleSeries } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { BTC_USDT } from '../trade/fixtures';
import { chartLine, dealsPage } from './fixtures';

// The chart itself (lightweight-charts draws on a canvas): what it is given, as attributes.
vi.mock('../../../src/renderer/features/chart/CandleChart', () => ({
  CandleChart: (props: {
    candles: readonly Candle[];
    lines: readonly ChartLine[];
    markers: readonly ChartMarker[];
    onPrice?(price: string | undefined): void;
  }) => (
    <div
      data-testid="candle-chart"
      data-candles={props.candles.map((c) => c.time / HOUR).join(' ')}
      data-lines={props.lines.map((l) => l.id).join(' ')}
      data-markers={props.markers.map((m) => m.id).join(' ')}
    >
      <button type="button" onClick={() => props.onPrice?.('61000.5')}>
        move the crosshair
      </button>
    </div>
  ),
}));

const HOUR = 3_600_000;
const candle = (i: number): Candle => ({
  time: i * HOUR,
  open: '1',
  close: '1',
  high: '1',
  low: '1',
  stockVolume: '1',
  moneyVolume: '1',
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => candle(from + k));

afterEach(() => {
  cleanup();
  setDesk(undefined);
  useCandles.setState(useCandles.getInitialState(), true);
  useChartFills.setState(useChartFills.getInitialState(), true);
  useChartOverlays.setState({ layers: {} });
  useStatusStore.setState({ stream: undefined });
});

/**
 * The exchange's candles, pages of `size` newest first up to `newest` (exclusive), as the
 * candles channel answers (`before`: the page before that time).
 */
function exchange(size: number) {
  let newest = 10;
  const fake = fakeDesk({
    'trade.candles': async (input): Promise<CandleSeries> => {
      const { before } = input as { before?: number };
      const end = before === undefined ? newest : before / HOUR;
      return {
        market: 'BTC_USDT',
        interval: '1h',
        candles: range(Math.max(0, end - size), end),
        fetchedAt: 1,
      };
    },
    'stream.watchCandles': async () => ({ mode: 'live', since: 1 }),
    'keyHistory.deals': async () => dealsPage([]),
  });
  setDesk(fake.desk);
  return { ...fake, advance: (hours: number) => (newest += hours) };
}

const shown = () => screen.getByTestId('candle-chart').getAttribute('data-candles');

describe('the stream back after a gap', () => {
  it('reloads the candles missed, page by page until they meet those held; not while it stays live', async () => {
    const ex = exchange(4);
    useStatusStore.setState({ stream: { mode: 'live', since: 1 } });
    render(<ChartPanel market={BTC_USDT} />);
    await vi.waitFor(() => expect(shown()).toBe('6 7 8 9'));
    // The stream drops; ten hours pass (no pushes); it comes back.
    act(() => useStatusStore.setState({ stream: { mode: 'polling', since: 2 } }));
    ex.advance(10);
    const asked = ex.callsTo('trade.candles').length;
    act(() => useStatusStore.setState({ stream: { mode: 'live', since: 3 } }));
    await vi.waitFor(() =>
      expect(shown()).toBe(
        range(6, 20)
          .map((c) => c.time / HOUR)
          .join(' '),
      ),
    );
    expect(ex.callsTo('trade.candles').slice(asked)).toEqual([
      { market: 'BTC_USDT', interval: '1h' },
      { market: 'BTC_USDT', interval: '1h', before: 16 * HOUR },
      { market: 'BTC_USDT', interval: '1h', before: 12 * HOUR },
    ]);
    // Live since: another status report of the same mode asks nothing.
    act(() => useStatusStore.setState({ stream: { mode: 'live', since: 4 } }));
    expect(ex.callsTo('trade.candles')).toHaveLength(asked + 3);
  });

  it('draws the lines and markers of every layer for its market only, and loads its fills', async () => {
    const ex = exchange(4);
    const line = chartLine;
    useChartOverlays.getState().setLayer('orders', {
      lines: [line('a', 'BTC_USDT'), line('b', 'ETH_USDT')],
      markers: [
        { id: 'm', market: 'BTC_USDT', time: 0, side: 'buy', title: 'B', label: 'm', color: '#0' },
      ],
    });
    render(<ChartPanel market={BTC_USDT} />);
    await vi.waitFor(() => expect(screen.getByTestId('candle-chart')).toBeDefined());
    const chart = screen.getByTestId('candle-chart');
    expect([chart.getAttribute('data-lines'), chart.getAttribute('data-markers')]).toEqual([
      'a',
      'm',
    ]);
    act(() =>
      useChartOverlays
        .getState()
        .setLayer('alerts', { lines: [line('c', 'BTC_USDT')], markers: [] }),
    );
    expect(chart.getAttribute('data-lines')).toBe('a c');
    expect(ex.callsTo('keyHistory.deals')).toEqual([
      expect.objectContaining({ market: 'BTC_USDT' }),
    ]);
  });

  it('"Add alert at this price" hands out the crosshair\'s price; off until there is one', async () => {
    exchange(4);
    const onAddAlert = vi.fn();
    render(<ChartPanel market={BTC_USDT} onAddAlert={onAddAlert} />);
    await vi.waitFor(() => expect(screen.getByTestId('candle-chart')).toBeDefined());
    const add = screen.getByRole('button', { name: 'Add alert at this price' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    act(() => screen.getByRole('button', { name: 'move the crosshair' }).click());
    expect((add as HTMLButtonElement).disabled).toBe(false);
    act(() => add.click());
    expect(onAddAlert).toHaveBeenCalledWith('61000.5');
  });
});
