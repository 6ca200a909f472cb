import { useState } from 'react';
import { addProfileInput, type ChannelInput } from '../../../shared/contract';
import { secretInputProps, SelectField, TextField } from '../../components/Field';
import { useForm } from '../../lib/useForm';
import { useProfilesStore } from './profilesStore';
import { NEEDS_KEYCHAIN, useKeychainReady } from './profilesStore';

type RegionChoice = ChannelInput<'profiles.add'>['region'];

interface Values {
  name: string;
  region: RegionChoice;
  customUrl: string;
  apiKey: string;
  apiSecret: string;
}

const EMPTY: Values = { name: '', region: 'global', customUrl: '', apiKey: '', apiSecret: '' };
const FIELDS = ['name', 'region', 'customUrl', 'apiKey', 'apiSecret'] as const;
const REGIONS: { value: RegionChoice; label: string }[] = [
  { value: 'global', label: 'Global' },
  { value: 'eu', label: 'EU' },
  { value: 'custom', label: 'Custom address' },
];

/**
 * Adds an account: checks the values with the contract's schema, then main verifies the key before
 * storing it in the keychain. The values (the secret too) live in this component's state only: kept
 * on failure so the user can fix them, cleared on success.
 */
export function AddAccountForm() {
  const keychain = useKeychainReady();
  const [notice, setNotice] = useState<string | undefined>();
  const form = useForm({
    initial: EMPTY,
    fields: FIELDS,
    schema: addProfileInput,
    input: (v: Values) => ({ ...v, customUrl: v.region === 'custom' ? v.customUrl : undefined }),
    async submit(input) {
      await useProfilesStore.getState().add(input);
      setNotice(`Added “${input.name}”. Its key works and is saved in the keychain.`);
      return EMPTY;
    },
  });
  const { busy, errors, formError } = form;
  /** A text field bound to the form; editing also clears the notice of the last success. */
  const bind = (field: Exclude<keyof Values, 'region'>) => {
    const bound = form.bind(field);
    return {
      ...bound,
      onChange(value: string) {
        bound.onChange(value);
        setNotice(undefined);
      },
    };
  };

  return (
    <section className="card" aria-labelledby="add-account-title">
      <h2 id="add-account-title">Add account</h2>
      <p className="muted">
        Create an API key in the exchange’s API settings and paste it here. Exchange Desk checks the
        key with a harmless read before saving it in the system keychain.
      </p>
      <form
        className="form"
        onSubmit={(event) => {
          setNotice(undefined);
          form.onSubmit(event);
        }}
        noValidate
        aria-busy={busy}
      >
        <TextField id="add-name" label="Name" {...bind('name')} autoComplete="off" maxLength={60} />
        <SelectField
          id="add-region"
          label="Region"
          value={form.values.region}
          options={REGIONS}
          onChange={(region) => {
            form.set('region', region);
            setNotice(undefined);
          }}
          error={errors['region']}
        />
        {form.values.region === 'custom' ? (
          <TextField
            id="add-custom-url"
            label="Custom address"
            {...bind('customUrl')}
            placeholder="https://exchange.example"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
          />
        ) : null}
        <TextField
          id="add-api-key"
          label="API key"
          {...bind('apiKey')}
          autoComplete="off"
          spellCheck={false}
          className="mono"
        />
        <TextField
          id="add-api-secret"
          label="API secret"
          {...bind('apiSecret')}
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
          <button type="submit" className="btn btn-primary" disabled={busy || !keychain}>
            {busy ? 'Checking key…' : 'Add account'}
          </button>
          {keychain ? null : <span className="muted small">{NEEDS_KEYCHAIN}</span>}
        </div>
      </form>
    </section>
  );
}
