// Packages the built app (out/, from `npm run build`) with electron-builder --dir for linux-x64 on
// a stand-in Electron distribution, offline, and checks what ships: the contents of app.asar, the
// unpacked native module, the update feed and the fuses flipped in the executable.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from './support/pre-step';
import {
  FUSE_DISABLED,
  FUSE_ENABLED,
  makeStandInElectron,
  readFuses,
  type FuseName,
} from './support/stand-in-electron';
import { figure } from '../support/figures';

const REPO = resolve(__dirname, '../..');
const ELECTRON_VERSION: string = JSON.parse(
  readFileSync(join(REPO, 'node_modules/electron/package.json'), 'utf8'),
).version;

/** What electron-builder.yml promises (task: hardened fuses). */
const EXPECTED_FUSES: Record<FuseName, boolean> = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: false,
};

const FUSE_INDEX: Record<FuseName, FuseV1Options> = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
};

/** Bundled into out/ or only used to build: none of them may ship in app.asar. */
const BUILD_TIME_PACKAGES = [
  'react',
  'react-dom',
  'recharts',
  'zustand',
  '@tanstack/react-virtual',
  'zod',
  'decimal.js',
  'csv-stringify',
  'vite',
  'electron-vite',
  'typescript',
  'electron',
  'electron-builder',
];

let work: string;
let appDir: string;
let asarPath: string;
let entries: string[];
let builderLog = '';

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolvePromise, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolvePromise({ code, output }));
  });
}

/** The archive's entries as paths relative to its root, with forward slashes. */
function inArchive(path: string): boolean {
  return entries.includes(path);
}

beforeAll(async () => {
  for (const built of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
    if (!existsSync(join(REPO, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` before the e2e tests`);
    }
  }
  work = await mkdtemp(join(tmpdir(), 'desk-packaging-'));
  const electronDist = makeStandInElectron(join(work, 'electron-dist'), ELECTRON_VERSION);
  // Any download electron-builder might attempt goes to a closed local port and fails the build.
  const nowhere = `http://127.0.0.1:${await closedPort()}/`;
  // Without VITEST in its environment: electron-builder keeps quiet under vitest otherwise.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    ELECTRON_MIRROR: nowhere,
    ELECTRON_BUILDER_BINARIES_MIRROR: nowhere,
    npm_config_electron_mirror: nowhere,
    CSC_IDENTITY_AUTO_DISCOVERY: 'false',
  };
  const started = performance.now();
  const { code, output } = await run(
    [
      join(REPO, 'node_modules/electron-builder/cli.js'),
      '--dir',
      '--linux',
      '--x64',
      '--config',
      'electron-builder.yml',
      '--publish',
      'never',
      `-c.electronDist=${electronDist}`,
      `-c.electronVersion=${ELECTRON_VERSION}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${join(work, 'dist')}`,
    ],
    env,
  );
  builderLog = output;
  figure(`electron-builder --dir took ${Math.round(performance.now() - started)} ms`);
  if (code !== 0) throw new Error(`electron-builder failed (exit ${code}):\n${output}`);
  appDir = join(work, 'dist/linux-unpacked');
  asarPath = join(appDir, 'resources/app.asar');
  entries = listPackage(asarPath, { isPack: false }).map((entry) =>
    entry.replace(/\\/g, '/').replace(/^\//, ''),
  );
}, 90_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('electron-builder --dir on a stand-in Electron', () => {
  it('packs from the stand-in, downloading nothing', () => {
    expect(builderLog).toContain('using custom unpacked Electron distribution');
    expect(builderLog).not.toMatch(/downloading|downloaded/i);
    const executable = readFileSync(join(appDir, 'exchange-desk'));
    expect(executable.toString('latin1')).toContain('stand-in Electron');
  });

  it('puts the built app in app.asar, and nothing else of the source tree', () => {
    expect(existsSync(asarPath)).toBe(true);
    for (const file of [
      'out/main/index.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'package.json',
    ]) {
      expect(inArchive(file), file).toBe(true);
    }
    const sourceTree = entries.filter((entry) =>
      /^(src|test|bench|scripts|docs)(\/|$)/.test(entry),
    );
    expect(sourceTree).toEqual([]);
    expect(entries.filter((entry) => /\.(ts|tsx|mts|cts|map)$/.test(entry))).toEqual([]);
    const packaged = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8'));
    expect(packaged.main).toBe('./out/main/index.js');
  });

  it('ships the run-time dependencies of main, and no build-time package', () => {
    expect(inArchive('node_modules/keytar/package.json')).toBe(true);
    expect(inArchive('node_modules/electron-updater/package.json')).toBe(true);
    for (const name of BUILD_TIME_PACKAGES) {
      const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      const shipped = entries.filter((entry) =>
        new RegExp(`(^|/)node_modules/${escaped}(/|$)`).test(entry),
      );
      expect(shipped, name).toEqual([]);
    }
  });

  it('keeps keytar.node outside the archive, in app.asar.unpacked', () => {
    const nodeFile = 'node_modules/keytar/build/Release/keytar.node';
    expect(existsSync(join(appDir, 'resources/app.asar.unpacked', nodeFile))).toBe(true);
    const entry = statFile(asarPath, nodeFile) as { unpacked?: boolean; offset?: string };
    expect(entry.unpacked).toBe(true);
    expect(entry.offset).toBeUndefined();
  });

  it('puts the README beside app.asar, where Help > Read Me opens it', () => {
    expect(readFileSync(join(appDir, 'resources/README.md'), 'utf8')).toBe(
      readFileSync(join(REPO, 'README.md'), 'utf8'),
    );
  });

  it('writes the update feed electron-updater reads', () => {
    const feed = readFileSync(join(appDir, 'resources/app-update.yml'), 'utf8');
    expect(feed).toMatch(/^provider: github$/m);
    expect(feed).toMatch(/^owner: exchange-desk$/m);
    expect(feed).toMatch(/^repo: exchange-desk$/m);
  });

  it('flips the fuses of the packaged executable', async () => {
    const executable = join(appDir, 'exchange-desk');
    const wire = await getCurrentFuseWire(executable);
    const ours = readFuses(readFileSync(executable));
    const readback: Record<string, string> = {};
    for (const [name, enabled] of Object.entries(EXPECTED_FUSES) as [FuseName, boolean][]) {
      const state = wire[FUSE_INDEX[name]];
      readback[name] = state === FUSE_ENABLED ? 'on' : state === FUSE_DISABLED ? 'off' : `${state}`;
      expect(state, name).toBe(enabled ? FUSE_ENABLED : FUSE_DISABLED);
      expect(ours[name], name).toBe(enabled);
    }
    figure(`fuses read back: ${JSON.stringify(readback)}`);
  });

  it('keeps app.asar under 10 MB', () => {
    const bytes = statSync(asarPath).size;
    figure(`app.asar: ${(bytes / 1024 / 1024).toFixed(2)} MB (${bytes} bytes)`);
    expect(bytes).toBeLessThan(10 * 1024 * 1024);
  });
});
