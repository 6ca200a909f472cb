import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountsView } from '../../../src/renderer/features/accounts/AccountsView';
import { useLockStore } from '../../../src/renderer/features/lock/lockStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { ProfilesState } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { demo, profile, profilesState, resetStores, unlocked } from './fixtures';

beforeEach(() => {
  resetStores();
  useLockStore.setState({ state: unlocked });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

const card = (name: string) => screen.getByRole('listitem', { name });

describe('Accounts screen', () => {
  it('lists each profile with its region, key hint, check time, missing permissions and the active badge', async () => {
    const main = profile({ missingPermissions: ['Earn (flex)'] });
    const custom = profile({
      id: 'p-2',
      name: 'Own',
      region: 'custom',
      baseUrl: 'https://own.example',
      keyHint: '9a7c',
    });
    const state = profilesState([demo, main, custom], { activeId: 'p-1' });
    setDesk(fakeDesk({ 'profiles.list': async () => state }).desk);
    render(<AccountsView />);

    const mainCard = await screen.findByRole('listitem', { name: 'Main' });
    expect(within(mainCard).getByText('Global')).toBeTruthy();
    expect(within(mainCard).getByText('•••• 1234')).toBeTruthy();
    const verified = within(mainCard).getByText('verified 3 min ago');
    expect(verified.getAttribute('title')).toBeTruthy();
    expect(within(mainCard).getByText('This key lacks: Earn (flex)')).toBeTruthy();
    expect(within(mainCard).getByText('Active')).toBeTruthy();
    expect(within(mainCard).queryByRole('button', { name: 'Use this account' })).toBeNull();

    expect(within(card('Own')).getByText('Custom · https://own.example')).toBeTruthy();
    expect(within(card('Own')).queryByText('Active')).toBeNull();

    const demoCard = card('Demo');
    expect(within(demoCard).getByText('Demo', { selector: '.chip' })).toBeTruthy();
    expect(within(demoCard).queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(within(demoCard).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('shows the keychain banner with the fix as code, and says the Demo account keeps working', async () => {
    const state = profilesState([demo], {
      keychain: {
        available: false,
        message: 'No Secret Service is running to keep API keys in.',
        fix: 'Install one: `sudo apt install gnome-keyring`, then log in again.',
      },
    });
    setDesk(fakeDesk({ 'profiles.list': async () => state }).desk);
    render(<AccountsView />);
    const banner = await screen.findByTestId('keychain-banner');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(
      within(banner).getByText('No Secret Service is running to keep API keys in.'),
    ).toBeTruthy();
    expect(within(banner).getByText('sudo apt install gnome-keyring').tagName).toBe('CODE');
    expect(banner.textContent).toContain('The Demo account keeps working');
    expect(banner.textContent).toContain('nothing is stored in plain text');
  });

  it('shows the start-up notice about a profile that was not opened, and lets the user dismiss it', async () => {
    const notice =
      'The profile “Work” points to http://10.0.0.5, which Exchange Desk no longer accepts (use https, or http only for an exchange on 127.0.0.1). It was not opened; you are on Demo. Remove it and add it again with an https address.';
    const work = profile({ id: 'p-w', name: 'Work', region: 'custom', baseUrl: 'http://10.0.0.5' });
    setDesk(
      fakeDesk({ 'profiles.list': async () => profilesState([demo, work], { notice }) }).desk,
    );
    render(<AccountsView />);
    const banner = await screen.findByTestId('profiles-notice');
    expect(banner.textContent).toContain(notice);
    expect(card('Work')).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('profiles-notice')).toBeNull();
    expect(card('Work')).toBeTruthy();
  });

  it('has no keychain banner when the keychain works', async () => {
    setDesk(fakeDesk({ 'profiles.list': async () => profilesState() }).desk);
    render(<AccountsView />);
    await screen.findByRole('listitem', { name: 'Demo' });
    expect(screen.queryByTestId('keychain-banner')).toBeNull();
  });

  it('shows a loading state, then an error with a retry that loads again', async () => {
    let fail = true;
    const fake = fakeDesk({
      'profiles.list': async () => {
        if (fail) throw { code: 'BRIDGE', message: 'Failed to fetch' };
        return profilesState();
      },
    });
    setDesk(fake.desk);
    render(<AccountsView />);
    expect(screen.getByLabelText('Loading accounts')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Demo' })).toBeTruthy();
    expect(fake.callsTo('profiles.list')).toHaveLength(2);
  });

  it('makes another account the active one', async () => {
    const main = profile();
    const fake = fakeDesk({
      'profiles.list': async () => profilesState([demo, main]),
      'profiles.activate': async () => profilesState([demo, main], { activeId: 'p-1' }),
    });
    setDesk(fake.desk);
    render(<AccountsView />);
    const mainCard = await screen.findByRole('listitem', { name: 'Main' });
    fireEvent.click(within(mainCard).getByRole('button', { name: 'Use this account' }));
    expect(await within(card('Main')).findByText('Active')).toBeTruthy();
    expect(fake.callsTo('profiles.activate')).toEqual([{ id: 'p-1' }]);
    expect(within(card('Demo')).getByRole('button', { name: 'Use this account' })).toBeTruthy();
  });

  it('renames inline: checks the name, shows errors under it, saves, or cancels', async () => {
    const main = profile();
    const fake = fakeDesk({
      'profiles.list': async () => profilesState([demo, main]),
      'profiles.rename': async (input) => {
        const { name } = input as { name: string };
        if (name === 'Taken')
          throw { code: 'INVALID_INPUT', message: 'x', fields: { name: ['That name is taken.'] } };
        return profilesState([demo, { ...main, name }]);
      },
    });
    setDesk(fake.desk);
    render(<AccountsView />);
    const mainCard = await screen.findByRole('listitem', { name: 'Main' });
    fireEvent.click(within(mainCard).getByRole('button', { name: 'Rename' }));
    const field = within(mainCard).getByLabelText('New name for “Main”');

    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(within(mainCard).getByRole('button', { name: 'Save' }));
    expect(within(mainCard).getByText('Give the account a name.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsTo('profiles.rename')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'Taken' } });
    fireEvent.click(within(mainCard).getByRole('button', { name: 'Save' }));
    expect(await within(mainCard).findByText('That name is taken.')).toBeTruthy();

    fireEvent.click(within(mainCard).getByRole('button', { name: 'Cancel' }));
    expect(within(mainCard).queryByLabelText('New name for “Main”')).toBeNull();

    fireEvent.click(within(mainCard).getByRole('button', { name: 'Rename' }));
    fireEvent.change(within(mainCard).getByLabelText('New name for “Main”'), {
      target: { value: 'Savings' },
    });
    fireEvent.click(within(mainCard).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('listitem', { name: 'Savings' })).toBeTruthy();
    expect(fake.callsTo('profiles.rename').at(-1)).toEqual({ id: 'p-1', name: 'Savings' });
  });

  it('removes only after confirmation in a dialog that names the account', async () => {
    const main = profile();
    const fake = fakeDesk({
      'profiles.list': async () => profilesState([demo, main]),
      'profiles.remove': async () => profilesState([demo]),
    });
    setDesk(fake.desk);
    render(<AccountsView />);
    const mainCard = await screen.findByRole('listitem', { name: 'Main' });

    fireEvent.click(within(mainCard).getByRole('button', { name: 'Remove' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove “Main”?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Its key is deleted from the keychain.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('profiles.remove')).toHaveLength(0);

    fireEvent.click(within(card('Main')).getByRole('button', { name: 'Remove' }));
    dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await act(async () => {});
    expect(screen.queryByRole('listitem', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('profiles.remove')).toEqual([{ id: 'p-1' }]);
  });

  it('resets the demo data only after confirmation, and only the Demo card offers it', async () => {
    const main = profile();
    const fake = fakeDesk({
      'profiles.list': async () => profilesState([demo, main]),
      'profiles.resetDemo': async () => profilesState([demo, main]),
    });
    setDesk(fake.desk);
    render(<AccountsView />);
    const demoCard = await screen.findByRole('listitem', { name: 'Demo' });
    expect(within(card('Main')).queryByRole('button', { name: 'Reset demo data' })).toBeNull();

    fireEvent.click(within(demoCard).getByRole('button', { name: 'Reset demo data' }));
    let dialog = screen.getByRole('dialog', { name: 'Reset the demo exchange?' });
    expect(dialog.textContent).toContain('Your real accounts are not touched.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsTo('profiles.resetDemo')).toHaveLength(0);

    fireEvent.click(within(card('Demo')).getByRole('button', { name: 'Reset demo data' }));
    dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('profiles.resetDemo')).toHaveLength(1);
  });

  it('checks a key: shows progress, then the result or the error', async () => {
    const main = profile();
    let answer: () => void = () => {};
    let fail = false;
    setDesk(
      fakeDesk({
        'profiles.list': async () => profilesState([demo, main]),
        'profiles.verify': () =>
          new Promise((resolve, reject) => {
            answer = () =>
              fail
                ? reject({ code: 'VERIFY_FAILED', message: 'This key is disabled.' })
                : resolve({ ...main, missingPermissions: ['Trading'] });
          }),
      }).desk,
    );
    render(<AccountsView />);
    const mainCard = await screen.findByRole('listitem', { name: 'Main' });
    fireEvent.click(within(mainCard).getByRole('button', { name: 'Check key' }));
    expect(
      (within(mainCard).getByRole('button', { name: 'Checking key…' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await act(async () => answer());
    expect(within(mainCard).getByText('The key works. It lacks: Trading.')).toBeTruthy();
    expect(within(mainCard).getByText('This key lacks: Trading')).toBeTruthy();

    fail = true;
    fireEvent.click(within(mainCard).getByRole('button', { name: 'Check key' }));
    await act(async () => answer());
    expect(within(mainCard).getByRole('alert').textContent).toBe('This key is disabled.');
  });

  it('follows profiles.changed pushed by main', async () => {
    const fake = fakeDesk({ 'profiles.list': async () => profilesState() });
    setDesk(fake.desk);
    render(<AccountsView />);
    await screen.findByRole('listitem', { name: 'Demo' });
    const next: ProfilesState = profilesState([demo, profile({ name: 'Pushed' })]);
    act(() => fake.emit('profiles.changed', next));
    expect(screen.getByRole('listitem', { name: 'Pushed' })).toBeTruthy();
  });
});

describe('No withdrawals (issue 34 item 7)', () => {
  it('says on Accounts that the app never withdraws and that keys should not be allowed to', async () => {
    setDesk(fakeDesk({ 'profiles.list': async () => profilesState([demo, profile()]) }).desk);
    render(<AccountsView />);
    await screen.findByRole('listitem', { name: 'Main' });
    const note = screen.getByTestId('no-withdrawals-note');
    expect(note.getAttribute('role')).toBe('note');
    expect(note.textContent).toMatch(
      /^Exchange Desk never withdraws\. Give the keys you add here no withdrawal permission/,
    );
    expect(note.textContent).toMatch(/cannot check it for you/);
  });
});
