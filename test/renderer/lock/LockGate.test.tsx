import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LockGate } from '../../../src/renderer/features/lock/LockGate';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { LockState } from '../../../src/shared/model';
import { resetStores } from '../accounts/fixtures';
import { fakeDesk } from '../fakeDesk';

beforeEach(resetStores);
afterEach(() => {
  cleanup();
  setDesk(undefined);
  vi.useRealTimers();
});

const locked: LockState = { enabled: true, locked: true, idleMinutes: 5 };
const open: LockState = { enabled: true, locked: false, idleMinutes: 5 };

function App() {
  return <p>Balance 12.345 BTC</p>;
}

describe('LockGate', () => {
  it('when locked renders only the lock screen: nothing of the app is in the DOM', async () => {
    setDesk(fakeDesk({ 'lock.status': async () => locked }).desk);
    render(
      <LockGate>
        <App />
      </LockGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Exchange Desk is locked' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('12.345');
    expect(screen.getByLabelText('Passcode')).toBeTruthy();
  });

  it('shows nothing of the app before main says whether it is locked', () => {
    setDesk(fakeDesk({ 'lock.status': () => new Promise<LockState>(() => {}) }).desk);
    render(
      <LockGate>
        <App />
      </LockGate>,
    );
    expect(document.body.textContent).not.toContain('12.345');
  });

  it('says so under the input when the passcode is wrong, and unlocks with the right one', async () => {
    const fake = fakeDesk({
      'lock.status': async () => locked,
      'lock.unlock': async (input) => {
        if ((input as { passcode: string }).passcode !== '2468')
          throw {
            code: 'WRONG_PASSCODE',
            message: 'That passcode is not right.',
            fields: { passcode: ['That passcode is not right.'] },
          };
        return open;
      },
    });
    setDesk(fake.desk);
    render(
      <LockGate>
        <App />
      </LockGate>,
    );
    const input = await screen.findByLabelText('Passcode');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(screen.getByText('Enter the passcode.')).toBeTruthy();
    expect(fake.callsTo('lock.unlock')).toHaveLength(0);

    fireEvent.change(input, { target: { value: '1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('That passcode is not right.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).not.toContain('12.345');

    fireEvent.change(screen.getByLabelText('Passcode'), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Balance 12.345 BTC')).toBeTruthy();
    expect(screen.queryByLabelText('Passcode')).toBeNull();
  });

  it('after unlock, focus goes to the screen, never <body> (issue 32 point 9)', async () => {
    setDesk(fakeDesk({ 'lock.status': async () => locked, 'lock.unlock': async () => open }).desk);
    render(
      <LockGate>
        <main id="main-content" tabIndex={-1}>
          <App />
        </main>
      </LockGate>,
    );
    fireEvent.change(await screen.findByLabelText('Passcode'), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await screen.findByText('Balance 12.345 BTC');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('follows lock.changed: locks when main says so', async () => {
    const fake = fakeDesk({ 'lock.status': async () => open });
    setDesk(fake.desk);
    render(
      <LockGate>
        <App />
      </LockGate>,
    );
    expect(await screen.findByText('Balance 12.345 BTC')).toBeTruthy();
    act(() => fake.emit('lock.changed', locked));
    expect(screen.queryByText('Balance 12.345 BTC')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Exchange Desk is locked' })).toBeTruthy();
  });

  it('calls lockNow after the idle time, and activity restarts the wait', async () => {
    vi.useFakeTimers();
    const fake = fakeDesk({ 'lock.status': async () => open, 'lock.lockNow': async () => locked });
    setDesk(fake.desk);
    render(
      <LockGate>
        <App />
      </LockGate>,
    );
    await act(async () => {});
    expect(screen.getByText('Balance 12.345 BTC')).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(4 * 60_000));
    fireEvent.keyDown(window, { key: 'a' });
    await act(async () => vi.advanceTimersByTime(4 * 60_000));
    fireEvent.wheel(window);
    fireEvent.pointerDown(window);
    await act(async () => vi.advanceTimersByTime(4 * 60_000));
    expect(fake.callsTo('lock.lockNow')).toHaveLength(0);

    await act(async () => vi.advanceTimersByTime(60_000 + 10));
    expect(fake.callsTo('lock.lockNow')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Exchange Desk is locked' })).toBeTruthy();
  });

  it('has no idle timer when no lock is set, and stops it on unmount', async () => {
    vi.useFakeTimers();
    const fake = fakeDesk({
      'lock.status': async () => ({ enabled: false, locked: false, idleMinutes: 0 }),
    });
    setDesk(fake.desk);
    const view = render(
      <LockGate>
        <App />
      </LockGate>,
    );
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(60 * 60_000));
    expect(fake.callsTo('lock.lockNow')).toHaveLength(0);
    view.unmount();

    const fake2 = fakeDesk({ 'lock.status': async () => open, 'lock.lockNow': async () => locked });
    setDesk(fake2.desk);
    resetStores();
    const view2 = render(
      <LockGate>
        <App />
      </LockGate>,
    );
    await act(async () => {});
    view2.unmount();
    await act(async () => vi.advanceTimersByTime(10 * 60_000));
    expect(fake2.callsTo('lock.lockNow')).toHaveLength(0);
  });
});
