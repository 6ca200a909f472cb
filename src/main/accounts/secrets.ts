import { DeskFailure } from '../../shared/errors';
import type { PartnerCredentials, StoredTokens } from '../exchange/oauth';
import type { Credentials } from '../exchange/signer';
import { log } from '../lib/log';
import { KeychainUnavailableError, type SecretStore } from '../vault/vault';
import { DEMO_ID } from './profileStore';

/**
 * Everything secret about one profile, one keychain entry per kind, each written and deleted on its
 * own: `profile:<id>:api` {apiKey, apiSecret}, `profile:<id>:partner` {clientId, clientSecret},
 * `profile:<id>:tokens` {the OAuth tokens}. Each stays within Windows Credential Manager's
 * 2,560 bytes (the contract bounds what a user types; the vault refuses anything larger).
 */
export interface SecretEntries {
  api: Credentials;
  partner: PartnerCredentials;
  tokens: StoredTokens;
}
type EntryKind = keyof SecretEntries;

const entryName = (id: string, kind: EntryKind) => `profile:${id}:${kind}`;

/**
 * The old layout: everything in one entry `profile:<id>`, which OAuth tokens could push past
 * Windows' limit. Split into the entries above on start and on first use.
 */
const legacyEntry = (id: string) => `profile:${id}`;
interface LegacySecrets {
  apiKey: string;
  apiSecret: string;
  partner?: PartnerCredentials;
  tokens?: StoredTokens;
}

function parseLegacy(text: string): LegacySecrets {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const secrets = value as Partial<LegacySecrets> | undefined;
  if (typeof secrets?.apiKey !== 'string' || typeof secrets.apiSecret !== 'string') {
    throw new DeskFailure(
      'NO_KEY',
      'The keychain entry of this profile is not readable. Remove the profile and add it again.',
    );
  }
  return secrets as LegacySecrets;
}

/**
 * The profiles' keychain entries: read, written and deleted one kind at a time, with the split of
 * an old combined entry done first. The Demo profile's secrets stay in memory (the demo exchange
 * provisions them).
 */
export class ProfileSecrets {
  /** Splits of old combined entries, one per profile: done, or under way (a failed one is retried). */
  private readonly migrations = new Map<string, Promise<void>>();

  constructor(
    private readonly vault: SecretStore,
    private readonly demo: Partial<SecretEntries>,
  ) {}

  async read<K extends EntryKind>(id: string, kind: K): Promise<SecretEntries[K] | undefined> {
    if (id === DEMO_ID) return this.demo[kind];
    await this.migrate(id);
    const text = await this.vault.get(entryName(id, kind));
    return text === undefined ? undefined : (JSON.parse(text) as SecretEntries[K]);
  }

  async write<K extends EntryKind>(id: string, kind: K, value: SecretEntries[K]): Promise<void> {
    if (id === DEMO_ID) {
      this.demo[kind] = value;
      return;
    }
    await this.migrate(id);
    await this.vault.set(entryName(id, kind), JSON.stringify(value));
  }

  async delete(id: string, kind: EntryKind): Promise<void> {
    if (id === DEMO_ID) {
      delete this.demo[kind];
      return;
    }
    await this.migrate(id);
    await this.vault.delete(entryName(id, kind));
  }

  /** A new profile has no old entry to split. */
  created(id: string): void {
    this.migrations.set(id, Promise.resolve());
  }

  /** Every entry of a removed profile; a keychain that is gone leaves nothing to delete. */
  async removeAll(id: string): Promise<void> {
    // The old combined entry first: left behind, it would be split again into new entries.
    for (const name of [
      legacyEntry(id),
      entryName(id, 'tokens'),
      entryName(id, 'partner'),
      entryName(id, 'api'),
    ]) {
      await this.vault.delete(name).catch((error: unknown) => {
        if (!(error instanceof KeychainUnavailableError)) throw error;
      });
    }
    this.migrations.delete(id);
  }

  /** Splits the profile's old combined entry, once; a failed split is tried again next time. */
  migrate(id: string): Promise<void> {
    let split = this.migrations.get(id);
    if (!split) {
      split = this.splitLegacyEntry(id);
      this.migrations.set(id, split);
      split.catch(() => {
        if (this.migrations.get(id) === split) this.migrations.delete(id);
      });
    }
    return split;
  }

  /**
   * Old combined entry -> the entries of today. The new entries are written first and the old one
   * deleted last, so a failure anywhere leaves the old entry to split again. The api entry is the
   * last one written: when it is there, the split was complete (the new entries may have changed
   * since, and they win) and only the deletion of the old entry is left. A failed deletion does
   * not stop the profile from working on its new entries; it is tried again next time.
   */
  private async splitLegacyEntry(id: string): Promise<void> {
    const { vault } = this;
    const text = await vault.get(legacyEntry(id));
    if (text === undefined) return;
    if ((await vault.get(entryName(id, 'api'))) === undefined) {
      const old = parseLegacy(text);
      if (old.partner) {
        const { clientId, clientSecret } = old.partner;
        await vault.set(entryName(id, 'partner'), JSON.stringify({ clientId, clientSecret }));
      }
      if (old.tokens) {
        try {
          await vault.set(entryName(id, 'tokens'), JSON.stringify(old.tokens));
        } catch (error) {
          if (!(error instanceof DeskFailure && error.code === 'SECRET_TOO_LARGE')) throw error;
          // Tokens too large for an entry of their own: dropped; connecting again gets new ones.
          log.error(`[accounts] ${id}: OAuth tokens too large for the keychain, dropped`);
        }
      }
      const api: Credentials = { apiKey: old.apiKey, apiSecret: old.apiSecret };
      await vault.set(entryName(id, 'api'), JSON.stringify(api));
    }
    try {
      await vault.delete(legacyEntry(id));
    } catch (error) {
      log.error(
        `[accounts] ${id}: the old keychain entry could not be deleted yet: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
      this.migrations.delete(id); // the next use (or start) tries again
    }
  }
}
