import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { useLockStore } from '../../../src/renderer/features/lock/lockStore';
import { Header } from '../../../src/renderer/features/shell/Header';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { ProfilesState } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { demo, profile, profilesState } from '../accounts/fixtures';

afterEach(() => {
  cleanup();
  setDesk(undefined);
  useLockStore.setState({ state: undefined, error: undefined });
});

function mount(state: ProfilesState) {
  setDesk(
    fakeDesk({
      'profiles.list': async () => state,
      'exchange.status': async () => ({ state: 'checking', baseUrl: 'http://127.0.0.1:1' }),
    }).desk,
  );
  useProfilesStore.setState({ state, fetchedAt: Date.now(), error: undefined });
  render(<Header />);
}

describe('the header says when the app is on the demo account', () => {
  it('on Demo: a visible "Demo · no real funds" mark on every screen', async () => {
    mount(profilesState());
    expect((await screen.findByTestId('demo-mark')).textContent).toBe('Demo · no real funds');
  });

  it('on a real account: no such mark', async () => {
    const main = profile();
    mount({ ...profilesState([demo, main]), activeId: main.id });
    await screen.findByText(main.name);
    expect(screen.queryByTestId('demo-mark')).toBeNull();
  });
});

describe('Lock now from any screen', () => {
  it('with a lock set, the header locks the app', async () => {
    const state = profilesState();
    const fake = fakeDesk({
      'profiles.list': async () => state,
      'exchange.status': async () => ({ state: 'checking', baseUrl: 'http://127.0.0.1:1' }),
      'lock.lockNow': async () => ({ enabled: true, locked: true, idleMinutes: 5 }),
    });
    setDesk(fake.desk);
    useProfilesStore.setState({ state, fetchedAt: Date.now(), error: undefined });
    useLockStore.setState({ state: { enabled: true, locked: false, idleMinutes: 5 } });
    render(<Header />);
    fireEvent.click(await screen.findByRole('button', { name: 'Lock now' }));
    await waitFor(() => expect(fake.callsTo('lock.lockNow')).toHaveLength(1));
    expect(useLockStore.getState().state?.locked).toBe(true);
  });

  it('without a lock, no such button', async () => {
    mount(profilesState());
    await screen.findByTestId('demo-mark');
    expect(screen.queryByRole('button', { name: 'Lock now' })).toBeNull();
  });
});
