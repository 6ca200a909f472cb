import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryStore, SNAPSHOT_DEDUPE_MS } from '../../../src/main/portfolioHistory/store';

const ROOT = resolve(__dirname, '../../..');
const WRITER = join(__dirname, 'crashWriter.ts');

/**
 * Runs the writer until it has reported `reports` committed snapshots, then lets it start the next
 * one and kills it (SIGKILL, while it writes). The writer waits for a byte on stdin after each
 * report, so whatever the machine's speed it is at most one snapshot past the last one read here.
 * Answers the numbers it reported.
 */
function writeThenKill(dataDir: string, reports: number): Promise<number[]> {
  return new Promise((done, fail) => {
    // tsx as a loader of this very process (its CLI would run the script in a grandchild, which
    // the kill would not reach).
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const reported: number[] = [];
    let pending = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (reported.length >= reports) return;
        reported.push(Number(line));
        child.stdin.write('.');
        if (reported.length >= reports) child.kill('SIGKILL');
      }
    });
    // The kill can land while a byte is on its way.
    child.stdin.on('error', () => undefined);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL') done(reported);
      else fail(new Error(`the writer ended by itself (${code}): ${stderr}`));
    });
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'desk-crash-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('a process killed while writing snapshots', () => {
  it('leaves a file that passes its integrity check and lost at most the last snapshot', async () => {
    const committed: number[] = [];
    // Kills after different numbers of snapshots, each run going on from the last.
    for (const reports of [5, 23, 41, 2, 60, 17]) {
      committed.push(...(await writeThenKill(dataDir, reports)));

      const db = new DatabaseSync(join(dataDir, 'history.sqlite'));
      expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
      db.close();

      const store = HistoryStore.open(dataDir);
      const stored = store.snapshots('crash').map((s) => s.takenAt / SNAPSHOT_DEDUPE_MS);
      store.close();
      // Every snapshot reported committed is there, in order, each whole (50 holdings); at most
      // one more (committed, killed before it said so).
      expect(stored.slice(0, committed.length)).toEqual(committed);
      expect(stored.length - committed.length).toBeLessThanOrEqual(1);
      // The next run goes on from what is stored: it reports that one again otherwise.
      committed.splice(0, committed.length, ...stored);
    }
  });

  it('never leaves a snapshot half written', () => {
    const store = HistoryStore.open(dataDir);
    for (const s of store.snapshots('crash')) expect(s.holdings).toHaveLength(50);
    store.close();
  });
});
