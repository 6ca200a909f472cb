import { contract } from '../../../shared/contract';
import type { ProfileSummary } from '../../../shared/model';
import { secretInputProps, TextField } from '../../components/Field';
import { useForm } from '../../lib/useForm';
import { useProfilesStore } from './profilesStore';
import { RedirectUri } from './OAuthRedirect';
import { NEEDS_KEYCHAIN, useKeychainReady } from './profilesStore';

/** The partner app's client id and secret (kept in the keychain). */
export function PartnerForm({
  profile,
  onDone,
}: {
  profile: ProfileSummary;
  onDone?: (() => void) | undefined;
}) {
  // The Demo profile keeps its partner app in memory; any other in the keychain.
  const keychain = useKeychainReady() || profile.isDemo;
  const form = useForm({
    initial: { clientId: '', clientSecret: '' },
    fields: ['clientId', 'clientSecret'],
    schema: contract.oauth.setPartner.input,
    input: (values) => ({ profileId: profile.id, ...values }),
    async submit(input) {
      await useProfilesStore.getState().setPartner(input);
      onDone?.();
      return { clientId: '', clientSecret: '' };
    },
  });
  const { busy } = form;
  const idBase = `partner-${profile.id}`;

  return (
    <form className="form form-compact" onSubmit={form.onSubmit} noValidate>
      <p className="muted">
        Order history comes through a partner app you register with the exchange. Paste its client
        id and secret; they are kept in the keychain.
      </p>
      <RedirectUri />
      <TextField
        id={`${idBase}-id`}
        label="Client id"
        {...form.bind('clientId')}
        autoComplete="off"
        spellCheck={false}
        className="mono"
      />
      <TextField
        id={`${idBase}-secret`}
        label="Client secret"
        {...form.bind('clientSecret')}
        className="mono"
        {...secretInputProps}
      />
      {form.formError ? (
        <p className="form-alert" role="alert">
          {form.formError}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !keychain}>
          {busy ? 'Saving…' : 'Save partner app'}
        </button>
        {keychain ? null : <span className="muted small">{NEEDS_KEYCHAIN}</span>}
        {onDone ? (
          <button type="button" className="btn btn-secondary" onClick={onDone} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
