import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic } from '../../../src/main/lib/atomicFile';

/**
 * "Hardening, round 2", item 1: the atomic writer makes what it wrote durable before anything
 * counts on it. Every file operation is recorded (node:fs/promises wrapped, the real one doing the
 * work), so the order of the writes, fsyncs and the rename can be asserted; a step can be made to
 * fail as a full or read-only disk would.
 */
const fs = vi.hoisted(() => ({
  steps: [] as string[],
  /** The next operation of this name fails with this code. */
  failNext: undefined as { op: string; code: string } | undefined,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const maybeFail = (op: string, path: string) => {
    if (fs.failNext?.op !== op) return;
    const { code } = fs.failNext;
    fs.failNext = undefined;
    throw Object.assign(new Error(`${code}: ${op} '${path}'`), { code, path });
  };
  const name = (path: unknown) => String(path).replace(/\.\d+\.[0-9a-f]+\.tmp$/, '.tmp');
  const open: typeof actual.open = async (path, flags, mode) => {
    const handle = await actual.open(path, flags, mode);
    const at = name(path);
    fs.steps.push(`open ${at}`);
    const write = handle.writeFile.bind(handle);
    const sync = handle.sync.bind(handle);
    return Object.assign(handle, {
      writeFile: async (...args: Parameters<typeof write>) => {
        maybeFail('write', String(path));
        fs.steps.push(`write ${at}`);
        return write(...args);
      },
      sync: async () => {
        maybeFail('sync', String(path));
        fs.steps.push(`sync ${at}`);
        return sync();
      },
    });
  };
  const rename: typeof actual.rename = async (from, to) => {
    maybeFail('rename', String(from));
    fs.steps.push(`rename ${name(from)} -> ${name(to)}`);
    return actual.rename(from, to);
  };
  return { ...actual, open, rename, default: { ...actual, open, rename } };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'desk-atomic-'));
  fs.steps = [];
  fs.failNext = undefined;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('fsyncs the file before the rename and the folder after it', async () => {
    const path = join(dir, 'orders-journal.json');
    await writeFileAtomic(path, '{"v":1}');
    expect(fs.steps).toEqual([
      `open ${path}.tmp`,
      `write ${path}.tmp`,
      `sync ${path}.tmp`,
      `rename ${path}.tmp -> ${path}`,
      ...(process.platform === 'win32' ? [] : [`open ${dir}`, `sync ${dir}`]),
    ]);
    expect(await readFile(path, 'utf8')).toBe('{"v":1}');
  });

  it.each([
    ['write', 'ENOSPC', 'the disk is full. Free some space on it, then try again.'],
    ['sync', 'ENOSPC', 'the disk is full. Free some space on it, then try again.'],
    ['rename', 'EROFS', 'the disk is read-only. Make it writable, then try again.'],
  ])(
    'a %s that fails (%s) leaves the old content, no temp file, and says so in words',
    async (op, code, words) => {
      const path = join(dir, 'profiles.json');
      await writeFileAtomic(path, 'old');
      fs.failNext = { op, code };
      await expect(writeFileAtomic(path, 'new')).rejects.toMatchObject({
        code: 'DISK',
        message: `Exchange Desk could not save profiles.json in ${dir}: ${words}`,
        cause: { code },
      });
      expect(await readFile(path, 'utf8')).toBe('old');
      expect(await readdir(dir)).toEqual(['profiles.json']);
    },
  );
});
