import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { diskFailure } from './diskErrors';
import { log } from './log';

/** Folders the app makes for its data: only their owner may list or enter them. */
const PRIVATE_DIR = 0o700;

/**
 * Makes the app data folder (0700), or tightens an existing one that others may read (an older
 * version made it 0755) on POSIX. A folder it cannot tighten (not ours) is logged, never a reason
 * not to start. True when the folder is new: made now, or found empty (nothing was ever kept in it).
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
 * Makes a folder's entries durable (a rename in it survives a power cut). Windows cannot open a
 * folder for this and journals its file system's metadata itself; a file system that cannot sync
 * a folder (EINVAL) has nothing to sync.
 */
async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Writes a file so that a reader (or a crash, or a power cut) sees either the old or the new
 * content, never half, and so that once it resolves the new content is on the disk: a temp file in
 * the same folder, written and fsynced, then renamed over the target, then the folder fsynced. A
 * missing folder is made 0700. A failure leaves the old content and no temp file; a full,
 * read-only or forbidden disk is said in words (diskErrors.ts), the file's name and folder in them.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
    const handle = await open(tmp, 'w', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
    await syncFolder(dir);
  } catch (error) {
    await rm(tmp, { force: true });
    throw diskFailure(error, dir, `save ${basename(path)}`) ?? error;
  }
}
