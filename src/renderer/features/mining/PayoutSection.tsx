import { useEffect, useState, type FormEvent } from 'react';
import { setPayoutInput } from '../../../shared/contract';
import { asDeskError } from '../../../shared/errors';
import type { PayoutDestination } from '../../../shared/model';
import { DataAge } from '../../components/DataAge';
import { SelectField, TextField } from '../../components/Field';
import { RefreshAlert } from '../../components/ViewParts';
import { deskFieldErrors, parseForm, type FieldErrors } from '../../lib/parseForm';
import { usePayout } from './payoutStore';

const FIELDS = ['destination', 'address', 'addressAgain', 'confirmation'] as const;
const DESTINATIONS: readonly { value: PayoutDestination['destination']; label: string }[] = [
  { value: 'external_address', label: 'An external BTC address' },
  { value: 'main_balance', label: 'The main balance' },
];

function describe(payout: PayoutDestination): string {
  return payout.destination === 'main_balance'
    ? 'the main balance'
    : `the address ${payout.address ?? '(none given)'}`;
}

/** The change form: the address typed twice and the account's name typed as the confirmation. */
function ChangeForm({
  account,
  onDone,
  onCancel,
}: {
  account: string;
  onDone: (note: string) => void;
  onCancel: () => void;
}) {
  const change = usePayout((s) => s.change);
  const [values, setValues] = useState({
    destination: 'external_address' as PayoutDestination['destination'],
    address: '',
    addressAgain: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const external = values.destination === 'external_address';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseForm(setPayoutInput, {
      account,
      ...values,
      ...(external ? {} : { address: undefined, addressAgain: undefined }),
    });
    if (!parsed.ok) {
      setErrors(parsed.fields);
      return;
    }
    setErrors({});
    setFormError(undefined);
    setBusy(true);
    try {
      await change(parsed.data);
      onDone('The payout destination was changed.');
    } catch (error) {
      const { fields, rest } = deskFieldErrors(asDeskError(error), [...FIELDS]);
      setErrors(fields);
      setFormError(rest);
    } finally {
      setBusy(false);
    }
  }

  const set = (field: keyof typeof values) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));
  return (
    <form className="payout-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="muted small">
        Anyone with an API key of this account can change where its rewards go: check the address
        twice, on your wallet, before you confirm.
      </p>
      <SelectField
        id="payout-destination"
        label="Pay the rewards to"
        value={values.destination}
        options={DESTINATIONS}
        onChange={(value) => setValues((v) => ({ ...v, destination: value }))}
        error={errors.destination}
      />
      {external ? (
        <>
          <TextField
            id="payout-address"
            label="BTC address"
            value={values.address}
            onChange={set('address')}
            error={errors.address}
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            id="payout-address-again"
            label="BTC address again"
            value={values.addressAgain}
            onChange={set('addressAgain')}
            error={errors.addressAgain}
            autoComplete="off"
            spellCheck={false}
            onPaste={(e) => e.preventDefault()}
            hint="Type it again (pasting is off here)."
          />
        </>
      ) : null}
      <TextField
        id="payout-confirmation"
        label={`Type ${account} to confirm`}
        value={values.confirmation}
        onChange={set('confirmation')}
        error={errors.confirmation}
        autoComplete="off"
        spellCheck={false}
      />
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="btn btn-danger" disabled={busy}>
          Change the payout destination
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The payout destination of the chosen account, and its guarded change. Main compares it at every
 * check of the pool with the one last seen and alerts when it changed outside the app.
 */
export function PayoutSection({ account }: { account: string }) {
  const remote = usePayout();
  const load = usePayout((s) => s.load);
  const [changing, setChanging] = useState(false);
  const [note, setNote] = useState<string | undefined>();
  useEffect(() => {
    void load({ account });
  }, [account, load]);
  const data = remote.data?.account === account ? remote.data : undefined;
  return (
    <section className="card mining-payout" aria-labelledby="payout-title">
      <div className="section-head">
        <h2 id="payout-title">Payout destination</h2>
        <DataAge fetchedAt={data?.fetchedAt} loading={remote.loading} />
      </div>
      {remote.error ? (
        <RefreshAlert error={remote.error} onRetry={() => load({ account })} />
      ) : null}
      <p data-testid="payout-now">
        {data ? `Rewards of ${account} go to ${describe(data)}.` : 'Loading…'}
      </p>
      {note ? (
        <p role="status" className="muted small">
          {note}
        </p>
      ) : null}
      {changing ? (
        <ChangeForm
          key={account}
          account={account}
          onDone={(text) => {
            setNote(text);
            setChanging(false);
          }}
          onCancel={() => setChanging(false)}
        />
      ) : (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setNote(undefined);
            setChanging(true);
          }}
        >
          Change…
        </button>
      )}
    </section>
  );
}
