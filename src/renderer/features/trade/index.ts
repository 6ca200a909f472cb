/**
 * What other screens may use of Trade: the exchange's markets (loaded once per profile), and where
 * the stream's pushes for the Trade screen land.
 */
export { useMarkets, useTradeContext, applyTrades } from './tradeStore';
