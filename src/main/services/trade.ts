import {
  CANDLES_PAGE,
  type CandleSeries,
  type ChartInterval,
  type Market,
  type MarketTickers,
  type TradeContext,
} from '../../shared/model';
import { DeskFailure } from '../../shared/errors';
import type { ExchangeApi } from '../exchange/api';

/** The trade group: the exchange's markets, and what the order form needs of one market. */

export function markets(api: ExchangeApi): Promise<Market[]> {
  return api.markets();
}

/**
 * Every market's last price and 24 h change, for the market picker: the ticker as the schema parsed
 * it (at most its bounded number of entries), without the volumes and flags nobody shows.
 */
export async function tickers(api: ExchangeApi): Promise<MarketTickers> {
  const ticker = await api.ticker();
  return {
    tickers: Object.fromEntries(
      Object.entries(ticker).map(([market, t]) => [
        market,
        { lastPrice: t.lastPrice, change: t.change },
      ]),
    ),
    fetchedAt: Date.now(),
  };
}

/** One market's rules, order book, last price and the two trade balances it trades between. */
export async function context(api: ExchangeApi, market: string): Promise<TradeContext> {
  const rules = (await api.markets()).find((m) => m.name === market);
  if (!rules) {
    throw new DeskFailure('NO_MARKET', `The exchange has no market ${market}.`, {
      market: [`There is no market ${market}.`],
    });
  }
  const [book, ticker, balances] = await Promise.all([
    api.orderBook(market, { limit: 100 }),
    api.ticker(),
    api.tradeBalance(),
  ]);
  const none = { available: '0', freeze: '0' };
  return {
    market: rules,
    book,
    lastPrice: ticker[market]?.lastPrice ?? null,
    stock: balances[rules.stock] ?? none,
    money: balances[rules.money] ?? none,
    fetchedAt: Date.now(),
  };
}

/**
 * One market's candles of an interval, oldest first: the latest CANDLES_PAGE, or the CANDLES_PAGE
 * before `before` (Unix ms) when the chart scrolls back. The kline's answer is parsed and bounded
 * where it enters; this keeps only candles before `before`, in time order, once each.
 */
export async function candles(
  api: ExchangeApi,
  market: string,
  interval: ChartInterval,
  before?: number,
): Promise<CandleSeries> {
  const end = before === undefined ? undefined : Math.floor(before / 1000) - 1;
  const answer = await api.kline(market, {
    interval,
    limit: CANDLES_PAGE,
    ...(end !== undefined ? { end: Math.max(0, end) } : {}),
  });
  const byTime = new Map(
    answer.filter((c) => before === undefined || c.time < before).map((c) => [c.time, c]),
  );
  return {
    market,
    interval,
    candles: [...byTime.values()].sort((a, b) => a.time - b.time).slice(-CANDLES_PAGE),
    fetchedAt: Date.now(),
  };
}
