import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/App';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { LockState } from '../../../src/shared/model';
import { openAppDesk, resetStores } from './fixtures';

beforeEach(() => {
  resetStores();
  useShellStore.setState({ screen: 'overview' });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

describe('App', () => {
  it('opens the Accounts screen from the sidebar, and the lock screen replaces everything', async () => {
    const fake = openAppDesk();
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accounts' }));
    expect(await screen.findByRole('heading', { name: 'Your accounts' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Demo' })).toBeTruthy();

    const locked: LockState = { enabled: true, locked: true, idleMinutes: 5 };
    act(() => fake.emit('lock.changed', locked));
    expect(await screen.findByRole('heading', { name: 'Exchange Desk is locked' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your accounts' })).toBeNull();
  });
});
