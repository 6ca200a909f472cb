import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../../src/main/accounts/accounts';
import { startDemoExchange, type DemoExchange } from '@exchange-desk/demo-exchange';
import { AppEvents } from '../../../src/main/core/events';
import { KeytarStore, MAX_SECRET_BYTES } from '../../../src/main/vault/vault';
import { addProfileInput, contract } from '../../../src/shared/contract';
import { DeskFailure } from '../../../src/shared/errors';
import type { ProfilesState } from '../../../src/shared/model';
import { freePort } from '../../support/ports';

/**
 * The profile's keychain entries against a keychain that behaves like Windows Credential Manager:
 * in memory, refusing a secret above 2,560 bytes as Windows does ("The stub received bad data."),
 * and able to fail one operation on one entry, so interrupted migrations can be replayed.
 */
class WindowsLikeKeytar {
  readonly entries = new Map<string, string>();
  /** Operations that fail, as `${op} ${account}`. */
  readonly failing = new Set<string>();
  readonly writes: string[] = [];

  private check(op: string, account: string) {
    if (this.failing.has(`${op} ${account}`)) throw new Error(`Access is denied (${op}).`);
  }
  async getPassword(_service: string, account: string) {
    this.check('get', account);
    return this.entries.get(account) ?? null;
  }
  async setPassword(_service: string, account: string, password: string) {
    this.check('set', account);
    if (Buffer.byteLength(password, 'utf8') > 2560) throw new Error('The stub received bad data.');
    this.writes.push(account);
    this.entries.set(account, password);
  }
  async deletePassword(_service: string, account: string) {
    this.check('delete', account);
    return this.entries.delete(account);
  }
  /** The entries of one profile (by account name), parsed. */
  of(id: string): Record<string, unknown> {
    return Object.fromEntries(
      [...this.entries]
        .filter(([account]) => account === `profile:${id}` || account.startsWith(`profile:${id}:`))
        .map(([account, text]) => [account, JSON.parse(text) as unknown]),
    );
  }
}

/** A JWT-like token of `length` characters. */
const longToken = (length: number) =>
  `eyJ${randomBytes(length).toString('base64url')}`.slice(0, length);

let demo: DemoExchange;
let other: DemoExchange;
/**
 * The "real" exchange of the profile: the other demo exchange behind a proxy that makes the OAuth
 * tokens as long as `tokenLength` (real exchanges issue JWTs far longer than the demo's).
 */
let proxy: HttpServer;
let proxyUrl: string;
let tokenLength = 1100;

beforeAll(async () => {
  demo = await startDemoExchange();
  other = await startDemoExchange();
  proxy = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          ([k]) => !['host', 'connection', 'content-length'].includes(k),
        ),
      ) as Record<string, string>;
      void fetch(`${other.url}${req.url}`, {
        method: req.method!,
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        redirect: 'manual',
      }).then(async (answer) => {
        let body = await answer.text();
        if (req.url?.startsWith('/oauth2/') && answer.ok) {
          const json = JSON.parse(body) as { data: Record<string, unknown> };
          json.data['access_token'] = longToken(tokenLength);
          json.data['refresh_token'] = longToken(tokenLength);
          body = JSON.stringify(json);
        }
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(body);
      });
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
});
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await demo.stop();
  await other.stop();
});

const running: Accounts[] = [];
afterEach(() => {
  for (const accounts of running.splice(0)) accounts.stop();
  tokenLength = 1100;
});

async function start(keytar: WindowsLikeKeytar, dataDir: string) {
  const events = new AppEvents();
  const accounts = await Accounts.create({
    dataDir,
    vault: new KeytarStore('Exchange Desk test', () => keytar),
    demo,
    events,
    statusIntervalMs: 3_600_000,
  });
  running.push(accounts);
  return { accounts, events };
}

/** Connect, approve on the exchange's page, and wait for main to say how it went. */
async function connectAndApprove(accounts: Accounts, events: AppEvents, id: string) {
  const settled = new Promise<ProfilesState>((done) =>
    events.subscribe((event, payload) => {
      const oauth = (payload as ProfilesState).profiles.find((p) => p.id === id)?.oauth;
      if (event === 'profiles.changed' && (oauth?.connected || oauth?.error))
        done(payload as ProfilesState);
    }),
  );
  const { authorizeUrl } = await accounts.connect(id);
  const url = new URL(authorizeUrl);
  await fetch(`${other.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      clientId: url.searchParams.get('clientId')!,
      state: url.searchParams.get('state')!,
      redirect_uri: url.searchParams.get('redirect_uri')!,
    }).toString(),
  });
  return (await settled).profiles.find((p) => p.id === id)!.oauth;
}

const tmp = () => mkdtemp(join(tmpdir(), 'desk-entries-'));
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** profiles.json with one profile on the other exchange, as an older version left it. */
async function oldInstall(keytar: WindowsLikeKeytar, secrets: Record<string, unknown>) {
  const dir = await tmp();
  const id = 'p-0123456789ab';
  await writeFile(
    join(dir, 'profiles.json'),
    JSON.stringify({
      version: 1,
      activeId: 'demo',
      profiles: [
        {
          id,
          name: 'Old',
          region: 'custom',
          baseUrl: other.url,
          keyHint: other.apiKey.slice(-4),
          missingPermissions: [],
        },
      ],
    }),
  );
  // Written by an older version on Linux or macOS, where no 2,560-byte limit applies.
  keytar.entries.set(`profile:${id}`, JSON.stringify(secrets));
  return { dir, id };
}

const oldSecrets = () => ({
  apiKey: other.apiKey,
  apiSecret: other.apiSecret,
  partner: { clientId: other.oauthClientId, clientSecret: other.oauthClientSecret },
  tokens: {
    accessToken: longToken(1100),
    refreshToken: longToken(1100),
    scope: ['orders_history.read'],
    accessExpiresAt: Date.now() + 300_000,
    refreshExpiresAt: Date.now() + 600_000,
  },
});

describe('keychain entries within Windows Credential Manager’s 2,560 bytes', () => {
  it('keeps a profile with a partner app and long OAuth tokens in entries that each fit', async () => {
    const keytar = new WindowsLikeKeytar();
    const { accounts, events } = await start(keytar, await tmp());
    await accounts.setOAuthPort(await freePort());
    const state = await accounts.add({
      name: 'Real',
      region: 'custom',
      customUrl: proxyUrl,
      apiKey: other.apiKey,
      apiSecret: other.apiSecret,
    });
    const id = state.profiles.find((p) => !p.isDemo)!.id;
    expect(Object.keys(keytar.of(id))).toEqual([`profile:${id}:api`]);
    expect(keytar.of(id)[`profile:${id}:api`]).toEqual({
      apiKey: other.apiKey,
      apiSecret: other.apiSecret,
    });

    await accounts.setPartner(id, {
      clientId: other.oauthClientId,
      clientSecret: other.oauthClientSecret,
    });
    expect(keytar.of(id)[`profile:${id}:partner`]).toEqual({
      clientId: other.oauthClientId,
      clientSecret: other.oauthClientSecret,
    });

    const oauth = await connectAndApprove(accounts, events, id);
    expect(oauth).toMatchObject({ connected: true });
    expect(oauth.error).toBeUndefined();
    const entries = keytar.of(id);
    const tokens = entries[`profile:${id}:tokens`] as { accessToken: string };
    expect(tokens.accessToken).toHaveLength(1100);
    for (const value of Object.values(entries)) expect(bytes(value)).toBeLessThanOrEqual(2560);
    // The one combined entry of old would not have fitted.
    const combined = {
      ...(entries[`profile:${id}:api`] as object),
      partner: entries[`profile:${id}:partner`],
      tokens,
    };
    expect(bytes(combined)).toBeGreaterThan(MAX_SECRET_BYTES);

    // Disconnect deletes the tokens entry only.
    await accounts.disconnect(id);
    expect(Object.keys(keytar.of(id)).sort()).toEqual([
      `profile:${id}:api`,
      `profile:${id}:partner`,
    ]);
    expect((await accounts.state()).profiles.find((p) => p.id === id)?.oauth).toMatchObject({
      partnerConfigured: true,
      connected: false,
    });

    // Connect again (same fixed port), then a new partner app: its tokens go.
    expect(await connectAndApprove(accounts, events, id)).toMatchObject({ connected: true });
    expect(keytar.of(id)[`profile:${id}:tokens`]).toBeDefined();
    await accounts.setPartner(id, { clientId: 'new-client', clientSecret: 'new-secret' });
    expect(keytar.of(id)).toEqual({
      [`profile:${id}:api`]: { apiKey: other.apiKey, apiSecret: other.apiSecret },
      [`profile:${id}:partner`]: { clientId: 'new-client', clientSecret: 'new-secret' },
    });

    await accounts.remove(id);
    expect(keytar.of(id)).toEqual({});
    expect([...keytar.entries.keys()].filter((k) => k.startsWith('profile:'))).toEqual([]);
  });

  it('refuses tokens too large for one entry with a message, and stores nothing of them', async () => {
    const keytar = new WindowsLikeKeytar();
    const { accounts, events } = await start(keytar, await tmp());
    await accounts.setOAuthPort(await freePort());
    const id = (
      await accounts.add({
        name: 'Real',
        region: 'custom',
        customUrl: proxyUrl,
        apiKey: other.apiKey,
        apiSecret: other.apiSecret,
      })
    ).profiles.find((p) => !p.isDemo)!.id;
    await accounts.setPartner(id, {
      clientId: other.oauthClientId,
      clientSecret: other.oauthClientSecret,
    });
    tokenLength = 1400;
    const oauth = await connectAndApprove(accounts, events, id);
    expect(oauth.connected).toBe(false);
    expect(oauth.error).toMatch(/holds at most 2,560 bytes/);
    expect(oauth.error).toContain(`profile:${id}:tokens`);
    expect(keytar.of(id)[`profile:${id}:tokens`]).toBeUndefined();
    expect(keytar.writes).not.toContain(`profile:${id}:tokens`);
    await accounts.remove(id);
  });

  it('the size guard refuses an oversize entry before the keychain sees it', async () => {
    const keytar = new WindowsLikeKeytar();
    const store = new KeytarStore('svc', () => keytar);
    await store.set('fits', 'x'.repeat(2560));
    expect(keytar.entries.get('fits')).toHaveLength(2560);
    // 2,559 ASCII bytes and one 2-byte character: 2,561 bytes in UTF-8.
    const failure = await store.set('too-big', `${'x'.repeat(2559)}é`).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DeskFailure);
    expect(failure).toMatchObject({ code: 'SECRET_TOO_LARGE' });
    expect((failure as Error).message).toBe(
      'Nothing was stored: the keychain entry “too-big” would be 2,561 bytes, and a keychain entry ' +
        'holds at most 2,560 bytes (the limit of Windows Credential Manager).',
    );
    expect(keytar.entries.has('too-big')).toBe(false);
    expect(keytar.writes).toEqual(['fits']);
  });

  it('bounds what a user types so that every entry fits, whatever the characters', () => {
    // The worst case: every character escaped in JSON (" and \ take two bytes).
    const add = addProfileInput.safeParse({
      name: 'x',
      region: 'global',
      apiKey: '"'.repeat(256),
      apiSecret: '\\'.repeat(512),
    });
    expect(add.success).toBe(true);
    expect(bytes({ apiKey: '"'.repeat(256), apiSecret: '\\'.repeat(512) })).toBeLessThanOrEqual(
      MAX_SECRET_BYTES,
    );
    const partner = contract.oauth.setPartner.input.safeParse({
      profileId: 'p',
      clientId: '"'.repeat(256),
      clientSecret: '\\'.repeat(512),
    });
    expect(partner.success).toBe(true);
    expect(
      bytes({ clientId: '"'.repeat(256), clientSecret: '\\'.repeat(512) }),
    ).toBeLessThanOrEqual(MAX_SECRET_BYTES);
    // Longer, or characters that grow in UTF-8 or JSON, are refused with words.
    const refused = addProfileInput.safeParse({
      name: 'x',
      region: 'global',
      apiKey: 'ключ'.repeat(10),
      apiSecret: 's'.repeat(513),
    });
    expect(refused.success).toBe(false);
    const messages = refused.error!.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(messages).toContain(
      'apiKey: Paste it exactly as the exchange shows it: letters, digits and symbols, no spaces.',
    );
    expect(messages).toContain('apiSecret: Use at most 512 characters.');
    expect(
      contract.oauth.setPartner.input.safeParse({
        profileId: 'p',
        clientId: 'a\u0000b',
        clientSecret: 's',
      }).success,
    ).toBe(false);
  });
});

describe('migration from the one combined entry', () => {
  it('splits an old entry too large for Windows on start, then deletes it', async () => {
    const keytar = new WindowsLikeKeytar();
    const secrets = oldSecrets();
    expect(bytes(secrets)).toBeGreaterThan(MAX_SECRET_BYTES);
    const { dir, id } = await oldInstall(keytar, secrets);
    const { accounts } = await start(keytar, dir);
    expect(keytar.of(id)).toEqual({
      [`profile:${id}:api`]: { apiKey: other.apiKey, apiSecret: other.apiSecret },
      [`profile:${id}:partner`]: secrets.partner,
      [`profile:${id}:tokens`]: secrets.tokens,
    });
    const state = await accounts.state();
    expect(state.profiles.find((p) => p.id === id)?.oauth).toMatchObject({
      partnerConfigured: true,
      connected: true,
    });
    // The key works from its new entry.
    expect((await accounts.verify(id)).verifiedAt).toBeGreaterThan(0);
  });

  it('splits on first use when the keychain could not be read at start', async () => {
    const keytar = new WindowsLikeKeytar();
    const { dir, id } = await oldInstall(keytar, oldSecrets());
    keytar.failing.add(`get profile:${id}`);
    const { accounts } = await start(keytar, dir);
    expect(Object.keys(keytar.of(id))).toEqual([`profile:${id}`]);
    keytar.failing.clear();
    await accounts.activate(id);
    expect((await accounts.state()).profiles.find((p) => p.id === id)?.oauth.connected).toBe(true);
    expect(Object.keys(keytar.of(id)).sort()).toEqual([
      `profile:${id}:api`,
      `profile:${id}:partner`,
      `profile:${id}:tokens`,
    ]);
  });

  it('keeps the old entry when a write fails, and completes an interrupted split on the next start', async () => {
    const keytar = new WindowsLikeKeytar();
    const { dir, id } = await oldInstall(keytar, oldSecrets());

    // Run 1: the api entry cannot be written; the old entry stays, nothing is lost.
    keytar.failing.add(`set profile:${id}:api`);
    await start(keytar, dir);
    expect(keytar.of(id)[`profile:${id}`]).toBeDefined();
    expect(keytar.of(id)[`profile:${id}:api`]).toBeUndefined();
    running.splice(0).forEach((a) => a.stop());

    // Run 2: the new entries are written, but the old entry cannot be deleted (yet). The profile
    // works on its new entries; the user disconnects.
    keytar.failing.clear();
    keytar.failing.add(`delete profile:${id}`);
    const second = await start(keytar, dir);
    expect(Object.keys(keytar.of(id)).sort()).toEqual([
      `profile:${id}`,
      `profile:${id}:api`,
      `profile:${id}:partner`,
      `profile:${id}:tokens`,
    ]);
    await second.accounts.disconnect(id);
    expect(keytar.of(id)[`profile:${id}:tokens`]).toBeUndefined();
    running.splice(0).forEach((a) => a.stop());

    // Run 3: only the deletion was left. The old entry goes; what changed since stays changed.
    keytar.failing.clear();
    const third = await start(keytar, dir);
    expect(Object.keys(keytar.of(id)).sort()).toEqual([
      `profile:${id}:api`,
      `profile:${id}:partner`,
    ]);
    expect((await third.accounts.state()).profiles.find((p) => p.id === id)?.oauth).toMatchObject({
      partnerConfigured: true,
      connected: false,
    });
  });
});

describe('the OAuth redirect port', () => {
  it('is 53682 until the user picks another, and the choice survives a restart', async () => {
    const keytar = new WindowsLikeKeytar();
    const dir = await tmp();
    const first = await start(keytar, dir);
    expect((await first.accounts.state()).oauthRedirect).toEqual({
      port: 53682,
      redirectUri: 'http://127.0.0.1:53682/callback',
    });
    const port = await freePort();
    const saved = await first.accounts.setOAuthPort(port);
    expect(saved.oauthRedirect).toEqual({
      port,
      redirectUri: `http://127.0.0.1:${port}/callback`,
    });
    first.accounts.stop();

    const again = await start(keytar, dir);
    expect((await again.accounts.state()).oauthRedirect?.port).toBe(port);
    const { authorizeUrl } = await again.accounts.connect('demo');
    expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toBe(
      `http://127.0.0.1:${port}/callback`,
    );
  });

  it('answers Connect with the port under its field when another program holds it', async () => {
    const keytar = new WindowsLikeKeytar();
    const { accounts } = await start(keytar, await tmp());
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      await accounts.setOAuthPort(port);
      const failure = await accounts.connect('demo').catch((e: unknown) => e);
      expect(failure).toMatchObject({
        code: 'OAUTH_PORT_UNAVAILABLE',
        fields: { oauthPort: [expect.stringContaining(`Port ${port} is already in use`)] },
      });
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });
});
