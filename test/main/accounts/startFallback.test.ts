import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../../src/main/accounts/accounts';
import { startDemoExchange, type DemoExchange } from '@exchange-desk/demo-exchange';
import { AppEvents } from '../../../src/main/core/events';
import { MemoryVault } from '../../support/memoryVault';

/**
 * Start-up never depends on a stored profile being valid: a profiles.json written by an earlier
 * version (or by hand) whose active profile points where today's rule refuses opens on Demo with
 * a notice naming the profile and what to do.
 */

let demo: DemoExchange;
const opened: Accounts[] = [];
beforeAll(async () => {
  demo = await startDemoExchange({});
});
afterAll(async () => {
  await demo.stop();
});
afterEach(() => {
  for (const accounts of opened.splice(0)) accounts.stop();
});

const stored = (id: string, name: string, baseUrl: string) => ({
  id,
  name,
  region: 'custom',
  baseUrl,
  keyHint: 'abcd',
  missingPermissions: [],
});

async function dataDirWith(activeId: string, profiles: unknown[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'desk-fallback-'));
  await writeFile(
    join(dir, 'profiles.json'),
    JSON.stringify({ version: 1, activeId, profiles }, null, 2),
  );
  return dir;
}

async function open(dataDir: string): Promise<Accounts> {
  const vault = new MemoryVault();
  for (const id of ['p-work', 'p-ftp', 'p-ok'])
    vault.entries.set(`profile:${id}:api`, JSON.stringify({ apiKey: 'k', apiSecret: 's' }));
  const accounts = await Accounts.create({ dataDir, vault, demo, events: new AppEvents() });
  opened.push(accounts);
  return accounts;
}

describe('start-up with an invalid stored profile', () => {
  it('an active profile whose address is refused: starts on Demo with a notice naming it', async () => {
    const dir = await dataDirWith('p-work', [
      stored('p-work', 'Work', 'http://10.1.2.3'),
      stored('p-ftp', 'Old FTP', 'ftp://x'),
    ]);
    const accounts = await open(dir);
    expect(accounts.active().id).toBe('demo');
    const state = await accounts.state();
    expect(state.activeId).toBe('demo');
    expect(state.profiles.map((p) => p.name)).toEqual(['Demo', 'Work', 'Old FTP']);
    expect(state.notice).toContain('“Work”');
    expect(state.notice).toContain('http://10.1.2.3');
    expect(state.notice).toMatch(/you are on Demo/);
    expect(state.notice).toMatch(/Remove it and add it again/);
  });

  it('an invalid profile that is not active is listed but refused on activate, under no field', async () => {
    const dir = await dataDirWith('demo', [
      stored('p-ftp', 'Old FTP', 'ftp://x'),
      stored('p-ok', 'Fine', 'https://fine.example'),
    ]);
    const accounts = await open(dir);
    const state = await accounts.state();
    expect(state.notice).toBeUndefined();
    expect(state.profiles.map((p) => p.name)).toContain('Old FTP');
    let refused: unknown;
    try {
      await accounts.activate('p-ftp');
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ code: 'PROFILE_INVALID' });
    const failure = refused as { message: string; fields?: unknown };
    expect(failure.fields).toBeUndefined();
    expect(failure.message).toContain('“Old FTP”');
    expect(failure.message).toContain('ftp://x');
    // Still on Demo, and Demo still works.
    expect(accounts.active().id).toBe('demo');
    expect((await accounts.active().api.mainBalance()) !== undefined).toBe(true);
  });

  it('removing the refused profile clears the notice', async () => {
    const dir = await dataDirWith('p-work', [stored('p-work', 'Work', 'http://10.1.2.3')]);
    const accounts = await open(dir);
    expect((await accounts.state()).notice).toBeTruthy();
    const after = await accounts.remove('p-work');
    expect(after.notice).toBeUndefined();
    expect(after.profiles.map((p) => p.name)).toEqual(['Demo']);
  });
});
