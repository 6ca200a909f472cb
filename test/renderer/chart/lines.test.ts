import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  candleTimeOf,
  fillMarkers,
  orderLines,
  overlaysOf,
  useChartOverlays,
  type ChartLine,
} from '../../../src/renderer/features/chart/lines';
import { MASK } from '../../../src/renderer/lib/decimal';
import type { Candle, MarketDeal } from '../../../src/shared/model';
import { BTC_USDT } from '../trade/fixtures';
import { activeOrder, chartLine } from './fixtures';

afterEach(() => {
  useChartOverlays.setState({ layers: {} });
});

const BTC = BTC_USDT;
const order = activeOrder;

const deal = (patch: Partial<MarketDeal>): MarketDeal => ({
  dealId: 7,
  orderId: 1,
  clientOrderId: '',
  side: 'buy',
  role: 'maker',
  price: '61000.5',
  amount: '0.0124',
  deal: '756.4062',
  fee: '0',
  time: 10_000,
  market: 'BTC_USDT',
  ...patch,
});

const shape = (lines: ChartLine[]) =>
  lines.map(({ id, price, title, label, color, style }) => ({
    id,
    price,
    title,
    label,
    color,
    style,
  }));

describe('orders as lines', () => {
  it('a limit order is a solid line at its price: side, what is left at the asset’s places, kind', () => {
    const lines = orderLines(
      [order({ left: '0.25' }), order({ orderId: 2, side: 'sell', price: '70000' })],
      BTC,
      false,
      () => undefined,
    );
    expect(shape(lines)).toEqual([
      {
        id: 'order:1',
        price: '61000.5',
        title: 'Buy 0.2500 BTC limit',
        label: 'Buy limit order 1: 0.2500 BTC at 61,000.50 USDT',
        color: '--ok',
        style: 'solid',
      },
      {
        id: 'order:2',
        price: '70000',
        title: 'Sell 0.5000 BTC limit',
        label: 'Sell limit order 2: 0.5000 BTC at 70,000.00 USDT',
        color: '--bad',
        style: 'solid',
      },
    ]);
  });

  it('a stop-limit shows its activation (dashed) and its limit (dotted); a stop-market only its activation, in money for a buy', () => {
    const lines = orderLines(
      [
        order({
          orderId: 3,
          side: 'sell',
          type: 'stop limit',
          price: '59000',
          activationPrice: '59500',
          activationCondition: 'lte',
        }),
        order({
          orderId: 4,
          type: 'stop market',
          price: '0',
          amount: '1000',
          left: '1000',
          activationPrice: '65000',
          activationCondition: 'gte',
        }),
      ],
      BTC,
      false,
      () => undefined,
    );
    expect(shape(lines)).toEqual([
      {
        id: 'order:3:stop',
        price: '59500',
        title: 'Sell 0.5000 BTC stop-limit stop ≤',
        label: 'Sell stop-limit order 3: 0.5000 BTC, stop ≤ 59,500.00 USDT, limit 59,000.00 USDT',
        color: '--bad',
        style: 'dashed',
      },
      {
        id: 'order:3:limit',
        price: '59000',
        title: 'Sell 0.5000 BTC stop-limit limit',
        label: 'Limit of sell stop-limit order 3: 0.5000 BTC at 59,000.00 USDT',
        color: '--bad',
        style: 'dotted',
      },
      {
        id: 'order:4:stop',
        price: '65000',
        title: 'Buy 1,000.00 USDT stop-market stop ≥',
        label: 'Buy stop-market order 4: 1,000.00 USDT, stop ≥ 65,000.00 USDT, at the market',
        color: '--ok',
        style: 'dashed',
      },
    ]);
  });

  it('only this market’s limit and stop orders are drawn', () => {
    const lines = orderLines(
      [order({ market: 'ETH_USDT' }), order({ orderId: 5, type: 'market', price: '0' })],
      BTC,
      false,
      () => undefined,
    );
    expect(lines).toEqual([]);
  });

  it('privacy mode hides every amount; prices (the market’s) stay', () => {
    const lines = orderLines(
      [order({}), order({ orderId: 3, type: 'stop limit', activationPrice: '59500' })],
      BTC,
      true,
      () => undefined,
    );
    for (const line of lines) {
      expect(line.title).toContain(MASK);
      expect(line.label).toContain(MASK);
      expect(`${line.title} ${line.label}`).not.toMatch(/0\.500000/);
    }
    expect(lines[0]!.label).toBe(`Buy limit order 1: ${MASK} BTC at 61,000.50 USDT`);
  });

  it('a line opens its order', () => {
    const open = vi.fn();
    const placed = order({ orderId: 9 });
    orderLines([placed], BTC, false, open)[0]!.onSelect!();
    expect(open).toHaveBeenCalledWith(placed);
  });
});

describe('fills as markers', () => {
  it('buys and sells apart: colour, words; the amount at the stock’s places, masked in privacy mode', () => {
    const deals = [deal({}), deal({ dealId: 8, side: 'sell', time: 20_000, orderId: 2 })];
    const open = vi.fn();
    const markers = fillMarkers(deals, BTC, false, open);
    expect(markers.map(({ onSelect: _, ...m }) => m)).toEqual([
      {
        id: 'deal:7',
        market: 'BTC_USDT',
        time: 10_000,
        side: 'buy',
        color: '--ok',
        title: 'B',
        label: 'Bought 0.0124 BTC at 61,000.50 USDT, order 1',
      },
      {
        id: 'deal:8',
        market: 'BTC_USDT',
        time: 20_000,
        side: 'sell',
        color: '--bad',
        title: 'S',
        label: 'Sold 0.0124 BTC at 61,000.50 USDT, order 2',
      },
    ]);
    markers[1]!.onSelect!();
    expect(open).toHaveBeenCalledWith(deals[1]);
    expect(fillMarkers(deals, BTC, true, open)[0]!.label).toBe(
      `Bought ${MASK} BTC at 61,000.50 USDT, order 1`,
    );
    expect(fillMarkers([deal({ market: 'ETH_USDT' })], BTC, false, open)).toEqual([]);
  });

  it('a fill is at the candle that holds its time; none before the first or after the last ends', () => {
    const HOUR = 3_600_000;
    const candles = [0, 1, 2].map((i) => ({ time: i * HOUR }) as Candle);
    expect(candleTimeOf(candles, 0, HOUR)).toBe(0);
    expect(candleTimeOf(candles, HOUR - 1, HOUR)).toBe(0);
    expect(candleTimeOf(candles, HOUR, HOUR)).toBe(HOUR);
    expect(candleTimeOf(candles, 3 * HOUR - 1, HOUR)).toBe(2 * HOUR);
    expect(candleTimeOf(candles, 3 * HOUR, HOUR)).toBeUndefined();
    expect(candleTimeOf(candles, -1, HOUR)).toBeUndefined();
    expect(candleTimeOf([], 5, HOUR)).toBeUndefined();
  });
});

describe('layers', () => {
  it('every layer’s lines and markers of one market; a layer taken away is gone', () => {
    const line = chartLine;
    const { setLayer } = useChartOverlays.getState();
    setLayer('orders', { lines: [line('a', 'BTC_USDT'), line('b', 'ETH_USDT')], markers: [] });
    setLayer('alerts', { lines: [line('c', 'BTC_USDT')], markers: [] });
    const ids = () =>
      overlaysOf(useChartOverlays.getState().layers, 'BTC_USDT').lines.map((l) => l.id);
    expect(ids()).toEqual(['a', 'c']);
    setLayer('orders', undefined);
    expect(ids()).toEqual(['c']);
  });
});
