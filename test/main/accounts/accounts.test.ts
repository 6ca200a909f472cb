import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../src/main/core/core';
import { startDemoExchange, type DemoExchange } from '@exchange-desk/demo-exchange';
import { callChannel, bindChannels } from '../../../src/main/core/binder';
import { KeytarStore } from '../../../src/main/vault/vault';
import type { ProfilesState } from '../../../src/shared/model';
import type { Envelope } from '../../../src/shared/errors';
import { freePort } from '../../support/ports';

/**
 * Accounts against the real OS keychain (a Secret Service under D-Bus: `npm test` runs this file
 * inside scripts/with-keyring.sh) and a second demo exchange as the "real" account. Each run uses a
 * service name of its own, so a developer's real entries are never touched.
 */
const service = `Exchange Desk test ${randomBytes(4).toString('hex')}`;
const vault = new KeytarStore(service);

let other: DemoExchange;
const cores: Core[] = [];

beforeAll(async () => {
  other = await startDemoExchange({ lendingAccess: false });
});
afterAll(async () => {
  await other.stop();
});
afterEach(async () => {
  for (const core of cores.splice(0)) await core.stop();
});

async function start(dataDir?: string) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'desk-accounts-')));
  const core = await startCore({ version: 'test', dataDir: dir, vault });
  cores.push(core);
  const bound = bindChannels(core.handlers);
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const answer: Envelope<unknown> = await callChannel(bound, channel, input);
    if (!answer.ok) throw answer.error;
    return answer.value as T;
  };
  return { core, dir, call };
}

/** Every file under a folder, as text. */
async function allText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    entries.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'utf8')),
  );
  return texts.join('\n');
}

/** Every keychain entry of a profile (the old combined one included), by account name. */
async function entriesOf(id: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const name of [
    `profile:${id}`,
    ...['api', 'partner', 'tokens'].map((k) => `profile:${id}:${k}`),
  ]) {
    const value = await vault.get(name);
    if (value !== undefined) found[name] = value;
  }
  return found;
}

const addInput = () => ({
  name: 'Second',
  region: 'custom',
  customUrl: other.url,
  apiKey: other.apiKey,
  apiSecret: other.apiSecret,
});

describe('the keychain', () => {
  it('round-trips a secret through the real Secret Service', async () => {
    expect(await vault.status()).toEqual({ available: true });
    await vault.set('round-trip', 's3cr3t');
    expect(await vault.get('round-trip')).toBe('s3cr3t');
    await vault.delete('round-trip');
    expect(await vault.get('round-trip')).toBeUndefined();
  });

  it('explains a missing D-Bus session (run without one) instead of failing obscurely', async () => {
    const script = resolve('test/support/keychain-status.ts');
    const env = { ...process.env };
    delete env['DBUS_SESSION_BUS_ADDRESS'];
    delete env['DISPLAY'];
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      env,
    });
    const status = JSON.parse(stdout) as { available: boolean; message: string; fix: string };
    expect(status.available).toBe(false);
    expect(status.message).toMatch(/No keychain is reachable|D-Bus/);
    expect(status.fix).toContain('gnome-keyring');
    expect(status.fix).toContain('gnome-keyring-daemon --start --components=secrets');
  });
});

describe('profiles', () => {
  it('starts on Demo with its key provisioned, and lists it without any secret', async () => {
    const { core, call } = await start();
    const state = await call<ProfilesState>('profiles.list');
    expect(state.activeId).toBe('demo');
    expect(state.keychain.available).toBe(true);
    expect(state.profiles[0]).toMatchObject({
      id: 'demo',
      isDemo: true,
      keyHint: core.demoExchange.apiKey.slice(-4),
    });
    expect(JSON.stringify(state)).not.toContain(core.demoExchange.apiSecret);
    expect(JSON.stringify(state)).not.toContain(core.demoExchange.apiKey);
  });

  it('verifies and stores a key in the keychain only, shows its last 4 and what it lacks', async () => {
    const { dir, call } = await start();
    const state = await call<ProfilesState>('profiles.add', addInput());
    const added = state.profiles.find((p) => p.name === 'Second')!;
    expect(added).toMatchObject({
      region: 'custom',
      baseUrl: other.url,
      keyHint: other.apiKey.slice(-4),
    });
    expect(added.missingPermissions).toEqual(['Earn (flex)']);
    expect(added.verifiedAt).toBeGreaterThan(0);
    expect(Object.keys(await entriesOf(added.id))).toEqual([`profile:${added.id}:api`]);
    const stored = JSON.parse((await vault.get(`profile:${added.id}:api`))!) as {
      apiSecret: string;
    };
    expect(stored.apiSecret).toBe(other.apiSecret);
    const files = await allText(dir);
    expect(files).toContain('Second');
    expect(files).not.toContain(other.apiSecret);
    expect(files).not.toContain(other.apiKey);
    await call('profiles.remove', { id: added.id });
    expect(await entriesOf(added.id)).toEqual({});
  });

  it('explains a wrong secret under the secret field, quoting the exchange, and stores nothing', async () => {
    const { dir, call } = await start();
    const error = await call('profiles.add', { ...addInput(), apiSecret: 'wrong' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'VERIFY_FAILED' });
    const fields = (error as { fields: Record<string, string[]> }).fields;
    expect(fields['apiSecret']?.[0]).toMatch(/signature/i);
    expect(fields['apiSecret']?.[0]).toContain('Unauthorized request.');
    const state = await call<ProfilesState>('profiles.list');
    expect(state.profiles).toHaveLength(1);
    expect(await allText(dir)).not.toContain('Second');
  });

  it('puts an unreachable or non-https custom address under its field', async () => {
    const { call } = await start();
    const insecure = await call('profiles.add', {
      ...addInput(),
      customUrl: 'http://example.com',
    }).catch((e: unknown) => e);
    expect((insecure as { fields: Record<string, string[]> }).fields['customUrl']?.[0]).toMatch(
      /https/,
    );
    const closed = await startDemoExchange();
    const url = closed.url;
    await closed.stop();
    const unreachable = await call('profiles.add', { ...addInput(), customUrl: url }).catch(
      (e: unknown) => e,
    );
    // A new address that refuses: the address is what to check.
    expect((unreachable as { fields: Record<string, string[]> }).fields['customUrl']?.[0]).toBe(
      'Could not connect to the exchange (connection refused): it is down or cannot be reached from here. Check the address and try again.',
    );
  });

  it('switches the whole app to the active profile, and keeps the choice across a restart', async () => {
    const { dir, core, call } = await start();
    const added = (await call<ProfilesState>('profiles.add', addInput())).profiles.find(
      (p) => !p.isDemo,
    )!;
    const seen: string[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'exchange.status') seen.push((payload as { baseUrl: string }).baseUrl);
    });
    await call('profiles.activate', { id: added.id });
    expect(core.accounts.active().id).toBe(added.id);
    expect(seen).toContain(other.url);
    const online = await call<{ state: string; baseUrl: string }>('exchange.checkNow');
    expect(online).toMatchObject({ state: 'online', baseUrl: other.url });
    await core.stop();
    cores.pop();

    const again = await start(dir);
    expect((await again.call<ProfilesState>('profiles.list')).activeId).toBe(added.id);
    await again.call('profiles.remove', { id: added.id });
    expect((await again.call<ProfilesState>('profiles.list')).activeId).toBe('demo');
  });

  it('renames a profile', async () => {
    const { call } = await start();
    const added = (await call<ProfilesState>('profiles.add', addInput())).profiles.find(
      (p) => !p.isDemo,
    )!;
    const state = await call<ProfilesState>('profiles.rename', { id: added.id, name: 'Savings' });
    expect(state.profiles.find((p) => p.id === added.id)?.name).toBe('Savings');
    await call('profiles.remove', { id: added.id });
  });
});

describe('without a keychain', () => {
  it('says so, refuses to store a key, and keeps Demo working', async () => {
    const broken = new KeytarStore(service, () => {
      throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
    });
    const core = await startCore({ version: 'test', vault: broken });
    cores.push(core);
    const bound = bindChannels(core.handlers);
    const list = await callChannel(bound, 'profiles.list', undefined);
    expect(list.ok && (list.value as ProfilesState).keychain).toMatchObject({
      available: false,
      message: expect.stringContaining('D-Bus'),
      fix: expect.stringContaining('gnome-keyring'),
    });
    const add = await callChannel(bound, 'profiles.add', addInput());
    expect(add).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE' } });
    const status = await callChannel(bound, 'exchange.checkNow', undefined);
    expect(status).toMatchObject({
      ok: true,
      value: { state: 'online', baseUrl: core.demoExchange.url },
    });
  });
});

describe('OAuth connect', () => {
  it('authorizes through the loopback redirect, keeps tokens in the keychain only, and loads order history', async () => {
    const { dir, core, call } = await start();
    const added = (await call<ProfilesState>('profiles.add', addInput())).profiles.find(
      (p) => !p.isDemo,
    )!;
    await call('oauth.setPartner', {
      profileId: added.id,
      clientId: other.oauthClientId,
      clientSecret: other.oauthClientSecret,
    });
    await call('profiles.activate', { id: added.id });
    const port = await freePort();
    await call('profiles.setOAuthPort', { port });
    const connected = new Promise<ProfilesState>((done) =>
      core.events.subscribe((event, payload) => {
        const state = payload as ProfilesState;
        if (
          event === 'profiles.changed' &&
          state.profiles.find((p) => p.id === added.id)?.oauth.connected
        )
          done(state);
      }),
    );
    const { authorizeUrl, openedExternally } = await call<{
      authorizeUrl: string;
      openedExternally: boolean;
    }>('oauth.connect', { profileId: added.id });
    expect(openedExternally).toBe(false);
    const url = new URL(authorizeUrl);
    expect(url.origin).toBe(other.url);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${port}/callback`);
    // The user clicks Approve: the page posts, and the browser follows the redirect to the loopback.
    const approve = await fetch(`${other.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        clientId: other.oauthClientId,
        state: url.searchParams.get('state')!,
        redirect_uri: url.searchParams.get('redirect_uri')!,
      }).toString(),
    });
    expect(await approve.text()).toContain('Connected');
    const state = await connected;
    const oauth = state.profiles.find((p) => p.id === added.id)!.oauth;
    expect(oauth.accessExpiresAt! - Date.now()).toBeLessThanOrEqual(300_000);
    expect(oauth.refreshExpiresAt! - Date.now()).toBeLessThanOrEqual(600_000);

    const history = await call<Record<string, unknown[]>>('orders.partnerHistory', {});
    expect(typeof history).toBe('object');
    expect(Object.keys(await entriesOf(added.id)).sort()).toEqual([
      `profile:${added.id}:api`,
      `profile:${added.id}:partner`,
      `profile:${added.id}:tokens`,
    ]);
    const secrets = {
      tokens: JSON.parse((await vault.get(`profile:${added.id}:tokens`))!) as {
        accessToken: string;
        refreshToken: string;
      },
    };
    expect(secrets.tokens.accessToken.length).toBeGreaterThan(10);
    const files = await allText(dir);
    expect(files).not.toContain(secrets.tokens.accessToken);
    expect(files).not.toContain(secrets.tokens.refreshToken);
    expect(JSON.stringify(state)).not.toContain(secrets.tokens.accessToken);

    // The connection is lost (its refresh token expired): the profile says why (issue 32, item 13).
    await vault.set(
      `profile:${added.id}:tokens`,
      JSON.stringify({ ...secrets.tokens, accessExpiresAt: 0, refreshExpiresAt: Date.now() - 1 }),
    );
    await expect(call('orders.partnerHistory', {})).rejects.toMatchObject({
      code: 'EXCHANGE_AUTH',
    });
    const lost = (await call<ProfilesState>('profiles.list')).profiles.find(
      (p) => p.id === added.id,
    )!.oauth;
    expect(lost).toMatchObject({
      connected: false,
      lost: 'The partner connection has expired. Connect again to load order history.',
    });

    const off = await call<ProfilesState>('oauth.disconnect', { profileId: added.id });
    expect(off.profiles.find((p) => p.id === added.id)?.oauth.connected).toBe(false);
    // Disconnected on purpose: nothing was lost.
    expect(off.profiles.find((p) => p.id === added.id)?.oauth.lost).toBeUndefined();
    expect(await vault.get(`profile:${added.id}:tokens`)).toBeUndefined();
    await expect(call('orders.partnerHistory', {})).rejects.toMatchObject({
      code: 'EXCHANGE_AUTH',
    });
    await call('profiles.remove', { id: added.id });
    expect(await entriesOf(added.id)).toEqual({});
  });

  it('refuses a redirect whose state is not ours, and keeps waiting for ours', async () => {
    const { core, call } = await start();
    await call('profiles.setOAuthPort', { port: await freePort() });
    const seen: ProfilesState[] = [];
    const connected = new Promise<ProfilesState>((done) =>
      core.events.subscribe((event, payload) => {
        if (event !== 'profiles.changed') return;
        seen.push(payload as ProfilesState);
        if ((payload as ProfilesState).profiles[0]?.oauth.connected) done(payload as ProfilesState);
      }),
    );
    const { authorizeUrl } = await call<{ authorizeUrl: string }>('oauth.connect', {
      profileId: 'demo',
    });
    const url = new URL(authorizeUrl);
    const redirect = url.searchParams.get('redirect_uri')!;
    const forged = await fetch(`${redirect}?code=stolen&state=forged`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Not connected');
    expect(seen.some((s) => s.profiles[0]?.oauth.error)).toBe(false);

    // The real answer still arrives and connects.
    const approve = await fetch(`${core.demoExchange.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        clientId: core.demoExchange.oauthClientId,
        state: url.searchParams.get('state')!,
        redirect_uri: redirect,
      }).toString(),
    });
    expect(await approve.text()).toContain('Connected');
    expect((await connected).profiles[0]?.oauth).toMatchObject({ connected: true });
    expect((await connected).profiles[0]?.oauth.error).toBeUndefined();
  });

  it('keeps the chosen redirect port across a restart, and says when it is taken', async () => {
    const { dir, core, call } = await start();
    const port = await freePort();
    const saved = await call<ProfilesState>('profiles.setOAuthPort', { port });
    expect(saved.oauthRedirect).toEqual({ port, redirectUri: `http://127.0.0.1:${port}/callback` });
    await expect(call('profiles.setOAuthPort', { port: 80 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      fields: { port: [expect.stringMatching(/1024/)] },
    });
    await core.stop();
    cores.pop();

    const again = await start(dir);
    expect((await again.call<ProfilesState>('profiles.list')).oauthRedirect?.port).toBe(port);
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(port, '127.0.0.1', done));
    try {
      await expect(again.call('oauth.connect', { profileId: 'demo' })).rejects.toMatchObject({
        code: 'OAUTH_PORT_UNAVAILABLE',
        fields: { oauthPort: [expect.stringContaining(`Port ${port}`)] },
      });
    } finally {
      await new Promise<void>((done) => holder.close(() => done()));
    }
  });
});

describe('keychain entries from an older version', () => {
  it('splits the one combined entry into an entry per kind on start, then deletes it', async () => {
    const { dir, call, core } = await start();
    const added = (await call<ProfilesState>('profiles.add', addInput())).profiles.find(
      (p) => !p.isDemo,
    )!;
    await core.stop();
    cores.pop();
    // What an older version kept: everything in `profile:<id>`.
    for (const kind of ['api', 'partner', 'tokens'])
      await vault.delete(`profile:${added.id}:${kind}`);
    const tokens = {
      accessToken: 'a'.repeat(1200),
      refreshToken: 'r'.repeat(1200),
      scope: ['orders_history.read'],
      accessExpiresAt: Date.now() + 300_000,
      refreshExpiresAt: Date.now() + 600_000,
    };
    const partner = { clientId: other.oauthClientId, clientSecret: other.oauthClientSecret };
    // Too big for one entry on Windows (the vault now refuses it): older versions wrote such
    // entries on Linux and macOS, so it goes in through keytar itself.
    const keytar = (await import('keytar')).default;
    await keytar.setPassword(
      service,
      `profile:${added.id}`,
      JSON.stringify({ apiKey: other.apiKey, apiSecret: other.apiSecret, partner, tokens }),
    );

    const again = await start(dir);
    const entries = await entriesOf(added.id);
    expect(Object.keys(entries).sort()).toEqual([
      `profile:${added.id}:api`,
      `profile:${added.id}:partner`,
      `profile:${added.id}:tokens`,
    ]);
    expect(JSON.parse(entries[`profile:${added.id}:tokens`]!)).toEqual(tokens);
    const state = await again.call<ProfilesState>('profiles.list');
    expect(state.profiles.find((p) => p.id === added.id)?.oauth).toMatchObject({
      partnerConfigured: true,
      connected: true,
    });
    await again.call('profiles.verify', { id: added.id });
    await again.call('profiles.remove', { id: added.id });
    expect(await entriesOf(added.id)).toEqual({});
  });
});

describe('app lock', () => {
  it('locks, refuses every other channel while locked, rejects a wrong passcode, unlocks', async () => {
    const { call } = await start();
    try {
      expect(await call('lock.configure', { passcode: 'open-sesame', idleMinutes: 5 })).toEqual({
        enabled: true,
        locked: false,
        idleMinutes: 5,
      });
      expect(await call('lock.lockNow')).toMatchObject({ locked: true });
      await expect(call('profiles.list')).rejects.toMatchObject({ code: 'LOCKED' });
      await expect(call('lock.unlock', { passcode: 'nope' })).rejects.toMatchObject({
        code: 'WRONG_PASSCODE',
        fields: { passcode: [expect.any(String)] },
      });
      expect(await call('lock.unlock', { passcode: 'open-sesame' })).toMatchObject({
        locked: false,
      });
      await expect(call('profiles.list')).resolves.toBeTruthy();
      const stored = (await vault.get('app-lock'))!;
      expect(stored).not.toContain('open-sesame');
      expect(JSON.parse(stored)).toMatchObject({
        salt: expect.any(String),
        hash: expect.any(String),
      });
    } finally {
      await call('lock.disable', { passcode: 'open-sesame' }).catch(() => undefined);
    }
    expect(await vault.get('app-lock')).toBeUndefined();
  });
});
