import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startCore } from '../core/core';
import { startWebHost } from './webHost';

/**
 * `npm run dev:web [-- --port N] [--data-dir DIR] [--demo-control]`: the real app in a browser, on the
 * demo exchange (whose state persists in DIR when given). `--demo-control` turns on the demo's
 * control endpoint (`/__control/...`, packages/demo-exchange/README.md) and prints its base URL on a
 * line `demo: http://127.0.0.1:N`, which tests and screenshot scripts read to steer it.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'demo-control': { type: 'boolean' },
    },
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
  }
  const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version: string };
  const dataDir = values['data-dir'];
  const core = await startCore({
    version: pkg.version,
    ...(dataDir ? { dataDir: resolve(dataDir) } : {}),
    ...(values['demo-control'] ? { demoExchange: { control: true } } : {}),
  });
  const host = await startWebHost({
    handlers: core.handlers,
    events: core.events,
    rendererDir: resolve('out/renderer'),
    port,
    onPage: () => core.recorder.fetchAhead(),
  });
  console.log('Exchange Desk web host (demo exchange at ' + core.demoExchange.url + '). Open:');
  console.log(host.pageUrl);
  if (values['demo-control']) console.log(`demo: ${core.demoExchange.url}`);
  const shutdown = () => {
    void Promise.all([host.stop(), core.stop()]).then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
