import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LockSettings } from '../../../src/renderer/features/accounts/LockSettings';
import { useLockStore } from '../../../src/renderer/features/lock/lockStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { LockState } from '../../../src/shared/model';
import { resetStores, unlocked } from './fixtures';
import { fakeDesk } from '../fakeDesk';

beforeEach(resetStores);
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

const on: LockState = { enabled: true, locked: false, idleMinutes: 5 };
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('App lock settings', () => {
  it('checks the passcode, its confirmation and the minutes before sending', () => {
    const fake = fakeDesk({});
    setDesk(fake.desk);
    useLockStore.setState({ state: unlocked });
    render(<LockSettings />);
    expect((screen.getByLabelText('Lock after (minutes idle)') as HTMLInputElement).value).toBe(
      '5',
    );
    type('Passcode', '12');
    type('Confirm passcode', '13');
    type('Lock after (minutes idle)', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on app lock' }));
    expect(screen.getByText('Use at least 4 characters.')).toBeTruthy();
    expect(screen.getByText('The two passcodes are not the same.')).toBeTruthy();
    expect(screen.getByLabelText('Confirm passcode').getAttribute('aria-describedby')).toBe(
      'lock-confirm-error',
    );
    expect(screen.getByText('Enter a whole number of minutes from 1 to 240.')).toBeTruthy();
    expect(fake.callsTo('lock.configure')).toHaveLength(0);
  });

  it('turns the lock on, then shows the idle time and Lock now', async () => {
    const fake = fakeDesk({
      'lock.configure': async () => ({ ...on, idleMinutes: 10 }),
      'lock.lockNow': async () => ({ ...on, locked: true }),
    });
    setDesk(fake.desk);
    useLockStore.setState({ state: unlocked });
    render(<LockSettings />);
    type('Passcode', '2468');
    type('Confirm passcode', '2468');
    type('Lock after (minutes idle)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on app lock' }));
    expect(await screen.findByText(/Locks after 10 minutes idle/)).toBeTruthy();
    expect(fake.callsTo('lock.configure')).toEqual([{ passcode: '2468', idleMinutes: 10 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Lock now' }));
    await screen.findByText(/Locks after/);
    expect(fake.callsTo('lock.lockNow')).toHaveLength(1);
  });

  it('turning off asks for the passcode and says so under it when wrong', async () => {
    const fake = fakeDesk({
      'lock.disable': async (input) => {
        if ((input as { passcode: string }).passcode !== '2468')
          throw {
            code: 'WRONG_PASSCODE',
            message: 'That passcode is not right.',
            fields: { passcode: ['That passcode is not right.'] },
          };
        return unlocked;
      },
    });
    setDesk(fake.desk);
    useLockStore.setState({ state: on });
    render(<LockSettings />);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    type('Passcode', '0000');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off app lock' }));
    expect(await screen.findByText('That passcode is not right.')).toBeTruthy();
    expect(screen.getByLabelText('Passcode').getAttribute('aria-invalid')).toBe('true');
    type('Passcode', '2468');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off app lock' }));
    expect(await screen.findByRole('button', { name: 'Turn on app lock' })).toBeTruthy();
  });

  it('changing the passcode asks for the current one and sends it', async () => {
    const fake = fakeDesk({
      'lock.configure': async (input) => {
        const { currentPasscode } = input as { currentPasscode?: string };
        if (currentPasscode !== '2468')
          throw {
            code: 'WRONG_PASSCODE',
            message: 'That passcode is not right.',
            fields: { currentPasscode: ['That passcode is not right.'] },
          };
        return { ...on, idleMinutes: 15 };
      },
    });
    setDesk(fake.desk);
    useLockStore.setState({ state: on });
    render(<LockSettings />);
    fireEvent.click(screen.getByRole('button', { name: 'Change passcode' }));
    expect((screen.getByLabelText('Lock after (minutes idle)') as HTMLInputElement).value).toBe(
      '5',
    );
    // The current passcode is required before anything is sent.
    type('New passcode', '1357');
    type('Confirm new passcode', '1357');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter the current passcode.')).toBeTruthy();
    expect(fake.callsTo('lock.configure')).toHaveLength(0);

    type('Current passcode', '0000');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That passcode is not right.')).toBeTruthy();
    expect(screen.getByLabelText('Current passcode').getAttribute('aria-invalid')).toBe('true');

    type('Current passcode', '2468');
    type('Lock after (minutes idle)', '15');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Locks after 15 minutes idle/)).toBeTruthy();
    expect(fake.callsTo('lock.configure').at(-1)).toEqual({
      passcode: '1357',
      idleMinutes: 15,
      currentPasscode: '2468',
    });
    expect(screen.queryByLabelText('Current passcode')).toBeNull();
  });

  it('shows the wait under the current passcode when main says to wait', async () => {
    const fake = fakeDesk({
      'lock.configure': async () => {
        throw {
          code: 'LOCK_WAIT',
          message: 'Too many wrong passcodes. Try again in 8 s.',
          fields: { currentPasscode: ['Wait 8 s before trying again.'] },
        };
      },
    });
    setDesk(fake.desk);
    useLockStore.setState({ state: on });
    render(<LockSettings />);
    fireEvent.click(screen.getByRole('button', { name: 'Change passcode' }));
    type('Current passcode', '2468');
    type('New passcode', '1357');
    type('Confirm new passcode', '1357');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Wait 8 s before trying again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Change passcode' })).toBeTruthy();
  });
});
