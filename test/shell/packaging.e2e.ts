// Packages the built app (out/, from `npm run build`) for linux-x64 with electron-builder (the
// unpacked app and a .deb) on a stand-in Electron distribution and a stand-in fpm, offline, and
// checks what ships: the contents of app.asar, the unpacked native module, the update feed, the
// fuses flipped in the executable, the .deb's metadata, and that the archive, extracted, loads
// every run-time dependency of every package in it and boots.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { extractAll, extractFile, listPackage, statFile } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BootedApp } from './boot/harness';
import { builderConfig, packageJson } from './support/config';
import { closedPort, REPO } from './support/pre-step';
import {
  FUSE_DISABLED,
  FUSE_ENABLED,
  makeStandInElectron,
  makeStandInFpm,
  readFuses,
  type FuseName,
} from './support/stand-in-electron';
import { figure } from '../support/figures';

const ELECTRON_VERSION: string = JSON.parse(
  readFileSync(join(REPO, 'node_modules/electron/package.json'), 'utf8'),
).version;

/**
 * The fuses electron-builder.yml sets (test/shell/config.test.ts holds their policy), and Electron
 * 45's ninth fuse, which electron-builder cannot set: it must come out of packaging at its default.
 */
const { resetAdHocDarwinSignature: _signature, ...configuredFuses } = builderConfig().electronFuses;
const EXPECTED_FUSES = { ...configuredFuses, wasmTrapHandlers: true } as Record<FuseName, boolean>;

const FUSE_INDEX: Record<FuseName, FuseV1Options> = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
  // @electron/fuses 1.8 has no name for it: the ninth byte of the wire.
  wasmTrapHandlers: 8 as FuseV1Options,
};

/**
 * Dependencies a package declares that it needs only to be built (keytar's install script fetches
 * or builds keytar.node with them): electron-builder.yml leaves them out of app.asar.
 */
const BUILD_ONLY: Record<string, string[]> = { keytar: ['node-addon-api', 'prebuild-install'] };

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
let builderExit: number | null = null;
let fpm: ReturnType<typeof makeStandInFpm>;
/** app.asar extracted (its unpacked files included), as the app sees its own files. */
let extracted: string;
/** What test/shell/boot/closure.cjs found, folders relative to the extracted app. */
let closure: { reached: string[]; failures: unknown[]; outside: string[] };

/** Requires the run-time closure of the extracted app in a Node process of its own. */
function closureOf(root: string): Promise<typeof closure> {
  const script = join(REPO, 'test/shell/boot/closure.cjs');
  return new Promise((resolvePromise, reject) => {
    execFile(
      process.execPath,
      [script, root, JSON.stringify(BUILD_ONLY)],
      { cwd: root, env: { PATH: process.env['PATH'] ?? '', HOME: root } },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`));
        const found = JSON.parse(stdout) as {
          reached: string[];
          resolved: string[];
          failures: unknown[];
        };
        const inside = (file: string) => !relative(root, file).startsWith('..');
        resolvePromise({
          reached: found.reached
            .filter((dir) => dir !== root)
            .map((dir) => relative(root, dir).split(sep).join('/')),
          failures: found.failures,
          outside: found.resolved.filter((file) => !inside(file)),
        });
      },
    );
  });
}

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
  fpm = makeStandInFpm(join(work, 'fpm'));
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
    CUSTOM_FPM_PATH: fpm.fpm,
  };
  const started = performance.now();
  const { code, output } = await run(
    [
      join(REPO, 'node_modules/electron-builder/cli.js'),
      '--linux',
      'dir',
      'deb',
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
  builderExit = code;
  figure(`electron-builder --linux dir deb took ${Math.round(performance.now() - started)} ms`);
  appDir = join(work, 'dist/linux-unpacked');
  asarPath = join(appDir, 'resources/app.asar');
  if (!existsSync(asarPath))
    throw new Error(`electron-builder made no app (exit ${code}):\n${output}`);
  entries = listPackage(asarPath, { isPack: false }).map((entry) =>
    entry.replace(/\\/g, '/').replace(/^\//, ''),
  );
  extracted = join(work, 'extracted');
  extractAll(asarPath, extracted);
  mkdirSync(join(work, 'resources'));
  closure = await closureOf(extracted);
}, 90_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('electron-builder --linux dir deb on a stand-in Electron and fpm', () => {
  it('packs from the stand-in, downloading nothing', () => {
    expect(builderExit, builderLog).toBe(0);
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

  it('puts the user guide beside app.asar, where Help > Read Me opens it', () => {
    expect(readFileSync(join(appDir, 'resources/user-guide.md'), 'utf8')).toBe(
      readFileSync(join(REPO, 'docs/user-guide.md'), 'utf8'),
    );
    expect(existsSync(join(appDir, 'resources/README.md'))).toBe(false);
  });

  it('writes the update feed only when package.json names a GitHub repository, from it', () => {
    const feedFile = join(appDir, 'resources/app-update.yml');
    const { repository } = packageJson();
    const url = typeof repository === 'string' ? repository : (repository?.url ?? '');
    const github = /(?:github\.com[/:]|^github:)([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(url);
    if (!github) {
      // This build has no real feed: no app-update.yml, so main keeps updates off.
      expect(existsSync(feedFile)).toBe(false);
      expect(existsSync(join(appDir, 'resources/package-type'))).toBe(false);
      return;
    }
    const feed = readFileSync(feedFile, 'utf8');
    expect(feed).toMatch(/^provider: github$/m);
    expect(feed).toContain(`owner: ${github[1]}`);
    expect(feed).toContain(`repo: ${github[2]}`);
  });

  it('electron-builder --linux deb gets past its metadata checks, with the desktop identity', () => {
    expect(builderLog).not.toContain('Please specify project homepage');
    const args = readFileSync(fpm.args, 'utf8').split('\n');
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(after('-t')).toBe('deb');
    expect(after('--url')).toBe(packageJson().homepage);
    expect(after('--maintainer')).toBe('Exchange Desk <desktop@exchangedesk.app>');
    expect(args).toEqual(expect.arrayContaining(['-d', 'libsecret-1-0']));
    // The launcher is installed as exchange-desk.desktop (package.json desktopName), matching the
    // window's WM_CLASS / app_id, so the dock links the running window to it.
    expect(args.some((a) => a.endsWith('=/usr/share/applications/exchange-desk.desktop'))).toBe(
      true,
    );
    const desktop = readFileSync(fpm.desktop, 'utf8');
    expect(desktop).toMatch(/^StartupWMClass=exchange-desk$/m);
    expect(desktop).toMatch(/^Exec=.*exchange-desk"? %U$/m);
    expect(desktop).not.toContain('--no-sandbox');
  });

  it('flips the fuses of the packaged executable', async () => {
    expect(Object.keys(EXPECTED_FUSES).sort()).toEqual(Object.keys(FUSE_INDEX).sort());
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

  it('ships exactly the run-time closure: keytar’s build-only packages stay out', () => {
    const shipped = new Set(
      entries
        .map((entry) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(entry)?.[1])
        .filter((dir): dir is string => dir !== undefined && !dir.includes('/test/')),
    );
    for (const [owner, dependencies] of Object.entries(BUILD_ONLY)) {
      for (const name of dependencies) {
        const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        expect(
          entries.filter((entry) => new RegExp(`(^|/)node_modules/${escaped}(/|$)`).test(entry)),
          `${owner}'s ${name}`,
        ).toEqual([]);
      }
    }
    expect([...shipped].sort()).toEqual(closure.reached.sort());
  });

  it('extracted, every package in it loads each of its run-time dependencies from inside it', () => {
    expect(closure.failures).toEqual([]);
    expect(closure.reached).toEqual(
      expect.arrayContaining(['node_modules/electron-updater', 'node_modules/keytar']),
    );
    expect(closure.outside).toEqual([]);
  });

  it('extracted and booted packaged under the stand-in: electron-updater and keytar load from it', async () => {
    // A feed that says the running version is the newest: electron-updater has to fetch it and
    // read its YAML, with the packages inside the archive.
    const requests: string[] = [];
    const feed = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/yaml' });
      res.end(
        `version: ${packageJson().version}\nfiles:\n  - url: Exchange-Desk.AppImage\n    sha512: x\n` +
          `    size: 1\npath: Exchange-Desk.AppImage\nsha512: x\nreleaseDate: '2026-11-20T00:00:00.000Z'\n`,
      );
    });
    await new Promise<void>((resolvePromise) => feed.listen(0, '127.0.0.1', resolvePromise));
    const resources = join(work, 'resources');
    writeFileSync(
      join(resources, 'app-update.yml'),
      `provider: generic\nurl: http://127.0.0.1:${(feed.address() as AddressInfo).port}/\n` +
        'updaterCacheDirName: exchange-desk-updater\n',
    );
    // electron-updater on Linux updates an AppImage only when it runs from one.
    const installed = join(resources, 'Exchange-Desk-0.1.0.AppImage');
    writeFileSync(installed, 'the installed version');
    const app = await BootedApp.boot({
      main: join(extracted, 'out/main/index.js'),
      packaged: true,
      resources,
      env: { APPIMAGE: installed },
    });
    try {
      await app.ready();
      const deadline = Date.now() + 15_000;
      let status: { state: string; message?: string } = { state: '' };
      while (Date.now() < deadline) {
        const answer = await app.invoke<typeof status>('app.updateStatus');
        if (answer.ok) status = answer.value;
        if (status.state === 'not-available' || status.state === 'error') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toEqual({ state: 'not-available', version: packageJson().version });
      expect(requests.map((url) => url.split('?')[0])).toContain('/latest-linux.yml');
      const modules = await app.modules();
      const inApp = (name: string) =>
        modules.filter((file) => file.startsWith(join(extracted, 'node_modules', name) + sep));
      expect(inApp('electron-updater').length).toBeGreaterThan(0);
      expect(inApp('js-yaml').length).toBeGreaterThan(0);
      expect(inApp('keytar').some((file) => file.endsWith('keytar.node'))).toBe(true);
      expect(modules.filter((file) => file.startsWith(join(REPO, 'node_modules') + sep))).toEqual(
        [],
      );
    } finally {
      app.kill();
      feed.close();
      feed.closeAllConnections();
    }
  });

  it('keeps app.asar under 10 MB', () => {
    const bytes = statSync(asarPath).size;
    figure(`app.asar: ${(bytes / 1024 / 1024).toFixed(2)} MB (${bytes} bytes)`);
    expect(bytes).toBeLessThan(10 * 1024 * 1024);
  });
});
