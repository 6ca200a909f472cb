import { create } from 'zustand';
import type { Candle, Market, MarketDeal, Order } from '../../../shared/model';
import { isSpendOrder } from '../../../shared/executed';
import { formatDecimal, isZero, MASK } from '../../lib/decimal';
import { conditionSymbol } from '../../lib/format';

/**
 * What is drawn over the candles: horizontal price lines and markers at a candle, each one the
 * chart draws and lists (a hidden list of buttons for the keyboard and screen readers). The chart
 * draws every layer of its market; a layer is published by whoever owns its data (`setLayer`),
 * so the chart imports nobody's store:
 *
 * - `ChartLine`: `id` unique within the layer, `price` a decimal string, `title` the words on the
 *   axis label (kept short), `label` the words of the list (whole), `color` a CSS colour or a CSS
 *   custom property (`--ok`: read from the theme, restyled when it changes), `style` solid, dashed
 *   or dotted, `onSelect` what a click on the line (or its button) opens.
 * - `ChartMarker`: the same, at `time` (ms; drawn at the candle that holds it), `side` buy (an
 *   arrow up under the candle) or sell (an arrow down above it).
 *
 * Layers now: `orders` (your active orders and fills, features/live/chartOrders.ts) and `alerts`
 * (armed price alerts, features/live/chartAlerts.ts).
 */

export type LineStyleName = 'solid' | 'dashed' | 'dotted';

export interface ChartLine {
  id: string;
  /** The exchange market it belongs to ("BTC_USDT"). */
  market: string;
  price: string;
  title: string;
  label: string;
  color: string;
  style: LineStyleName;
  onSelect?: () => void;
}

export interface ChartMarker {
  id: string;
  market: string;
  /** Milliseconds; drawn at the candle that holds it. */
  time: number;
  side: 'buy' | 'sell';
  title: string;
  label: string;
  color: string;
  onSelect?: () => void;
}

export interface ChartLayer {
  lines: readonly ChartLine[];
  markers: readonly ChartMarker[];
}

interface Overlays {
  layers: Readonly<Record<string, ChartLayer>>;
  /** Replaces one layer's lines and markers (undefined: takes the layer away). */
  setLayer(name: string, layer: ChartLayer | undefined): void;
}

export const useChartOverlays = create<Overlays>()((set) => ({
  layers: {},
  setLayer: (name, layer) =>
    set((s) => {
      const layers = { ...s.layers };
      if (layer) layers[name] = layer;
      else delete layers[name];
      return { layers };
    }),
}));

/** Every layer's lines and markers of one market, in layer order. */
export function overlaysOf(
  layers: Readonly<Record<string, ChartLayer>>,
  market: string,
): ChartLayer {
  const all = Object.values(layers);
  return {
    lines: all.flatMap((l) => l.lines.filter((x) => x.market === market)),
    markers: all.flatMap((l) => l.markers.filter((x) => x.market === market)),
  };
}

const SIDE_COLOR = { buy: '--ok', sell: '--bad' } as const;
const word = (side: string) => (side === 'buy' ? 'Buy' : 'Sell');

/** The order types drawn: those that rest on the book or wait for their stop. */
const DRAWN = new Set(['limit', 'stop limit', 'stop market']);

/**
 * Your active limit and stop orders of `market` as lines: a limit order at its price; a stop at
 * its activation price (dashed), and a stop-limit's limit as well (dotted). Amounts at the asset's
 * places (money for a stop-market buy, which spends money), masked in privacy mode; prices at the
 * market's tick (they are the market's, never masked).
 */
export function orderLines(
  orders: readonly Order[],
  market: Market,
  privacy: boolean,
  open: (order: Order) => void,
): ChartLine[] {
  const lines: ChartLine[] = [];
  const price = (v: string) => `${formatDecimal(v, market.moneyPrec)} ${market.money}`;
  for (const o of orders) {
    if (o.market !== market.name || !DRAWN.has(o.type)) continue;
    const spend = isSpendOrder(o);
    const amount = `${privacy ? MASK : formatDecimal(o.left, spend ? market.moneyPrec : market.stockPrec)} ${spend ? market.money : market.stock}`;
    const color = SIDE_COLOR[o.side];
    const onSelect = () => open(o);
    const base = { market: o.market, color, onSelect };
    const stop = o.activationPrice && o.type !== 'limit' ? o.activationPrice : undefined;
    const hasLimit = !isZero(o.price);
    if (!stop) {
      lines.push({
        ...base,
        id: `order:${o.orderId}`,
        price: o.price,
        title: `${word(o.side)} ${amount} limit`,
        label: `${word(o.side)} limit order ${o.orderId}: ${amount} at ${price(o.price)}`,
        style: 'solid',
      });
      continue;
    }
    const kind = o.type === 'stop limit' ? 'stop-limit' : 'stop-market';
    const symbol = conditionSymbol(o.activationCondition);
    const limitWords = hasLimit ? `, limit ${price(o.price)}` : ', at the market';
    lines.push({
      ...base,
      id: `order:${o.orderId}:stop`,
      price: stop,
      title: `${word(o.side)} ${amount} ${kind} stop ${symbol}`,
      label: `${word(o.side)} ${kind} order ${o.orderId}: ${amount}, stop ${symbol} ${price(stop)}${limitWords}`,
      style: 'dashed',
    });
    if (hasLimit)
      lines.push({
        ...base,
        id: `order:${o.orderId}:limit`,
        price: o.price,
        title: `${word(o.side)} ${amount} stop-limit limit`,
        label: `Limit of ${word(o.side).toLowerCase()} stop-limit order ${o.orderId}: ${amount} at ${price(o.price)}`,
        style: 'dotted',
      });
  }
  return lines;
}

/**
 * Your fills (deals) of `market` as markers, buy and sell apart (colour, arrow, word); the amount
 * masked in privacy mode, the price the market's.
 */
export function fillMarkers(
  deals: readonly MarketDeal[],
  market: Market,
  privacy: boolean,
  open: (deal: MarketDeal) => void,
): ChartMarker[] {
  return deals
    .filter((d) => d.market === market.name && d.side)
    .map((d) => {
      const side = d.side!;
      const amount = `${privacy ? MASK : formatDecimal(d.amount, market.stockPrec)} ${market.stock}`;
      const at = `${formatDecimal(d.price, market.moneyPrec)} ${market.money}`;
      return {
        id: `deal:${d.dealId}`,
        market: d.market,
        time: d.time,
        side,
        color: SIDE_COLOR[side],
        title: side === 'buy' ? 'B' : 'S',
        label: `${side === 'buy' ? 'Bought' : 'Sold'} ${amount} at ${at}${d.orderId ? `, order ${d.orderId}` : ''}`,
        onSelect: () => open(d),
      };
    });
}

/**
 * The start of the candle that holds `time` (candles in time order, each lasting until the next;
 * the last one `intervalMs`); undefined before the first candle or after the last one ends.
 */
export function candleTimeOf(
  candles: readonly Candle[],
  time: number,
  intervalMs: number,
): number | undefined {
  let lo = 0;
  let hi = candles.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (candles[mid]!.time <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return undefined;
  const start = candles[found]!.time;
  if (found === candles.length - 1 && time >= start + intervalMs) return undefined;
  return start;
}

/** How long a candle of each interval lasts, in ms (a week's: seven days). */
export const INTERVAL_MS = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
} as const;
