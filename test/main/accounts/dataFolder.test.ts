import { chmod, mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensurePrivateDir, writeFileAtomic } from '../../../src/main/lib/atomicFile';
import { log } from '../../../src/main/lib/log';
import { dataFolderIsNew, startCore, type Core } from '../../../src/main/core/core';
import { KeytarStore } from '../../../src/main/vault/vault';

/** The data folder holds profile names and portfolio data: only its owner may list or read it. */
const posix = process.platform !== 'win32';

/** A keytar that lives in memory, so startCore needs no keychain here. */
function memoryKeytar() {
  const entries = new Map<string, string>();
  return {
    getPassword: async (s: string, a: string) => entries.get(`${s}/${a}`) ?? null,
    setPassword: async (s: string, a: string, p: string) => {
      entries.set(`${s}/${a}`, p);
    },
    deletePassword: async (s: string, a: string) => entries.delete(`${s}/${a}`),
  };
}

const cores: Core[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const core of cores.splice(0)) await core.stop();
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

async function start(dataDir: string) {
  const keytar = memoryKeytar();
  const core = await startCore({
    version: 'test',
    dataDir,
    vault: new KeytarStore('Exchange Desk test', () => keytar),
  });
  cores.push(core);
  return core;
}

describe.runIf(posix)('the data folder is private (0700)', () => {
  it('a new data folder is created 0700', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'desk-data-')), 'Exchange Desk');
    await start(dir);
    expect((await modeOf(dir)).toString(8)).toBe('700');
  });

  it('an existing 0755 data folder is made 0700 at start', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'desk-data-')), 'Exchange Desk');
    await mkdir(dir, { mode: 0o755 });
    await chmod(dir, 0o755);
    expect((await modeOf(dir)).toString(8)).toBe('755');
    await start(dir);
    expect((await modeOf(dir)).toString(8)).toBe('700');
  });

  it('writeFileAtomic creates a missing folder 0700', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'desk-data-')), 'nested');
    await writeFileAtomic(join(dir, 'profiles.json'), '{}');
    expect((await modeOf(dir)).toString(8)).toBe('700');
    expect((await modeOf(join(dir, 'profiles.json'))).toString(8)).toBe('600');
  });
});

describe('a data folder new at this start', () => {
  /** A core whose keychain cannot be read (no Secret Service), on `dataDir`. */
  async function startWithoutKeychain(dataDir: string) {
    const core = await startCore({
      version: 'test',
      dataDir,
      vault: new KeytarStore('Exchange Desk test', () => {
        throw new Error('no keychain in this test');
      }),
    });
    cores.push(core);
    return core;
  }

  it("is new until it holds one of the app's own files; other programs' files do not count", async () => {
    const parent = await mkdtemp(join(tmpdir(), 'desk-data-'));
    const dir = join(parent, 'made');
    await ensurePrivateDir(dir);
    expect(await dataFolderIsNew(dir)).toBe(true);
    await writeFile(join(dir, 'Cookies'), '');
    expect(await dataFolderIsNew(dir)).toBe(true);
    for (const file of ['profiles.json', 'history.sqlite', 'app-lock.json']) {
      const used = join(parent, file);
      await ensurePrivateDir(used);
      await writeFile(join(used, file), '');
      expect(await dataFolderIsNew(used), file).toBe(false);
    }
  });

  it('without a keychain: opens, records that no lock is set, and opens again from that record', async () => {
    const warnings = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const dataDir = join(await mkdtemp(join(tmpdir(), 'desk-data-')), 'Exchange Desk');
    const first = await startWithoutKeychain(dataDir);
    expect(await first.handlers['lock.status'](undefined)).toMatchObject({ locked: false });
    expect(JSON.parse(await readFile(join(dataDir, 'app-lock.json'), 'utf8'))).toEqual({
      version: 1,
      enabled: false,
    });
    await first.stop();
    const second = await startWithoutKeychain(dataDir);
    expect(await second.handlers['lock.status'](undefined)).toMatchObject({ locked: false });
    expect(warnings).toHaveBeenCalledWith(
      expect.stringContaining('[lock] the keychain cannot be read; no app lock (none recorded)'),
    );
  });

  it("without a keychain, a folder that holds only Electron's own files is new: it opens", async () => {
    // In the desktop app the data folder is Electron's userData: Chromium has written its own
    // files there before the core starts, on the very first launch too.
    vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const dataDir = await mkdtemp(join(tmpdir(), 'desk-data-'));
    await writeFile(join(dataDir, 'Preferences'), '{}');
    await mkdir(join(dataDir, 'Local Storage'));
    await mkdir(join(dataDir, 'logs'));
    const core = await startWithoutKeychain(dataDir);
    expect(await core.handlers['lock.status'](undefined)).toMatchObject({ locked: false });
  });

  it('without a keychain, a folder used before whose record is missing stays locked', async () => {
    const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const dataDir = await mkdtemp(join(tmpdir(), 'desk-data-'));
    await writeFile(
      join(dataDir, 'profiles.json'),
      '{"version":1,"activeId":"demo","profiles":[]}',
    );
    const core = await startWithoutKeychain(dataDir);
    expect(await core.handlers['lock.status'](undefined)).toMatchObject({
      locked: true,
      error: expect.stringContaining('Exchange Desk cannot tell whether an app lock is set'),
    });
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('[lock] the app lock could not be read'),
    );
  });
});
