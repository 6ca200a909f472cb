import { DeskFailure, type DeskError } from '../../shared/errors';

/**
 * Where secrets live: the OS keychain (macOS Keychain, Windows Credential Manager, the Secret
 * Service on Linux) through keytar, under the service "Exchange Desk", one entry per account name.
 * There is no plain-text fallback: without a keychain, nothing is stored and the app says why.
 */
export const VAULT_SERVICE = 'Exchange Desk';

/**
 * The most one keychain entry may hold, in UTF-8 bytes: Windows Credential Manager's limit
 * (CRED_MAX_CREDENTIAL_BLOB_SIZE, 5 * 512). Every platform keeps to it, so entries written on one
 * platform fit on every other. The contract bounds every secret a user types so that it fits.
 */
export const MAX_SECRET_BYTES = 2560;

/**
 * The size guard, in one place: refuses (with words a user can act on) an entry the keychain would
 * refuse or cut, so a secret is stored whole or not at all.
 */
export function assertSecretFits(account: string, secret: string): void {
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes <= MAX_SECRET_BYTES) return;
  throw new DeskFailure(
    'SECRET_TOO_LARGE',
    `Nothing was stored: the keychain entry “${account}” would be ${bytes.toLocaleString('en-US')} bytes, ` +
      `and a keychain entry holds at most ${MAX_SECRET_BYTES.toLocaleString('en-US')} bytes ` +
      '(the limit of Windows Credential Manager).',
  );
}

export interface SecretStore {
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

export interface KeychainStatus {
  available: boolean;
  /** What went wrong, in words. */
  message?: string;
  /** What to do about it. */
  fix?: string;
}

export class KeychainUnavailableError extends Error {
  constructor(readonly status: KeychainStatus) {
    super(status.message ?? 'No keychain is available.');
    this.name = 'KeychainUnavailableError';
  }

  toDeskError(): DeskError {
    return {
      code: 'KEYCHAIN_UNAVAILABLE',
      message: `${this.message} ${this.status.fix ?? ''}`.trim(),
    };
  }
}

/** Turns a keytar / Secret Service failure into words a user can act on. */
export function explainKeychainError(
  error: unknown,
  platform: NodeJS.Platform = process.platform,
): KeychainStatus {
  const raw = error instanceof Error ? error.message : String(error);
  if (
    /NODE_MODULE_VERSION|compiled against a different Node\.js version|Cannot find module 'keytar'/.test(
      raw,
    )
  ) {
    return {
      available: false,
      message: `The keychain module of this installation does not load (${raw.split('\n')[0]}).`,
      fix: 'Reinstall Exchange Desk; from a source checkout run “npm rebuild keytar”.',
    };
  }
  if (platform === 'linux') {
    const noBus = /autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|org\.freedesktop\.DBus|dbus/i.test(
      raw,
    );
    const noService =
      /org\.freedesktop\.secrets|ServiceUnknown|was not provided by any \.service/i.test(raw);
    return {
      available: false,
      message: noBus
        ? `No keychain is reachable: there is no D-Bus session to find a Secret Service on (${raw}).`
        : noService
          ? `No Secret Service is running to keep API keys in (${raw}).`
          : `The keychain could not be used (${raw}).`,
      fix:
        'Install and run a Secret Service: on Debian/Ubuntu “sudo apt install gnome-keyring libsecret-1-0”, ' +
        'then log in to a desktop session that starts it (GNOME does), or start it yourself with ' +
        '“gnome-keyring-daemon --start --components=secrets”; KDE users can enable KWallet’s Secret Service.',
    };
  }
  return {
    available: false,
    message: `The system keychain could not be used (${raw}).`,
    fix:
      platform === 'darwin'
        ? 'Unlock the login keychain in Keychain Access, then try again.'
        : 'Make sure the Windows Credential Manager service is running, then try again.',
  };
}

type Keytar = {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
};

/** The keytar-backed store. keytar is loaded on first use, so a missing native module is explained too. */
export class KeytarStore implements SecretStore {
  private keytar: Keytar | undefined;

  constructor(
    private readonly service = VAULT_SERVICE,
    // Loaded lazily (not imported) so a missing or mismatched native module becomes an explanation.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    private readonly load: () => Keytar = () => require('keytar') as Keytar,
  ) {}

  private lib(): Keytar {
    if (!this.keytar) {
      try {
        this.keytar = this.load();
      } catch (error) {
        throw new KeychainUnavailableError(explainKeychainError(error));
      }
    }
    return this.keytar;
  }

  private async call<T>(fn: (k: Keytar) => Promise<T>): Promise<T> {
    const keytar = this.lib();
    try {
      return await fn(keytar);
    } catch (error) {
      throw new KeychainUnavailableError(explainKeychainError(error));
    }
  }

  async get(account: string): Promise<string | undefined> {
    return (await this.call((k) => k.getPassword(this.service, account))) ?? undefined;
  }

  async set(account: string, secret: string): Promise<void> {
    assertSecretFits(account, secret);
    await this.call((k) => k.setPassword(this.service, account, secret));
  }

  async delete(account: string): Promise<void> {
    await this.call((k) => k.deletePassword(this.service, account));
  }

  /** Is the keychain usable right now? (A read of an entry that need not exist.) */
  async status(): Promise<KeychainStatus> {
    try {
      await this.get('__probe__');
      return { available: true };
    } catch (error) {
      return error instanceof KeychainUnavailableError ? error.status : explainKeychainError(error);
    }
  }
}
