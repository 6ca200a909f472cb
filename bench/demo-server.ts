import { startDemoExchange } from '@exchange-desk/demo-exchange';
import { benchKeys } from './support';

/**
 * The demo exchange for the benchmarks, run as a child process with an IPC channel (the CLI cannot
 * turn rate limits off): `node --import tsx bench/demo-server.ts <key seed> <key count> [walk]`.
 *
 * Rate limits are off, prices are frozen (no price walk on each request) unless `walk` is given
 * (then they walk as in the app, and the control endpoint is on), and it accepts `count` API keys
 * derived from the seed (bench/support.ts benchKeys). Over IPC it sends {url} once listening,
 * answers 'cpu' with its process.cpuUsage() and the messages its WebSocket API has sent, and stops
 * on 'stop' or when the parent goes away.
 */

type Message =
  | { type: 'ready'; url: string }
  | { type: 'cpu'; user: number; system: number; framesSent: number };

function tell(message: Message): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const [seed, countText, mode] = process.argv.slice(2);
  const walk = mode === 'walk';
  const count = Number(countText);
  if (!seed || !Number.isInteger(count) || count < 1 || !process.send) {
    console.error('usage (from bench/suites): demo-server.ts <key seed> <key count>, with IPC');
    process.exit(2);
  }
  const [first, ...more] = benchKeys(seed, count);
  const ex = await startDemoExchange({
    port: 0,
    rateLimits: { disabled: true },
    freezePrices: !walk,
    control: walk,
    apiKey: first!.apiKey,
    apiSecret: first!.apiSecret,
    apiKeys: Object.fromEntries(more.map((k) => [k.apiKey, k.apiSecret])),
  });
  const stop = () => {
    ex.stop().finally(() => process.exit(0));
  };
  process.on('message', (message) => {
    if (message === 'cpu') {
      tell({ type: 'cpu', ...process.cpuUsage(), framesSent: ex.streamStats().framesSent });
    } else if (message === 'stop') stop();
  });
  process.once('disconnect', stop);
  process.once('SIGTERM', stop);
  tell({ type: 'ready', url: ex.url });
}

main().catch((error: unknown) => {
  console.error('[bench demo-server] could not start:', error);
  process.exit(1);
});
