import { startHostileExchange, streamOrder } from '../test/fuzz/hostileExchange';

/**
 * The hostile exchange (test/fuzz/hostileExchange.ts) for the flood bench, run as a child process
 * with an IPC channel so that sending the flood costs the bench's main nothing:
 * `node --import tsx bench/hostile-server.ts`. Over IPC it sends {type: 'ready', url} once
 * listening and answers:
 *
 *   {type: 'flood', perSecond, seconds}  balance and order updates at that rate -> {type: 'done'}
 *   {type: 'trickle', seconds}           a BTC balance and a filled order a second -> {type: 'done'}
 *   {type: 'refuse', market}             refuses the market's depth and trades subscriptions
 *   {type: 'stats'}                      -> {type: 'stats', tokenRequests, connections, live, framesSent}
 *   'stop'                               stops (also when the parent goes away)
 */

type Command =
  | { type: 'flood'; perSecond: number; seconds: number }
  | { type: 'trickle'; seconds: number }
  | { type: 'refuse'; market: string }
  | { type: 'stats' };

const update = (method: string, params: unknown) => JSON.stringify({ id: null, method, params });

async function main(): Promise<void> {
  if (!process.send) {
    console.error('usage (from bench/suites): hostile-server.ts, with IPC');
    process.exit(2);
  }
  const ex = await startHostileExchange();
  const tell = (message: Record<string, unknown>) => process.send?.(message);
  const trickle = async (seconds: number) => {
    for (let i = 1; i <= seconds; i += 1) {
      ex.ws.send(update('balanceSpot_update', [{ BTC: { available: `${i}.5`, freeze: '0' } }]));
      // An order of its own each second, filled: a fill notice on every screen.
      const filled = { ...streamOrder(100_000 + i, '0'), deal_stock: '0.001', deal_money: '40' };
      ex.ws.send(update('ordersPending_update', [3, { ...filled, status: 'FILLED' }]));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
  const stop = () => {
    ex.stop().finally(() => process.exit(0));
  };
  process.on('message', (message: Command | 'stop') => {
    if (message === 'stop') return stop();
    switch (message.type) {
      case 'flood':
        void ex.ws.flood(message.perSecond, message.seconds).then(() => tell({ type: 'done' }));
        return;
      case 'trickle':
        void trickle(message.seconds).then(() => tell({ type: 'done' }));
        return;
      case 'refuse':
        ex.ws.refused.add(message.market);
        return;
      case 'stats':
        tell({
          type: 'stats',
          tokenRequests: ex.ws.tokenRequests,
          connections: ex.ws.connections(),
          live: ex.ws.live(),
          framesSent: ex.ws.framesSent(),
        });
    }
  });
  process.once('disconnect', stop);
  process.once('SIGTERM', stop);
  tell({ type: 'ready', url: ex.url });
}

main().catch((error: unknown) => {
  console.error('[bench hostile-server] could not start:', error);
  process.exit(1);
});
