import { useState, type FormEvent } from 'react';
import { contract } from '../../../shared/contract';
import type { OAuthState, ProfileSummary } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { getDesk } from '../../lib/desk';
import {
  deskFieldErrors,
  issuesToFields,
  secretInputProps,
  TextField,
  type FieldErrors,
} from './Field';
import { fullDate } from './format';
import { useProfilesStore } from './profilesStore';

type History =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; count: number; markets: number; fetchedAt: number }
  | { state: 'failed'; message: string };

/** The most the order-history endpoint returns in one page (§6). */
const HISTORY_LIMIT = 500;
/**
 * The partner (OAuth) app of one profile, used for order history: its client id and secret, the
 * connect flow (approved in the browser; the result arrives as a `profiles.changed` event),
 * the connection and the history it gives access to.
 */
export function OAuthSection({ profile, active }: { profile: ProfileSummary; active: boolean }) {
  const { oauth } = profile;
  const [editingPartner, setEditingPartner] = useState(false);
  const headingId = `oauth-${profile.id}-title`;

  let body;
  if (!oauth.partnerConfigured || editingPartner) {
    body = (
      <PartnerForm
        profile={profile}
        onDone={oauth.partnerConfigured ? () => setEditingPartner(false) : undefined}
      />
    );
  } else if (!oauth.connected) {
    body = <ConnectPanel profile={profile} onChangePartner={() => setEditingPartner(true)} />;
  } else {
    body = (
      <ConnectedPanel
        profile={profile}
        active={active}
        onChangePartner={() => setEditingPartner(true)}
      />
    );
  }

  return (
    <section className="subsection" aria-labelledby={headingId}>
      <h4 id={headingId}>Partner app (order history)</h4>
      {body}
    </section>
  );
}

function PartnerForm({
  profile,
  onDone,
}: {
  profile: ProfileSummary;
  onDone?: (() => void) | undefined;
}) {
  const setPartner = useProfilesStore((s) => s.setPartner);
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const idBase = `partner-${profile.id}`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const parsed = contract.oauth.setPartner.input.safeParse({
      profileId: profile.id,
      clientId,
      clientSecret,
    });
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await setPartner(parsed.data);
      setClientSecret('');
      setClientId('');
      onDone?.();
    } catch (error) {
      const { fields, rest } = deskFieldErrors(asDeskError(error), ['clientId', 'clientSecret']);
      setErrors(fields);
      setFormError(rest);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form form-compact" onSubmit={(e) => void save(e)} noValidate>
      <p className="muted">
        Order history comes through a partner app you register with the exchange. Paste its client
        id and secret; they are kept in the keychain.
      </p>
      <RedirectUri />
      <TextField
        id={`${idBase}-id`}
        label="Client id"
        value={clientId}
        onChange={(v) => {
          setClientId(v);
          setErrors((e) => ({ ...e, clientId: undefined }));
        }}
        error={errors.clientId}
        autoComplete="off"
        spellCheck={false}
        className="mono"
      />
      <TextField
        id={`${idBase}-secret`}
        label="Client secret"
        value={clientSecret}
        onChange={(v) => {
          setClientSecret(v);
          setErrors((e) => ({ ...e, clientSecret: undefined }));
        }}
        error={errors.clientSecret}
        className="mono"
        {...secretInputProps}
      />
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save partner app'}
        </button>
        {onDone ? (
          <button type="button" className="btn btn-secondary" onClick={onDone} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

function ConnectPanel({
  profile,
  onChangePartner,
}: {
  profile: ProfileSummary;
  onChangePartner(): void;
}) {
  // The OAuth state seen when Connect was pressed: we wait until a newer one says how it went.
  const [waitingFrom, setWaitingFrom] = useState<OAuthState | undefined>();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // Connect could not listen on the redirect port: said under the port field.
  const [portError, setPortError] = useState<string | undefined>();
  const { oauth } = profile;
  const waiting =
    waitingFrom !== undefined && (oauth === waitingFrom || (!oauth.connected && !oauth.error));

  async function connect() {
    setStarting(true);
    setError(undefined);
    setPortError(undefined);
    const before = oauth;
    try {
      const start = await getDesk().oauth.connect({ profileId: profile.id });
      if (!start.openedExternally) window.open(start.authorizeUrl, '_blank', 'noopener,noreferrer');
      setWaitingFrom(before);
    } catch (failure) {
      const { fields, rest } = deskFieldErrors(asDeskError(failure), ['oauthPort']);
      setPortError(fields['oauthPort']);
      setError(rest);
    } finally {
      setStarting(false);
    }
  }

  return (
    <div className="oauth-panel">
      <p className="muted">Not connected.</p>
      <RedirectSetting
        idBase={`oauth-${profile.id}`}
        connectError={portError}
        onEdit={() => setPortError(undefined)}
      />
      {waiting ? (
        <p className="result result-wait" role="status">
          Waiting for approval in your browser…
        </p>
      ) : oauth.error ? (
        <p className="result result-bad" role="alert">
          Connecting failed: {oauth.error}
        </p>
      ) : null}
      {error ? (
        <p className="result result-bad" role="alert">
          {error}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void connect()}
          disabled={starting}
        >
          {starting ? 'Opening…' : waiting ? 'Connect again' : 'Connect'}
        </button>
        <button type="button" className="btn btn-link" onClick={onChangePartner}>
          Change partner app
        </button>
      </div>
    </div>
  );
}

function ConnectedPanel({
  profile,
  active,
  onChangePartner,
}: {
  profile: ProfileSummary;
  active: boolean;
  onChangePartner(): void;
}) {
  const disconnect = useProfilesStore((s) => s.disconnect);
  const [history, setHistory] = useState<History>({ state: 'idle' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const expires = profile.oauth.refreshExpiresAt;

  async function loadHistory() {
    setHistory({ state: 'loading' });
    try {
      const orders = await getDesk().orders.history({ limit: HISTORY_LIMIT });
      const lists = Object.values(orders);
      setHistory({
        state: 'loaded',
        count: lists.reduce((n, list) => n + list.length, 0),
        markets: lists.filter((l) => l.length > 0).length,
        fetchedAt: Date.now(),
      });
    } catch (failure) {
      setHistory({ state: 'failed', message: asDeskError(failure).message });
    }
  }

  async function stop() {
    setBusy(true);
    setError(undefined);
    try {
      await disconnect(profile.id);
    } catch (failure) {
      setError(asDeskError(failure).message);
      setBusy(false);
    }
  }

  return (
    <div className="oauth-panel">
      <p>
        <span className="badge badge-ok">Connected</span> · access token renews automatically
        {expires ? (
          <>
            {' '}
            · connection expires{' '}
            <time dateTime={new Date(expires).toISOString()}>{fullDate(expires)}</time>
          </>
        ) : null}
      </p>
      <div className="actions">
        {active ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void loadHistory()}
            disabled={history.state === 'loading'}
          >
            {history.state === 'loading' ? 'Loading order history…' : 'Load order history'}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void stop()}
          disabled={busy}
        >
          {busy ? 'Disconnecting…' : 'Disconnect'}
        </button>
        <button type="button" className="btn btn-link" onClick={onChangePartner}>
          Change partner app
        </button>
      </div>
      {!active ? <p className="muted">Use this account to load its order history.</p> : null}
      <div aria-live="polite">
        {history.state === 'loaded' ? (
          <p className="result result-ok" title={`Loaded at ${fullDate(history.fetchedAt)}`}>
            {history.count >= HISTORY_LIMIT
              ? `The latest ${history.count} orders`
              : `${history.count === 1 ? '1 order' : `${history.count} orders`} in the history`}
            {history.count > 0
              ? ` (${history.markets === 1 ? '1 market' : `${history.markets} markets`})`
              : ''}
            .
          </p>
        ) : null}
        {history.state === 'failed' ? (
          <p className="result result-bad" role="alert">
            {history.message}
          </p>
        ) : null}
      </div>
      {error ? (
        <p className="result result-bad" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The redirect URI to register in the partner app (plain text the user can select and copy). */
function RedirectUri() {
  const redirect = useProfilesStore((s) => s.state?.oauthRedirect);
  if (!redirect) return null;
  return (
    <p className="muted">
      Register this redirect URI in your partner app: <code>{redirect.redirectUri}</code>
    </p>
  );
}

/**
 * The redirect URI and the port it listens on (app-wide, 53682 unless changed), for a port another
 * program already uses. Messages (a refused port, a port Connect found taken, saved) go under the
 * field.
 */
function RedirectSetting({
  idBase,
  connectError,
  onEdit,
}: {
  idBase: string;
  connectError: string | undefined;
  onEdit(): void;
}) {
  const redirect = useProfilesStore((s) => s.state?.oauthRedirect);
  const setOAuthPort = useProfilesStore((s) => s.setOAuthPort);
  const current = redirect?.port;
  const [text, setText] = useState(current === undefined ? '' : String(current));
  const [seen, setSeen] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (current !== seen) {
    // The port changed in main (saved here or in another card): show it.
    setSeen(current);
    setText(current === undefined ? '' : String(current));
  }
  if (!redirect) return null;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setNotice(undefined);
    const typed = text.trim();
    const parsed = contract.profiles.setOAuthPort.input.safeParse({
      port: /^\d+$/.test(typed) ? Number(typed) : Number.NaN,
    });
    if (!parsed.success) {
      setError(issuesToFields(parsed.error.issues)['port']);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await setOAuthPort(parsed.data.port);
      setNotice('Saved. Register the new redirect URI in your partner app before connecting.');
    } catch (failure) {
      const { fields, rest } = deskFieldErrors(asDeskError(failure), ['port']);
      setError(fields['port'] ?? rest);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <RedirectUri />
      <form className="form form-compact port-form" onSubmit={(e) => void save(e)} noValidate>
        <TextField
          id={`${idBase}-port`}
          label="Redirect port"
          value={text}
          onChange={(v) => {
            setText(v);
            setError(undefined);
            setNotice(undefined);
            onEdit();
          }}
          error={error ?? connectError}
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
