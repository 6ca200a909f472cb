import { useCallback, useEffect, useState } from 'react';
import type { FlexPlan } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { DataAge } from '../../components/DataAge';
import { actionsColumn, decimalColumn, tickerColumn } from '../../components/table/columns';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { useSettings } from '../../lib/settingsStore';
import { statusOf } from '../../lib/remote';
import { useShellStore } from '../../lib/shellStore';
import { isPermissionError, useEarnPlaces, useEarnStore, usePaymentsStore } from './earnStore';
import { InterestPayments } from './InterestPayments';
import { planName, ratePercent } from './format';
import { InvestForm, NO_LENDING_ACCESS } from './InvestForm';
import { Investments } from './Investments';

const PLAN_ROW = 44;

/** The key may not use smart-flex (HTTP 403): said plainly, with the way out, no error code. */
function NoAccessNotice() {
  const go = useShellStore((s) => s.go);
  return (
    <section className="card earn-notice" aria-labelledby="earn-no-access" role="status">
      <h2 id="earn-no-access">Earn is not available for this key</h2>
      <p>{NO_LENDING_ACCESS}</p>
      <div className="actions">
        <button type="button" className="btn btn-secondary" onClick={() => go('accounts')}>
          Open Accounts
        </button>
      </div>
    </section>
  );
}

/**
 * The Earn screen: flex plans (each with Invest), the invest form, my investments (with the
 * interest each has received and the rate it earns) and the interest payments.
 */
export function EarnView() {
  const data = useEarnStore((s) => s.data);
  const loading = useEarnStore((s) => s.loading);
  const error = useEarnStore((s) => s.error);
  const load = useEarnStore((s) => s.load);
  const paid = usePaymentsStore();
  const loadPayments = paid.load;
  const quote = useSettings((s) => s.quote);
  const refresh = useCallback(() => {
    void load();
    void loadPayments(quote);
  }, [load, loadPayments, quote]);
  useAutoRefresh(refresh, data?.fetchedAt);
  // The monthly totals are valued in Settings' quote: a new quote values them again.
  const paidIn = paid.query;
  useEffect(() => {
    if (paidIn !== undefined && paidIn !== quote) void loadPayments(quote);
  }, [paidIn, quote, loadPayments]);
  const [selected, setSelected] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const placesOf = useEarnPlaces();

  if (isPermissionError(error)) return <NoAccessNotice />;

  const status = data ? 'ready' : error ? 'error' : 'loading';
  const plans = data?.plans ?? [];
  const balanceOf = (ticker: string) => data?.balances[ticker] ?? '0';
  const plan = plans.find((p) => p.id === selected);

  const planColumns: Column<FlexPlan>[] = [
    tickerColumn('ticker', 'Ticker', 'minmax(80px, 1fr)', (p) => p.ticker),
    {
      id: 'min',
      header: 'Minimum',
      align: 'right',
      width: 'minmax(164px, 1fr)',
      cell: (p) => <Amount value={p.minInvestment} places={placesOf(p.ticker)} unit={p.ticker} />,
    },
    {
      id: 'max',
      header: 'Maximum',
      align: 'right',
      width: 'minmax(164px, 1fr)',
      cell: (p) => <Amount value={p.maxInvestment} places={placesOf(p.ticker)} unit={p.ticker} />,
    },
    decimalColumn(
      'rate',
      'Rate (up to, a year)',
      'minmax(130px, 1fr)',
      (p) => p.maxRate,
      (p) => ratePercent(p.maxRate),
    ),
    {
      id: 'available',
      header: 'In main account',
      align: 'right',
      width: 'minmax(164px, 1fr)',
      cell: (p) => {
        const value = balanceOf(p.ticker);
        return <Amount value={value} places={placesOf(p.ticker)} unit={p.ticker} />;
      },
    },
    actionsColumn('Action', '110px', (p) => (
      <button
        type="button"
        className="btn btn-primary btn-small"
        aria-label={`Invest in the ${planName(p)}`}
        aria-expanded={selected === p.id}
        onClick={() => {
          setNotice(undefined);
          setSelected(p.id);
        }}
      >
        Invest
      </button>
    )),
  ];

  return (
    <div className="earn">
      <div className="section-head">
        <p className="muted earn-intro">
          Flex plans pay interest on funds from your main account; close an investment to get them
          back.
        </p>
        <DataAge fetchedAt={data?.fetchedAt} loading={loading} />
      </div>
      {data && error ? (
        <p className="form-alert earn-refresh-alert" role="alert">
          Could not refresh: {error.message}
        </p>
      ) : null}
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section className="card earn-section" aria-labelledby="earn-plans-title">
        <h2 id="earn-plans-title">Plans</h2>

        <DataTable
          label="Flex plans"
          rows={plans}
          columns={planColumns}
          rowKey={(p) => p.id}
          rowTestId="plan-row"
          status={status}
          error={error}
          onRetry={refresh}
          rowHeight={PLAN_ROW}
          height={Math.min(Math.max(plans.length, 1), 8) * PLAN_ROW}
          empty="The exchange offers no flex plans right now."
        />
      </section>
      {plan ? (
        <InvestForm
          key={plan.id}
          plan={plan}
          available={balanceOf(plan.ticker)}
          places={data?.precisions[plan.ticker]}
          reinvesting={
            data?.investments.find((i) => i.planId === plan.id && i.status === 'ACTIVE')
              ?.withAutoReinvest
          }
          onCancel={() => setSelected(undefined)}
          onInvested={(message) => {
            setSelected(undefined);
            setNotice(message);
          }}
        />
      ) : null}
      <section className="card earn-section" aria-labelledby="earn-investments-title">
        <h2 id="earn-investments-title">My investments</h2>
        <Investments
          investments={data?.investments ?? []}
          plans={plans}
          interest={paid.data?.interest ?? []}
          interestStatus={statusOf(paid)}
          status={status}
          error={error}
          onRetry={refresh}
          onClosed={setNotice}
          onClosing={() => setNotice(undefined)}
        />
      </section>
      <InterestPayments investments={data?.investments ?? []} plans={plans} />
    </div>
  );
}
