import type { Market, PublicTrade } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';
import { useSettings } from '../../lib/settingsStore';
import { MarketPanel } from './MarketPanel';

/** The market's latest public trades as the stream pushes them, newest first. */
export function LastTrades({
  market,
  trades,
  frozenSince,
}: {
  market: Market;
  trades: PublicTrade[];
  /** Offline since then: the trades are the last ones seen, marked frozen. */
  frozenSince?: number | undefined;
}) {
  useSettings((s) => s.numberFormat);
  return (
    <MarketPanel
      className="trade-trades"
      titleId="trade-trades-title"
      title="Last trades"
      frozenSince={frozenSince}
    >
      {trades.length === 0 ? (
        <p className="muted">Trades appear here as they happen.</p>
      ) : (
        <table
          className="book-table"
          aria-labelledby="trade-trades-title"
          data-testid="last-trades"
        >
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Price ({market.money})</th>
              <th scope="col">Amount ({market.stock})</th>
            </tr>
          </thead>
          <tbody>
            {trades.map((trade) => (
              <tr key={trade.tradeId} data-testid="last-trade">
                <td>{new Date(trade.time).toLocaleTimeString()}</td>
                <td className={trade.side === 'buy' ? 'side-buy' : 'side-sell'}>
                  <span className="sr-only">{trade.side === 'buy' ? 'Buy ' : 'Sell '}</span>
                  {formatDecimal(trade.price, market.moneyPrec)}
                </td>
                <td>{formatDecimal(trade.amount, market.stockPrec)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </MarketPanel>
  );
}
