import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LockGate } from '../../../src/renderer/features/lock/LockGate';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { LockState } from '../../../src/shared/model';
import { resetStores } from '../accounts/fixtures';
import { fakeDesk } from '../fakeDesk';

/** The lock screen's wait after too many wrong passcodes, and a lock that could not be read. */
const T0 = Date.UTC(2025, 0, 2, 3, 4, 5);
const locked: LockState = { enabled: true, locked: true, idleMinutes: 5 };
const open: LockState = { enabled: true, locked: false, idleMinutes: 5 };

// The lock screen is its own chunk (LockGate loads it lazily): loaded once here, before the fake
// clock, so the gate shows it within the first act().
beforeAll(async () => {
  await import('../../../src/renderer/features/lock/LockScreen');
});
beforeEach(() => {
  resetStores();
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
  vi.useRealTimers();
});

function App() {
  return <p>Balance 12.345 BTC</p>;
}

const renderGate = () =>
  render(
    <LockGate>
      <App />
    </LockGate>,
  );
const unlockButton = () => screen.getByRole('button', { name: 'Unlock' }) as HTMLButtonElement;
const waitText = () => screen.queryByTestId('lock-wait')?.textContent ?? null;

describe('Lock screen: the wait after wrong passcodes', () => {
  it('a wrong passcode that starts a wait: counts down, Unlock disabled until it ends', async () => {
    let wait: number | undefined;
    const fake = fakeDesk({
      'lock.status': async () => (wait ? { ...locked, retryAt: wait } : locked),
      'lock.unlock': async (input) => {
        if ((input as { passcode: string }).passcode === '2468') return open;
        wait = Date.now() + 8000; // main: the fourth wrong one
        throw {
          code: 'WRONG_PASSCODE',
          message: 'That passcode is not right.',
          fields: { passcode: ['That passcode is not right.'] },
        };
      },
    });
    setDesk(fake.desk);
    renderGate();
    await act(async () => {});
    expect(waitText()).toBeNull();
    fireEvent.change(screen.getByLabelText('Passcode'), { target: { value: '1111' } });
    fireEvent.click(unlockButton());
    await act(async () => {});
    expect(screen.getByText('That passcode is not right.')).toBeTruthy();
    expect(waitText()).toBe('Too many wrong passcodes. Try again in 8 s.');
    expect(unlockButton().disabled).toBe(true);

    await act(async () => vi.advanceTimersByTime(3000));
    expect(waitText()).toBe('Too many wrong passcodes. Try again in 5 s.');
    expect(unlockButton().disabled).toBe(true);
    // Enter does nothing during the wait either.
    fireEvent.change(screen.getByLabelText('Passcode'), { target: { value: '2468' } });
    fireEvent.submit(unlockButton().closest('form')!);
    await act(async () => {});
    expect(fake.callsTo('lock.unlock')).toHaveLength(1);

    await act(async () => vi.advanceTimersByTime(5000));
    expect(waitText()).toBeNull();
    expect(unlockButton().disabled).toBe(false);
    fireEvent.click(unlockButton());
    await act(async () => {});
    expect(screen.getByText('Balance 12.345 BTC')).toBeTruthy();
  });

  it('a wait that is already running (after a restart) shows at once, in minutes too', async () => {
    setDesk(
      fakeDesk({ 'lock.status': async () => ({ ...locked, retryAt: T0 + 4 * 60_000 + 10_000 }) })
        .desk,
    );
    renderGate();
    await act(async () => {});
    expect(waitText()).toBe('Too many wrong passcodes. Try again in 4 min 10 s.');
    expect(unlockButton().disabled).toBe(true);
  });

  it('a LOCK_WAIT answer (the wait began elsewhere) picks up the wait from main', async () => {
    const fake = fakeDesk({
      'lock.status': vi
        .fn<() => Promise<LockState>>()
        .mockResolvedValueOnce(locked)
        .mockResolvedValue({ ...locked, retryAt: T0 + 2000 }),
      'lock.unlock': async () => {
        throw {
          code: 'LOCK_WAIT',
          message: 'Too many wrong passcodes. Try again in 2 s.',
          fields: { passcode: ['Wait 2 s before trying again.'] },
        };
      },
    });
    setDesk(fake.desk);
    renderGate();
    await act(async () => {});
    fireEvent.change(screen.getByLabelText('Passcode'), { target: { value: '2468' } });
    fireEvent.click(unlockButton());
    await act(async () => {});
    expect(waitText()).toBe('Too many wrong passcodes. Try again in 2 s.');
    expect(unlockButton().disabled).toBe(true);
  });
});

describe('Lock screen: the lock could not be read', () => {
  it('says why and offers Try again, which asks main to read the keychain again', async () => {
    const error =
      'The app lock could not be read from the keychain: The system keychain could not be used (locked). Unlock the login keychain in Keychain Access, then try again. Then choose Try again and enter your passcode.';
    const status = vi
      .fn<() => Promise<LockState>>()
      .mockResolvedValueOnce({ ...locked, error })
      .mockResolvedValueOnce({ ...locked, error })
      .mockResolvedValue(locked);
    const fake = fakeDesk({ 'lock.status': status });
    setDesk(fake.desk);
    renderGate();
    await act(async () => {});
    expect(screen.getByRole('alert').textContent).toContain('could not be read from the keychain');
    expect(document.body.textContent).not.toContain('12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(async () => {});
    expect(screen.getByRole('alert').textContent).toContain('Keychain Access');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByLabelText('Passcode')).toBeTruthy();
    expect(fake.callsTo('lock.status')).toHaveLength(3);
  });
});
