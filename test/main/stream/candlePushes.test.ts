import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANDLES_HELD, CandlePushes } from '../../../src/main/stream/candlePushes';
import type { Candle, StreamCandle } from '../../../src/shared/model';

/**
 * The chart's candles from the stream reach the page at most once every 100 ms (issue 35): a
 * candle updated with every trade is pushed with its latest values, a candle that ended within the
 * interval is pushed before the next one, and what is held is bounded. The clock and timers are
 * the test's.
 */

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const update = (minute: number, close: string, market = 'BTC_USDT'): StreamCandle => {
  const candle: Candle = {
    time: minute * MINUTE,
    open: '100',
    high: '200',
    low: '50',
    close,
    stockVolume: '1',
    moneyVolume: '100',
  };
  return { market, interval: '1m', candle };
};

function recorded() {
  const sent: string[] = [];
  const pushes = new CandlePushes(
    ({ market, candle }) => sent.push(`${market} ${candle.time / MINUTE}:${candle.close}`),
    100,
  );
  return { pushes, sent };
}

describe('candle pushes', () => {
  it('pushes the first update at once, then each candle’s latest at most once an interval', () => {
    const { pushes, sent } = recorded();
    pushes.add(update(1, '101'));
    expect(sent).toEqual(['BTC_USDT 1:101']);
    // Three trades within the interval: one push, with the last close, when it ends.
    pushes.add(update(1, '102'));
    vi.advanceTimersByTime(30);
    pushes.add(update(1, '103'));
    pushes.add(update(1, '104'));
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(69);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['BTC_USDT 1:101', 'BTC_USDT 1:104']);
    // Quiet since: the next update goes at once again.
    vi.advanceTimersByTime(500);
    pushes.add(update(1, '105'));
    expect(sent.at(-1)).toBe('BTC_USDT 1:105');
  });

  it('a candle that ended within the interval is pushed with its last values, before the next', () => {
    const { pushes, sent } = recorded();
    pushes.add(update(1, '101'));
    // The exchange sends the next candle first, then the ended one's last trade.
    pushes.add(update(2, '110'));
    pushes.add(update(1, '109'));
    pushes.add(update(2, '111'));
    vi.advanceTimersByTime(100);
    expect(sent).toEqual(['BTC_USDT 1:101', 'BTC_USDT 1:109', 'BTC_USDT 2:111']);
  });

  it('holds at most CANDLES_HELD candles between two pushes, the newest', () => {
    const { pushes, sent } = recorded();
    pushes.add(update(0, '1'));
    for (let minute = 1; minute <= CANDLES_HELD + 50; minute++) pushes.add(update(minute, '1'));
    vi.advanceTimersByTime(100);
    const pushed = sent.slice(1).map((s) => Number(s.split(' ')[1]!.split(':')[0]));
    expect(pushed).toHaveLength(CANDLES_HELD);
    expect(pushed[0]).toBe(51);
    expect(pushed.at(-1)).toBe(CANDLES_HELD + 50);
  });

  it('forgets what it holds when cancelled (another chart, the connection closed)', () => {
    const { pushes, sent } = recorded();
    pushes.add(update(1, '101'));
    pushes.add(update(1, '102'));
    pushes.cancel();
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual(['BTC_USDT 1:101']);
    // After a cancel, the next update still waits for the interval since the last push.
    pushes.add(update(1, '103', 'ETH_USDT'));
    expect(sent.at(-1)).toBe('ETH_USDT 1:103');
  });
});
