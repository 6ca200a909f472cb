import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * What the demo exchange needs of the program that runs it: where to tell its own failures and how
 * to write its state file. The app hands in its log and its atomic, durable writer; alone (the CLI,
 * a test) the demo uses these defaults.
 */
export interface DemoLog {
  error(...parts: unknown[]): void;
}

export type WriteFile = (path: string, text: string) => Promise<void>;

export const consoleLog: DemoLog = { error: (...parts) => console.error(...parts) };

/** Writes a temporary file beside `path`, then renames it over `path` (never a half-written file). */
export const writeFileReplacing: WriteFile = async (path, text) => {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, text, { mode: 0o600 });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
};
