import { useState, type FormEvent } from 'react';
import { contract } from '../../../shared/contract';
import type { ProfileSummary } from '../../../shared/model';
import { asDeskError } from '../../../shared/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/Field';
import { fullDate, regionLabel, relativeTime } from './format';
import { OAuthSection } from './OAuthSection';
import { useProfilesStore } from './profilesStore';

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'ok'; missing: string[] }
  | { state: 'failed'; message: string };

interface ProfileCardProps {
  profile: ProfileSummary;
  active: boolean;
  now: number;
}

/** One account: what it is, its key and checks, its actions, and its partner-app connection. */
export function ProfileCard({ profile, active, now }: ProfileCardProps) {
  const activate = useProfilesStore((s) => s.activate);
  const verify = useProfilesStore((s) => s.verify);
  const [busy, setBusy] = useState<'activate' | undefined>();
  const [actionError, setActionError] = useState<string | undefined>();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);

  async function use() {
    setBusy('activate');
    setActionError(undefined);
    try {
      await activate(profile.id);
    } catch (error) {
      setActionError(asDeskError(error).message);
    } finally {
      setBusy(undefined);
    }
  }

  async function checkKey() {
    setCheck({ state: 'checking' });
    try {
      const summary = await verify(profile.id);
      setCheck({ state: 'ok', missing: summary.missingPermissions });
    } catch (error) {
      setCheck({ state: 'failed', message: asDeskError(error).message });
    }
  }

  return (
    <li
      className={active ? 'card profile-card profile-active' : 'card profile-card'}
      aria-label={profile.name}
      data-testid={`profile-${profile.id}`}
    >
      <div className="profile-head">
        {renaming ? (
          <RenameForm profile={profile} onDone={() => setRenaming(false)} />
        ) : (
          <h3 className="profile-title">
            {profile.name}
            {active ? <span className="badge badge-active">Active</span> : null}
          </h3>
        )}
        <span className="chip">{regionLabel(profile)}</span>
      </div>

      <dl className="profile-facts">
        <div>
          <dt>Key</dt>
          <dd className="mono">{profile.keyHint ? `•••• ${profile.keyHint}` : 'No key'}</dd>
        </div>
        {!profile.isDemo ? (
          <div>
            <dt>Checked</dt>
            <dd>
              {profile.verifiedAt ? (
                <span title={fullDate(profile.verifiedAt)}>
                  verified {relativeTime(profile.verifiedAt, now)}
                </span>
              ) : (
                'not verified yet'
              )}
            </dd>
          </div>
        ) : (
          <div>
            <dt>Exchange</dt>
            <dd>Built-in demo exchange: no real funds</dd>
          </div>
        )}
      </dl>

      {profile.missingPermissions.length > 0 ? (
        <p className="chip chip-warn">This key lacks: {profile.missingPermissions.join(', ')}</p>
      ) : null}

      <div className="actions">
        {!active ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void use()}
            disabled={busy === 'activate'}
          >
            {busy === 'activate' ? 'Switching…' : 'Use this account'}
          </button>
        ) : null}
        {!profile.isDemo && !renaming ? (
          <button type="button" className="btn btn-secondary" onClick={() => setRenaming(true)}>
            Rename
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void checkKey()}
          disabled={check.state === 'checking'}
        >
          {check.state === 'checking' ? 'Checking key…' : 'Check key'}
        </button>
        {!profile.isDemo ? (
          <button type="button" className="btn btn-danger-quiet" onClick={() => setRemoving(true)}>
            Remove
          </button>
        ) : (
          <button type="button" className="btn btn-danger-quiet" onClick={() => setRemoving(true)}>
            Reset demo data
          </button>
        )}
      </div>
      <div aria-live="polite">
        {check.state === 'ok' ? (
          <p className="result result-ok">
            The key works.
            {check.missing.length > 0
              ? ` It lacks: ${check.missing.join(', ')}.`
              : ' It has every permission Exchange Desk uses.'}
          </p>
        ) : null}
        {check.state === 'failed' ? (
          <p className="result result-bad" role="alert">
            {check.message}
          </p>
        ) : null}
        {actionError ? (
          <p className="result result-bad" role="alert">
            {actionError}
          </p>
        ) : null}
      </div>

      <OAuthSection profile={profile} active={active} />

      {removing && profile.isDemo ? <ResetDemoDialog onClose={() => setRemoving(false)} /> : null}
      {removing && !profile.isDemo ? (
        <RemoveDialog profile={profile} onClose={() => setRemoving(false)} />
      ) : null}
    </li>
  );
}

function RenameForm({ profile, onDone }: { profile: ProfileSummary; onDone(): void }) {
  const rename = useProfilesStore((s) => s.rename);
  const [name, setName] = useState(profile.name);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = `rename-${profile.id}`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = contract.profiles.rename.input.safeParse({ id: profile.id, name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the name.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await rename(profile.id, parsed.data.name);
      onDone();
    } catch (failure) {
      const desk = asDeskError(failure);
      setError(desk.fields?.name?.[0] ?? desk.message);
      setBusy(false);
    }
  }

  return (
    <form className="rename-form" onSubmit={(e) => void save(e)} noValidate>
      <TextField
        id={id}
        label={`New name for “${profile.name}”`}
        value={name}
        onChange={(v) => {
          setName(v);
          setError(undefined);
        }}
        error={error}
        autoComplete="off"
        autoFocus
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
      />
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RemoveDialog({ profile, onClose }: { profile: ProfileSummary; onClose(): void }) {
  const remove = useProfilesStore((s) => s.remove);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      await remove(profile.id);
      onClose();
    } catch (failure) {
      setError(asDeskError(failure).message);
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      title={`Remove “${profile.name}”?`}
      confirmLabel={busy ? 'Removing…' : 'Remove'}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>Its key is deleted from the keychain.</p>
    </ConfirmDialog>
  );
}

function ResetDemoDialog({ onClose }: { onClose(): void }) {
  const resetDemo = useProfilesStore((s) => s.resetDemo);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      await resetDemo();
      onClose();
    } catch (failure) {
      setError(asDeskError(failure).message);
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      title="Reset the demo exchange?"
      confirmLabel={busy ? 'Resetting…' : 'Reset demo data'}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>
        Balances, orders, flex investments and sub-accounts of the Demo account go back to where
        they started. Your real accounts are not touched.
      </p>
    </ConfirmDialog>
  );
}
