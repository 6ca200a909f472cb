import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/App';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import { fakeDesk } from '../fakeDesk';
import { profilesState } from '../accounts/fixtures';

afterEach(() => {
  cleanup();
  setDesk(undefined);
});

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, [tabindex="0"]';

describe('keyboard: a skip link', () => {
  it('is the first stop, and takes focus past the navigation to the screen', async () => {
    useShellStore.setState({ screen: 'accounts' });
    setDesk(
      fakeDesk({
        'lock.status': async () => ({ enabled: false, locked: false, idleMinutes: 0 }),
        'profiles.list': async () => profilesState(),
        'exchange.status': async () => ({ state: 'checking', baseUrl: 'http://127.0.0.1:9' }),
      }).desk,
    );
    render(<App />);
    const skip = await screen.findByRole('link', { name: 'Skip to content' });
    expect(document.querySelector(FOCUSABLE)).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(document.querySelector('main'));
  });
});
