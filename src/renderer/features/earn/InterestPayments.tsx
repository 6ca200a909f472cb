import { useMemo, useState } from 'react';
import type {
  FlexInterestByMonth,
  FlexInvestment,
  FlexMonthInterest,
  FlexPayment,
  FlexPlan,
} from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import {
  decimalColumn,
  textColumn,
  tickerColumn,
  timeColumn,
} from '../../components/table/columns';
import { DataTable, type Column } from '../../components/table/DataTable';
import { SelectField } from '../../components/Field';
import { RefreshAlert, tableHeight } from '../../components/ViewParts';
import { statusOf } from '../../lib/remote';
import { useEarnPlaces, usePaymentsStore } from './earnStore';
import { amountColumn } from './columns';
import { investmentLabel, planLabel } from './format';

const ALL = '';

const MONTH = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });

/** "2026-03" -> "Mar 2026" (the user's locale). */
function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return year && number ? MONTH.format(new Date(year, number - 1, 1)) : month;
}

/**
 * Interest by month: each month's interest per asset (at the asset's places) and its value in the
 * quote (main's sum, at today's price; fiat at 2 places), newest month first.
 */
function InterestByMonth({ byMonth }: { byMonth: FlexInterestByMonth }) {
  const placesOf = useEarnPlaces();
  const { quote, quotePlaces, months } = byMonth;
  const columns: Column<FlexMonthInterest>[] = [
    textColumn(
      'month',
      'Month',
      '110px',
      (m) => m.month,
      (m) => monthLabel(m.month),
    ),
    tickerColumn('asset', 'Asset', '72px', (m) => m.currency),
    amountColumn('amount', 'Amount', (m) => m.amount, placesOf),
    decimalColumn(
      'value',
      `Value (${quote})`,
      'minmax(120px, 1fr)',
      (m) => m.value,
      (m) =>
        m.value === null ? (
          <span title={`No price in ${quote}`}>—</span>
        ) : (
          <Amount value={m.value} places={quotePlaces} unit={quote} />
        ),
    ),
  ];
  return (
    <>
      <h3 id="earn-months-title">Interest by month</h3>
      <DataTable
        label="Interest by month"
        rows={months}
        columns={columns}
        rowKey={(m) => `${m.month}\n${m.currency}`}
        rowTestId="month-row"
        status="ready"
        height={tableHeight(months.length, 6)}
        empty="No interest has been paid yet."
      />
      <p className="muted small earn-note">
        Value: the month&apos;s interest at today&apos;s price in {quote}, as the Overview values
        your balances.
      </p>
    </>
  );
}

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'payment' : 'payments'}`;

interface InterestPaymentsProps {
  investments: readonly FlexInvestment[];
  plans: readonly FlexPlan[];
}

/**
 * Every interest payment the exchange lists (time, asset, amount, the investment it was paid on),
 * newest first, all of them or one investment's.
 */
export function InterestPayments({ investments, plans }: InterestPaymentsProps) {
  const placesOf = useEarnPlaces();
  const slot = usePaymentsStore();
  const { data, refresh } = slot;
  const [chosen, setChosen] = useState(ALL);

  const labelOf = useMemo(() => {
    const byId = new Map(investments.map((i) => [i.id, investmentLabel(plans, i)]));
    return (p: FlexPayment) => byId.get(p.investmentId) ?? planLabel(plans, p);
  }, [investments, plans]);

  const all = useMemo(() => data?.records ?? [], [data]);
  const rows = useMemo(
    () => (chosen === ALL ? all : all.filter((p) => p.investmentId === chosen)),
    [all, chosen],
  );
  const choices = useMemo(() => {
    const seen = new Map<string, string>();
    for (const { last } of data?.interest ?? []) {
      if (!seen.has(last.investmentId)) seen.set(last.investmentId, labelOf(last));
    }
    return [
      { value: ALL, label: 'All investments' },
      ...[...seen].map(([value, label]) => ({ value, label })),
    ];
  }, [data, labelOf]);

  const columns: Column<FlexPayment>[] = [
    timeColumn((p) => p.createdAt),
    tickerColumn('asset', 'Asset', '72px', (p) => p.currency),
    amountColumn('amount', 'Amount', (p) => p.amount, placesOf),
    textColumn('investment', 'Investment', 'minmax(150px, 1.5fr)', labelOf, (p) => (
      <span title={`Investment ${p.investmentId}`}>{labelOf(p)}</span>
    )),
  ];

  return (
    <section className="card earn-section earn-payments" aria-labelledby="earn-payments-title">
      <div className="section-head">
        <h2 id="earn-payments-title">Interest payments</h2>
        <DataAge fetchedAt={data?.fetchedAt} loading={slot.loading} />
      </div>
      {data && slot.error ? <RefreshAlert error={slot.error} onRetry={refresh} /> : null}
      {data ? (
        <div className="earn-payments-bar">
          <SelectField
            id="earn-payments-investment"
            label="Investment"
            value={chosen}
            options={choices}
            onChange={setChosen}
          />
          <p className="table-count muted" data-testid="payments-count" aria-live="polite">
            {chosen === ALL
              ? count(all.length)
              : `Showing ${rows.length.toLocaleString('en-US')} of ${count(all.length)}`}
            {data.capped
              ? ' · the latest the exchange listed; it holds more, which the totals do not count'
              : ''}
          </p>
        </div>
      ) : null}

      <DataTable
        label="Interest payments"
        rows={rows}
        columns={columns}
        rowKey={(p) => p.transactionId}
        rowTestId="payment-row"
        status={statusOf(slot)}
        error={slot.error}
        onRetry={() => void refresh()}
        initialSort={{ id: 'time', dir: 'desc' }}
        height={tableHeight(rows.length, 10)}
        empty={
          chosen === ALL ? 'No interest has been paid yet.' : 'No payments of this investment.'
        }
      />
      {data ? <InterestByMonth byMonth={data.byMonth} /> : null}
    </section>
  );
}
