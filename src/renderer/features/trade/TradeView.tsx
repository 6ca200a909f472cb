import { useCallback, useEffect, useState } from 'react';
import type { TradeContext } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import { formatDecimal } from '../../lib/decimal';
import { marketLabel } from '../../lib/format';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { PriceAlertsPanel } from '../alerts';
import { ChartPanel } from '../chart';
import { offlineClock, useLive, useNoLiveBook, useOfflineSince } from '../status';
import { LastTrades } from './LastTrades';
import { MarketPicker } from './MarketPicker';
import { OrderBookPanel } from './OrderBookPanel';
import { OrderForm } from './OrderForm';
import {
  CONTEXT_REFRESH_MS,
  CONTEXT_SAFETY_MS,
  useLiveTrades,
  useMarkets,
  useTickers,
  useTradeContext,
  useTradeStore,
} from './tradeStore';

/**
 * Trade: market picker, best bid/ask and last price, both balances, the order form and preview, the
 * order book and the last trades. The stream pushes the book, trades and balances of the market it
 * is told to watch; without it (polling) the book and balances reload every few seconds.
 */
export function TradeView() {
  const markets = useMarkets();
  const tickers = useTickers((s) => s.data?.tickers);
  const market = useTradeStore((s) => s.market);
  const favourites = useTradeStore((s) => s.favourites);
  const context = useTradeContext();
  const loadMarkets = useTradeStore((s) => s.loadMarkets);
  const loadTickers = useTradeStore((s) => s.loadTickers);
  const toggleFavourite = useTradeStore((s) => s.toggleFavourite);
  const loadContext = useTradeStore((s) => s.loadContext);
  const selectMarket = useTradeStore((s) => s.selectMarket);
  const watch = useTradeStore((s) => s.watch);
  const noBook = useNoLiveBook();
  const offlineSince = useOfflineSince();
  // The book is pushed while live, unless the exchange refused this market's.
  const live = useLive() && noBook?.market !== market;
  const trades = useLiveTrades((s) => (s.market === market ? s.trades : undefined));

  const [marketError, setMarketError] = useState<string | undefined>(undefined);
  // A book level chosen for the order's price (a new object each click, so the same price twice);
  // a level of one market is not the price of another.
  const [picked, setPicked] = useState<{ price: string; market: string } | undefined>(undefined);
  // The chart's "Add alert at this price": the alert form's price.
  const [alertPick, setAlertPick] = useState<{ price: string; market: string } | undefined>();
  const refresh = useCallback(() => void loadContext(), [loadContext]);
  const data = context.data && context.data.market.name === market ? context.data : undefined;
  useAutoRefresh(refresh, data?.fetchedAt);

  useEffect(() => {
    void loadMarkets();
    void loadTickers();
  }, [loadMarkets, loadTickers]);

  // The stream pushes the chosen market's book and trades while the screen is open.
  useEffect(() => watch(market), [watch, market]);
  useEffect(() => () => watch(null), [watch]);

  // The book moves: refresh every few seconds while the window is visible, or, while the stream
  // pushes it, once a minute in case a push was lost.
  useEffect(() => {
    const timer = window.setInterval(
      () => {
        if (document.visibilityState === 'visible') refresh();
      },
      live ? CONTEXT_SAFETY_MS : CONTEXT_REFRESH_MS,
    );
    return () => window.clearInterval(timer);
  }, [refresh, live]);

  return (
    <div className="trade">
      <section className="card trade-head" aria-label="Market">
        <MarketPicker
          markets={markets.data?.markets}
          tickers={tickers}
          favourites={favourites}
          inputId="trade-market"
          value={market}
          onChange={(name) => {
            setMarketError(undefined);
            selectMarket(name);
          }}
          onToggleFavourite={toggleFavourite}
          onOpen={() => void loadTickers()}
          error={marketError ?? markets.error?.message}
        />
        {data ? (
          <MarketFacts context={data} frozen={offlineSince !== undefined} />
        ) : (
          <div className="skeleton trade-facts-skeleton" />
        )}
        <DataAge fetchedAt={data?.fetchedAt} loading={context.loading} />
      </section>

      {offlineSince !== undefined ? (
        <p className="frozen-notice" role="status" data-testid="frozen-notice">
          Offline since {offlineClock(offlineSince)}: the book, the last trades and the prices below
          are as they were then, not live.
        </p>
      ) : null}

      {context.error ? (
        <p className="form-alert" role="alert">
          {context.error.message}{' '}
          <button type="button" className="btn btn-link" onClick={refresh}>
            Try again
          </button>
        </p>
      ) : null}

      {noBook?.market === market ? (
        <p className="muted" role="status" data-testid="no-live-book">
          No live book for {marketLabel(market)}: the exchange refused to stream it (asked again in{' '}
          {Math.max(1, Math.round(noBook.retryInMs / 1000))} s). The book reloads every{' '}
          {CONTEXT_REFRESH_MS / 1000} s meanwhile.
        </p>
      ) : null}

      {/*
       * Three columns when there is room: the form; the book (and the last trades) beside it, above
       * the fold; the preview, with the place of a price chart under it (trade-chart-slot). Two
       * columns, then one, as the window narrows.
       */}
      {data ? (
        <div className="trade-grid">
          <OrderForm
            key={data.market.name}
            context={data}
            onPlaced={refresh}
            onMarketError={setMarketError}
            picked={picked?.market === market ? picked : undefined}
          />
          <div className="trade-live">
            <OrderBookPanel
              market={data.market}
              book={data.book}
              onPick={(price) => setPicked({ price, market })}
              frozenSince={offlineSince}
            />
            <LastTrades market={data.market} trades={trades ?? []} frozenSince={offlineSince} />
          </div>
          {/* The right column under the preview: the price chart. */}
          <div className="trade-chart-slot" data-testid="trade-chart-slot">
            <ChartPanel
              market={data.market}
              onAddAlert={(price) => setAlertPick({ price, market })}
            />
            <PriceAlertsPanel
              market={data.market}
              markets={markets.data?.markets ?? [data.market]}
              picked={alertPick?.market === market ? alertPick : undefined}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}

function MarketFacts({ context, frozen }: { context: TradeContext; frozen: boolean }) {
  const { market, book, lastPrice } = context;
  const bid = book.bids[0]?.[0];
  const ask = book.asks[0]?.[0];
  const price = (v: string | undefined | null) =>
    v ? `${formatDecimal(v, market.moneyPrec)} ${market.money}` : '—';
  return (
    <dl className={`trade-facts${frozen ? ' is-frozen' : ''}`} data-testid="trade-facts">
      <div>
        <dt>Best bid</dt>
        <dd className="side-buy" data-testid="best-bid">
          {price(bid)}
        </dd>
      </div>
      <div>
        <dt>Best ask</dt>
        <dd className="side-sell" data-testid="best-ask">
          {price(ask)}
        </dd>
      </div>
      <div>
        <dt>Last price</dt>
        <dd data-testid="last-price">{price(lastPrice)}</dd>
      </div>
      <div>
        <dt>{market.stock} available</dt>
        <dd data-testid="balance-stock">
          <Amount value={context.stock.available} places={market.stockPrec} unit={market.stock} />
          <span className="small muted">
            {' '}
            · in orders <Amount value={context.stock.freeze} places={market.stockPrec} />
          </span>
        </dd>
      </div>
      <div>
        <dt>{market.money} available</dt>
        <dd data-testid="balance-money">
          <Amount value={context.money.available} places={market.moneyPrec} unit={market.money} />
          <span className="small muted">
            {' '}
            · in orders <Amount value={context.money.freeze} places={market.moneyPrec} />
          </span>
        </dd>
      </div>
    </dl>
  );
}
