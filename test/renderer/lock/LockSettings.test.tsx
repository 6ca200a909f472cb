import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LockSettings } from '../../../src/renderer/features/lock/LockSettings';
import { useLockStore } from '../../../src/renderer/features/lock/lockStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { LockState } from '../../../src/shared/model';
import { resetStores, unlocked } from '../accounts/fixtures';
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
});
