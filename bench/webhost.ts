import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startCore, type Core, type CoreOptions } from '../src/main/core/core';
import { startWebHost, type WebHost } from '../src/main/page/webHost';
import { KeytarStore } from '../src/main/vault/vault';

/** An OS keychain in memory: a bench's profile needs one, the bench needs no real one. */
export function memoryVault(): KeytarStore {
  const entries = new Map<string, string>();
  return new KeytarStore('bench', () => ({
    getPassword: (service, account) =>
      Promise.resolve(entries.get(`${service}/${account}`) ?? null),
    setPassword: (service, account, password) => {
      entries.set(`${service}/${account}`, password);
      return Promise.resolve();
    },
    deletePassword: (service, account) => Promise.resolve(entries.delete(`${service}/${account}`)),
  }));
}

/** The built renderer the page benches open (`npm run build` writes it). */
export const RENDERER_DIR = join(resolve(__dirname, '..'), 'out', 'renderer');

/** Throws, naming the suite to run after a build, when out/renderer is missing. */
export function requireBuiltRenderer(suite: string): void {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error(
      `out/renderer is missing: run \`npm run build\` (electron-vite build) before \`npm run bench -- ${suite}\`.`,
    );
  }
}

/**
 * The real web host in this process, as `npm run web` starts it: the core (Demo profile, the demo
 * exchange over HTTP on 127.0.0.1, no keychain; `options` add to it, e.g. a data folder) and the
 * web host serving the built renderer.
 */
export async function startBenchHost(
  options: Partial<CoreOptions> = {},
): Promise<{ core: Core; host: WebHost; stop(): Promise<void> }> {
  const vault = new KeytarStore('unused', () => {
    throw new Error('the bench uses the Demo profile only');
  });
  const core = await startCore({ version: 'bench', vault, ...options });
  const host = await startWebHost({
    handlers: core.handlers,
    events: core.events,
    rendererDir: RENDERER_DIR,
    onPage: () => core.recorder.fetchAhead(),
  });
  return {
    core,
    host,
    async stop() {
      await host.stop();
      await core.stop();
    },
  };
}
