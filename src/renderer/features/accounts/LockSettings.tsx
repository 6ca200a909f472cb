import { useState } from 'react';
import { contract } from '../../../shared/contract';
import { asDeskError } from '../../../shared/errors';
import { TextField } from '../../components/Field';
import type { FieldErrors } from '../../lib/parseForm';
import { useForm } from '../../lib/useForm';
import { useLockStore } from '../lock';
import { NEEDS_KEYCHAIN, useKeychainReady } from './profilesStore';

/** The contract's rule for the idle time, worded for the minutes field. */
const MINUTES = 'Enter a whole number of minutes from 1 to 240.';
const NOT_SAME = 'The two passcodes are not the same.';

/** The minutes as typed: a whole number, or NaN for anything else (the contract refuses it). */
const minutesOf = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

/** Both new passcode fields blank: the change keeps the current passcode. */
const keeps = (v: { passcode: string; confirm: string }) => v.passcode === '' && v.confirm === '';

const minutesProps = {
  label: 'Lock after (minutes idle)',
  type: 'number',
  min: 1,
  max: 240,
  step: 1,
  inputMode: 'numeric',
  className: 'input-short',
} as const;

/**
 * The app lock card: set a passcode and idle time, lock now, change them or turn the lock off
 * (both ask for the current passcode).
 */
export function LockSettings() {
  const state = useLockStore((s) => s.state);
  const error = useLockStore((s) => s.error);
  return (
    <section className="card" aria-labelledby="lock-title">
      <h2 id="lock-title">App lock</h2>
      {state === undefined ? (
        error ? (
          <p className="result result-bad" role="alert">
            The lock settings could not be loaded: {error}
          </p>
        ) : (
          <p className="muted">Loading…</p>
        )
      ) : state.enabled ? (
        <LockEnabled idleMinutes={state.idleMinutes} />
      ) : (
        <LockSetup />
      )}
    </section>
  );
}

function FormAlert({ message }: { message: string | undefined }) {
  return message ? (
    <p className="form-alert" role="alert">
      {message}
    </p>
  ) : null;
}

function LockSetup() {
  const keychain = useKeychainReady();
  const form = useForm({
    initial: { passcode: '', confirm: '', idleMinutes: '5' },
    fields: ['passcode', 'confirm', 'idleMinutes'],
    schema: contract.lock.configure.input,
    input: (v) => ({ passcode: v.passcode, idleMinutes: minutesOf(v.idleMinutes) }),
    messages: { idleMinutes: MINUTES },
    check: (v, found) => ({ ...found, confirm: v.confirm !== v.passcode ? NOT_SAME : undefined }),
    submit: ({ passcode, idleMinutes }) => useLockStore.getState().configure(passcode, idleMinutes),
  });
  const { busy } = form;

  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      <p className="muted">
        Ask for a passcode when Exchange Desk starts and after it has been idle. The passcode is
        kept (hashed) in the keychain.
      </p>
      <TextField
        id="lock-passcode"
        label="Passcode"
        {...form.bind('passcode')}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        id="lock-confirm"
        label="Confirm passcode"
        {...form.bind('confirm')}
        type="password"
        autoComplete="new-password"
      />
      <TextField id="lock-minutes" {...minutesProps} {...form.bind('idleMinutes')} />
      <FormAlert message={form.formError} />
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !keychain}>
          {busy ? 'Turning on…' : 'Turn on app lock'}
        </button>
        {keychain ? null : <span className="muted small">{NEEDS_KEYCHAIN}</span>}
      </div>
    </form>
  );
}

/** Change the passcode and idle time: the current passcode first (main checks it). */
function LockChange({ idleMinutes, onDone }: { idleMinutes: number; onDone(): void }) {
  const form = useForm({
    initial: { currentPasscode: '', passcode: '', confirm: '', idleMinutes: String(idleMinutes) },
    fields: ['currentPasscode', 'passcode', 'confirm', 'idleMinutes'],
    schema: contract.lock.configure.input,
    input: (v) => ({
      passcode: keeps(v) ? v.currentPasscode : v.passcode,
      idleMinutes: minutesOf(v.idleMinutes),
      currentPasscode: v.currentPasscode,
    }),
    messages: { idleMinutes: MINUTES },
    check: (v, found): FieldErrors => ({
      ...found,
      currentPasscode:
        v.currentPasscode === ''
          ? 'Enter the current passcode.'
          : (found['currentPasscode'] ?? (keeps(v) ? found['passcode'] : undefined)),
      passcode: keeps(v) ? undefined : found['passcode'],
      confirm: !keeps(v) && v.confirm !== v.passcode ? NOT_SAME : undefined,
    }),
    async submit({ passcode, idleMinutes, currentPasscode }) {
      await useLockStore.getState().configure(passcode, idleMinutes, currentPasscode);
      onDone();
    },
  });
  const { busy } = form;

  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      <TextField
        id="lock-current"
        label="Current passcode"
        {...form.bind('currentPasscode')}
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      <TextField
        id="lock-new"
        label="New passcode"
        {...form.bind('passcode')}
        hint="Leave both blank to keep the current passcode."
        type="password"
        autoComplete="new-password"
      />
      <TextField
        id="lock-new-confirm"
        label="Confirm new passcode"
        {...form.bind('confirm')}
        type="password"
        autoComplete="new-password"
      />
      <TextField id="lock-change-minutes" {...minutesProps} {...form.bind('idleMinutes')} />
      <FormAlert message={form.formError} />
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

/** Turning the lock off asks for the passcode (main checks it like an unlock). */
function LockOff({ onCancel }: { onCancel(): void }) {
  const form = useForm({
    initial: { passcode: '' },
    fields: ['passcode'],
    schema: contract.lock.disable.input,
    check: (v, found) => ({
      ...found,
      passcode: v.passcode === '' ? 'Enter the passcode.' : found['passcode'],
    }),
    submit: ({ passcode }) => useLockStore.getState().disable(passcode),
  });
  const { busy } = form;
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      <TextField
        id="lock-off-passcode"
        label="Passcode"
        value={form.values.passcode}
        onChange={(v) => {
          form.set('passcode', v);
          form.setFormError(undefined);
        }}
        // A refusal is about the passcode, whichever field it names.
        error={form.errors['passcode'] ?? form.formError}
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      <div className="actions">
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? 'Turning off…' : 'Turn off app lock'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function LockEnabled({ idleMinutes }: { idleMinutes: number }) {
  const lockNow = useLockStore((s) => s.lockNow);
  const [turningOff, setTurningOff] = useState(false);
  const [changing, setChanging] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function lock() {
    setError(undefined);
    try {
      await lockNow();
    } catch (failure) {
      setError(asDeskError(failure).message);
    }
  }

  return (
    <div>
      <p>
        <span className="badge badge-ok">On</span> Locks after{' '}
        {idleMinutes === 1 ? '1 minute' : `${idleMinutes} minutes`} idle.
      </p>
      {changing ? (
        <LockChange idleMinutes={idleMinutes} onDone={() => setChanging(false)} />
      ) : turningOff ? (
        <LockOff onCancel={() => setTurningOff(false)} />
      ) : (
        <>
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={() => void lock()}>
              Lock now
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setError(undefined);
                setChanging(true);
              }}
            >
              Change passcode
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setError(undefined);
                setTurningOff(true);
              }}
            >
              Turn off
            </button>
          </div>
          {error ? (
            <p className="result result-bad" role="alert">
              {error}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
