import { describe, expect, it } from 'vitest';
import { explainKeychainError, KeytarStore } from '../../../src/main/vault/vault';

describe('explainKeychainError', () => {
  it('explains a Linux without a D-Bus session with the package and the daemon to start', () => {
    const status = explainKeychainError(
      new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'),
      'linux',
    );
    expect(status.available).toBe(false);
    expect(status.message).toContain('no D-Bus session');
    expect(status.fix).toContain('sudo apt install gnome-keyring');
    expect(status.fix).toContain('gnome-keyring-daemon --start --components=secrets');
  });

  it('explains a missing Secret Service on a running bus', () => {
    const status = explainKeychainError(
      new Error('The name org.freedesktop.secrets was not provided by any .service files'),
      'linux',
    );
    expect(status.message).toContain('No Secret Service is running');
  });

  it('tells a keychain module built for another runtime apart from a missing keyring', () => {
    const status = explainKeychainError(
      new Error(
        'The module keytar.node was compiled against a different Node.js version using NODE_MODULE_VERSION 127.',
      ),
      'linux',
    );
    expect(status.message).toContain('does not load');
    expect(status.fix).toContain('npm rebuild keytar');
    expect(status.fix).not.toContain('gnome-keyring');
  });

  it('gives macOS and Windows advice of their own', () => {
    expect(
      explainKeychainError(new Error('User interaction is not allowed.'), 'darwin').fix,
    ).toContain('Keychain Access');
    expect(explainKeychainError(new Error('x'), 'win32').fix).toContain('Credential Manager');
  });
});

describe('KeytarStore', () => {
  it('reports a module that fails to load as an unavailable keychain, never as a crash', async () => {
    const store = new KeytarStore('test', () => {
      throw new Error("Cannot find module 'keytar'");
    });
    await expect(store.status()).resolves.toMatchObject({ available: false });
    await expect(store.get('a')).rejects.toMatchObject({ name: 'KeychainUnavailableError' });
    await expect(store.set('a', 'b')).rejects.toMatchObject({ name: 'KeychainUnavailableError' });
  });
});
