import { useState, type FormEvent } from 'react';
import { asDeskError } from '../../../shared/errors';
import { deskFieldErrors, TextField, type FieldErrors } from '../accounts/Field';
import { useLockStore } from './lockStore';

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

function LockSetup() {
  const configure = useLockStore((s) => s.configure);
  const [passcode, setPasscode] = useState('');
  const [confirm, setConfirm] = useState('');
  const [minutes, setMinutes] = useState('5');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const next: FieldErrors = {};
    if (passcode.length < 4) next.passcode = 'Use at least 4 characters.';
    else if (passcode.length > 128) next.passcode = 'Use at most 128 characters.';
    if (confirm !== passcode) next.confirm = 'The two passcodes are not the same.';
    const idle = Number(minutes);
    if (!/^\d+$/.test(minutes.trim()) || idle < 1 || idle > 240)
      next.idleMinutes = 'Enter a whole number of minutes from 1 to 240.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await configure(passcode, idle);
    } catch (failure) {
      const { fields, rest } = deskFieldErrors(asDeskError(failure), ['passcode', 'idleMinutes']);
      setErrors(fields);
      setFormError(rest);
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="muted">
        Ask for a passcode when Exchange Desk starts and after it has been idle. The passcode is
        kept (hashed) in the keychain.
      </p>
      <TextField
        id="lock-passcode"
        label="Passcode"
        value={passcode}
        onChange={(v) => {
          setPasscode(v);
          setErrors((e) => ({ ...e, passcode: undefined }));
        }}
        error={errors.passcode}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        id="lock-confirm"
        label="Confirm passcode"
        value={confirm}
        onChange={(v) => {
          setConfirm(v);
          setErrors((e) => ({ ...e, confirm: undefined }));
        }}
        error={errors.confirm}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        id="lock-minutes"
        label="Lock after (minutes idle)"
        value={minutes}
        onChange={(v) => {
          setMinutes(v);
          setErrors((e) => ({ ...e, idleMinutes: undefined }));
        }}
        error={errors.idleMinutes}
        type="number"
        min={1}
        max={240}
        step={1}
        inputMode="numeric"
        className="input-short"
      />
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Turning on…' : 'Turn on app lock'}
        </button>
      </div>
    </form>
  );
}

/** Change the passcode and idle time: the current passcode first (main checks it). */
function LockChange({ idleMinutes, onDone }: { idleMinutes: number; onDone(): void }) {
  const configure = useLockStore((s) => s.configure);
  const [current, setCurrent] = useState('');
  const [passcode, setPasscode] = useState('');
  const [confirm, setConfirm] = useState('');
  const [minutes, setMinutes] = useState(String(idleMinutes));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const next: FieldErrors = {};
    if (current === '') next.currentPasscode = 'Enter the current passcode.';
    const keep = passcode === '' && confirm === '';
    if (!keep) {
      if (passcode.length < 4) next.passcode = 'Use at least 4 characters.';
      else if (passcode.length > 128) next.passcode = 'Use at most 128 characters.';
      if (confirm !== passcode) next.confirm = 'The two passcodes are not the same.';
    }
    const idle = Number(minutes);
    if (!/^\d+$/.test(minutes.trim()) || idle < 1 || idle > 240)
      next.idleMinutes = 'Enter a whole number of minutes from 1 to 240.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await configure(keep ? current : passcode, idle, current);
      onDone();
    } catch (failure) {
      const { fields, rest } = deskFieldErrors(asDeskError(failure), [
        'currentPasscode',
        'passcode',
        'idleMinutes',
      ]);
      setErrors(fields);
      setFormError(rest);
      setBusy(false);
    }
  }

  const clear = (key: string) => setErrors((e) => ({ ...e, [key]: undefined }));
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        id="lock-current"
        label="Current passcode"
        value={current}
        onChange={(v) => {
          setCurrent(v);
          clear('currentPasscode');
        }}
        error={errors.currentPasscode}
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      <TextField
        id="lock-new"
        label="New passcode"
        value={passcode}
        onChange={(v) => {
          setPasscode(v);
          clear('passcode');
        }}
        error={errors.passcode}
        hint="Leave both blank to keep the current passcode."
        type="password"
        autoComplete="new-password"
      />
      <TextField
        id="lock-new-confirm"
        label="Confirm new passcode"
        value={confirm}
        onChange={(v) => {
          setConfirm(v);
          clear('confirm');
        }}
        error={errors.confirm}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        id="lock-change-minutes"
        label="Lock after (minutes idle)"
        value={minutes}
        onChange={(v) => {
          setMinutes(v);
          clear('idleMinutes');
        }}
        error={errors.idleMinutes}
        type="number"
        min={1}
        max={240}
        step={1}
        inputMode="numeric"
        className="input-short"
      />
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : null}
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

function LockEnabled({ idleMinutes }: { idleMinutes: number }) {
  const lockNow = useLockStore((s) => s.lockNow);
  const disable = useLockStore((s) => s.disable);
  const [turningOff, setTurningOff] = useState(false);
  const [changing, setChanging] = useState(false);
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submitOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (passcode === '') {
      setError('Enter the passcode.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await disable(passcode);
    } catch (failure) {
      const desk = asDeskError(failure);
      setError(desk.fields?.passcode?.[0] ?? desk.message);
      setBusy(false);
    }
  }

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
        <form className="form" onSubmit={(e) => void submitOff(e)} noValidate>
          <TextField
            id="lock-off-passcode"
            label="Passcode"
            value={passcode}
            onChange={(v) => {
              setPasscode(v);
              setError(undefined);
            }}
            error={error}
            type="password"
            autoComplete="current-password"
            autoFocus
          />
          <div className="actions">
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {busy ? 'Turning off…' : 'Turn off app lock'}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setTurningOff(false);
                setPasscode('');
                setError(undefined);
              }}
              disabled={busy}
            >
              Cancel
            </button>
          </div>
        </form>
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
            <button type="button" className="btn btn-secondary" onClick={() => setTurningOff(true)}>
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
