import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { DeskError } from '../../../shared/errors';
import type { FlexPlan } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { ConfirmDialog } from '../accounts/ConfirmDialog';
import { TextField } from '../accounts/Field';
import { useSettings } from '../settings/settingsStore';
import { useEarnStore, isPermissionError } from './earnStore';
import { amountText, checkInvestAmount, placesOf, planName, ratePercent } from './format';

export const NO_LENDING_ACCESS =
  "This API key has no access to Earn (flex). Enable lending in the key's permissions, or use another key.";

interface Mapped {
  amount?: string | undefined;
  alert?: string | undefined;
}

/** A refusal of invest, mapped by the exchange's field names (notes §4), never by code. */
export function mapInvestError(error: DeskError, plan: FlexPlan): Mapped {
  if (isPermissionError(error)) return { alert: NO_LENDING_ACCESS };
  const first = (name: string) => error.fields?.[name]?.[0];
  const amount = first('amount');
  if (amount) return { amount };
  const balance = first('balance');
  if (balance) {
    return {
      amount: /^not enough balance\.?$/i.test(balance.trim())
        ? 'Not enough balance: the main account holds less than that.'
        : `Not enough balance: ${balance}`,
    };
  }
  const planMessage = first('plan');
  if (planMessage) return { alert: `The ${planName(plan)} refused the investment: ${planMessage}` };
  return { alert: error.message };
}

interface InvestFormProps {
  plan: FlexPlan;
  /** The plan's ticker in the main account (what an investment is paid from). */
  available: string;
  onCancel(): void;
  onInvested(message: string): void;
}

/**
 * Invest in one plan: the amount (its unit and the main-account balance beside it) and the
 * auto-reinvest switch. Client checks first (nothing is sent while one fails), then a confirmation
 * that says what happens, then one request; the exchange's refusals land under the amount or at the
 * top of the form.
 */
export function InvestForm({ plan, available, onCancel, onInvested }: InvestFormProps) {
  const invest = useEarnStore((s) => s.invest);
  const privacy = useSettings((s) => s.privacy);
  const [amount, setAmount] = useState('');
  const [reinvest, setReinvest] = useState(false);
  const [amountError, setAmountError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const id = `invest-${plan.id}`;
  const focusAmount = () => document.getElementById(`${id}-amount`)?.focus();

  useEffect(() => {
    document.getElementById(`${id}-amount`)?.focus();
  }, [id]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setAlert(undefined);
    const problem = checkInvestAmount(amount, plan, available, { privacy });
    setAmountError(problem);
    if (problem) {
      focusAmount();
      return;
    }
    setConfirming(amount.trim());
  }

  async function send(value: string) {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await invest({ plan: plan.id, amount: value, withReinvest: reinvest });
      setConfirming(undefined);
      setAmount('');
      onInvested(`Invested ${amountText(value, plan.ticker)} in the ${planName(plan)}.`);
    } catch (failure) {
      const mapped = mapInvestError(failure as DeskError, plan);
      setConfirming(undefined);
      setAmountError(mapped.amount);
      setAlert(mapped.alert);
      if (mapped.amount) focusAmount();
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  const rate = ratePercent(plan.maxRate);
  return (
    <section className="card earn-invest" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Invest in the {planName(plan)}</h2>
      <p className="muted">
        From {amountText(plan.minInvestment, plan.ticker)} to{' '}
        {amountText(plan.maxInvestment, plan.ticker)}, up to {rate} a year.
      </p>
      <form className="form earn-invest-form" onSubmit={submit} noValidate aria-busy={sending}>
        {alert ? (
          <p className="form-alert" role="alert">
            {alert}
          </p>
        ) : null}
        <TextField
          id={`${id}-amount`}
          label={`Amount (${plan.ticker})`}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setAmountError(undefined);
          }}
          error={amountError}
          hint={
            <>
              Available in the main account:{' '}
              <Amount value={available} places={placesOf(available)} unit={plan.ticker} />
            </>
          }
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
        />
        <label className="earn-toggle">
          <input
            type="checkbox"
            checked={reinvest}
            onChange={(e) => setReinvest(e.target.checked)}
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
          onConfirm={() => void send(confirming)}
          onCancel={() => setConfirming(undefined)}
        >
          <p data-testid="invest-question">
            Invest {amountText(confirming, plan.ticker)} in the {planName(plan)} (up to {rate} a
            year), auto-reinvest {reinvest ? 'on' : 'off'}.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
