// Helpers for test/shell/ensure-electron.test.ts: throwaway project folders with an `electron`
// package in node_modules (a stand-in installer, or a copy of the real one) and a way to run
// scripts/ensure-electron.mjs in them as `npm start` would.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const REPO = resolve(__dirname, '../../..');
export const PRE_STEP = join(REPO, 'scripts/ensure-electron.mjs');
export const REAL_ELECTRON = join(REPO, 'node_modules/electron');

export type PreStepRun = { code: number | null; stdout: string; stderr: string; ms: number };

const temps: string[] = [];

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `desk-${prefix}-`));
  temps.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A project folder: package.json and node_modules/electron/package.json (the real one). */
export function makeProject(prefix: string): { root: string; electronDir: string } {
  const root = tempDir(prefix);
  writeFileSync(join(root, 'package.json'), '{ "name": "pre-step-fixture", "private": true }\n');
  const electronDir = join(root, 'node_modules/electron');
  mkdirSync(electronDir, { recursive: true });
  copyFileSync(join(REAL_ELECTRON, 'package.json'), join(electronDir, 'package.json'));
  return { root, electronDir };
}

/**
 * Gives the project a copy of Electron's real installer (install.js, index.js, checksums.json) and
 * links the packages it loads (@electron/get, @electron-internal/extract-zip) to the repo's copies.
 */
export function useRealInstaller(root: string): void {
  const electronDir = join(root, 'node_modules/electron');
  for (const file of ['install.js', 'index.js', 'checksums.json']) {
    copyFileSync(join(REAL_ELECTRON, file), join(electronDir, file));
  }
  for (const pkg of ['@electron/get', '@electron-internal/extract-zip']) {
    const link = join(root, 'node_modules', pkg);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(REPO, 'node_modules', pkg), link, 'junction');
  }
}

/**
 * The environment of a run: no inherited npm, proxy or Electron settings, downloads for linux-x64
 * (whatever runs the test), the given overrides on top.
 */
export function preStepEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|electron_|ELECTRON_)|proxy$/i.test(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    ELECTRON_INSTALL_PLATFORM: 'linux',
    ELECTRON_INSTALL_ARCH: 'x64',
    ELECTRON_GET_NO_PROGRESS: '1',
    ...overrides,
  };
}

/** Runs the pre-step with `cwd` as the project folder; resolves when it exits. */
export function runPreStep(cwd: string, env: NodeJS.ProcessEnv): Promise<PreStepRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [PRE_STEP], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolvePromise, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      resolvePromise({ code, stdout, stderr, ms: performance.now() - started }),
    );
  });
}

/** A 127.0.0.1 port nothing listens on. */
export { freePort as closedPort } from '../../support/ports';

/** Starts a server (net or http) on 127.0.0.1 and returns its port. */
export async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as { port: number }).port;
}
