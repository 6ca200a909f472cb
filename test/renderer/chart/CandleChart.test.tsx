import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartMarker } from '../../../src/renderer/features/chart/lines';
import type { Candle } from '../../../src/shared/model';
import { BTC_USDT } from '../trade/fixtures';

/** What the chart asked of each series (and marker set) of lightweight-charts, in order. */
const asked: string[] = [];
/** The series that show their current price (label and line). */
const priced: string[] = [];

// lightweight-charts draws on a canvas (none in jsdom): a stand-in that notes what it is asked.
vi.mock('lightweight-charts', () => {
  let made = 0;
  const series = (kind: string, options: { lastValueVisible?: boolean }) => {
    const name = `${kind}${made++}`;
    if (options.lastValueVisible !== false) priced.push(name);
    const bars = (data: { time: number; close?: number; value?: number }[]) =>
      data.map((d) => `${d.time}:${d.close ?? d.value}`).join(',');
    return {
      name,
      setData: (data: { time: number }[]) => asked.push(`${name} setData ${bars(data)}`),
      update: (bar: { time: number }) => asked.push(`${name} update ${bars([bar])}`),
      applyOptions: () => undefined,
      options: () => ({ priceFormat: { type: 'price' } }),
      priceScale: () => ({ applyOptions: () => undefined }),
      createPriceLine: () => ({}),
      removePriceLine: () => undefined,
      priceToCoordinate: () => null,
      setSeriesOrder: (order: number) => asked.push(`${name} drawn ${order}`),
    };
  };
  return {
    CandlestickSeries: 'candles',
    HistogramSeries: 'volume',
    ColorType: { Solid: 'solid' },
    CrosshairMode: { Normal: 0 },
    LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 },
    createChart: () => {
      made = 0;
      priced.length = 0;
      return {
        addSeries: series,
        applyOptions: () => undefined,
        priceScale: () => ({ applyOptions: () => undefined }),
        subscribeCrosshairMove: () => undefined,
        subscribeClick: () => undefined,
        unsubscribeClick: () => undefined,
        remove: () => undefined,
        timeScale: () => ({
          subscribeVisibleLogicalRangeChange: () => undefined,
          unsubscribeVisibleLogicalRangeChange: () => undefined,
          getVisibleLogicalRange: () => null,
          setVisibleLogicalRange: () => undefined,
        }),
      };
    },
    createSeriesMarkers: (on: { name: string }, initial: { id: string }[]) => {
      const set = (markers: { id: string }[]) =>
        asked.push(`${on.name} markers ${markers.map((m) => m.id).join(',')}`);
      if (initial.length > 0) set(initial);
      return { setMarkers: set };
    },
  };
});

const { CandleChart } = await import('../../../src/renderer/features/chart/CandleChart');
const { useCandles } = await import('../../../src/renderer/features/chart/chartStore');

afterEach(() => {
  cleanup();
  asked.length = 0;
  useCandles.setState(useCandles.getInitialState(), true);
});

const HOUR = 3_600_000;
const candle = (i: number, close: string, volume = '1'): Candle => ({
  time: i * HOUR,
  open: '100',
  close,
  high: '120',
  low: '90',
  stockVolume: volume,
  moneyVolume: '100',
});
const marker = (id: string, i: number): ChartMarker => ({
  id,
  market: 'BTC_USDT',
  time: i * HOUR + 60_000,
  side: 'buy',
  title: 'B',
  label: id,
  color: '#000',
});

/** BTC_USDT's hour chart of `candles` with `markers`. */
const chartOf = (candles: Candle[], markers: ChartMarker[]) => (
  <CandleChart
    market={BTC_USDT}
    interval="1h"
    candles={candles}
    onNearStart={() => undefined}
    markers={markers}
  />
);

describe('the candle chart', () => {
  // The series: candles0 (the last: the price scale's first), candles1 (those before it, drawn
  // first), volume2, volume3 (the last's).
  it('moves only the last candle on a tick; a new candle moves the last to the series before it', () => {
    const markers = [marker('old', 0), marker('new', 1)];
    const view = (candles: Candle[]) => chartOf(candles, markers);
    const held = [candle(0, '100'), candle(1, '110')];
    const { rerender } = render(view(held));
    expect(priced).toEqual(['candles0']);
    expect(asked).toEqual([
      'candles1 drawn 0',
      'candles1 setData 0:100',
      'volume2 setData 0:1',
      'candles0 setData 3600:110',
      'volume3 setData 3600:1',
      'candles1 markers old',
      // The last candle's marker: on an unseen copy of it (candles4).
      'candles4 setData 3600:110',
      'candles4 markers new',
    ]);
    asked.length = 0;
    // A tick: the close moves (the volume did not).
    rerender(view([held[0]!, candle(1, '111')]));
    expect(asked).toEqual(['candles0 update 3600:111']);
    asked.length = 0;
    // A trade: the volume moves too.
    rerender(view([held[0]!, candle(1, '112', '2')]));
    expect(asked).toEqual(['candles0 update 3600:112', 'volume3 update 3600:2']);
    asked.length = 0;
    // The next candle: the one before it is final, and its marker goes with it.
    const newest = candle(2, '113');
    rerender(view([held[0]!, candle(1, '113', '3'), newest]));
    expect(asked).toEqual([
      'candles1 update 3600:113',
      'volume2 update 3600:3',
      'candles0 setData 7200:113',
      'volume3 setData 7200:1',
      'candles4 setData 7200:113',
      'candles1 markers old,new',
      'candles4 markers ',
    ]);
    asked.length = 0;
    // Anything else (older candles in front) is drawn anew; the last candle, drawn already, is not.
    rerender(view([candle(-1, '90'), held[0]!, candle(1, '113', '3'), newest]));
    expect(asked).toEqual([
      'candles1 setData -3600:90,0:100,3600:113',
      'volume2 setData -3600:1,0:1,3600:3',
      'candles1 markers old,new',
      'candles4 markers ',
    ]);
  });

  it('follows a tick from the store, with the candles it was given unchanged', () => {
    const held = [candle(0, '100'), candle(1, '110')];
    const store = (candles: Candle[], market = 'BTC_USDT') =>
      act(() => useCandles.setState({ data: { market, interval: '1h', candles, fetchedAt: 1 } }));
    store(held);
    render(
      <CandleChart market={BTC_USDT} interval="1h" candles={held} onNearStart={() => undefined} />,
    );
    asked.length = 0;
    store([held[0]!, candle(1, '111')]);
    expect(asked).toEqual(['candles0 update 3600:111']);
    // Another market's candles are not the chart's (the panel gives it that market's anew).
    asked.length = 0;
    store([held[0]!, candle(1, '112')], 'ETH_USDT');
    expect(asked.filter((a) => a.includes(':112'))).toEqual([]);
  });
  it('a tick from the store moves the OHLC header and the live series without a render', () => {
    const held = [candle(0, '100'), candle(1, '110')];
    const store = (candles: Candle[]) =>
      act(() =>
        useCandles.setState({
          data: { market: 'BTC_USDT', interval: '1h', candles, fetchedAt: 1 },
        }),
      );
    store(held);
    const commits: string[] = [];
    const prices: (string | undefined)[] = [];
    render(
      <Profiler id="chart" onRender={(_id, phase) => commits.push(phase)}>
        <CandleChart
          market={BTC_USDT}
          interval="1h"
          candles={held}
          onNearStart={() => undefined}
          onPrice={(price) => prices.push(price)}
        />
      </Profiler>,
    );
    const header = () => screen.getByTestId('chart-ohlc').textContent;
    expect(header()).toContain('C110.00');
    expect(prices.at(-1)).toBe('110');
    commits.length = 0;
    asked.length = 0;
    store([held[0]!, candle(1, '111.5', '4')]);
    expect(asked).toEqual(['candles0 update 3600:111.5', 'volume3 update 3600:4']);
    expect(header()).toContain('C111.50');
    expect(header()).toContain('Vol4.0000 BTC');
    expect(prices.at(-1)).toBe('111.5');
    expect(commits).toEqual([]);
  });

  it('keeps the last candle’s markers off the live series: on a copy, moved only with its high or low', () => {
    const view = chartOf;
    const held = [candle(0, '100'), candle(1, '110')];
    const { rerender } = render(view(held, [marker('old', 0)]));
    rerender(view([held[0]!, candle(1, '111')], [marker('old', 0)]));
    // No marker on the last candle: no copy of it, and no markers plugin on the live series
    // (candles0), whose every tick would ask the library for a full redraw.
    expect(
      asked.filter((a) => a.startsWith('candles0 markers') || a.startsWith('candles4')),
    ).toEqual([]);
    // A fill in the last candle: the copy is made with it.
    const both = [marker('old', 0), marker('new', 1)];
    rerender(view([held[0]!, candle(1, '111')], both));
    asked.length = 0;
    // A tick within the high and low moves the live candle only; a new high moves the copy too.
    rerender(view([held[0]!, candle(1, '112')], both));
    expect(asked).toEqual(['candles0 update 3600:112']);
    asked.length = 0;
    rerender(view([held[0]!, { ...candle(1, '125'), high: '125' }], both));
    expect(asked).toEqual(['candles0 update 3600:125', 'candles4 update 3600:125']);
    expect(asked.some((a) => a.startsWith('candles0 markers'))).toBe(false);
  });
});
