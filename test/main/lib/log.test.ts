import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, redact, startLogFile, stopLogFile } from '../../../src/main/lib/log';

afterEach(() => {
  stopLogFile();
  vi.restoreAllMocks();
});

describe('the main log', () => {
  it('writes errors with their stack to main.log in a private folder', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dir = join(await mkdtemp(join(tmpdir(), 'desk-log-')), 'logs');
    const path = startLogFile(dir)!;
    log.error('[main] the core did not start:', new Error('boom'));
    const text = await readFile(path, 'utf8');
    expect(text).toMatch(
      /^\d{4}-\d\d-\d\dT.* ERROR \[main\] the core did not start: Error: boom\n/,
    );
    expect(text).toContain('log.test.ts'); // the stack
    if (process.platform !== 'win32') {
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
    }
  });

  it('rotates at the size limit and keeps the given number of older files', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dir = await mkdtemp(join(tmpdir(), 'desk-log-'));
    startLogFile(dir, { maxBytes: 1000, keep: 2 });
    for (let i = 0; i < 100; i += 1) log.error(`line ${i} ${'x'.repeat(80)}`);
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    for (const file of files) expect((await stat(join(dir, file))).size).toBeLessThanOrEqual(1000);
    expect(await readFile(join(dir, 'main.log'), 'utf8')).toContain('line 99 ');
  });

  it('clips a huge line instead of writing it whole', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dir = await mkdtemp(join(tmpdir(), 'desk-log-'));
    const path = startLogFile(dir)!;
    log.error('[updates]', new Error('x'.repeat(1_000_000)));
    const text = await readFile(path, 'utf8');
    expect(text.length).toBeLessThan(9000);
    expect(text).toContain('… [clipped]');
  });

  it('masks anything shaped like a secret or a token', () => {
    const line = redact(
      'refused {"apiSecret":"s3cr3t","client_secret":"cs","accessToken":"at.1"} ' +
        'Authorization: Bearer abc.def-ghi token=xyz password: hunter2',
    );
    for (const secret of ['s3cr3t', 'cs"', 'at.1', 'abc.def-ghi', 'xyz', 'hunter2']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('"apiSecret":[redacted]');
    expect(line).toContain('Bearer [redacted]');
  });

  it('a log folder that cannot be made leaves the log on the console, without throwing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dir = await mkdtemp(join(tmpdir(), 'desk-log-'));
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'file'), 'x');
    expect(startLogFile(join(dir, 'file', 'logs'))).toBeUndefined();
    expect(() => log.error('on the console only')).not.toThrow();
  });

  it('a log file that cannot be written never throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dir = await mkdtemp(join(tmpdir(), 'desk-log-'));
    startLogFile(join(dir, 'logs'));
    // Replace the folder with a file: appends fail from now on.
    const { rm, writeFile } = await import('node:fs/promises');
    await rm(join(dir, 'logs'), { recursive: true });
    await writeFile(join(dir, 'logs'), 'not a folder');
    expect(() => log.error('still fine')).not.toThrow();
  });
});
