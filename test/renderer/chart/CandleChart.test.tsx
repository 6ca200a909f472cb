import { act, cleanup, render } from '@testing-library/react';
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
    createSeriesMarkers: (on: { name: string }) => ({
      setMarkers: (markers: { id: string }[]) =>
        asked.push(`${on.name} markers ${markers.map((m) => m.id).join(',')}`),
    }),
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

describe('the candle chart', () => {
  // The series: candles0 (the last: the price scale's first), candles1 (those before it, drawn
  // first), volume2, volume3 (the last's).
  it('moves only the last candle on a tick; a new candle moves the last to the series before it', () => {
    const markers = [marker('old', 0), marker('new', 1)];
    const view = (candles: Candle[]) => (
      <CandleChart
        market={BTC_USDT}
        interval="1h"
        candles={candles}
        onNearStart={() => undefined}
        markers={markers}
      />
    );
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
      'candles0 markers new',
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
      'candles1 markers old,new',
      'candles0 markers ',
    ]);
    asked.length = 0;
    // Anything else (older candles in front) is drawn anew; the last candle, drawn already, is not.
    rerender(view([candle(-1, '90'), held[0]!, candle(1, '113', '3'), newest]));
    expect(asked).toEqual([
      'candles1 setData -3600:90,0:100,3600:113',
      'volume2 setData -3600:1,0:1,3600:3',
      'candles1 markers old,new',
      'candles0 markers ',
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
});
