import type { Market, PublicTrade } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';
import { useSettings } from '../../lib/settingsStore';

/** The market's latest public trades as the stream pushes them, newest first. */
export function LastTrades({ market, trades }: { market: Market; trades: PublicTrade[] }) {
  useSettings((s) => s.numberFormat);
  return (
    <section className="card trade-trades" aria-labelledby="trade-trades-title">
      <h2 id="trade-trades-title">Last trades</h2>
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
    </section>
  );
}
