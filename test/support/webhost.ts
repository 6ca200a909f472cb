import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startCore, type Core, type CoreOptions } from '../../src/main/core/core';
import { GUARD, type Handlers } from '../../src/main/core/binder';
import { startWebHost, type WebHost } from '../../src/main/page/webHost';

export const RENDERER_DIR = resolve('out/renderer');

export interface App {
  core: Core;
  host: WebHost;
  /** Every answer and event main sent towards the page, as JSON text (for leak checks). */
  sent: string[];
  stop(): Promise<void>;
}

/**
 * The real app behind the web host: core (demo exchange, accounts, services, handlers) and the built
 * page. Every channel answer and every event is recorded as it leaves main.
 */
export async function startApp(options: Partial<CoreOptions> = {}): Promise<App> {
  if (!existsSync(resolve(RENDERER_DIR, 'index.html'))) {
    throw new Error('out/renderer is missing: run `npm run build` before the E2E suite.');
  }
  // Main's watch for deposits and withdrawals looks only when a test asks (notices.e2e.ts): no
  // request of its own lands in a test's request log.
  const core = await startCore({ version: 'test', transferWatchIntervalMs: 0, ...options });
  const sent: string[] = [];
  const recorded = Object.fromEntries(
    Object.entries(core.handlers).map(([name, handler]) => [
      name,
      async (input: unknown) => {
        try {
          const value: unknown = await (handler as (i: unknown) => Promise<unknown>)(input);
          sent.push(JSON.stringify(value) ?? '');
          return value;
        } catch (error) {
          sent.push(JSON.stringify(error) + String(error));
          throw error;
        }
      },
    ]),
  ) as unknown as Handlers;
  // The table's guard (the app lock) goes with it: a copy without it would answer while locked.
  const guarded: Handlers = { ...recorded, [GUARD]: core.handlers[GUARD] };
  core.events.subscribe((event, payload) => sent.push(JSON.stringify({ event, payload })));
  const host = await startWebHost({
    handlers: guarded,
    events: core.events,
    rendererDir: RENDERER_DIR,
    onPage: () => core.recorder.fetchAhead(),
  });
  return {
    core,
    host,
    sent,
    async stop() {
      await host.stop();
      await core.stop();
    },
  };
}
