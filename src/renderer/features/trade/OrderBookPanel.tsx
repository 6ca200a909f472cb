import { useMemo, type CSSProperties, type ReactNode } from 'react';
import type { Market, OrderBook } from '../../../shared/model';
import { formatDecimal } from '../../lib/decimal';
import { useSettings } from '../../lib/settingsStore';
import { bookView, type BookRow } from './book';
import { MarketPanel } from './MarketPanel';

/**
 * The order book of the market: asks above (the best last, next to the spread), bids below (the
 * best first), each level's price, amount and total with a depth bar; a level's price is a button
 * that fills the order's price. Market data, not the user's amounts: it stays visible in privacy
 * mode.
 */
export function OrderBookPanel({
  market,
  book,
  onPick,
  frozenSince,
}: {
  market: Market;
  book: OrderBook;
  /** A level's price was chosen for the order (the form fills it). */
  onPick?: (price: string) => void;
  /** Offline since then: the book is drawn as it was, marked frozen. */
  frozenSince?: number | undefined;
}) {
  // Written in the chosen number format: a change of format re-renders the book.
  useSettings((s) => s.numberFormat);
  const view = useMemo(() => bookView(book), [book]);
  const row = (level: BookRow, side: 'ask' | 'bid') => (
    <tr
      key={level.price}
      className={`book-row book-${side}`}
      style={{ '--depth': `${level.depth}%` } as CSSProperties}
      data-testid={`book-${side}`}
    >
      <th scope="row" className={side === 'ask' ? 'side-sell' : 'side-buy'}>
        <span className="sr-only">{side === 'ask' ? 'Ask ' : 'Bid '}</span>
        {onPick ? (
          <button
            type="button"
            className="book-pick"
            aria-label={`Use the ${side} ${formatDecimal(level.price, market.moneyPrec)} as the price`}
            onClick={() => onPick(level.price)}
          >
            {formatDecimal(level.price, market.moneyPrec)}
          </button>
        ) : (
          formatDecimal(level.price, market.moneyPrec)
        )}
      </th>
      <td>{formatDecimal(level.amount, market.stockPrec)}</td>
      <td>{formatDecimal(level.total, market.moneyPrec)}</td>
    </tr>
  );
  return (
    <MarketPanel
      className="trade-book"
      titleId="trade-book-title"
      title="Order book"
      frozenSince={frozenSince}
    >
      <table className="book-table" data-testid="order-book">
        <caption className="sr-only">
          Order book of {market.stock}/{market.money}: asks, the spread, then bids
        </caption>
        <thead>
          <tr>
            <th scope="col">Price ({market.money})</th>
            <th scope="col">Amount ({market.stock})</th>
            <th scope="col">Total ({market.money})</th>
          </tr>
        </thead>
        <Side label="Asks" empty="No asks">
          {[...view.asks].reverse().map((level) => row(level, 'ask'))}
        </Side>
        <tbody aria-label="Spread">
          <tr className="book-spread">
            <td colSpan={3} data-testid="book-spread">
              {view.spread
                ? `Spread ${formatDecimal(view.spread.value, market.moneyPrec)} ${market.money} (${view.spread.percent} %)`
                : 'Spread —'}
            </td>
          </tr>
        </tbody>
        <Side label="Bids" empty="No bids">
          {view.bids.map((level) => row(level, 'bid'))}
        </Side>
      </table>
    </MarketPanel>
  );
}

/** One side of the book (its rows, or a line saying it is empty). */
function Side({ label, empty, children }: { label: string; empty: string; children: ReactNode[] }) {
  return (
    <tbody aria-label={label}>
      {children.length > 0 ? (
        children
      ) : (
        <tr>
          <td colSpan={3} className="muted">
            {empty}
          </td>
        </tr>
      )}
    </tbody>
  );
}
