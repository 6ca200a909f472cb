import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { PortfolioRow } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import { actionsColumn, decimalColumn, textColumn } from '../../components/table/columns';
import type { Column, DataTable as EagerDataTable } from '../../components/table/DataTable';
import { isZero } from '../../lib/decimal';
import { percentChange } from '../../lib/format';
import { lazyNamed } from '../../lib/lazyNamed';
import { useAfterPaint } from '../../lib/useAfterPaint';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { useSettings } from '../../lib/settingsStore';
import { AccountsFilter, AccountsNote } from './AccountsFilter';
import { AllocationChart } from './AllocationChart';
import { useMarkets } from '../trade';
import {
  accountValues,
  allocation,
  listTickers,
  overviewPlaces,
  transferDefault,
  type Places,
} from './allocation';
import { NetWorthSection } from './NetWorthSection';
import { useOverviewStore } from './overviewStore';
import type { TransferOutcome, TransferRequest } from '../transfer';

const TransferDialog = lazyNamed(() => import('../transfer/TransferDialog'), 'TransferDialog');
const ConvertDialog = lazyNamed(() => import('../convert/ConvertDialog'), 'ConvertDialog');

/*
 * Below the fold, rendered after the first paint: the assets table's code (with its virtualiser) and
 * the profit and loss are chunks of their own, so the first screen neither loads nor compiles them.
 */
const DataTable = lazyNamed(
  () => import('../../components/table/DataTable'),
  'DataTable',
) as unknown as typeof EagerDataTable;
const ProfitLossSection = lazyNamed(() => import('./ProfitLossSection'), 'ProfitLossSection');
// Receive (issue 34 item 3): its own chunk, with the QR encoder, loaded when first opened.
const ReceiveDialog = lazyNamed(() => import('../receive'), 'ReceiveDialog');

const ROW_HEIGHT = 40;
const MAX_TABLE_HEIGHT = 520;

const noPrice = <span className="muted ov-no-price">No price</span>;

/**
 * The total's Element Timing name: the browser records when the total's text is first painted
 * (what the startup bench measures; PerformanceElementTiming, no code of ours on the way).
 */
const TOTAL_TIMING = { elementtiming: 'overview-total' };

/** Zeros are muted so the held amounts stand out; not in privacy mode (it would tell them apart). */
function Balance({ value, places, privacy }: { value: string; places: number; privacy: boolean }) {
  // The one rule: a balance at its asset's precision, as Trade writes it.
  const amount = <Amount value={value} places={places} />;
  return !privacy && isZero(value) ? <span className="ov-zero">{amount}</span> : amount;
}

function columns(
  quote: string,
  places: Places,
  privacy: boolean,
  onReceive: (ticker: string) => void,
  onTransfer: (ticker: string) => void,
): Column<PortfolioRow>[] {
  const amount = (
    id: string,
    header: string,
    pick: (row: PortfolioRow) => string,
  ): Column<PortfolioRow> =>
    decimalColumn(id, header, 'minmax(144px, 1fr)', pick, (row) => (
      <Balance value={pick(row)} places={places.asset(row.ticker)} privacy={privacy} />
    ));
  return [
    textColumn(
      'asset',
      'Asset',
      'minmax(120px, 1fr)',
      (row) => row.ticker,
      (row) => (
        <span className="ov-asset">
          <span className="ov-ticker">{row.ticker}</span>
          {row.name && row.name !== row.ticker ? (
            <span className="muted ov-name">{row.name}</span>
          ) : null}
        </span>
      ),
    ),
    amount('main', 'Main', (row) => row.main),
    amount('tradeAvailable', 'Trade available', (row) => row.tradeAvailable),
    amount('tradeFrozen', 'Trade frozen', (row) => row.tradeFrozen),
    amount('flex', 'Flex', (row) => row.flex),
    amount('total', 'Total', (row) => row.total),
    decimalColumn(
      'price',
      `Price (${quote})`,
      'minmax(90px, 1fr)',
      (row) => row.price,
      // A market price, not the user's amount: it stays visible in privacy mode.
      (row) =>
        row.price === null ? (
          noPrice
        ) : (
          <Amount value={row.price} places={places.price(row.ticker)} market />
        ),
    ),
    decimalColumn(
      'value',
      `Value (${quote})`,
      'minmax(100px, 1fr)',
      (row) => row.value,
      (row) => (row.value === null ? noPrice : <Amount value={row.value} places={places.quote} />),
    ),
    decimalColumn(
      'change',
      '24 h change',
      'minmax(82px, 0.6fr)',
      (row) => row.change24h,
      (row) => {
        if (row.change24h === null) return <span className="muted">—</span>;
        const { text, direction } = percentChange(row.change24h);
        return <span className={direction === 'flat' ? '' : direction}>{text}</span>;
      },
    ),
    actionsColumn('Actions', '176px', (row) => (
      <span className="row-actions">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-label={`Receive ${row.ticker}`}
          onClick={() => onReceive(row.ticker)}
        >
          Receive
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-label={`Transfer ${row.ticker} between main and trade`}
          onClick={() => onTransfer(row.ticker)}
        >
          Transfer
        </button>
      </span>
    )),
  ];
}

/** The Overview screen: the total, the allocation and every asset, valued in one quote. */
export function OverviewView() {
  const quote = useSettings((s) => s.quote);
  const privacy = useSettings((s) => s.privacy);
  const setQuote = useSettings((s) => s.setQuote);
  const held = useOverviewStore((s) => s.data);
  // Only holdings valued in the quote selected are shown (never EUR values under "USDT"): a quote
  // chosen here or in Settings is loaded at once, the screen loading until it answers.
  const data = held?.quote === quote ? held : undefined;
  const loading = useOverviewStore((s) => s.loading);
  const error = useOverviewStore((s) => s.error);
  const load = useOverviewStore((s) => s.load);
  const [hideZero, setHideZero] = useState(true);
  // What can wait comes after the first paint: the assets table and the profit and loss below
  // the fold render, and the history is asked for, once the total, the breakdown and the
  // allocation are on screen (neither their render nor main's work competes with that frame).
  const painted = useAfterPaint();

  const refresh = useCallback(() => void load(quote), [load, quote]);
  useAutoRefresh(refresh, held?.fetchedAt);
  useEffect(() => {
    const state = useOverviewStore.getState();
    if (state.data && state.data.quote !== quote && !(state.loading && state.query === quote))
      void load(quote);
  }, [quote, load]);
  // The markets give each price its tick; asked for once the first screen has painted.
  const markets = useMarkets((s) => s.data?.markets);
  useEffect(() => {
    if (painted && !useMarkets.getState().used) void useMarkets.getState().load();
  }, [painted]);
  // Kept while only prices move (pushed prices revalue the rows many times a minute): the sections
  // below, the chart's included, re-render only when what writes their numbers changes.
  const precisions = data?.rows.map((row) => `${row.ticker}:${row.precision}`).join(',');
  const places = useMemo(
    () => overviewPlaces(data, markets),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- data's places only, not its prices
    [data?.quote, data?.quotePrecision, precisions, markets],
  );
  // The quotes offered do not depend on the quote: kept from the last answer while another loads.
  const quotes = useMemo(() => {
    const list = held?.quotes ?? [];
    return list.includes(quote) ? list : [quote, ...list];
  }, [held?.quotes, quote]);
  const rows = useMemo(
    () => (data ? (hideZero ? data.rows.filter((row) => !isZero(row.total)) : data.rows) : []),
    [data, hideZero],
  );
  const slices = useMemo(() => (data ? allocation(data.rows) : []), [data]);
  const byAccount = useMemo(() => (data ? accountValues(data.rows) : undefined), [data]);
  const [receiving, setReceiving] = useState<string>();
  const [transfer, setTransfer] = useState<TransferRequest | undefined>();
  const [moved, setMoved] = useState<string | undefined>();
  const [converting, setConverting] = useState(false);
  const openTransfer = useCallback((ticker: string) => {
    setMoved(undefined);
    setTransfer({ ticker });
  }, []);
  const tableColumns = useMemo(
    () => columns(quote, places, privacy, setReceiving, openTransfer),
    [quote, places, privacy, openTransfer],
  );

  const status = data ? 'ready' : error ? 'error' : 'loading';
  const firstLoad = status === 'loading';
  const tableHeight =
    status === 'ready' ? Math.min(MAX_TABLE_HEIGHT, rows.length * ROW_HEIGHT + 2) : 8 * ROW_HEIGHT;
  // The history loads once the holdings have answered (or failed) and painted.
  const historyStarts = !firstLoad && painted;
  const tableSkeleton = (
    <div className="skeleton" style={{ height: tableHeight }} aria-busy="true" />
  );

  return (
    <div className="overview">
      {data && error ? (
        <div className="banner banner-bad ov-banner" role="alert">
          <p>The overview could not be refreshed: {error.message}</p>
          <p className="muted">Showing the last data received.</p>
          <button type="button" className="btn btn-secondary" onClick={refresh}>
            Try again
          </button>
        </div>
      ) : null}

      <div className="ov-top">
        <section className="card ov-summary" aria-labelledby="ov-total-label">
          <div className="ov-summary-head">
            <div className="ov-total">
              <span className="ov-label" id="ov-total-label">
                Total value
              </span>
              {data ? (
                <span className="ov-total-value" data-testid="overview-total" {...TOTAL_TIMING}>
                  <Amount value={data.total} places={places.quote} unit={data.quote} />
                </span>
              ) : firstLoad ? (
                <span className="skeleton ov-total-skeleton" aria-label="Loading" />
              ) : (
                <span className="ov-total-value muted">—</span>
              )}
            </div>
            <div className="ov-controls">
              <label className="ov-quote">
                <span className="ov-label">Value in</span>
                <select value={quote} onChange={(e) => setQuote(e.target.value)}>
                  {quotes.map((q) => (
                    <option key={q} value={q}>
                      {q}
                    </option>
                  ))}
                </select>
              </label>
              <AccountsFilter />
              <DataAge fetchedAt={data?.fetchedAt} loading={loading} />
            </div>
          </div>
          {data && byAccount ? (
            <dl className="ov-breakdown" data-testid="overview-breakdown">
              <div>
                <dt>Main account</dt>
                <dd>
                  <Amount value={byAccount.main} places={places.quote} />
                </dd>
              </div>
              <div>
                <dt>Trade account</dt>
                <dd>
                  <Amount value={byAccount.trade} places={places.quote} />
                </dd>
              </div>
              <div>
                <dt>Flex</dt>
                <dd>
                  {data.flexUnavailable ? (
                    <span className="muted">Not readable</span>
                  ) : (
                    <Amount value={byAccount.flex} places={places.quote} />
                  )}
                </dd>
              </div>
            </dl>
          ) : null}
          {data ? <AccountsNote shown={data.accounts} /> : null}
          {data && data.unpriced.length > 0 ? (
            <p className="ov-note" data-testid="overview-unpriced">
              Not counted: {listTickers(data.unpriced)}{' '}
              {data.unpriced.length === 1 ? 'has' : 'have'} no price in {data.quote}.
            </p>
          ) : null}
          {data?.flexUnavailable ? (
            <p className="ov-note" data-testid="overview-flex-unavailable">
              This key cannot read flex investments; flex amounts are not included.
            </p>
          ) : null}
        </section>

        <section className="card ov-chart-card" aria-labelledby="ov-allocation-title">
          <h2 id="ov-allocation-title">Allocation</h2>
          {firstLoad ? (
            <div className="ov-allocation" aria-busy="true" aria-label="Loading">
              <span className="skeleton ov-donut-skeleton" />
            </div>
          ) : slices.length > 0 ? (
            <AllocationChart slices={slices} quote={quote} places={places.quote} />
          ) : (
            <p className="muted">{data ? 'Nothing priced to show yet.' : '—'}</p>
          )}
        </section>
      </div>

      <NetWorthSection
        quote={quote}
        places={places}
        start={historyStarts}
        totalAt={data?.fetchedAt}
      />

      <section className="ov-assets" aria-labelledby="ov-assets-title">
        <div className="section-head">
          <h2 id="ov-assets-title">Assets</h2>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={!data?.rows.length}
            onClick={() => {
              const ticker = data && transferDefault(data.rows);
              if (ticker) openTransfer(ticker);
            }}
          >
            Transfer
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={!data?.rows.length}
            onClick={() => {
              setMoved(undefined);
              setConverting(true);
            }}
          >
            Convert
          </button>
          <label className="ov-toggle">
            <input
              type="checkbox"
              checked={hideZero}
              onChange={(e) => setHideZero(e.target.checked)}
            />
            Hide zero balances
          </label>
        </div>
        <div className="ov-table-scroll">
          {painted ? (
            <Suspense fallback={tableSkeleton}>
              <DataTable
                label="Assets"
                rows={rows}
                columns={tableColumns}
                rowKey={(row) => row.ticker}
                status={status}
                error={error}
                onRetry={refresh}
                empty="No balances on this account yet"
                initialSort={{ id: 'value', dir: 'desc' }}
                rowHeight={ROW_HEIGHT}
                height={tableHeight}
                rowTestId="overview-row"
              />
            </Suspense>
          ) : (
            tableSkeleton
          )}
        </div>
      </section>

      {moved ? (
        <p className="banner ov-banner" role="status" data-testid="transfer-outcome">
          {moved}
        </p>
      ) : null}
      {transfer ? (
        <Suspense fallback={null}>
          <TransferDialog
            request={transfer}
            assets={data?.rows.map((row) => row.ticker) ?? []}
            onDone={(outcome?: TransferOutcome) => {
              setTransfer(undefined);
              if (outcome) setMoved(outcome.text);
            }}
          />
        </Suspense>
      ) : null}

      {converting ? (
        <Suspense fallback={null}>
          <ConvertDialog
            assets={data?.rows.map((row) => ({ ticker: row.ticker, places: row.precision })) ?? []}
            onDone={(text?: string) => {
              setConverting(false);
              if (text) setMoved(text);
            }}
          />
        </Suspense>
      ) : null}

      {painted ? (
        <Suspense fallback={null}>
          <ProfitLossSection
            quote={quote}
            places={places}
            start={historyStarts}
            totalAt={data?.fetchedAt}
          />
        </Suspense>
      ) : null}
      {receiving !== undefined ? (
        <Suspense fallback={null}>
          <ReceiveDialog ticker={receiving} onClose={() => setReceiving(undefined)} />
        </Suspense>
      ) : null}
    </div>
  );
}
