import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { log } from './log';

/** Folders the app makes for its data: only their owner may list or enter them. */
const PRIVATE_DIR = 0o700;

/**
 * Makes the app data folder (0700), or tightens an existing one that others may read (an older
 * version made it 0755) on POSIX. A folder it cannot tighten (not ours) is logged, never a reason
 * not to start.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  if (process.platform === 'win32') return; // no POSIX modes: the profile folder's ACL applies
  try {
    const { mode } = await stat(dir);
    if ((mode & 0o077) !== 0) await chmod(dir, PRIVATE_DIR);
  } catch (error) {
    log.error(
      `[data] the data folder ${dir} could not be made private: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
}

/**
 * Writes a file so that a reader (or a crash) sees either the old or the new content, never half:
 * a temp file in the same folder, then rename over the target. A missing folder is made 0700.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, text, { encoding: 'utf8', mode: 0o600 });
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
