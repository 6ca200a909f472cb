import { useState } from 'react';
import { contract } from '../../../shared/contract';
import { Copyable } from '../../components/CopyButton';
import { TextField } from '../../components/Field';
import { useForm } from '../../lib/useForm';
import { useProfilesStore } from './profilesStore';

/** The OAuth redirect: the URI to register in the partner app, and the port it listens on. */

/** The redirect URI to register in the partner app (selectable text, and a copy button). */
export function RedirectUri() {
  const redirect = useProfilesStore((s) => s.state?.oauthRedirect);
  if (!redirect) return null;
  return (
    <p className="muted">
      Register this redirect URI in your partner app:{' '}
      <Copyable value={redirect.redirectUri} what="redirect URI">
        <code>{redirect.redirectUri}</code>
      </Copyable>
    </p>
  );
}

/**
 * The redirect URI and the port it listens on (app-wide, 53682 unless changed), for a port another
 * program already uses. Messages (a refused port, a port Connect found taken, saved) go under the
 * field.
 */
export function RedirectSetting({
  idBase,
  connectError,
  onEdit,
}: {
  idBase: string;
  connectError: string | undefined;
  onEdit(): void;
}) {
  const redirect = useProfilesStore((s) => s.state?.oauthRedirect);
  const current = redirect?.port;
  const [seen, setSeen] = useState(current);
  const [notice, setNotice] = useState<string | undefined>();
  const form = useForm({
    initial: { port: current === undefined ? '' : String(current) },
    fields: ['port'],
    schema: contract.profiles.setOAuthPort.input,
    input: ({ port }) => ({ port: /^\d+$/.test(port.trim()) ? Number(port.trim()) : Number.NaN }),
    async submit({ port }) {
      await useProfilesStore.getState().setOAuthPort(port);
      setNotice('Saved. Register the new redirect URI in your partner app before connecting.');
    },
  });
  if (current !== seen) {
    // The port changed in main (saved here or in another card): show it.
    setSeen(current);
    form.reset({ port: current === undefined ? '' : String(current) });
  }
  if (!redirect) return null;
  const { busy } = form;
  // A refusal that names no field is about the port too: it is the form's only field.
  const error = form.errors['port'] ?? form.formError ?? connectError;

  return (
    <>
      <RedirectUri />
      <form
        className="form form-compact port-form"
        onSubmit={(event) => {
          setNotice(undefined);
          form.onSubmit(event);
        }}
        noValidate
      >
        <TextField
          id={`${idBase}-port`}
          label="Redirect port"
          value={form.values.port}
          onChange={(v) => {
            form.set('port', v);
            form.setFormError(undefined);
            setNotice(undefined);
            onEdit();
          }}
          error={error}
          hint={notice}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          className="mono"
          size={6}
        />
        <div className="actions">
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {busy ? 'Saving…' : 'Save port'}
          </button>
        </div>
      </form>
    </>
  );
}
