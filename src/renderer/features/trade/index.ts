/** What other screens may use of Trade: the exchange's markets (loaded once per profile). */
export { useMarkets } from './tradeStore';
