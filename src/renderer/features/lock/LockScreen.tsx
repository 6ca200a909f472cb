import { useState } from 'react';
import { contract } from '../../../shared/contract';
import { TextField } from '../../components/Field';
import { useForm } from '../../lib/useForm';
import { useLockStore } from './lockStore';
import { formatWait, useTimeLeft } from './wait';

/** The whole window while locked: nothing of the app is rendered behind it. */
export function LockScreen() {
  const retry = useLockStore((s) => s.retry);
  const retryAt = useLockStore((s) => s.state?.retryAt);
  const readError = useLockStore((s) => s.state?.error);
  const [retrying, setRetrying] = useState(false);
  const waitLeft = useTimeLeft(retryAt);
  const waiting = waitLeft > 0;
  const form = useForm({
    initial: { passcode: '' },
    fields: ['passcode'],
    schema: contract.lock.unlock.input,
    check: (v, found) => ({
      ...found,
      passcode: v.passcode === '' ? 'Enter the passcode.' : found['passcode'],
    }),
    submit: ({ passcode }) => useLockStore.getState().unlock(passcode),
    server: {
      message(error) {
        // A wait main knows of is counted down below the field instead of repeated under it.
        const counted =
          error.code === 'LOCK_WAIT' && (useLockStore.getState().state?.retryAt ?? 0) > Date.now();
        // An unreadable lock is explained above the field.
        return counted || error.code === 'LOCK_UNREADABLE' ? null : undefined;
      },
    },
    failed: () => ({ passcode: '' }),
    blocked: waiting,
  });
  const { busy } = form;

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
      <form className="lock-panel" onSubmit={form.onSubmit} noValidate>
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
