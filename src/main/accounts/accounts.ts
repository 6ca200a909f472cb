import { randomBytes } from 'node:crypto';
import type { ChannelParsed } from '../../shared/contract';
import type {
  ExecutedOrders,
  OAuthConnectStart,
  ProfileSummary,
  ProfilesState,
} from '../../shared/model';
import { DeskFailure } from '../../shared/errors';
import type { DemoExchange } from '@exchange-desk/demo-exchange';
import type { AppEvents } from '../core/events';
import { ExchangeApi, type OrderHistoryQuery } from '../exchange/api';
import { checkBaseUrl } from '../exchange/baseUrl';
import { ExchangeClient } from '../exchange/client';
import { OAuthSession, type PartnerCredentials, type StoredTokens } from '../exchange/oauth';
import type { Credentials } from '../exchange/signer';
import { Transport, type TransportOptions } from '../exchange/transport';
import { StatusMonitor } from '../services/status';
import type { KeychainStatus, SecretStore } from '../vault/vault';
import { DEFAULT_OAUTH_PORT, redirectUriFor } from './loopback';
import { OAuthConnect } from './oauthConnect';
import { DEMO_ID, ProfileStore, type StoredProfile } from './profileStore';
import { REGION_URLS, type DeployedRegion } from './regions';
import { ProfileSecrets } from './secrets';
import { verifyKey } from './verify';
import { log } from '../lib/log';

/**
 * Profiles (Demo and real accounts), their keys in the keychain (secrets.ts), the active profile's
 * exchange client, and OAuth connect (oauthConnect.ts). The active profile switches the whole app:
 * its client, its status checks, and every service that asks for `active()`.
 */

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export interface ProfileContext {
  readonly id: string;
  readonly api: ExchangeApi;
  /** The live stream's client (main/stream): its token, the markets, recent trades. */
  readonly streamApi: ExchangeApi;
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
  /**
   * Where a profile of a deployed region is sent instead of REGION_URLS (tests: an EU profile on a
   * demo exchange acting as an EU account). The app never sets it.
   */
  regionUrls?: Partial<Record<DeployedRegion, string>>;
  /** The exchange clients' time limits (default: the Transport's own; tests of a hanging exchange). */
  transport?: TransportOptions;
  /**
   * What else main has to tell the user from its start (the history file set aside, say): shown
   * with the profiles' notice for the whole run.
   */
  notices?: readonly string[];
}

export class Accounts {
  private readonly store: ProfileStore;
  private context: ProfileContext;
  private readonly secrets: ProfileSecrets;
  private readonly connects: OAuthConnect;
  private keychain: KeychainStatus = { available: false };
  /** Told of each new active context (the live stream follows the active profile). */
  private readonly switchListeners = new Set<(context: ProfileContext) => void>();
  /** Told when a profile's local data must go: it was removed, or (Demo) reset. */
  private readonly forgetListeners = new Set<(profileId: string) => void>();
  /** The stored active profile could not be opened at start: which, and what to tell the user. */
  private notice: { id: string; text: string } | undefined;

  private constructor(private readonly options: AccountsOptions) {
    this.store = new ProfileStore(options.dataDir);
    this.secrets = new ProfileSecrets(options.vault, {
      api: { apiKey: options.demo.apiKey, apiSecret: options.demo.apiSecret },
      partner: {
        clientId: options.demo.oauthClientId,
        clientSecret: options.demo.oauthClientSecret,
      },
    });
    this.connects = new OAuthConnect({
      openExternal: options.openExternal,
      settled: () => void this.changed(),
    });
    this.context = this.createContext(DEMO_ID);
  }

  static async create(options: AccountsOptions): Promise<Accounts> {
    const accounts = new Accounts(options);
    accounts.keychain = await options.vault.status();
    if (accounts.keychain.available) {
      for (const profile of accounts.store.list()) {
        await accounts.secrets.migrate(profile.id).catch((error: unknown) => {
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

  // Contexts ------------------------------------------------------------------------------------
  private baseUrlOf(id: string): string {
    if (id === DEMO_ID) return this.options.demo.url;
    const profile = this.store.get(id);
    if (!profile) throw new DeskFailure('NO_PROFILE', 'There is no such profile.');
    return profile.baseUrl;
  }

  private createContext(id: string): ProfileContext {
    const baseUrl = this.baseUrlOf(id);
    const credentials = (): Promise<Credentials | undefined> => this.secrets.read(id, 'api');
    // Every request that fails on the network tells the status at once (issue 14), and so does
    // every answer after an outage (issue 32): `status` is made below, with this client's api, and
    // is only called once a request ends.
    const newClient = () =>
      new ExchangeClient({
        baseUrl,
        credentials,
        onNetworkError: (error) => status.reportFailure(error),
        onAnswer: () => status.reportAnswer(),
        ...(this.options.transport ? { transport: new Transport(this.options.transport) } : {}),
      });
    const client = newClient();
    const api = new ExchangeApi(client);
    // The live stream's REST calls (its token, markets, recent trades) have a client of their own:
    // their kept-alive sockets never stand in for the status check's.
    const streamApi = new ExchangeApi(newClient());
    const oauth = new OAuthSession(
      client,
      async () => {
        const partner = await this.secrets.read(id, 'partner');
        if (!partner)
          throw new DeskFailure(
            'NO_PARTNER',
            'Enter the partner app’s client id and secret first.',
          );
        return partner;
      },
      {
        load: () => this.secrets.read(id, 'tokens'),
        save: async (tokens) => {
          // A connect that ends after the profile was removed stores nothing.
          if (id !== DEMO_ID) this.requireProfile(id);
          await this.secrets.write(id, 'tokens', tokens);
        },
        clear: async (lostBecause) => {
          await this.secrets.delete(id, 'tokens');
          if (lostBecause !== undefined) this.connects.markLost(id, lostBecause);
        },
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
    return { id, api, streamApi, oauth, status };
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
    previous.streamApi.client.close();
    this.context = next;
    this.context.status.start();
    this.options.events.emit('exchange.status', this.context.status.current());
    for (const listener of this.switchListeners) listener(this.context);
  }

  /** Calls `listener` with the new context whenever the active profile changes. */
  onSwitch(listener: (context: ProfileContext) => void): () => void {
    this.switchListeners.add(listener);
    return () => this.switchListeners.delete(listener);
  }

  /** `listener(id)` when a profile is removed, or the Demo exchange is reset (its history is gone). */
  onForget(listener: (profileId: string) => void): () => void {
    this.forgetListeners.add(listener);
    return () => this.forgetListeners.delete(listener);
  }

  private forget(id: string): void {
    for (const listener of this.forgetListeners) listener(id);
  }

  // State ---------------------------------------------------------------------------------------
  private async summary(profile: StoredProfile | undefined): Promise<ProfileSummary> {
    const id = profile?.id ?? DEMO_ID;
    let partner: PartnerCredentials | undefined;
    let tokens: StoredTokens | undefined;
    try {
      [partner, tokens] = await Promise.all([
        this.secrets.read(id, 'partner'),
        this.secrets.read(id, 'tokens'),
      ]);
    } catch {
      // keychain gone: shown through `keychain`
    }
    const connectError = this.connects.error(id);
    const lost = this.connects.lost(id);
    const oauth = {
      partnerConfigured: Boolean(partner),
      connected: Boolean(tokens && tokens.refreshExpiresAt > Date.now()),
      ...(tokens
        ? { accessExpiresAt: tokens.accessExpiresAt, refreshExpiresAt: tokens.refreshExpiresAt }
        : {}),
      ...(connectError !== undefined ? { error: connectError } : {}),
      ...(lost !== undefined ? { lost } : {}),
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
      ...this.noticeText(),
    };
  }

  /** The notice of the profiles, then the others main was given, as one text. */
  private noticeText(): { notice?: string } {
    const texts = [...(this.notice ? [this.notice.text] : []), ...(this.options.notices ?? [])];
    return texts.length > 0 ? { notice: texts.join(' ') } : {};
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
  async add(input: ChannelParsed<'profiles.add'>): Promise<ProfilesState> {
    this.requireFreeName(input.name);
    let baseUrl: string;
    if (input.region === 'custom') {
      const checked = checkBaseUrl(input.customUrl ?? '');
      if (!checked.ok)
        throw new DeskFailure('INVALID_INPUT', checked.message, { customUrl: [checked.message] });
      baseUrl = checked.url;
    } else {
      baseUrl = this.options.regionUrls?.[input.region] ?? REGION_URLS[input.region];
    }
    await this.requireKeychain();
    const credentials = { apiKey: input.apiKey, apiSecret: input.apiSecret };
    const missingPermissions = await verifyKey(
      baseUrl,
      credentials,
      input.region === 'custom',
      this.options.transport,
    );
    const profile: StoredProfile = {
      id: `p-${randomBytes(6).toString('hex')}`,
      name: input.name,
      region: input.region,
      baseUrl,
      keyHint: input.apiKey.slice(-4),
      verifiedAt: Date.now(),
      missingPermissions,
    };
    this.secrets.created(profile.id);
    await this.secrets.write(profile.id, 'api', credentials);
    await this.store.put(profile);
    return this.changed();
  }

  async rename(id: string, name: string): Promise<ProfilesState> {
    const profile = this.requireProfile(id);
    this.requireFreeName(name, id);
    await this.store.put({ ...profile, name });
    return this.changed();
  }

  async remove(id: string): Promise<ProfilesState> {
    this.requireProfile(id);
    if (this.context.id === id) this.switchTo(DEMO_ID);
    await this.secrets.removeAll(id);
    await this.store.remove(id);
    this.forget(id);
    if (this.notice?.id === id) this.notice = undefined; // what the notice asked for is done
    return this.changed();
  }

  async verify(id: string): Promise<ProfileSummary> {
    if (id === DEMO_ID) return this.summary(undefined);
    const profile = this.requireProfile(id);
    const secrets = await this.secrets.read(id, 'api');
    if (!secrets)
      throw new DeskFailure(
        'NO_KEY',
        'The key of this profile is no longer in the keychain. Remove the profile and add it again.',
      );
    const missingPermissions = await verifyKey(
      profile.baseUrl,
      secrets,
      profile.region === 'custom',
      this.options.transport,
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
    this.forget(DEMO_ID);
    if (this.context.id === DEMO_ID) void this.context.status.check();
    return this.changed();
  }

  /**
   * Names are unique without regard to case, and "Demo" is the built-in profile's: a name another
   * profile (not `self`) has is refused under the form's `name` field.
   */
  private requireFreeName(name: string, self?: string): void {
    const key = (text: string) => text.trim().normalize('NFC').toLocaleLowerCase();
    const others = [
      { id: DEMO_ID, name: 'Demo' },
      ...this.store.list().map((p) => ({ id: p.id, name: p.name })),
    ].filter((p) => p.id !== self);
    const holder = others.find((p) => key(p.name) === key(name));
    if (holder) {
      const text = `There is already a profile called “${holder.name}”. Choose another name.`;
      throw new DeskFailure('NAME_TAKEN', text, { name: [text] });
    }
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
    if (!(await this.secrets.read(profileId, 'api')))
      throw new DeskFailure('NO_KEY', 'This profile has no saved key. Remove it and add it again.');
    // The tokens belong to the previous partner app: gone first, so they never pair with this one.
    await this.secrets.delete(profileId, 'tokens');
    await this.secrets.write(profileId, 'partner', {
      clientId: partner.clientId,
      clientSecret: partner.clientSecret,
    });
    return this.changed();
  }

  /** The port of the OAuth redirect listener: the user's choice, or 53682. */
  private oauthPort(): number {
    return this.store.oauthPort ?? DEFAULT_OAUTH_PORT;
  }

  /** The accounts a profile's Overview counts, as kept (services/overviewAccounts.ts). */
  overviewAccounts(profileId: string): readonly string[] | undefined {
    return this.store.overviewAccounts(profileId);
  }

  setOverviewAccounts(profileId: string, ids: readonly string[]): Promise<void> {
    return this.store.setOverviewAccounts(profileId, ids);
  }

  /** App-wide; a connect already waiting keeps its port, the next one uses this. */
  async setOAuthPort(port: number): Promise<ProfilesState> {
    await this.store.setOAuthPort(port);
    return this.changed();
  }

  /** Opens the authorize page; the connection completes in the background (oauthConnect.ts). */
  async connect(profileId: string): Promise<OAuthConnectStart> {
    if (profileId !== DEMO_ID) this.requireProfile(profileId);
    const partner = await this.secrets.read(profileId, 'partner');
    if (!partner) {
      throw new DeskFailure('NO_PARTNER', 'Enter the partner app’s client id and secret first.', {
        clientId: ['Enter the client id of your partner app.'],
      });
    }
    return this.connects.start({
      profileId,
      baseUrl: this.baseUrlOf(profileId),
      clientId: partner.clientId,
      port: this.oauthPort(),
      session: () =>
        profileId === this.context.id ? this.context.oauth : this.createContext(profileId).oauth,
    });
  }

  async disconnect(profileId: string): Promise<ProfilesState> {
    if (profileId !== DEMO_ID) this.requireProfile(profileId);
    await this.connects.cancel(profileId);
    await this.secrets.delete(profileId, 'tokens');
    return this.changed();
  }

  /** Executed orders of the active profile through the OAuth connection. */
  async partnerHistory(query: OrderHistoryQuery = {}): Promise<ExecutedOrders> {
    try {
      return await this.context.oauth.orderHistory(query);
    } finally {
      // A refresh rotated or cleared the tokens: let the renderer show it.
      void this.changed();
    }
  }

  stop(): void {
    this.connects.close();
    this.context.status.stop();
    this.context.api.client.close();
    this.context.streamApi.client.close();
  }
}
