import { useRef, useState, type FormEvent } from 'react';
import { asDeskError } from '../../../shared/errors';
import { TextField } from '../accounts/Field';
import { useLockStore } from './lockStore';

/** The whole window while locked: nothing of the app is rendered behind it. */
export function LockScreen() {
  const unlock = useLockStore((s) => s.unlock);
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
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
      setError(desk.fields?.passcode?.[0] ?? desk.message);
      setPasscode('');
    } finally {
      inFlight.current = false;
      setBusy(false);
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
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Unlocking…' : 'Unlock'}
        </button>
      </form>
    </main>
  );
}
