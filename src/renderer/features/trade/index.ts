import { lazyNamed } from '../../lib/lazyNamed';

/**
 * What other screens may use of Trade: the exchange's markets (loaded once per profile), where the
 * stream's pushes for the Trade screen land, and the dialog that changes a resting order under the
 * market's rules (a chunk of its own, with the form checks: none of it is on the first screen).
 */
export { useMarkets, useTradeContext, applyTrades, applyPrices } from './tradeStore';
export { useMarketPlaces, placesOfMarkets, type MarketPlaces, type PlacesOf } from './marketPlaces';

export const ModifyOrderDialog = lazyNamed(
  () => import('./ModifyOrderDialog'),
  'ModifyOrderDialog',
);
