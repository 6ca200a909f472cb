import { chmod, mkdir, mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src/main/atomicFile';
import { startCore, type Core } from '../../../src/main/core';
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
