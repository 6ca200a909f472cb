import { useEffect, useState } from 'react';
import { contract, type ChannelParsed } from '../../../shared/contract';
import type { DeskError } from '../../../shared/errors';
import type { FlexPlan } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/Field';
import { useSettings } from '../../lib/settingsStore';
import { useForm } from '../../lib/useForm';
import { useEarnPlaces, useEarnStore, isPermissionError } from './earnStore';
import { amountText, checkInvestAmount, earnEstimate, planName, ratePercent } from './format';

export const NO_LENDING_ACCESS =
  "This API key has no access to Earn (flex). Enable lending in the key's permissions, or use another key.";

interface InvestFormProps {
  plan: FlexPlan;
  /** The plan's ticker in the main account (what an investment is paid from). */
  available: string;
  /**
   * The plan's ACTIVE investment's auto-reinvest, when there is one: a top-up keeps it (the
   * exchange applies the switch to the whole investment).
   */
  reinvesting?: boolean | undefined;
  /** Decimal places of the plan's asset, when the exchange's assets list gives them. */
  places?: number | undefined;
  onCancel(): void;
  onInvested(message: string): void;
}

/**
 * Invest in one plan: the amount (its unit and the main-account balance beside it) and the
 * auto-reinvest switch. Client checks first (nothing is sent while one fails), then a confirmation
 * that says what happens, then one request; the exchange's refusals, read by field name (notes §4),
 * land under the amount (`amount`, `balance`) or at the top of the form (`plan`, anything else).
 */
export function InvestForm({
  plan,
  available,
  reinvesting,
  places,
  onCancel,
  onInvested,
}: InvestFormProps) {
  const privacy = useSettings((s) => s.privacy);
  const shownPlaces = useEarnPlaces()(plan.ticker);
  const [confirming, setConfirming] = useState<ChannelParsed<'flex.invest'> | undefined>();
  const id = `invest-${plan.id}`;
  const form = useForm({
    initial: { amount: '', withReinvest: reinvesting ?? false },
    fields: ['amount'],
    schema: contract.flex.invest.input,
    input: (values) => ({ plan: plan.id, ...values }),
    // The amount against the plan's limits and the balance; worded for this form.
    check: (values, found) => ({
      ...found,
      amount: checkInvestAmount(values.amount, plan, available, { privacy, places }),
    }),
    review: (input) => setConfirming(input),
    async submit(input) {
      await useEarnStore.getState().invest(input);
      setConfirming(undefined);
      onInvested(
        `Invested ${amountText(input.amount, plan.ticker, shownPlaces)} in the ${planName(plan)}.`,
      );
      return { amount: '' };
    },
    failed: () => setConfirming(undefined),
    server: {
      aliases: { balance: 'amount' },
      word: (name, message) => investMessage(name, message, plan),
      message: (error: DeskError) => (isPermissionError(error) ? NO_LENDING_ACCESS : undefined),
    },
    focus: { amount: `${id}-amount` },
    decimals: ['amount'],
  });
  const sending = form.busy;

  useEffect(() => {
    document.getElementById(`${id}-amount`)?.focus();
  }, [id]);

  const rate = ratePercent(plan.maxRate);
  const estimate = earnEstimate(form.values.amount, plan, shownPlaces);
  return (
    <section className="card earn-invest" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Invest in the {planName(plan)}</h2>
      <p className="muted">
        From {amountText(plan.minInvestment, plan.ticker, shownPlaces)} to{' '}
        {amountText(plan.maxInvestment, plan.ticker, shownPlaces)}, up to {rate} a year.
      </p>
      <form
        className="form earn-invest-form"
        onSubmit={form.onSubmit}
        noValidate
        aria-busy={sending}
      >
        {form.formError ? (
          <p className="form-alert" role="alert">
            {form.formError}
          </p>
        ) : null}
        <TextField
          id={`${id}-amount`}
          label={`Amount (${plan.ticker})`}
          {...form.bind('amount')}
          hint={
            <>
              Available in the main account:{' '}
              <Amount value={available} places={shownPlaces} unit={plan.ticker} />
            </>
          }
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
        />
        {estimate ? (
          <p className="muted small earn-estimate" data-testid="invest-estimate">
            {estimate}
          </p>
        ) : null}
        <label className="earn-toggle">
          <input
            type="checkbox"
            checked={form.values.withReinvest}
            onChange={(e) => form.set('withReinvest', e.target.checked)}
          />{' '}
          Auto-reinvest the earnings
        </label>
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? 'Investing…' : 'Invest'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={sending}>
            Cancel
          </button>
        </div>
      </form>
      {confirming !== undefined ? (
        <ConfirmDialog
          title="Confirm the investment"
          confirmLabel={sending ? 'Investing…' : 'Invest'}
          tone="primary"
          busy={sending}
          onConfirm={() => void form.send(confirming)}
          onCancel={() => setConfirming(undefined)}
        >
          <p data-testid="invest-question">
            Invest {amountText(confirming.amount, plan.ticker, shownPlaces)} in the {planName(plan)}{' '}
            (up to {rate} a year), auto-reinvest {confirming.withReinvest ? 'on' : 'off'}.
          </p>
          <p className="muted" data-testid="invest-estimate">
            {earnEstimate(confirming.amount, plan, shownPlaces)}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** A refusal's message for this form, by the exchange's field name. */
function investMessage(name: string, message: string, plan: FlexPlan): string {
  if (name === 'balance') {
    return /^not enough balance\.?$/i.test(message.trim())
      ? 'Not enough balance: the main account holds less than that.'
      : `Not enough balance: ${message}`;
  }
  if (name === 'plan') return `The ${planName(plan)} refused the investment: ${message}`;
  return message;
}
