import { AppEvents } from './events';
import { createHandlers } from './handlers';
import type { Handlers } from './binder';
import {
  startDemoExchange,
  type DemoExchange,
  type DemoExchangeOptions,
} from './demo-exchange/server';
import { StatusMonitor } from './services/status';
import { DEMO_PROFILE } from './accounts/profiles';

export interface CoreOptions {
  version: string;
  /** How often the exchange status is re-checked (default 15 s). */
  statusIntervalMs?: number;
  /**
   * Options of the built-in demo exchange. The Electron entry passes a `statePath` in the app's data
   * folder, so the Demo profile keeps its state across restarts.
   */
  demoExchange?: DemoExchangeOptions;
}

/** Everything main runs, without Electron: shared by the Electron app and the web host. */
export interface Core {
  readonly handlers: Handlers;
  readonly events: AppEvents;
  readonly demoExchange: DemoExchange;
  stop(): Promise<void>;
}

export async function startCore(options: CoreOptions): Promise<Core> {
  const events = new AppEvents();
  const demoExchange = await startDemoExchange(options.demoExchange);
  const status = new StatusMonitor(
    demoExchange.url,
    (next) => events.emit('exchange.status', next),
    options.statusIntervalMs,
  );
  status.start();
  const handlers = createHandlers({
    info: () => ({ version: options.version, platform: process.platform, profile: DEMO_PROFILE }),
    status,
  });
  return {
    handlers,
    events,
    demoExchange,
    async stop() {
      status.stop();
      await demoExchange.stop().catch(() => undefined);
    },
  };
}
