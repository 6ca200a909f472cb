import { EXECUTED_LIMIT } from '../../../shared/executed';
import { useState } from 'react';
import type { OAuthState, ProfileSummary } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import type { Remote } from '../../lib/remote';
import { deskFieldErrors } from '../../lib/parseForm';
import { fullDate } from './format';
import { usePartnerHistory, type ExecutedOrdersData } from './partnerHistoryStore';
import { useProfilesStore } from './profilesStore';
import { RedirectSetting } from './OAuthRedirect';
import { PartnerForm } from './PartnerForm';

type History =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; count: number; markets: number; fetchedAt: number }
  | { state: 'failed'; message: string };

/** What the panel says of the order history slot (the Orders tab shares it). */
function historyState(slot: Remote<ExecutedOrdersData>): History {
  if (slot.loading) return { state: 'loading' };
  if (slot.error) return { state: 'failed', message: slot.error.message };
  if (!slot.data) return { state: 'idle' };
  const lists = Object.values(slot.data.orders);
  return {
    state: 'loaded',
    count: lists.reduce((n, list) => n + list.length, 0),
    markets: lists.filter((l) => l.length > 0).length,
    fetchedAt: slot.data.fetchedAt,
  };
}

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
    // Named after its profile too: every card has one, and landmarks need names of their own.
    <section className="subsection" aria-label={`Partner app (order history) of ${profile.name}`}>
      <h4 id={headingId}>Partner app (order history)</h4>
      {body}
    </section>
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
      const start = await useProfilesStore.getState().connectOAuth(profile.id);
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
  const slot = usePartnerHistory();
  const loadHistory = usePartnerHistory((s) => s.loadLatest);
  const history = historyState(slot);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const expires = profile.oauth.refreshExpiresAt;

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
        <span className="badge badge-ok">Connected</span> · renews itself while the app is in use
        {expires ? (
          <span className="muted">
            {' '}
            (connect again only if unused until{' '}
            <time dateTime={new Date(expires).toISOString()}>{fullDate(expires)}</time>)
          </span>
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
            {history.count >= EXECUTED_LIMIT
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
