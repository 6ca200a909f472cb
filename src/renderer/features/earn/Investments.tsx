import { useMemo, useState } from 'react';
import Decimal from 'decimal.js';
import type { DeskError } from '../../../shared/errors';
import type { FlexInterest, FlexInvestment, FlexPlan } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { RowActions, useRowActions } from '../../components/table/rowActions';
import { actionsColumn, textColumn, timeColumn } from '../../components/table/columns';
import { DataTable, type Column } from '../../components/table/DataTable';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { amountColumn } from './columns';
import { isPermissionError, useEarnPlaces, useEarnStore } from './earnStore';
import { amountText, earningRate, planLabel as planLabelOf, ratePercent } from './format';
import { NO_LENDING_ACCESS } from './InvestForm';

/** Close is offered only for an ACTIVE investment holding more than 0 (the exchange's rule). */
export function canClose(investment: FlexInvestment): boolean {
  if (investment.status !== 'ACTIVE') return false;
  try {
    return new Decimal(investment.invested).gt(0);
  } catch {
    return false;
  }
}

/** A refusal of close, mapped by field name: `investment` first, then `plan`, else the message. */
export function closeErrorText(error: DeskError): string {
  if (isPermissionError(error)) return NO_LENDING_ACCESS;
  return error.fields?.['investment']?.[0] ?? error.fields?.['plan']?.[0] ?? error.message;
}

const ROW_HEIGHT = 56;

/**
 * The plan, and under it the status (a badge) and whether the earnings are reinvested: one column,
 * so the times and amounts stay in view at 1400 px.
 */
function PlanCell({ label, investment }: { label: string; investment: FlexInvestment }) {
  const tone = investment.status === 'ACTIVE' ? 'badge-ok' : 'badge-muted';
  return (
    <span className="earn-lines">
      <span className="ticker">{label}</span>
      <span className="muted small">
        <span className={`badge ${tone}`}>{investment.status.toLowerCase()}</span>{' '}
        <span title="Auto-reinvest the earnings">
          Reinvest {investment.withAutoReinvest ? 'on' : 'off'}
        </span>
      </span>
    </span>
  );
}

type Status = 'loading' | 'error' | 'ready';

/** What an investment has been paid: '…' while the payments load, '—' when they could not. */
function Received({
  investment,
  interest,
  status,
}: {
  investment: FlexInvestment;
  interest: FlexInterest | undefined;
  status: Status;
}) {
  const places = useEarnPlaces()(investment.currency);
  if (status === 'loading') return <span aria-label="Loading">…</span>;
  if (status === 'error') return <span title="The interest payments could not be loaded.">—</span>;
  const total = interest?.total ?? '0';
  return <Amount value={total} places={places} unit={investment.currency} />;
}

/** The rate an investment earns by its last payment (when it says), and its plan's rate. */
function Rate({
  investment,
  plan,
  interest,
}: {
  investment: FlexInvestment;
  plan: FlexPlan | undefined;
  interest: FlexInterest | undefined;
}) {
  const earning = earningRate(investment, interest?.last);
  if (!earning && !plan) return <>—</>;
  return (
    <span className="earn-lines">
      {earning ? <span>Earning {ratePercent(earning)}</span> : null}
      {plan ? <span className="muted small">Plan up to {ratePercent(plan.maxRate)}</span> : null}
    </span>
  );
}

interface InvestmentsProps {
  investments: readonly FlexInvestment[];
  plans: readonly FlexPlan[];
  /** What each investment has been paid (flex.payments), and the state of that list. */
  interest: readonly FlexInterest[];
  interestStatus: Status;
  status: Status;
  error?: DeskError | undefined;
  onRetry(): void;
  onClosed(message: string): void;
  /** A close is being sent (an earlier success line no longer applies). */
  onClosing(): void;
}

/** My investments (active and closed), each ACTIVE one with a confirmed Close. */
export function Investments({
  investments,
  plans,
  interest,
  interestStatus,
  status,
  error,
  onRetry,
  onClosed,
  onClosing,
}: InvestmentsProps) {
  const close = useEarnStore((s) => s.close);
  const placesOf = useEarnPlaces();
  const [closing, setClosing] = useState<FlexInvestment | undefined>();
  const rows = useRowActions();
  const busy = rows.busy;

  const planLabel = (i: FlexInvestment) => planLabelOf(plans, i);
  const interestOf = useMemo(() => {
    const byKey = new Map(interest.map((i) => [`${i.investmentId}\n${i.currency}`, i]));
    return (i: FlexInvestment) => byKey.get(`${i.id}\n${i.currency}`);
  }, [interest]);

  const confirmClose = (investment: FlexInvestment) =>
    rows.run(
      investment.id,
      async () => {
        onClosing();
        try {
          await close(investment.planId);
          onClosed(
            `Closed the ${planLabel(investment)} investment of ${amountText(investment.invested, investment.currency, placesOf(investment.currency))}.`,
          );
        } finally {
          setClosing(undefined);
        }
      },
      closeErrorText,
    );

  const columns: Column<FlexInvestment>[] = [
    textColumn('plan', 'Plan', 'minmax(150px, 1fr)', planLabel, (i) => (
      <PlanCell label={planLabel(i)} investment={i} />
    )),
    amountColumn('invested', 'Invested', (i) => i.invested, placesOf),
    {
      id: 'received',
      header: 'Interest received',
      align: 'right',
      width: 'minmax(130px, 1fr)',
      cell: (i) => <Received investment={i} interest={interestOf(i)} status={interestStatus} />,
    },
    {
      id: 'rate',
      header: 'Rate (a year)',
      width: 'minmax(110px, 1fr)',
      cell: (i) => (
        <Rate investment={i} plan={plans.find((p) => p.id === i.planId)} interest={interestOf(i)} />
      ),
    },
    timeColumn((i) => i.createdAt, { id: 'created', header: 'Created' }),
    timeColumn((i) => i.updatedAt, { id: 'updated', header: 'Updated' }),
    actionsColumn('Actions', '72px', (i) => (
      <RowActions error={rows.errorOf(i.id)}>
        {canClose(i) ? (
          <button
            type="button"
            className="btn btn-danger-quiet btn-small"
            aria-label={`Close the ${planLabel(i)} investment`}
            onClick={() => setClosing(i)}
            disabled={busy}
          >
            Close
          </button>
        ) : null}
      </RowActions>
    )),
  ];

  return (
    <>
      <DataTable
        label="My investments"
        rows={investments}
        columns={columns}
        rowKey={(i) => i.id}
        rowTestId="investment-row"
        status={status}
        error={error}
        onRetry={onRetry}
        rowHeight={ROW_HEIGHT}
        height={Math.min(Math.max(investments.length, 1), 8) * ROW_HEIGHT}
        initialSort={{ id: 'created', dir: 'desc' }}
        empty="No investments yet. Pick a plan above and invest."
      />

      <p className="muted small earn-note">
        Interest received: the sum of the interest payments below. Earning: the yearly rate of the
        last payment (× 365 ÷ the amount invested), while the amount is what it was paid on.
      </p>
      {closing ? (
        <ConfirmDialog
          title={`Close the ${planLabel(closing)} investment?`}
          confirmLabel={busy ? 'Closing…' : 'Close investment'}
          busy={busy}
          onConfirm={() => void confirmClose(closing)}
          onCancel={() => setClosing(undefined)}
        >
          <p data-testid="close-question">
            Close your investment of{' '}
            <Amount
              value={closing.invested}
              places={placesOf(closing.currency)}
              unit={closing.currency}
            />{' '}
            in the {planLabel(closing)}? The amount goes back to your main account and stops
            earning.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
