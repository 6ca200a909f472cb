/**
 * What other screens may use of Trade: the exchange's markets (loaded once per profile), where the
 * stream's pushes for the Trade screen land, and the market's rules for changing a resting order.
 */
export { useMarkets, useTradeContext, applyTrades } from './tradeStore';
export { orderChangeErrors, type OrderChangeValues } from './checks';
