// scripts/ensure-electron.mjs, the step `npm start` and `npm run dev` run first: it installs
// Electron's binary when it is missing, and offline it explains, fast, instead of hanging.
// Everything runs in throwaway project folders; the only network is 127.0.0.1.
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PRE_STEP,
  REAL_ELECTRON,
  closedPort,
  listen,
  makeProject,
  preStepEnv,
  removeTempDirs,
  runPreStep,
  tempDir,
  useRealInstaller,
} from './support/pre-step';
import { figure } from '../support/figures';

type Probe = { ok: true } | { ok: false; reason: string };
type ProbeOptions = {
  timeoutMs?: number;
  lookup?: (host: string, callback: (error: Error | null, address?: string) => void) => void;
  connect?: (options: { host: string; port: number }) => EventEmitter & { destroy(): void };
};
type PreStepModule = {
  PROBE_TIMEOUT_MS: number;
  probeHost(url: string, options?: ProbeOptions): Promise<Probe>;
  isInstalled(electronDir: string, version: string, env: NodeJS.ProcessEnv): boolean;
  ensureElectron(options: {
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    log?: { log(...args: unknown[]): void; error(...args: unknown[]): void };
    probe?: (url: string) => Promise<Probe>;
  }): Promise<number>;
};

const VERSION: string = JSON.parse(
  readFileSync(join(REAL_ELECTRON, 'package.json'), 'utf8'),
).version;
const STACK_FRAME = /^\s+at\s/m;

/** Electron's install.js stand-in: counts its calls and installs a fake binary like the real one. */
const STAND_IN_INSTALLER = `
const fs = require('fs');
const path = require('path');
fs.appendFileSync(path.join(__dirname, '..', '..', 'installer-calls.log'), 'called\\n');
if (process.env.STAND_IN_INSTALLER === 'noop') process.exit(0);
if (process.env.STAND_IN_INSTALLER === 'hang') {
  fs.writeFileSync(path.join(__dirname, '..', '..', 'installer.pid'), String(process.pid));
  setInterval(() => {}, 1000);
} else {
  const { version } = require('./package.json');
  fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'dist', 'version'), 'v' + version);
  fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), '#!/bin/sh\\n', { mode: 0o755 });
  fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron');
}
`;

let preStep: PreStepModule;
/** A 127.0.0.1 server that accepts connections: the download host is "reachable". */
let reachable: Server;
let reachableMirror: string;

beforeAll(async () => {
  preStep = (await import(pathToFileURL(PRE_STEP).href)) as PreStepModule;
  reachable = createServer((socket) => socket.destroy());
  reachableMirror = `http://127.0.0.1:${await listen(reachable)}/`;
});

afterAll(async () => {
  await new Promise((r) => reachable.close(r));
});

afterEach(() => removeTempDirs());

function standInProject(): { root: string; electronDir: string; calls: () => number } {
  const project = makeProject('stand-in');
  writeFileSync(join(project.electronDir, 'install.js'), STAND_IN_INSTALLER);
  const log = join(project.root, 'installer-calls.log');
  const calls = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').length - 1 : 0);
  return { ...project, calls };
}

describe('ensure-electron with a stand-in installer', () => {
  it('installs a missing binary once, then leaves it alone', async () => {
    const { root, electronDir, calls } = standInProject();
    const env = preStepEnv({ ELECTRON_MIRROR: reachableMirror });

    const first = await runPreStep(root, env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(calls()).toBe(1);
    expect(first.stdout).toContain(`Downloading Electron ${VERSION} for linux-x64`);
    expect(existsSync(join(electronDir, 'dist/electron'))).toBe(true);

    const second = await runPreStep(root, env);
    expect(second.code).toBe(0);
    expect(calls()).toBe(1);
    expect(second.stdout + second.stderr).toBe('');
  });

  it('installs again when dist/version is another Electron, or path.txt names another file', async () => {
    const { root, electronDir, calls } = standInProject();
    const env = preStepEnv({ ELECTRON_MIRROR: reachableMirror });
    expect((await runPreStep(root, env)).code).toBe(0);

    writeFileSync(join(electronDir, 'dist/version'), 'v1.0.0');
    expect((await runPreStep(root, env)).code).toBe(0);
    expect(calls()).toBe(2);

    writeFileSync(join(electronDir, 'path.txt'), 'electron.exe');
    expect((await runPreStep(root, env)).code).toBe(0);
    expect(calls()).toBe(3);

    rmSync(join(electronDir, 'dist/electron'));
    expect((await runPreStep(root, env)).code).toBe(0);
    expect(calls()).toBe(4);
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH for where the executable is', async () => {
    const { root, electronDir, calls } = standInProject();
    const env = preStepEnv({ ELECTRON_MIRROR: reachableMirror });
    expect((await runPreStep(root, env)).code).toBe(0);
    rmSync(join(electronDir, 'dist/electron'));

    const elsewhere = join(tempDir('override'), 'electron');
    writeFileSync(elsewhere, '#!/bin/sh\n');
    const overridden = preStepEnv({
      ELECTRON_MIRROR: reachableMirror,
      ELECTRON_OVERRIDE_DIST_PATH: elsewhere,
    });
    expect(preStep.isInstalled(electronDir, VERSION, overridden)).toBe(true);
    expect(preStep.isInstalled(electronDir, VERSION, env)).toBe(false);
    expect((await runPreStep(root, overridden)).code).toBe(0);
    expect(calls()).toBe(1);
  });

  it('fails, and says so, when the installer leaves no binary behind', async () => {
    const { root, calls } = standInProject();
    const run = await runPreStep(
      root,
      preStepEnv({ ELECTRON_MIRROR: reachableMirror, STAND_IN_INSTALLER: 'noop' }),
    );
    expect(calls()).toBe(1);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`Electron ${VERSION}'s binary for linux-x64 is missing`);
    expect(run.stderr).toContain('left no executable');
  });

  it('says what to do when the electron package itself is not installed', async () => {
    const root = tempDir('no-electron');
    writeFileSync(join(root, 'package.json'), '{}');
    const run = await runPreStep(root, preStepEnv());
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('npm install');
    expect(run.stderr).not.toMatch(STACK_FRAME);
  });
});

describe("ensure-electron with Electron's real installer, offline", () => {
  function realProject(): { root: string; electronDir: string; cache: string } {
    const project = makeProject('real');
    useRealInstaller(project.root);
    return { ...project, cache: tempDir('electron-cache') };
  }

  function expectExplanation(run: { code: number | null; stderr: string; stdout: string }) {
    expect(run.code).not.toBe(0);
    const said = run.stdout + run.stderr;
    expect(run.stderr).toContain(`Electron ${VERSION}'s binary for linux-x64 is missing`);
    expect(run.stderr).toContain(join('node_modules', 'electron', 'dist'));
    expect(run.stderr).toContain('`npm start` again');
    expect(run.stderr).toContain('`npm run dev:web`');
    expect(said).not.toMatch(STACK_FRAME);
    expect(said).not.toContain('node:internal');
    expect(run.stderr.trim().split('\n').length).toBeLessThanOrEqual(3);
  }

  it('explains and exits non-zero within 5 s when the download host refuses connections', async () => {
    const { root, electronDir, cache } = realProject();
    const port = await closedPort();
    const run = await runPreStep(
      root,
      preStepEnv({ ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, electron_config_cache: cache }),
    );
    figure(`pre-step, mirror refuses: exit ${run.code} after ${Math.round(run.ms)} ms`);
    expectExplanation(run);
    expect(run.stderr).toContain(`The download from 127.0.0.1:${port} failed`);
    expect(run.stderr).toContain('ECONNREFUSED');
    expect(run.ms).toBeLessThan(5000);
    expect(existsSync(join(electronDir, 'dist'))).toBe(false);
  });

  it("relays the installer's own failure without its stack when a proxy turns the probe off", async () => {
    const { root, cache } = realProject();
    const port = await closedPort();
    const run = await runPreStep(
      root,
      preStepEnv({
        ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
        electron_config_cache: cache,
        HTTPS_PROXY: `http://127.0.0.1:${port}`,
      }),
    );
    figure(`pre-step, installer fails itself: exit ${run.code} after ${Math.round(run.ms)} ms`);
    expectExplanation(run);
    expect(run.stderr).toMatch(/The download from 127\.0\.0\.1:\d+ failed: \S/);
    expect(run.ms).toBeLessThan(5000);
  });

  it('reports the HTTP error when the host answers but has no such file', async () => {
    const { root, cache } = realProject();
    const server = createHttpServer((_req, res) => res.writeHead(404).end('not here'));
    const port = await listen(server);
    try {
      const run = await runPreStep(
        root,
        preStepEnv({ ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, electron_config_cache: cache }),
      );
      figure(`pre-step, mirror answers 404: exit ${run.code} after ${Math.round(run.ms)} ms`);
      expectExplanation(run);
      expect(run.stderr).toContain('404');
      expect(run.ms).toBeLessThan(5000);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('the reachability probe', () => {
  /** A connect() whose socket never connects nor fails: a host that drops every packet. */
  function blackhole() {
    const sockets: { destroyed: boolean }[] = [];
    const connect = () => {
      const socket = Object.assign(new EventEmitter(), {
        destroyed: false,
        destroy() {
          socket.destroyed = true;
        },
      });
      sockets.push(socket);
      return socket;
    };
    return { connect, sockets };
  }

  it('gives up on a host that never answers after its timeout, and closes the socket', async () => {
    const { connect, sockets } = blackhole();
    const started = performance.now();
    const result = await preStep.probeHost('https://github.com/electron/', {
      timeoutMs: 300,
      lookup: (_host, callback) => callback(null, '192.0.2.1'),
      connect,
    });
    const ms = performance.now() - started;
    expect(result).toEqual({ ok: false, reason: 'no answer from github.com:443 within 0.3 s' });
    // Not before its timeout (a hang would fail the test at its own timeout).
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.destroyed).toBe(true);
  });

  it('gives up on a DNS lookup that never answers', async () => {
    const { connect, sockets } = blackhole();
    const result = await preStep.probeHost('http://mirror.example:8080/electron/', {
      timeoutMs: 200,
      lookup: () => {},
      connect,
    });
    expect(result).toEqual({
      ok: false,
      reason: 'no answer from mirror.example:8080 within 0.2 s',
    });
    expect(sockets).toHaveLength(0);
  });

  it('waits about 4 s by default', () => {
    expect(preStep.PROBE_TIMEOUT_MS).toBeGreaterThanOrEqual(3000);
    expect(preStep.PROBE_TIMEOUT_MS).toBeLessThanOrEqual(4000);
  });

  it('tells a listening 127.0.0.1 port from a closed one', async () => {
    expect(await preStep.probeHost(reachableMirror)).toEqual({ ok: true });
    const port = await closedPort();
    const refused = await preStep.probeHost(`http://127.0.0.1:${port}/`);
    expect(refused).toEqual({
      ok: false,
      reason: `cannot connect to 127.0.0.1:${port} (ECONNREFUSED)`,
    });
  });

  it('stops a hanging installer when the probe times out', async () => {
    const { root, calls } = standInProject();
    const pidFile = join(root, 'installer.pid');
    const { connect } = blackhole();
    const said: string[] = [];
    const code = await preStep.ensureElectron({
      cwd: root,
      env: preStepEnv({
        ELECTRON_MIRROR: 'https://downloads.example/',
        STAND_IN_INSTALLER: 'hang',
      }),
      log: { log: (...args) => said.push(args.join(' ')), error: (...a) => said.push(a.join(' ')) },
      probe: async (url) => {
        // Time out only once the installer is surely running, so there is something to stop.
        while (!existsSync(pidFile)) await new Promise((r) => setTimeout(r, 20));
        return preStep.probeHost(url, {
          timeoutMs: 300,
          lookup: (_host, callback) => callback(null, '192.0.2.1'),
          connect,
        });
      },
    });
    expect(code).toBe(1);
    expect(calls()).toBe(1);
    // It returned (a wait for the hanging installer would fail the test at its own timeout), and
    // the installer is gone.
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    const text = said.join('\n');
    expect(text).toContain(
      'The download from downloads.example failed: no answer from downloads.example:443 within 0.3 s.',
    );
    expect(text).toContain('`npm run dev:web`');
  });
});

// Every run above works on a copy: the repo's Electron stays without a binary.
it('never touches the real node_modules/electron', () => {
  expect(existsSync(join(REAL_ELECTRON, 'dist'))).toBe(false);
  expect(existsSync(join(REAL_ELECTRON, 'path.txt'))).toBe(false);
});
