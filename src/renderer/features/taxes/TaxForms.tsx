import { useState } from 'react';
import { contract, TAX_METHODS, taxSettingsInput } from '../../../shared/contract';
import type { TaxMethod, TaxReport, UnknownCostDeposit } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { SelectField, TextField } from '../../components/Field';
import { asDeskError } from '../../../shared/errors';
import { formatCount } from '../../lib/numberFormat';
import { useForm } from '../../lib/useForm';
import { saveTaxSettings, setDepositCost } from './taxStore';
import { QuoteValue, type ReportPlaces } from './TaxTables';

export const METHOD_LABELS: Record<TaxMethod, string> = {
  fifo: 'FIFO (first in, first out)',
  lifo: 'LIFO (last in, first out)',
  hifo: 'HIFO (highest cost first)',
  average: 'Average cost',
};
export const METHOD_OPTIONS = TAX_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }));

const MONTH = new Intl.DateTimeFormat(undefined, { month: 'long', timeZone: 'UTC' });
const MONTH_OPTIONS = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: MONTH.format(Date.UTC(2026, i, 1)),
}));
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * Start month, long-term months and the default method, checked by the contract before saving.
 * `saved` is kept by the caller: the form starts again from what main kept after a save.
 */
export function TaxSettingsForm({
  report,
  saved,
  setSaved,
}: {
  report: TaxReport;
  saved: boolean;
  setSaved(saved: boolean): void;
}) {
  const form = useForm({
    initial: {
      yearStartMonth: String(report.settings.yearStartMonth),
      longTermMonths: String(report.settings.longTermMonths),
      defaultMethod: report.settings.defaultMethod,
    },
    fields: ['yearStartMonth', 'longTermMonths', 'defaultMethod'],
    schema: taxSettingsInput,
    input: (v) => ({
      yearStartMonth: Number(v.yearStartMonth),
      // Empty or not a number: the schema's "Enter the months." under the field.
      longTermMonths: /^\s*-?\d+(\.\d+)?\s*$/.test(v.longTermMonths)
        ? Number(v.longTermMonths)
        : undefined,
      defaultMethod: v.defaultMethod,
    }),
    async submit(input) {
      setSaved(false);
      await saveTaxSettings(input);
      setSaved(true);
    },
    focus: {
      yearStartMonth: 'tax-start-month',
      longTermMonths: 'tax-long-term',
      defaultMethod: 'tax-default-method',
    },
  });
  return (
    <section className="card" aria-labelledby="tax-settings-title">
      <h2 id="tax-settings-title">Tax settings</h2>
      <form className="tax-settings" onSubmit={form.onSubmit} noValidate>
        <SelectField
          id="tax-start-month"
          label="Tax year starts in"
          value={form.values.yearStartMonth}
          options={MONTH_OPTIONS}
          onChange={(v) => form.set('yearStartMonth', v)}
          error={form.errors.yearStartMonth}
        />
        <TextField
          id="tax-long-term"
          label="Long term after (months)"
          inputMode="numeric"
          {...form.bind('longTermMonths')}
        />
        <SelectField
          id="tax-default-method"
          label="Default method"
          value={form.values.defaultMethod}
          options={METHOD_OPTIONS}
          onChange={(v) => form.set('defaultMethod', v)}
          error={form.errors.defaultMethod}
        />
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save settings'}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {saved && !form.formError ? <p className="result-ok small">Settings saved.</p> : null}
      </div>
      {form.formError ? (
        <p className="form-alert" role="alert">
          {form.formError}
        </p>
      ) : null}
    </section>
  );
}

/** Deposits whose cost is unknown: enter the cost in the quote, or mark a transfer from one's own wallet. */
export function UnknownCostDeposits({
  report,
  places,
}: {
  report: TaxReport;
  places: ReportPlaces;
}) {
  if (report.unknownCostDeposits.length === 0) return null;
  return (
    <section className="card" aria-labelledby="tax-deposits-title">
      <h2 id="tax-deposits-title">
        Deposits without a cost ({formatCount(report.unknownCostDeposits.length)})
      </h2>
      <p className="muted small">
        Until you say otherwise, each is counted at its value on the day it arrived.
      </p>
      {/* A long list scrolls in its own box (a Tab stop the keyboard scrolls). */}
      <ul className="tax-deposits" tabIndex={0} aria-label="Deposits without a cost">
        {report.unknownCostDeposits.map((d) => (
          <DepositItem key={d.key} deposit={d} quote={report.quote} places={places} />
        ))}
      </ul>
    </section>
  );
}

function DepositItem({
  deposit,
  quote,
  places,
}: {
  deposit: UnknownCostDeposit;
  quote: string;
  places: ReportPlaces;
}) {
  const [editing, setEditing] = useState(false);
  const [ownError, setOwnError] = useState<string | undefined>();
  const [marking, setMarking] = useState(false);
  const id = `tax-deposit-${deposit.key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const form = useForm({
    initial: { cost: '' },
    fields: ['cost'],
    schema: contract.tax.setDepositCost.input,
    input: (v) => ({ key: deposit.key, quote, cost: v.cost, ownWallet: false }),
    async submit(input) {
      await setDepositCost(input);
      setEditing(false);
      return { cost: '' };
    },
    focus: { cost: `${id}-cost` },
    decimals: ['cost'],
  });
  const markOwn = async () => {
    setMarking(true);
    setOwnError(undefined);
    try {
      await setDepositCost({ key: deposit.key, quote, cost: null, ownWallet: true });
    } catch (error) {
      setOwnError(asDeskError(error).message);
    } finally {
      setMarking(false);
    }
  };
  const what = `${deposit.asset} deposit of ${DAY.format(deposit.at)}`;
  return (
    <li className="tax-deposit" data-testid="tax-deposit">
      <div className="tax-deposit-what">
        <strong>{DAY.format(deposit.at)}</strong>{' '}
        <Amount value={deposit.amount} places={places.asset(deposit.asset)} unit={deposit.asset} />{' '}
        <span className="muted">
          (value on the day:{' '}
          <QuoteValue value={deposit.value} places={places.quote} quote={quote} />)
        </span>
      </div>
      {editing ? (
        <form className="tax-deposit-form" onSubmit={form.onSubmit} noValidate>
          <TextField
            id={`${id}-cost`}
            label={`Cost in ${quote}`}
            inputMode="decimal"
            autoComplete="off"
            {...form.bind('cost')}
          />
          <div className="actions">
            <button type="submit" className="btn btn-primary btn-small" disabled={form.busy}>
              Save cost
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => {
                form.reset();
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
          {form.formError ? (
            <p className="form-alert" role="alert">
              {form.formError}
            </p>
          ) : null}
        </form>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={`Enter cost of the ${what}`}
            onClick={() => setEditing(true)}
          >
            Enter cost
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={`My own wallet: the ${what}`}
            disabled={marking}
            onClick={() => void markOwn()}
          >
            My own wallet
          </button>
        </div>
      )}
      {ownError ? (
        <p className="form-alert" role="alert">
          Could not save: {ownError}
        </p>
      ) : null}
    </li>
  );
}
