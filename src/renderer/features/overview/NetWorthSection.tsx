import { Suspense, useCallback, useEffect, useRef } from 'react';
import { DataAge } from '../../components/DataAge';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { RefreshAlert } from '../../components/ViewParts';
import { MASK } from '../../lib/decimal';
import { percentChange } from '../../lib/format';
import { lazyNamed } from '../../lib/lazyNamed';
import { statusOf } from '../../lib/remote';
import { useSettings } from '../../lib/settingsStore';
import { useWidth } from '../../lib/useWidth';
import { listTickers, type Places } from './allocation';
import { formatDay, RANGE_LABELS } from './netWorth';
import { useNetWorthStore } from './netWorthStore';
import { SignedAmount } from './SignedAmount';
import type { NetWorthPeriod, NetWorthSeries } from '../../../shared/model';

/** The chart draws with recharts: its own chunk, loaded after the Overview's first paint. */
const NetWorthChart = lazyNamed(() => import('./NetWorthChart'), 'NetWorthChart');

/** Chart width when it cannot be measured (tests). */
const FALLBACK_WIDTH = 900;

/** What the sections below the total (net worth, profit and loss) are given by the Overview. */
export interface BelowTotalProps {
  quote: string;
  /** How the holdings in `quote` write their numbers. */
  places: Places;
  /** The holdings have answered: the section may load. */
  start: boolean;
  /** When the total was fetched: the section reloads when the total is newer than it. */
  totalAt: number | undefined;
}

/**
 * Loads the chart for the quote and range shown unless that is what it holds already, and again
 * whenever the total is newer than it (`totalAt`): it follows the total's cadence.
 */
function useNetWorth(quote: string, start: boolean, totalAt: number | undefined) {
  const range = useNetWorthStore((s) => s.range);
  const load = useNetWorthStore((s) => s.load);
  useEffect(() => {
    if (!start) return;
    const { data, query, loading } = useNetWorthStore.getState();
    const current = data && query?.quote === quote && query.range === range;
    if (current && (totalAt === undefined || data.fetchedAt >= totalAt || loading)) return;
    void load({ quote, range });
  }, [start, quote, range, load, totalAt]);
  return useCallback(() => void load({ quote, range }), [load, quote, range]);
}

const PERIOD_LABELS: Record<NetWorthPeriod['id'], string> = {
  today: 'Today',
  '7d': '7 d',
  '30d': '30 d',
  ytd: 'Year to date',
};

/**
 * The headline: the change of the net worth today, over 7 and 30 days and the year so far, in the
 * quote and in percent, whatever range the chart shows. A period the history does not reach back
 * to counts from the history's start and says so; privacy mode masks the figures and their signs.
 */
function NetWorthHeadline({
  series,
  places,
  privacy,
}: {
  series: NetWorthSeries;
  places: number;
  privacy: boolean;
}) {
  if (series.periods.length === 0) return null;
  return (
    <dl className="ov-nw-periods" data-testid="net-worth-periods">
      {series.periods.map((period) => {
        const percent = period.percent === null ? null : percentChange(period.percent);
        return (
          <div key={period.id} data-testid={`net-worth-period-${period.id}`}>
            <dt>
              {PERIOD_LABELS[period.id]}
              {period.fromStartOfData && series.since !== null ? (
                <span className="muted small"> (since {formatDay(series.since)})</span>
              ) : null}
            </dt>
            <dd>
              {period.change === null ? (
                <span className="muted">Not known</span>
              ) : (
                <>
                  <SignedAmount value={period.change} places={places} privacy={privacy} />
                  <span className="unit"> {series.quote}</span>
                  {percent ? (
                    <span className={`ov-nw-percent ${privacy ? '' : percent.direction}`}>
                      {' '}
                      {privacy ? MASK : percent.text}
                    </span>
                  ) : null}
                </>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * Net worth over time: the range buttons, the chart (or its loading, empty or error state), where
 * the series comes from in words, and the snapshots' export. `start` holds the first load back
 * until the holdings have answered, so the Overview's first paint never waits for the history.
 */
export function NetWorthSection({ quote, places, start, totalAt }: BelowTotalProps) {
  const privacy = useSettings((s) => s.privacy);
  const held = useNetWorthStore((s) => s.data);
  // Only a series in the quote selected: another quote's waits for its reload, never shown under it.
  const data = held?.quote === quote ? held : undefined;
  const loading = useNetWorthStore((s) => s.loading);
  const error = useNetWorthStore((s) => s.error);
  const range = useNetWorthStore((s) => s.range);
  const setRange = useNetWorthStore((s) => s.setRange);
  const exportCsv = useNetWorthStore((s) => s.exportCsv);
  const retry = useNetWorth(quote, start, totalAt);
  const status = statusOf({ data, loading, error });
  const empty = data !== undefined && !data.points.some((point) => point.value !== null);
  // Its box is measured only while the chart is drawn (data, not all gaps).
  const drawn = status === 'ready' && !empty;
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, FALLBACK_WIDTH, drawn);
  const backfilled = data?.points.some((point) => point.source === 'backfill') ?? false;

  return (
    <section className="card ov-net-worth" aria-labelledby="ov-net-worth-title">
      <div className="section-head">
        <h2 id="ov-net-worth-title">Net worth</h2>
        <div className="ov-net-worth-controls">
          <div className="segmented" role="group" aria-label="Range">
            {RANGE_LABELS.map((r) => (
              <button
                key={r.id}
                type="button"
                className={`seg ${range === r.id ? 'active' : ''}`}
                aria-pressed={range === r.id}
                onClick={() => setRange(r.id)}
              >
                {r.label}
              </button>
            ))}
          </div>
          <DataAge fetchedAt={data?.fetchedAt} loading={loading} />
        </div>
      </div>
      {data && error ? <RefreshAlert error={error} onRetry={retry} /> : null}
      {data && !empty ? (
        <NetWorthHeadline series={data} places={places.quote} privacy={privacy} />
      ) : null}
      <div className="ov-net-worth-box" ref={box} aria-busy={loading}>
        {status === 'error' ? (
          <div className="banner banner-bad" role="alert">
            <p>The net-worth history could not be loaded: {error?.message}</p>
            <button type="button" className="btn btn-secondary" onClick={retry}>
              Try again
            </button>
          </div>
        ) : status === 'loading' ? (
          <span className="skeleton ov-net-worth-skeleton" aria-label="Loading" />
        ) : empty ? (
          <div className="ov-net-worth-empty" data-testid="net-worth-empty">
            <p>
              No history yet: the chart starts with the first snapshot the app records, or the first
              transaction the exchange shows.
            </p>
          </div>
        ) : data ? (
          <Suspense
            fallback={<span className="skeleton ov-net-worth-skeleton" aria-hidden="true" />}
          >
            <NetWorthChart
              key={data.fetchedAt}
              series={data}
              places={places}
              width={width}
              privacy={privacy}
            />
          </Suspense>
        ) : null}
      </div>
      {data && !empty ? (
        <div className="ov-net-worth-notes">
          {data.since !== null && data.since > data.from && data.range !== 'all' ? (
            <p className="muted small" data-testid="net-worth-range-start">
              This range reaches the start of the history: nothing is known before{' '}
              {formatDay(data.since)}.
            </p>
          ) : null}
          {data.since !== null ? (
            <p className="muted small" data-testid="net-worth-since">
              {backfilled ? 'Reconstructed' : 'Recorded'} from {formatDay(data.since)}; the exchange
              keeps six months of deals (back to {formatDay(data.historyLimit)}).
            </p>
          ) : null}
          {data.unpriced.length > 0 ? (
            <p className="ov-note" data-testid="net-worth-unpriced">
              Not in the values: {listTickers(data.unpriced)}{' '}
              {data.unpriced.length === 1 ? 'has' : 'have'} no daily price in {data.quote}.
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="ov-export">
        <ExportCsvButton
          label="Export snapshots (CSV)"
          exportCsv={() => exportCsv(quote)}
          unit={['row', 'rows']}
        />
      </div>
    </section>
  );
}
