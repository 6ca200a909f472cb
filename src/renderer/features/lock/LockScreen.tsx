import { useRef, useState, type FormEvent } from 'react';
import { asDeskError } from '../../../shared/errors';
import { TextField } from '../accounts/Field';
import { useLockStore } from './lockStore';
import { formatWait, useTimeLeft } from './wait';

/** The whole window while locked: nothing of the app is rendered behind it. */
export function LockScreen() {
  const unlock = useLockStore((s) => s.unlock);
  const retry = useLockStore((s) => s.retry);
  const retryAt = useLockStore((s) => s.state?.retryAt);
  const readError = useLockStore((s) => s.state?.error);
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const inFlight = useRef(false);
  const waitLeft = useTimeLeft(retryAt);
  const waiting = waitLeft > 0;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || waiting) return;
    if (passcode === '') {
      setError('Enter the passcode.');
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await unlock(passcode);
    } catch (failure) {
      const desk = asDeskError(failure);
      // A wait main knows of is counted down below the field instead of repeated under it.
      const counted =
        desk.code === 'LOCK_WAIT' && (useLockStore.getState().state?.retryAt ?? 0) > Date.now();
      // An unreadable lock is explained above the field.
      if (!counted && desk.code !== 'LOCK_UNREADABLE')
        setError(desk.fields?.passcode?.[0] ?? desk.message);
      setPasscode('');
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  async function tryAgain() {
    setRetrying(true);
    try {
      await retry();
    } finally {
      setRetrying(false);
    }
  }

  return (
    <main className="lock-screen" data-testid="lock-screen">
      <form className="lock-panel" onSubmit={(e) => void submit(e)} noValidate>
        <div className="brand lock-brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          <span>Exchange Desk</span>
        </div>
        <h1>Exchange Desk is locked</h1>
        <p className="muted">Enter your passcode to continue.</p>
        {readError ? (
          <div className="banner banner-bad" role="alert">
            <p>{readError}</p>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void tryAgain()}
              disabled={retrying}
            >
              {retrying ? 'Trying…' : 'Try again'}
            </button>
          </div>
        ) : null}
        <TextField
          id="unlock-passcode"
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
        {waiting ? (
          <p className="form-alert" role="status" data-testid="lock-wait">
            Too many wrong passcodes. Try again in {formatWait(waitLeft)}.
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || waiting}>
          {busy ? 'Unlocking…' : 'Unlock'}
        </button>
      </form>
    </main>
  );
}
