import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountsView } from '../../../src/renderer/features/accounts/AccountsView';
import { useLockStore } from '../../../src/renderer/features/lock/lockStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { ProfileSummary, ProfilesState } from '../../../src/shared/model';
import { fakeDesk, type FakeImpl } from '../fakeDesk';
import { clickCopy, stubClipboard } from '../clipboard';
import { demo, profile, profilesState, resetStores, unlocked } from './fixtures';

beforeEach(() => {
  resetStores();
  useLockStore.setState({ state: unlocked });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

const main: ProfileSummary = profile({ oauth: { partnerConfigured: true, connected: false } });
const withPort = (port: number): ProfilesState =>
  profilesState([demo, main], {
    activeId: 'p-1',
    oauthRedirect: { port, redirectUri: `http://127.0.0.1:${port}/callback` },
  });

async function setup(impl: FakeImpl = {}) {
  const fake = fakeDesk({ 'profiles.list': async () => withPort(53682), ...impl });
  setDesk(fake.desk);
  render(<AccountsView />);
  const card = await screen.findByRole('listitem', { name: 'Main' });
  const section = within(card).getByRole('region', { name: 'Partner app (order history) of Main' });
  return { fake, section: within(section) };
}

describe('the OAuth redirect URI and port', () => {
  it('shows the redirect URI to register, and saves a new port through the store', async () => {
    const { fake, section } = await setup({
      'profiles.setOAuthPort': async (input) => withPort((input as { port: number }).port),
    });
    expect(
      section.getByText('Register this redirect URI in your partner app:', { exact: false })
        .textContent,
    ).toBe('Register this redirect URI in your partner app: http://127.0.0.1:53682/callback');
    const port = section.getByLabelText('Redirect port') as HTMLInputElement;
    expect(port.value).toBe('53682');

    fireEvent.change(port, { target: { value: '80' } });
    fireEvent.click(section.getByRole('button', { name: 'Save port' }));
    expect(section.getByText(/Use a port from 1024 to 65535/)).toBeTruthy();
    expect(port.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(port, { target: { value: 'abc' } });
    fireEvent.click(section.getByRole('button', { name: 'Save port' }));
    expect(section.getByText('Enter a port number from 1024 to 65535.')).toBeTruthy();
    expect(fake.callsTo('profiles.setOAuthPort')).toEqual([]);

    fireEvent.change(port, { target: { value: '49152' } });
    fireEvent.click(section.getByRole('button', { name: 'Save port' }));
    expect(await section.findByText(/Saved\. Register the new redirect URI/)).toBeTruthy();
    expect(fake.callsTo('profiles.setOAuthPort')).toEqual([{ port: 49152 }]);
    expect(section.getByText('http://127.0.0.1:49152/callback')).toBeTruthy();
    expect(port.value).toBe('49152');
  });

  it('copies the redirect URI', async () => {
    const writeText = stubClipboard();
    const { section } = await setup();
    const paragraph = section.getByText('Register this redirect URI', { exact: false });
    await clickCopy(paragraph, 'Copy redirect URI');
    expect(writeText.mock.calls).toEqual([['http://127.0.0.1:53682/callback']]);
  });

  it('puts a port Connect found taken under the port field', async () => {
    const message =
      'Port 53682 is already in use by another program on this computer, so the authorization answer cannot be received.';
    const { section } = await setup({
      'oauth.connect': async () => {
        throw { code: 'OAUTH_PORT_UNAVAILABLE', message, fields: { oauthPort: [message] } };
      },
    });
    fireEvent.click(section.getByRole('button', { name: 'Connect' }));
    const port = section.getByLabelText('Redirect port');
    expect(await section.findByText(message)).toBeTruthy();
    expect(port.getAttribute('aria-invalid')).toBe('true');
    expect(port.getAttribute('aria-describedby')).toContain('port-error');
    expect(section.queryByRole('alert')).toBeNull();
  });

  it('shows the redirect URI in the partner form too, before the app is registered', async () => {
    const fake = fakeDesk({
      'profiles.list': async () => ({
        ...withPort(53682),
        profiles: [demo, profile()],
      }),
    });
    setDesk(fake.desk);
    render(<AccountsView />);
    const card = await screen.findByRole('listitem', { name: 'Main' });
    expect(within(card).getByText('http://127.0.0.1:53682/callback')).toBeTruthy();
    expect(within(card).getByLabelText('Client id')).toBeTruthy();
  });
});
