import { useEffect, useMemo } from 'react';
import type { Market } from '../../../shared/model';
import { useMarkets } from './tradeStore';

/**
 * The places a market's figures are written with, by the one number rule (`shared/format.ts`): an
 * amount of its stock at `stockPrec`, a price or an amount of its money at `moneyPrec` (a fee too:
 * it is an amount of the asset it is charged in).
 */
export interface MarketPlaces {
  stock: number;
  money: number;
}

/** Until the markets are in, or for a market the exchange no longer lists. */
export const FALLBACK_PLACES: MarketPlaces = { stock: 8, money: 2 };

export type PlacesOf = (market: string) => MarketPlaces;

/** `market`'s places from the exchange's markets. */
export function placesOfMarkets(markets: readonly Market[] | undefined): PlacesOf {
  const byName = new Map(
    (markets ?? []).map((m) => [m.name, { stock: m.stockPrec, money: m.moneyPrec }]),
  );
  return (market) => byName.get(market) ?? FALLBACK_PLACES;
}

/** The places of every market, from the markets list (loaded once per profile, here if need be). */
export function useMarketPlaces(): PlacesOf {
  const markets = useMarkets((s) => s.data?.markets);
  useEffect(() => {
    if (!useMarkets.getState().data) void useMarkets.getState().load();
  }, []);
  return useMemo(() => placesOfMarkets(markets), [markets]);
}
