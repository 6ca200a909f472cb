import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountsView } from '../../../src/renderer/features/accounts/AccountsView';
import { useLockStore } from '../../../src/renderer/features/lock/lockStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { ProfilesState } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { profile, profilesState, resetStores, unlocked } from './fixtures';

beforeEach(() => {
  resetStores();
  useLockStore.setState({ state: unlocked });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

function mount(state: ProfilesState) {
  setDesk(
    fakeDesk({
      'profiles.list': async () => state,
      'lock.status': async () => unlocked,
      'subAccounts.list': async () => ({ records: [], fetchedAt: Date.now() }),
    }).desk,
  );
  render(<AccountsView />);
}

const noKeychain = {
  available: false,
  message: 'No Secret Service is running to keep API keys in.',
  fix: 'Install gnome-keyring.',
};

describe('without a keychain, the forms that need one say so before anything is typed', () => {
  it('Add account, a real profile’s partner app and the app lock are disabled, with the reason', async () => {
    const main = profile({ oauth: { partnerConfigured: false, connected: false } });
    mount(profilesState([main], { keychain: noKeychain }));
    const add = await screen.findByRole('button', { name: 'Add account' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    const lock = (await screen.findByRole('button', {
      name: 'Turn on app lock',
    })) as HTMLButtonElement;
    expect(lock.disabled).toBe(true);
    expect(screen.getAllByText(/Needs the system keychain/).length).toBeGreaterThanOrEqual(2);
    const card = screen.getByRole('listitem', { name: main.name });
    const save = within(card).getByRole('button', {
      name: 'Save partner app',
    }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
  });

  it('with a keychain, they are enabled', async () => {
    mount(profilesState());
    const add = await screen.findByRole('button', { name: 'Add account' });
    expect((add as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/Needs the system keychain/)).toBeNull();
  });
});
