import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../../test/support/virtualClock';
import { start } from './helpers';

/**
 * CCXT Pro's whitebit client, unmodified (only its URLs point at the demo), against the demo's /ws
 * and REST: the candles a third party watches are the ones it fetches. The demo's clock is the
 * test's, so a minute ends when the test says.
 */
describe('CCXT Pro whitebit against the demo: candles', () => {
  const clock = new VirtualClock(Date.UTC(2026, 0, 1, 12, 0, 20));
  let ex: Awaited<ReturnType<typeof start>>['ex'];
  let exchange: InstanceType<typeof ccxt.pro.whitebit>;
  beforeAll(async () => {
    ({ ex } = await start({ now: clock.now, wsTickMs: 5 }));
    exchange = new ccxt.pro.whitebit();
    const api = `${ex.url}/api`;
    exchange.urls['api'] = {
      v1: { public: `${api}/v1/public`, private: `${api}/v1` },
      v2: { public: `${api}/v2/public` },
      v4: { public: `${api}/v4/public`, private: `${api}/v4` },
      ws: `ws://127.0.0.1:${ex.port}/ws`,
    };
    // CCXT's own step for a plain ws:// URL (the demo has no TLS): an http agent.
    await exchange.loadHttpProxyAgent();
    await exchange.loadMarkets();
  });
  afterAll(async () => {
    await exchange.close();
    await ex.stop();
  });

  it('watchOHLCV delivers candles; fetchOHLCV answers the same candle once its minute closed', async () => {
    const first = await exchange.watchOHLCV('BTC/USDT', '1m');
    const minute = Date.UTC(2026, 0, 1, 12, 0);
    expect(first.at(-1)![0]).toBe(minute);
    const [, open, high, low, close, volume] = first.at(-1)!;
    expect(high).toBeGreaterThanOrEqual(Math.max(open!, close!));
    expect(low).toBeLessThanOrEqual(Math.min(open!, close!));
    expect(volume).toBeGreaterThan(0);
    const watched = [...first.at(-1)!];

    // The minute ends: the next tick pushes the next minute's candle.
    clock.advance(60_000);
    let next = await exchange.watchOHLCV('BTC/USDT', '1m');
    while (next.at(-1)![0] === minute) next = await exchange.watchOHLCV('BTC/USDT', '1m');
    expect(next.at(-1)![0]).toBe(minute + 60_000);

    // The closed minute, over REST (the v1 kline), is the candle the stream delivered.
    const fetched = await exchange.fetchOHLCV('BTC/USDT', '1m', minute, 2);
    expect(fetched[0]).toEqual(watched);
    // And the new minute, with no trade yet on the still walk, is flat at the last close.
    expect(fetched[1]).toEqual([minute + 60_000, close, close, close, close, 0]);
  });

  it('the last candle closes at the last trade fetchTrades sees', async () => {
    const trades = await exchange.fetchTrades('BTC/USDT', undefined, 5);
    const latest = trades.reduce((a, b) => (b.timestamp! > a.timestamp! ? b : a));
    const [candle] = await exchange.fetchOHLCV('BTC/USDT', '1m', undefined, 1);
    expect(candle![4]).toBe(latest.price);
  });
});
