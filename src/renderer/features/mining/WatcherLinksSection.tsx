import { useEffect, useState, type FormEvent } from 'react';
import {
  WATCHER_LINK_CAP,
  WATCHER_LINK_CAP_MESSAGE,
  createWatcherLinkInput,
} from '../../../shared/contract';
import { asDeskError } from '../../../shared/errors';
import type { WatcherExpiry, WatcherLink, WatcherPermission } from '../../../shared/model';
import { Copyable } from '../../components/CopyButton';
import { DataAge } from '../../components/DataAge';
import { FieldError, SelectField, TextField } from '../../components/Field';
import { RefreshAlert, Time } from '../../components/ViewParts';
import { deskFieldErrors, parseForm, type FieldErrors } from '../../lib/parseForm';
import { useWatcherLinks } from './watcherLinksStore';

const FIELDS = ['name', 'permissions', 'liveUntil'] as const;
const PERMISSIONS: readonly { value: WatcherPermission; label: string }[] = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'workers', label: 'Workers' },
  { value: 'rewards', label: 'Rewards' },
];
/** Shortest first: the default is the shortest, as a link cannot be revoked. */
const EXPIRIES: readonly { value: WatcherExpiry; label: string }[] = [
  { value: '1h', label: '1 hour' },
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: 'always', label: 'Never (until the exchange removes it)' },
];

const permissionText = (permissions: readonly WatcherPermission[]) =>
  permissions.map((p) => PERMISSIONS.find((o) => o.value === p)?.label ?? p).join(', ');

function LinkItem({ link }: { link: WatcherLink }) {
  return (
    <li className="watcher-link">
      <div className="watcher-link-head">
        <strong>{link.name || 'Unnamed link'}</strong>
        <span className="muted small">
          {link.liveUntil === null ? (
            'Never expires'
          ) : (
            <>
              Expires <Time ms={link.liveUntil} />
            </>
          )}
        </span>
      </div>
      <Copyable value={link.link} what={`link ${link.name || link.id}`}>
        <span className="watcher-link-url mono">{link.link}</span>
      </Copyable>
      <span className="muted small">Shows: {permissionText(link.permissions)}</span>
    </li>
  );
}

/** The creation form: a name, what the link shows, how long it works (1 hour unless changed). */
function CreateForm({
  account,
  used,
  onDone,
  onCancel,
}: {
  account: string;
  used: number;
  onDone: (note: string) => void;
  onCancel: () => void;
}) {
  const create = useWatcherLinks((s) => s.create);
  const [name, setName] = useState(`watcher_${used + 1}`);
  const [permissions, setPermissions] = useState<WatcherPermission[]>(['dashboard']);
  const [liveUntil, setLiveUntil] = useState<WatcherExpiry>('1h');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (used >= WATCHER_LINK_CAP) {
      setFormError(WATCHER_LINK_CAP_MESSAGE);
      return;
    }
    const parsed = parseForm(createWatcherLinkInput, { account, name, permissions, liveUntil });
    if (!parsed.ok) {
      setErrors(parsed.fields);
      return;
    }
    setErrors({});
    setFormError(undefined);
    setBusy(true);
    try {
      await create(parsed.data);
      onDone(`The link ${parsed.data.name} was created: copy it from the list.`);
    } catch (error) {
      const { fields, rest } = deskFieldErrors(asDeskError(error), [...FIELDS]);
      setErrors(fields);
      setFormError(rest);
    } finally {
      setBusy(false);
    }
  }

  const toggle = (permission: WatcherPermission, on: boolean) =>
    setPermissions((list) =>
      on
        ? PERMISSIONS.map((p) => p.value).filter((p) => p === permission || list.includes(p))
        : list.filter((p) => p !== permission),
    );
  return (
    <form className="watcher-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        id="watcher-name"
        label="Link name"
        value={name}
        onChange={setName}
        error={errors.name}
        hint="Letters, digits and underscores."
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
      />
      <fieldset
        className="status-options"
        aria-describedby={errors.permissions ? 'watcher-permissions-error' : undefined}
      >
        <legend>The link shows</legend>
        <div className="checks">
          {PERMISSIONS.map((p) => (
            <label key={p.value} className="check">
              <input
                type="checkbox"
                checked={permissions.includes(p.value)}
                onChange={(e) => toggle(p.value, e.target.checked)}
              />
              {p.label}
            </label>
          ))}
        </div>
        <FieldError id="watcher-permissions-error" message={errors.permissions} />
      </fieldset>
      <SelectField<WatcherExpiry>
        id="watcher-expiry"
        label="Works for"
        value={liveUntil}
        options={EXPIRIES}
        onChange={setLiveUntil}
        error={errors.liveUntil}
      />
      <p className="muted small">
        Choose the shortest time that will do: a link cannot be revoked through the API.
      </p>
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          Create link
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The chosen account's read-only watcher links (to show its dashboard, workers or rewards to someone
 * without a key): the list, each link copyable, and the creation of one within the exchange's cap.
 */
export function WatcherLinksSection({ account }: { account: string }) {
  const remote = useWatcherLinks();
  const load = useWatcherLinks((s) => s.load);
  // What the section shows under the list, for the account it was opened for (another account
  // starts closed): the form, the refusal at the cap, or the note after a creation.
  const [panel, setPanel] = useState<{
    account: string;
    show: 'form' | 'refused' | 'note';
    note?: string;
  }>();
  useEffect(() => {
    void load({ account });
  }, [account, load]);
  const shown = panel?.account === account ? panel : undefined;
  const creating = shown?.show === 'form';
  const refused = shown?.show === 'refused';
  const note = shown?.show === 'note' ? shown.note : undefined;
  const close = () => setPanel(undefined);
  const data = remote.data?.account === account ? remote.data : undefined;
  const used = data?.links.length ?? 0;
  const atCap = used >= WATCHER_LINK_CAP;

  // At the cap nothing is asked of the exchange: it would refuse, and nothing can make room.
  const open = () => setPanel({ account, show: atCap ? 'refused' : 'form' });

  return (
    <section className="card mining-watchers" aria-labelledby="watchers-title">
      <div className="section-head">
        <h2 id="watchers-title">Watcher links</h2>
        <DataAge fetchedAt={data?.fetchedAt} loading={remote.loading} />
      </div>
      {remote.error ? (
        <RefreshAlert error={remote.error} onRetry={() => load({ account })} />
      ) : null}
      <p className="muted small" id="watchers-cap">
        {WATCHER_LINK_CAP_MESSAGE} {data ? `${account} has ${used} of ${WATCHER_LINK_CAP}.` : null}
      </p>
      {data ? (
        data.links.length ? (
          <ul className="watcher-links" aria-label={`Watcher links of ${account}`}>
            {data.links.map((l) => (
              <LinkItem key={l.id} link={l} />
            ))}
          </ul>
        ) : (
          <p className="muted">No watcher link yet.</p>
        )
      ) : remote.loading ? (
        <p className="muted">Loading…</p>
      ) : null}
      {note ? (
        <p role="status" className="muted small">
          {note}
        </p>
      ) : null}
      {refused && atCap ? (
        <p className="form-alert" role="alert">
          {WATCHER_LINK_CAP_MESSAGE}
        </p>
      ) : null}
      {creating && data ? (
        <CreateForm
          key={account}
          account={account}
          used={used}
          onDone={(text) => setPanel({ account, show: 'note', note: text })}
          onCancel={close}
        />
      ) : (
        <button
          type="button"
          className="btn btn-secondary"
          aria-describedby="watchers-cap"
          disabled={!data}
          onClick={open}
        >
          Create…
        </button>
      )}
    </section>
  );
}
