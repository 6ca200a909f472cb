import { useCallback, useEffect, useMemo, useState } from 'react';
import { TAX_EXPORT_FORMATS } from '../../../shared/contract';
import type { TaxExportFormat, TaxMethod, TaxReport } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { DataAge } from '../../components/DataAge';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { SelectField } from '../../components/Field';
import { RefreshAlert } from '../../components/ViewParts';
import { useSettings } from '../../lib/settingsStore';
import { useShellStore } from '../../lib/shellStore';
import { Amount } from '../../components/Amount';
import { METHOD_OPTIONS, TaxSettingsForm, UnknownCostDeposits } from './TaxForms';
import {
  IncomeTable,
  OpenLotsTable,
  QuoteValue,
  RealizedTable,
  YearEndTable,
  reportPlaces,
  type ReportPlaces,
} from './TaxTables';
import { exportTax, setYearMethod, useTaxReport } from './taxStore';

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

const EXPORT_LABELS: Record<TaxExportFormat, string> = {
  koinly: 'Koinly',
  cointracking: 'CoinTracking',
  realized: 'Realized gains (CSV)',
  ledger: 'Ledger (CSV)',
};

/**
 * The Taxes screen (issue 36): the tax year and its method, the totals, realized gains, income,
 * open lots and the year-end holdings by lots in Settings' quote, the reconciliation of the lots
 * against the balances, deposits without a cost, the exports tax tools import, and the settings.
 * Main computes the report from the history database; every date is a UTC day.
 */
export function TaxesView() {
  const quote = useSettings((s) => s.quote);
  const remote = useTaxReport();
  const load = remote.load;
  // The year the user chose; until then this UTC year, or the newest that has history when this
  // one has none (the first answer lists them).
  const [chosen, setChosen] = useState<number | undefined>();
  const [thisYear] = useState(() => new Date().getUTCFullYear());
  const data = remote.data;
  const newest = data?.years[0];
  const year =
    chosen ?? (newest !== undefined && !data?.years.includes(thisYear) ? newest : thisYear);
  const reload = useCallback(() => load({ quote, year }), [load, quote, year]);
  useEffect(() => void reload(), [reload]);

  const setRefresh = useShellStore((s) => s.setRefresh);
  useEffect(() => {
    setRefresh(reload);
    return () => setRefresh(undefined);
  }, [reload, setRefresh]);

  const report = data && data.quote === quote ? data : undefined;
  return (
    <div className="taxes">
      <section className="card" aria-labelledby="tax-year-title">
        <div className="section-head">
          <h2 id="tax-year-title">
            Tax year {report ? yearSpan(report) : year} <span className="muted">(UTC)</span>
          </h2>
          <DataAge fetchedAt={report?.computedAt} loading={remote.loading} />
        </div>
        <YearAndMethod
          report={report}
          year={year}
          onYear={setChosen}
          busy={remote.loading && !report}
        />
        <p className="muted small">
          Every amount in {quote}, the Overview&apos;s quote (change it in Settings); dates are UTC
          days.
        </p>
      </section>
      {remote.error && report ? <RefreshAlert error={remote.error} onRetry={reload} /> : null}
      {report ? (
        <ReportBody report={report} />
      ) : remote.error ? (
        <section className="card" aria-labelledby="tax-failed-title">
          <h2 id="tax-failed-title">The tax report could not be computed</h2>
          <div className="form-alert refresh-alert" role="alert">
            <span>{remote.error.message}</span>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => void reload()}
            >
              Try again
            </button>
          </div>
        </section>
      ) : (
        <section className="card" aria-busy="true" aria-labelledby="tax-loading-title">
          <h2 id="tax-loading-title">Computing the tax report…</h2>
          <p className="muted">
            Lots are built from the synced history; a long history takes a moment.
          </p>
        </section>
      )}
    </div>
  );
}

/** "2026", or "Apr 1, 2026 – Mar 31, 2027" when the tax year does not start in January. */
function yearSpan(report: TaxReport): string {
  if (report.settings.yearStartMonth === 1) return String(report.year);
  return `${report.year}: ${DAY.format(report.from)} – ${DAY.format(report.to - 1)}`;
}

function YearAndMethod({
  report,
  year,
  onYear,
  busy,
}: {
  report: TaxReport | undefined;
  year: number;
  onYear(year: number): void;
  busy: boolean;
}) {
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const years = report?.years.length ? report.years : [year];
  const listed = years.includes(year) ? years : [year, ...years].sort((a, b) => b - a);
  const changeMethod = async (method: TaxMethod) => {
    setSaving(true);
    setError(undefined);
    try {
      // The report reloads after it (the mutation's map).
      await setYearMethod(year, method);
    } catch (failure) {
      setError(`Could not change the method: ${asDeskError(failure).message}`);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="tax-year-row">
      <SelectField
        id="tax-year"
        label="Tax year"
        value={String(year)}
        options={listed.map((y) => ({ value: String(y), label: String(y) }))}
        onChange={(v) => onYear(Number(v))}
        disabled={busy}
      />
      <SelectField
        id="tax-method"
        label="Method"
        value={report?.method ?? 'fifo'}
        options={METHOD_OPTIONS}
        onChange={(v) => void changeMethod(v)}
        disabled={!report || saving}
        aria-busy={saving}
        error={error}
      />
    </div>
  );
}

function ReportBody({ report }: { report: TaxReport }) {
  const places = useMemo(() => reportPlaces(report), [report]);
  const [saved, setSaved] = useState(false);
  const settings = (
    <TaxSettingsForm
      key={JSON.stringify(report.settings)}
      report={report}
      saved={saved}
      setSaved={setSaved}
    />
  );
  if (report.historyFrom === null) {
    return (
      <>
        <section className="card" aria-labelledby="tax-empty-title">
          <h2 id="tax-empty-title">No history yet</h2>
          <p>
            Trades, deposits, withdrawals, flex interest and mining rewards appear here once the
            history is synced. Nothing to report for {report.year}.
          </p>
        </section>
        {settings}
      </>
    );
  }
  return (
    <>
      <Totals report={report} places={places} />
      <Reconciliation report={report} places={places} />
      <RealizedTable report={report} places={places} />
      <IncomeTable report={report} places={places} />
      <OpenLotsTable report={report} places={places} />
      <YearEndTable report={report} places={places} />
      <UnknownCostDeposits report={report} places={places} />
      <Exports report={report} />
      {settings}
    </>
  );
}

function Totals({ report, places }: { report: TaxReport; places: ReportPlaces }) {
  const t = report.totals;
  const items: [string, string | null][] = [
    ['Proceeds', t.proceeds],
    ['Cost', t.cost],
    ['Fees', t.fees],
    ['Gain', t.gain],
    ['Short-term gain', t.shortTermGain],
    ['Long-term gain', t.longTermGain],
    ['Income', t.income],
    ['Unrealized', t.unrealized],
  ];
  return (
    <section className="card" aria-labelledby="tax-totals-title">
      <h2 id="tax-totals-title">Totals</h2>
      <dl className="tax-totals">
        {items.map(([label, value]) => (
          <div key={label} className="tax-total">
            <dt>{label}</dt>
            <dd data-testid={`tax-total-${label}`}>
              <QuoteValue value={value} places={places.quote} quote={report.quote} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Reconciliation({ report, places }: { report: TaxReport; places: ReportPlaces }) {
  return (
    <section className="card" aria-labelledby="tax-reconciliation-title">
      <h2 id="tax-reconciliation-title">Reconciliation</h2>
      {report.reconciliation.length === 0 ? (
        <p className="result-ok" data-testid="tax-reconciled">
          The lots match the balances: every asset held is accounted for.
        </p>
      ) : (
        <ul className="tax-reconciliation">
          {report.reconciliation.map((r) => (
            <li key={r.asset} data-testid="tax-difference">
              <strong>{r.asset}</strong>: lots{' '}
              <Amount value={r.lots} places={places.asset(r.asset)} unit={r.asset} />, balance{' '}
              <Amount value={r.balance} places={places.asset(r.asset)} unit={r.asset} />, difference{' '}
              <Amount value={r.difference} places={places.asset(r.asset)} unit={r.asset} />.{' '}
              {r.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Exports({ report }: { report: TaxReport }) {
  return (
    <section className="card" aria-labelledby="tax-exports-title">
      <h2 id="tax-exports-title">Exports</h2>
      <p className="muted small">
        Files for Koinly (Universal) and CoinTracking, the realized gains lot by lot, and a plain
        ledger of every record of {report.year}; dates in UTC.
      </p>
      <div className="tax-exports">
        {TAX_EXPORT_FORMATS.map((format) => (
          <ExportCsvButton
            key={format}
            label={EXPORT_LABELS[format]}
            unit={['row', 'rows']}
            exportCsv={() => exportTax({ quote: report.quote, year: report.year, format })}
          />
        ))}
      </div>
    </section>
  );
}
