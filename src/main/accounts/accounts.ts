import { randomBytes } from 'node:crypto';
import type {
  ExecutedOrders,
  OAuthConnectStart,
  ProfileSummary,
  ProfilesState,
  Region,
} from '../../shared/model';
import { DeskFailure } from '../../shared/errors';
import type { DemoExchange } from '../demo-exchange/server';
import type { AppEvents } from '../events';
import { ExchangeApi, type OrderHistoryQuery } from '../exchange/api';
import { checkBaseUrl } from '../exchange/baseUrl';
import { ExchangeClient } from '../exchange/client';
import { ExchangeError } from '../exchange/errors';
import {
  authorizeUrl,
  OAuthSession,
  type PartnerCredentials,
  type StoredTokens,
} from '../exchange/oauth';
import type { Credentials } from '../exchange/signer';
import { StatusMonitor } from '../services/status';
import { KeychainUnavailableError, type KeychainStatus, type SecretStore } from '../vault/vault';
import { DEFAULT_OAUTH_PORT, redirectUriFor, startLoopback, type Loopback } from './loopback';
import { ProfileStore, type StoredProfile } from './profileStore';
import { REGION_URLS } from './regions';
import { log } from '../log';

/**
 * Profiles (Demo and real accounts), their keys in the keychain, the active profile's exchange
 * client, and OAuth connect. The active profile switches the whole app: its client, its status
 * checks, and every service that asks for `active()`.
 */

export const DEMO_ID = 'demo';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Everything secret about one profile, one keychain entry per kind, each written and deleted on its
 * own: `profile:<id>:api` {apiKey, apiSecret}, `profile:<id>:partner` {clientId, clientSecret},
 * `profile:<id>:tokens` {the OAuth tokens}. Each stays within Windows Credential Manager's
 * 2,560 bytes (the contract bounds what a user types; the vault refuses anything larger).
 */
interface SecretEntries {
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

export interface ProfileContext {
  readonly id: string;
  readonly api: ExchangeApi;
  readonly oauth: OAuthSession;
  readonly status: StatusMonitor;
}

export interface VaultLike extends SecretStore {
  status(): Promise<KeychainStatus>;
}

export interface AccountsOptions {
  dataDir: string | undefined;
  vault: VaultLike;
  demo: DemoExchange;
  events: AppEvents;
  /** Opens a URL in the system browser (Electron); absent in the web host. */
  openExternal?: (url: string) => Promise<void>;
  statusIntervalMs?: number;
}

export interface AddProfileInput {
  name: string;
  region: Exclude<Region, 'demo'>;
  customUrl?: string | undefined;
  apiKey: string;
  apiSecret: string;
}

export class Accounts {
  private readonly store: ProfileStore;
  private context: ProfileContext;
  /** The Demo profile's secrets stay in memory (the demo exchange provisions them). */
  private readonly demoSecrets: Partial<SecretEntries>;
  private keychain: KeychainStatus = { available: false };
  private readonly oauthErrors = new Map<string, string>();
  private pendingConnect: Loopback | undefined;
  /** Splits of old combined entries, one per profile: done, or under way (a failed one is retried). */
  private readonly migrations = new Map<string, Promise<void>>();
  /** The stored active profile could not be opened at start: which, and what to tell the user. */
  private notice: { id: string; text: string } | undefined;

  private constructor(private readonly options: AccountsOptions) {
    this.store = new ProfileStore(options.dataDir);
    this.demoSecrets = {
      api: { apiKey: options.demo.apiKey, apiSecret: options.demo.apiSecret },
      partner: {
        clientId: options.demo.oauthClientId,
        clientSecret: options.demo.oauthClientSecret,
      },
    };
    this.context = this.createContext(DEMO_ID);
  }

  static async create(options: AccountsOptions): Promise<Accounts> {
    const accounts = new Accounts(options);
    accounts.keychain = await options.vault.status();
    if (accounts.keychain.available) {
      for (const profile of accounts.store.list()) {
        await accounts.migrate(profile.id).catch((error: unknown) => {
          // Left in place: tried again on the profile's first use.
          log.error(
            `[accounts] could not split the keychain entry of ${profile.id}: ${
              error instanceof Error ? error.message : String(error)
            }`,
          );
        });
      }
    }
    const wanted = accounts.store.activeId;
    const stored = accounts.store.get(wanted);
    let opened = false;
    if (wanted !== DEMO_ID && stored && accounts.keychain.available) {
      // Start-up never depends on a stored profile: one that cannot be opened leaves us on Demo.
      try {
        accounts.switchTo(wanted);
        opened = true;
      } catch (error) {
        const { problem, fix } = accounts.unopenable(stored, error);
        accounts.notice = {
          id: wanted,
          text: `${problem} It was not opened; you are on Demo. ${fix}`,
        };
        log.error(`[accounts] ${wanted} could not be opened at start: ${problem}`);
      }
    }
    if (!opened) accounts.context.status.start();
    return accounts;
  }

  active(): ProfileContext {
    return this.context;
  }

  // Secrets -------------------------------------------------------------------------------------
  private async readEntry<K extends EntryKind>(
    id: string,
    kind: K,
  ): Promise<SecretEntries[K] | undefined> {
    if (id === DEMO_ID) return this.demoSecrets[kind];
    await this.migrate(id);
    const text = await this.options.vault.get(entryName(id, kind));
    return text === undefined ? undefined : (JSON.parse(text) as SecretEntries[K]);
  }

  private async writeEntry<K extends EntryKind>(
    id: string,
    kind: K,
    value: SecretEntries[K],
  ): Promise<void> {
    if (id === DEMO_ID) {
      this.demoSecrets[kind] = value;
      return;
    }
    await this.migrate(id);
    await this.options.vault.set(entryName(id, kind), JSON.stringify(value));
  }

  private async deleteEntry(id: string, kind: EntryKind): Promise<void> {
    if (id === DEMO_ID) {
      delete this.demoSecrets[kind];
      return;
    }
    await this.migrate(id);
    await this.options.vault.delete(entryName(id, kind));
  }

  /** Splits the profile's old combined entry, once; a failed split is tried again next time. */
  private migrate(id: string): Promise<void> {
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
    const { vault } = this.options;
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

  // Contexts ------------------------------------------------------------------------------------
  private baseUrlOf(id: string): string {
    if (id === DEMO_ID) return this.options.demo.url;
    const profile = this.store.get(id);
    if (!profile) throw new DeskFailure('NO_PROFILE', 'There is no such profile.');
    return profile.baseUrl;
  }

  private createContext(id: string): ProfileContext {
    const baseUrl = this.baseUrlOf(id);
    const credentials = (): Promise<Credentials | undefined> => this.readEntry(id, 'api');
    const client = new ExchangeClient({ baseUrl, credentials });
    const api = new ExchangeApi(client);
    const oauth = new OAuthSession(
      client,
      async () => {
        const partner = await this.readEntry(id, 'partner');
        if (!partner)
          throw new DeskFailure(
            'NO_PARTNER',
            'Enter the partner app’s client id and secret first.',
          );
        return partner;
      },
      {
        load: () => this.readEntry(id, 'tokens'),
        save: async (tokens) => {
          // A connect that ends after the profile was removed stores nothing.
          if (id !== DEMO_ID) this.requireProfile(id);
          await this.writeEntry(id, 'tokens', tokens);
        },
        clear: () => this.deleteEntry(id, 'tokens'),
      },
    );
    const status = new StatusMonitor(
      baseUrl,
      (next) => {
        if (this.context?.id === id) this.options.events.emit('exchange.status', next);
      },
      this.options.statusIntervalMs,
      api,
    );
    return { id, api, oauth, status };
  }

  /**
   * Why a stored profile cannot be opened (its address is refused by today's rule, or its client
   * could not be made), and what to do.
   */
  private unopenable(profile: StoredProfile, error?: unknown): { problem: string; fix: string } {
    const checked = checkBaseUrl(profile.baseUrl);
    if (!checked.ok) {
      return {
        problem:
          `The profile “${profile.name}” points to ${profile.baseUrl}, which Exchange Desk no ` +
          `longer accepts (${lowerFirst(checked.message.replace(/\.$/, ''))}).`,
        fix: 'Remove it and add it again with an https address.',
      };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return {
      problem: `The profile “${profile.name}” could not be opened (${reason.replace(/\.$/, '')}).`,
      fix: 'Remove it and add it again.',
    };
  }

  /** The context of a profile, or a PROFILE_INVALID failure (under no field) saying why not. */
  private openContext(id: string): ProfileContext {
    const profile = id === DEMO_ID ? undefined : this.store.get(id);
    if (profile && !checkBaseUrl(profile.baseUrl).ok) {
      const { problem, fix } = this.unopenable(profile);
      throw new DeskFailure('PROFILE_INVALID', `${problem} ${fix}`);
    }
    try {
      return this.createContext(id);
    } catch (error) {
      if (!profile || error instanceof DeskFailure) throw error;
      const { problem, fix } = this.unopenable(profile, error);
      throw new DeskFailure('PROFILE_INVALID', `${problem} ${fix}`);
    }
  }

  /** The new context is made first: a profile that cannot be opened leaves the current one running. */
  private switchTo(id: string): void {
    const next = this.openContext(id);
    const previous = this.context;
    previous.status.stop();
    previous.api.client.close();
    this.context = next;
    this.context.status.start();
    this.options.events.emit('exchange.status', this.context.status.current());
  }

  // State ---------------------------------------------------------------------------------------
  private async summary(profile: StoredProfile | undefined): Promise<ProfileSummary> {
    const id = profile?.id ?? DEMO_ID;
    let partner: PartnerCredentials | undefined;
    let tokens: StoredTokens | undefined;
    try {
      [partner, tokens] = await Promise.all([
        this.readEntry(id, 'partner'),
        this.readEntry(id, 'tokens'),
      ]);
    } catch {
      // keychain gone: shown through `keychain`
    }
    const oauth = {
      partnerConfigured: Boolean(partner),
      connected: Boolean(tokens && tokens.refreshExpiresAt > Date.now()),
      ...(tokens
        ? { accessExpiresAt: tokens.accessExpiresAt, refreshExpiresAt: tokens.refreshExpiresAt }
        : {}),
      ...(this.oauthErrors.has(id) ? { error: this.oauthErrors.get(id)! } : {}),
    };
    if (!profile) {
      return {
        id: DEMO_ID,
        name: 'Demo',
        region: 'demo',
        baseUrl: this.options.demo.url,
        isDemo: true,
        keyHint: this.options.demo.apiKey.slice(-4),
        missingPermissions: [],
        oauth,
      };
    }
    return {
      id: profile.id,
      name: profile.name,
      region: profile.region,
      baseUrl: profile.baseUrl,
      isDemo: false,
      keyHint: profile.keyHint,
      ...(profile.verifiedAt ? { verifiedAt: profile.verifiedAt } : {}),
      missingPermissions: profile.missingPermissions,
      oauth,
    };
  }

  async state(): Promise<ProfilesState> {
    const profiles = await Promise.all(
      [undefined, ...this.store.list()].map((p) => this.summary(p)),
    );
    const port = this.oauthPort();
    return {
      profiles,
      activeId: this.context.id,
      keychain: this.keychain,
      oauthRedirect: { port, redirectUri: redirectUriFor(port) },
      ...(this.notice ? { notice: this.notice.text } : {}),
    };
  }

  private async changed(): Promise<ProfilesState> {
    const state = await this.state();
    this.options.events.emit('profiles.changed', state);
    return state;
  }

  private async requireKeychain(): Promise<void> {
    this.keychain = await this.options.vault.status();
    if (!this.keychain.available) {
      throw new DeskFailure(
        'KEYCHAIN_UNAVAILABLE',
        `${this.keychain.message ?? 'No keychain.'} ${this.keychain.fix ?? ''}`.trim(),
      );
    }
  }

  // Profiles ------------------------------------------------------------------------------------
  /** Verifies the key with a harmless signed call; only a verified key is stored. */
  async add(input: AddProfileInput): Promise<ProfilesState> {
    let baseUrl: string;
    if (input.region === 'custom') {
      const checked = checkBaseUrl(input.customUrl ?? '');
      if (!checked.ok)
        throw new DeskFailure('INVALID_INPUT', checked.message, { customUrl: [checked.message] });
      baseUrl = checked.url;
    } else {
      baseUrl = REGION_URLS[input.region];
    }
    await this.requireKeychain();
    const credentials = { apiKey: input.apiKey, apiSecret: input.apiSecret };
    const missingPermissions = await verifyKey(baseUrl, credentials, input.region === 'custom');
    const profile: StoredProfile = {
      id: `p-${randomBytes(6).toString('hex')}`,
      name: input.name,
      region: input.region,
      baseUrl,
      keyHint: input.apiKey.slice(-4),
      verifiedAt: Date.now(),
      missingPermissions,
    };
    this.migrations.set(profile.id, Promise.resolve()); // a new profile has nothing to split
    await this.writeEntry(profile.id, 'api', credentials);
    await this.store.put(profile);
    return this.changed();
  }

  async rename(id: string, name: string): Promise<ProfilesState> {
    const profile = this.requireProfile(id);
    await this.store.put({ ...profile, name });
    return this.changed();
  }

  async remove(id: string): Promise<ProfilesState> {
    this.requireProfile(id);
    if (this.context.id === id) this.switchTo(DEMO_ID);
    // The old combined entry first: left behind, it would be split again into new entries.
    for (const name of [
      legacyEntry(id),
      entryName(id, 'tokens'),
      entryName(id, 'partner'),
      entryName(id, 'api'),
    ]) {
      await this.options.vault.delete(name).catch((error: unknown) => {
        if (!(error instanceof KeychainUnavailableError)) throw error;
      });
    }
    this.migrations.delete(id);
    await this.store.remove(id);
    if (this.notice?.id === id) this.notice = undefined; // what the notice asked for is done
    return this.changed();
  }

  async verify(id: string): Promise<ProfileSummary> {
    if (id === DEMO_ID) return this.summary(undefined);
    const profile = this.requireProfile(id);
    const secrets = await this.readEntry(id, 'api');
    if (!secrets)
      throw new DeskFailure(
        'NO_KEY',
        'The key of this profile is no longer in the keychain. Remove the profile and add it again.',
      );
    const missingPermissions = await verifyKey(
      profile.baseUrl,
      secrets,
      profile.region === 'custom',
    );
    const next = { ...profile, verifiedAt: Date.now(), missingPermissions };
    await this.store.put(next);
    await this.changed();
    return this.summary(next);
  }

  async activate(id: string): Promise<ProfilesState> {
    if (id !== DEMO_ID) {
      this.requireProfile(id);
      await this.requireKeychain();
    }
    if (this.context.id !== id) this.switchTo(id);
    await this.store.setActive(id);
    return this.changed();
  }

  /** Back to the demo exchange's seed; the status check follows at once. */
  async resetDemo(): Promise<ProfilesState> {
    this.options.demo.reset();
    if (this.context.id === DEMO_ID) void this.context.status.check();
    return this.changed();
  }

  private requireProfile(id: string): StoredProfile {
    const profile = this.store.get(id);
    if (!profile) throw new DeskFailure('NO_PROFILE', 'There is no such profile.');
    return profile;
  }

  // OAuth ---------------------------------------------------------------------------------------
  async setPartner(profileId: string, partner: PartnerCredentials): Promise<ProfilesState> {
    if (profileId !== DEMO_ID) {
      this.requireProfile(profileId);
      await this.requireKeychain();
    }
    if (!(await this.readEntry(profileId, 'api')))
      throw new DeskFailure('NO_KEY', 'This profile has no saved key. Remove it and add it again.');
    // The tokens belong to the previous partner app: gone first, so they never pair with this one.
    await this.deleteEntry(profileId, 'tokens');
    await this.writeEntry(profileId, 'partner', {
      clientId: partner.clientId,
      clientSecret: partner.clientSecret,
    });
    return this.changed();
  }

  /** The port of the OAuth redirect listener: the user's choice, or 53682. */
  private oauthPort(): number {
    return this.store.oauthPort ?? DEFAULT_OAUTH_PORT;
  }

  /** App-wide; a connect already waiting keeps its port, the next one uses this. */
  async setOAuthPort(port: number): Promise<ProfilesState> {
    await this.store.setOAuthPort(port);
    return this.changed();
  }

  /** Opens the authorize page and waits (in the background) for the loopback redirect. */
  async connect(profileId: string): Promise<OAuthConnectStart> {
    if (profileId !== DEMO_ID) this.requireProfile(profileId);
    const partner = await this.readEntry(profileId, 'partner');
    if (!partner) {
      throw new DeskFailure('NO_PARTNER', 'Enter the partner app’s client id and secret first.', {
        clientId: ['Enter the client id of your partner app.'],
      });
    }
    // The previous listener lets go of the port before the new one takes it.
    await this.pendingConnect?.close();
    const state = randomBytes(16).toString('base64url');
    const loopback = await startLoopback(state, { port: this.oauthPort() });
    this.pendingConnect = loopback;
    const url = authorizeUrl(
      this.baseUrlOf(profileId),
      partner.clientId,
      state,
      loopback.redirectUri,
    );
    this.oauthErrors.delete(profileId);
    void loopback.code
      .then(async (code) => {
        const session =
          profileId === this.context.id ? this.context.oauth : this.createContext(profileId).oauth;
        await session.connect(code);
      })
      .catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Cancelled.') return;
        this.oauthErrors.set(profileId, error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        if (this.pendingConnect === loopback) this.pendingConnect = undefined;
        void this.changed();
      });
    let openedExternally = false;
    if (this.options.openExternal) {
      await this.options.openExternal(url);
      openedExternally = true;
    }
    return { authorizeUrl: url, openedExternally };
  }

  async disconnect(profileId: string): Promise<ProfilesState> {
    if (profileId !== DEMO_ID) this.requireProfile(profileId);
    await this.pendingConnect?.close();
    this.oauthErrors.delete(profileId);
    await this.deleteEntry(profileId, 'tokens');
    return this.changed();
  }

  /** Executed orders of the active profile through the OAuth connection. */
  async orderHistory(query: OrderHistoryQuery = {}): Promise<ExecutedOrders> {
    try {
      return await this.context.oauth.orderHistory(query);
    } finally {
      // A refresh rotated or cleared the tokens: let the renderer show it.
      void this.changed();
    }
  }

  stop(): void {
    void this.pendingConnect?.close();
    this.context.status.stop();
    this.context.api.client.close();
  }
}

/**
 * Checks a key with a harmless signed call (main balance) and explains each failure in words a user
 * acts on, under the form field it concerns, quoting the exchange. Returns the capabilities the key
 * lacks (probed with harmless reads).
 */
export async function verifyKey(
  baseUrl: string,
  credentials: Credentials,
  custom: boolean,
): Promise<string[]> {
  const client = new ExchangeClient({
    baseUrl,
    credentials: async () => credentials,
    maxRateLimitRetries: 1,
  });
  const api = new ExchangeApi(client);
  try {
    await api.mainBalance();
  } catch (error) {
    throw explainVerifyFailure(error, custom);
  }
  const missing: string[] = [];
  const probes: [string, () => Promise<unknown>][] = [
    ['Trading', () => api.tradeBalance()],
    ['Earn (flex)', () => api.flexPlans()],
    ['Sub-accounts', () => api.subAccounts({ limit: 1 })],
  ];
  for (const [name, probe] of probes) {
    try {
      await probe();
    } catch (error) {
      if (error instanceof ExchangeError && (error.kind === 'permission' || error.status === 403))
        missing.push(name);
    }
  }
  client.close();
  return missing;
}

export function explainVerifyFailure(error: unknown, custom: boolean): DeskFailure {
  if (!(error instanceof ExchangeError)) {
    return new DeskFailure(
      'VERIFY_FAILED',
      `The key could not be checked: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const said = `The exchange said: “${error.message}”`;
  const fail = (field: string, text: string) =>
    new DeskFailure('VERIFY_FAILED', text, { [field]: [text] });
  switch (error.kind) {
    case 'auth':
      if (error.code === 2) {
        return fail(
          'apiKey',
          `This key is disabled, or this computer’s IP address is not allowed to use it. Enable the key and allow this IP in the exchange’s API settings. ${said}`,
        );
      }
      if (error.code === 9) {
        return new DeskFailure(
          'VERIFY_FAILED',
          `The exchange could not read the signed request. ${said}`,
        );
      }
      return fail(
        'apiSecret',
        `The exchange rejected the signature: the API secret does not match this key (or the key does not exist). Check both and paste them again. ${said}`,
      );
    case 'nonce':
      if (/clock/i.test(error.message)) return fail('apiKey', error.message);
      return fail(
        'apiKey',
        `The exchange refused the request number (nonce): another program is probably using this key at the same time. Give each program its own key. ${said}`,
      );
    case 'permission':
      return fail(
        'apiKey',
        `This key may not read balances. Allow reading in the key’s permissions. ${said}`,
      );
    case 'network':
    case 'timeout':
      return custom
        ? fail('customUrl', `Could not reach the exchange at this address: ${error.message}`)
        : new DeskFailure(
            'VERIFY_FAILED',
            `Could not reach the exchange: ${error.message} Check the network and try again.`,
          );
    case 'maintenance':
      return new DeskFailure(
        'VERIFY_FAILED',
        `The exchange is under maintenance; try again later. ${said}`,
      );
    default:
      return new DeskFailure('VERIFY_FAILED', `The key could not be checked. ${said}`);
  }
}
