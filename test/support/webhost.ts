import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { startCore, type Core, type CoreOptions } from '../../src/main/core';
import { startWebHost, type WebHost } from '../../src/main/webhost/server';

export const RENDERER_DIR = resolve('out/renderer');

/** The real app behind the web host: core (demo exchange, services, handlers) and the built page. */
export async function startApp(
  options: Partial<CoreOptions> = {},
): Promise<{ core: Core; host: WebHost; stop(): Promise<void> }> {
  if (!existsSync(resolve(RENDERER_DIR, 'index.html'))) {
    throw new Error('out/renderer is missing: run `npm run build` before the E2E suite.');
  }
  const core = await startCore({ version: 'test', ...options });
  const host = await startWebHost({
    handlers: core.handlers,
    events: core.events,
    rendererDir: RENDERER_DIR,
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
