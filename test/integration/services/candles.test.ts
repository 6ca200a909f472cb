import { describe, expect, it } from 'vitest';
import { startMain, startMainCore } from '../../support/core';
import { CANDLES_PAGE, type CandleSeries } from '../../../src/shared/model';

/** trade.candles end to end in main, on the Demo profile: the kline, routed and bounded. */
describe('trade.candles', () => {
  it('answers the latest candles oldest first, and the page before a time when scrolled back', async () => {
    const call = await startMain();
    const latest = await call<CandleSeries>('trade.candles', {
      market: 'BTC_USDT',
      interval: '1h',
    });
    expect([latest.market, latest.interval]).toEqual(['BTC_USDT', '1h']);
    expect(latest.candles).toHaveLength(CANDLES_PAGE);
    const times = latest.candles.map((c) => c.time);
    expect(times).toEqual(times.map((_, i) => times[0]! + i * 3_600_000));
    const older = await call<CandleSeries>('trade.candles', {
      market: 'BTC_USDT',
      interval: '1h',
      before: times[0],
    });
    expect(older.candles).toHaveLength(CANDLES_PAGE);
    expect(older.candles.at(-1)!.time).toBe(times[0]! - 3_600_000);
    // The same hours, asked again, are the same candles.
    const again = await call<CandleSeries>('trade.candles', {
      market: 'BTC_USDT',
      interval: '1h',
      before: times[10],
    });
    expect(again.candles.slice(-10)).toEqual(latest.candles.slice(0, 10));
  });

  it('refuses an interval the chart does not offer, and a market that is not a name, per field', async () => {
    const { core, call } = await startMainCore();
    const before = core.demoExchange.requestLog().at(-1)?.id ?? 0;
    await expect(
      call('trade.candles', { market: 'BTC_USDT', interval: '7m' }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      fields: { interval: ['Choose an interval.'] },
    });
    await expect(call('trade.candles', { market: 'btc', interval: '1h' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      fields: { market: ['Choose a market.'] },
    });
    expect(core.demoExchange.requestLog(before).filter((e) => e.path.includes('kline'))).toEqual(
      [],
    );
  });

  it('a market the exchange does not list is its refusal, under the market field', async () => {
    const call = await startMain();
    await expect(
      call('trade.candles', { market: 'NOPE_USDT', interval: '1h' }),
    ).rejects.toMatchObject({ fields: { market: [expect.any(String)] } });
  });
});
