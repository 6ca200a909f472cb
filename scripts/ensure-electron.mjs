// Runs before `npm start` and `npm run dev`: makes sure Electron's binary is installed, because
// `npm install` does not run Electron's download script (package.json allowScripts). When the
// binary is missing it runs Electron's own installer (node_modules/electron/install.js), racing it
// against a quick reachability check of the download host, so an offline machine gets a short
// explanation within seconds instead of a long hang and a stack trace.
//
// Usage: node scripts/ensure-electron.mjs   (from the project folder; exits 0 when Electron is ready)
import { spawn } from 'node:child_process';
import { lookup as dnsLookup } from 'node:dns';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect as netConnect } from 'node:net';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEFAULT_MIRROR = 'https://github.com/electron/electron/releases/download/';
export const PROBE_TIMEOUT_MS = 4000;

/** Where install.js finds the executable inside dist/ (its getPlatformPath()). */
export function platformPath(platform) {
  switch (platform) {
    case 'mas':
    case 'darwin':
      return 'Electron.app/Contents/MacOS/Electron';
    case 'freebsd':
    case 'openbsd':
    case 'linux':
      return 'electron';
    case 'win32':
      return 'electron.exe';
    default:
      return undefined;
  }
}

/** The platform and arch install.js downloads for (same environment variables). */
export function target(env = process.env) {
  return {
    platform: env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform,
    arch: env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch,
  };
}

/** install.js's isInstalled(): dist/version matches, path.txt matches, the executable exists. */
export function isInstalled(electronDir, version, env = process.env) {
  const exe = platformPath(target(env).platform);
  if (!exe) return false;
  try {
    const installed = readFileSync(join(electronDir, 'dist', 'version'), 'utf8').replace(/^v/, '');
    if (installed !== version) return false;
    if (readFileSync(join(electronDir, 'path.txt'), 'utf8') !== exe) return false;
  } catch {
    return false;
  }
  return existsSync(env.ELECTRON_OVERRIDE_DIST_PATH || join(electronDir, 'dist', exe));
}

/** The base URL @electron/get downloads from (same variables, same order). */
export function mirrorUrl(env = process.env) {
  return (
    env.npm_config_electron_mirror ||
    env.NPM_CONFIG_ELECTRON_MIRROR ||
    env.npm_package_config_electron_mirror ||
    env.ELECTRON_MIRROR ||
    DEFAULT_MIRROR
  );
}

/** A proxy is configured: the host itself may be unreachable directly, so no probe. */
export function usesProxy(env = process.env) {
  return Boolean(
    env.HTTPS_PROXY ||
    env.https_proxy ||
    env.ELECTRON_GET_USE_PROXY ||
    env.GLOBAL_AGENT_HTTPS_PROXY,
  );
}

/**
 * Resolves the host name and opens (then closes) a TCP connection to it, all within `timeoutMs`.
 * Resolves `{ ok: true }` or `{ ok: false, reason }`; never rejects. `lookup` and `connect` are
 * node:dns's lookup and node:net's connect unless given (tests inject their own).
 */
export function probeHost(
  url,
  { timeoutMs = PROBE_TIMEOUT_MS, lookup = dnsLookup, connect = netConnect } = {},
) {
  let host;
  let port;
  try {
    const parsed = new URL(url);
    host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
    port = Number(parsed.port) || (parsed.protocol === 'http:' ? 80 : 443);
  } catch {
    return Promise.resolve({ ok: false, reason: `the mirror address "${url}" is not a URL` });
  }
  return new Promise((resolvePromise) => {
    let socket;
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket?.destroy();
      resolvePromise(result);
    };
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          reason: `no answer from ${host}:${port} within ${Math.round(timeoutMs / 100) / 10} s`,
        }),
      timeoutMs,
    );
    lookup(host, (error, address) => {
      if (settled) return;
      if (error) {
        finish({ ok: false, reason: `cannot resolve ${host} (${error.code ?? error.message})` });
        return;
      }
      socket = connect({ host: address, port });
      socket.once('connect', () => finish({ ok: true }));
      socket.once('error', (err) =>
        finish({
          ok: false,
          reason: `cannot connect to ${host}:${port} (${err.code ?? err.message})`,
        }),
      );
    });
  });
}

/** The one line of an installer's error output worth showing (its message, not its stack). */
export function errorLine(stderr) {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !/^at\s/.test(line));
  const error = lines.find((line) => /^\w*Error\b/.test(line));
  // "HTTPError: Response code 404 ..." -> "Response code 404 ..."
  return (error ?? lines.at(-1))?.replace(/^\w*Error:\s*/, '');
}

function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function explain({ version, electronDir, env, host, reason }) {
  const { platform, arch } = target(env);
  const where =
    env.ELECTRON_OVERRIDE_DIST_PATH || join(relative(process.cwd(), electronDir), 'dist');
  const event = env.npm_lifecycle_event;
  const again = event && event !== 'start' ? `npm run ${event}` : 'npm start';
  return [
    `Electron ${version}'s binary for ${platform}-${arch} is missing: it is not in ${where}.`,
    `The download from ${host} failed: ${reason}.`,
    `Next: connect to the internet and run \`${again}\` again; or run the app in a browser, without Electron: \`npm run dev:web\`.`,
  ].join('\n');
}

/** Runs install.js; resolves when it exits. stderr is relayed without stack frames. */
function runInstaller(electronDir, env) {
  const child = spawn(process.execPath, [join(electronDir, 'install.js')], {
    cwd: electronDir,
    env,
    // stdin and stdout as ours; stderr relayed so that a failure shows its message, not a stack.
    stdio: ['inherit', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const done = new Promise((resolvePromise) => {
    child.once('error', (error) => resolvePromise({ code: 1, stderr: error.message }));
    child.once('close', (code, signal) => resolvePromise({ code: code ?? 1, signal, stderr }));
  });
  return { child, done };
}

/**
 * Returns the process exit code: 0 when Electron's binary is (now) installed. `probe` checks the
 * download host (tests inject a slow one).
 */
export async function ensureElectron({
  env = process.env,
  cwd = process.cwd(),
  log = console,
  probe = probeHost,
} = {}) {
  let electronDir;
  let version;
  try {
    const require = createRequire(join(cwd, 'package.json'));
    const pkgPath = require.resolve('electron/package.json');
    electronDir = dirname(pkgPath);
    version = JSON.parse(readFileSync(pkgPath, 'utf8')).version;
  } catch {
    log.error('The electron package is not installed in this folder. Run `npm install` first.');
    return 1;
  }
  if (isInstalled(electronDir, version, env)) return 0;

  const { platform, arch } = target(env);
  if (!platformPath(platform)) {
    log.error(`Electron has no builds for the platform "${platform}".`);
    return 1;
  }
  const mirror = mirrorUrl(env);
  const host = hostOf(mirror);
  log.log(`Downloading Electron ${version} for ${platform}-${arch} from ${host} (needed once)…`);

  const installer = runInstaller(electronDir, env);
  const installed = installer.done.then((result) => ({ kind: 'installer', ...result }));
  const contenders = [installed];
  if (!usesProxy(env)) {
    contenders.push(
      probe(mirror).then((result) =>
        result.ok ? installed : { kind: 'probe', reason: result.reason },
      ),
    );
  }
  const outcome = await Promise.race(contenders);

  if (outcome.kind === 'probe') {
    installer.child.kill();
    await Promise.race([installer.done, new Promise((r) => setTimeout(r, 1000).unref())]);
    log.error(explain({ version, electronDir, env, host, reason: outcome.reason }));
    return 1;
  }
  if (outcome.code === 0 && isInstalled(electronDir, version, env)) {
    // Warnings the installer printed on its way (its output on success has no stack).
    if (outcome.stderr.trim()) log.error(outcome.stderr.trimEnd());
    return 0;
  }
  const reason =
    outcome.code === 0
      ? 'the installer finished but left no executable behind'
      : (errorLine(outcome.stderr) ?? `the installer exited with code ${outcome.code}`);
  log.error(explain({ version, electronDir, env, host, reason: reason.replace(/\.$/, '') }));
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Exit at once: a DNS lookup that never answered must not keep the process alive.
  process.exit(await ensureElectron());
}
