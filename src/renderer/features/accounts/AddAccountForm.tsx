import { useRef, useState, type FormEvent } from 'react';
import { addProfileInput } from '../../../shared/contract';
import { asDeskError } from '../../../shared/errors';
import {
  deskFieldErrors,
  issuesToFields,
  secretInputProps,
  TextField,
  type FieldErrors,
} from './Field';
import { useProfilesStore } from './profilesStore';

type RegionChoice = 'global' | 'eu' | 'custom';

interface Values {
  name: string;
  region: RegionChoice;
  customUrl: string;
  apiKey: string;
  apiSecret: string;
}

const EMPTY: Values = { name: '', region: 'global', customUrl: '', apiKey: '', apiSecret: '' };
const FIELDS = ['name', 'region', 'customUrl', 'apiKey', 'apiSecret'] as const;

/**
 * Adds an account: checks the values with the contract's schema, then main verifies the key before
 * storing it in the keychain. The values (the secret too) live in this component's state only: kept
 * on failure so the user can fix them, cleared on success.
 */
export function AddAccountForm() {
  const add = useProfilesStore((s) => s.add);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // A ref, not state: a second Enter before React re-renders must not send again.
  const inFlight = useRef(false);

  const change = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setNotice(undefined);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setNotice(undefined);
    setFormError(undefined);
    const parsed = addProfileInput.safeParse({
      name: values.name,
      region: values.region,
      customUrl: values.region === 'custom' ? values.customUrl : undefined,
      apiKey: values.apiKey,
      apiSecret: values.apiSecret,
    });
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.error.issues));
      return;
    }
    setErrors({});
    inFlight.current = true;
    setBusy(true);
    try {
      await add(parsed.data);
      setValues(EMPTY);
      setNotice(`Added “${parsed.data.name}”. Its key works and is saved in the keychain.`);
    } catch (error) {
      const { fields, rest } = deskFieldErrors(asDeskError(error), FIELDS);
      setErrors(fields);
      setFormError(rest);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="add-account-title">
      <h2 id="add-account-title">Add account</h2>
      <p className="muted">
        Create an API key in the exchange’s API settings and paste it here. Exchange Desk checks the
        key with a harmless read before saving it in the system keychain.
      </p>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <TextField
          id="add-name"
          label="Name"
          value={values.name}
          onChange={change('name')}
          error={errors.name}
          autoComplete="off"
          maxLength={60}
        />
        <div className="field">
          <label htmlFor="add-region">Region</label>
          <select
            id="add-region"
            value={values.region}
            onChange={(e) => change('region')(e.target.value)}
            aria-invalid={errors.region ? true : undefined}
            aria-describedby={errors.region ? 'add-region-error' : undefined}
          >
            <option value="global">Global</option>
            <option value="eu">EU</option>
            <option value="custom">Custom address</option>
          </select>
          {errors.region ? (
            <p className="field-error" id="add-region-error">
              {errors.region}
            </p>
          ) : null}
        </div>
        {values.region === 'custom' ? (
          <TextField
            id="add-custom-url"
            label="Custom address"
            value={values.customUrl}
            onChange={change('customUrl')}
            error={errors.customUrl}
            placeholder="https://exchange.example"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
          />
        ) : null}
        <TextField
          id="add-api-key"
          label="API key"
          value={values.apiKey}
          onChange={change('apiKey')}
          error={errors.apiKey}
          autoComplete="off"
          spellCheck={false}
          className="mono"
        />
        <TextField
          id="add-api-secret"
          label="API secret"
          value={values.apiSecret}
          onChange={change('apiSecret')}
          error={errors.apiSecret}
          className="mono"
          {...secretInputProps}
        />
        {formError ? (
          <p className="form-alert" role="alert">
            {formError}
          </p>
        ) : null}
        {notice ? (
          <p className="form-notice" role="status">
            {notice}
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Checking key…' : 'Add account'}
          </button>
        </div>
      </form>
    </section>
  );
}
