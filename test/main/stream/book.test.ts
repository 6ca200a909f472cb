import { describe, expect, it } from 'vitest';
import type { BookLevel } from '../../../src/shared/model';
import { LiveBook } from '../../../src/main/stream/book';
import type { DepthMessage } from '../../../src/main/exchange/schemas';

/** The merged book of the watched market: snapshot, increments, removal, bounds and gaps. */

const snapshot = (updateId: number, asks: BookLevel[], bids: BookLevel[]): DepthMessage => ({
  market: 'BTC_USDT',
  full: true,
  updateId,
  asks,
  bids,
});
const increment = (
  pastUpdateId: number,
  updateId: number,
  asks: BookLevel[],
  bids: BookLevel[] = [],
): DepthMessage => ({ market: 'BTC_USDT', full: false, pastUpdateId, updateId, asks, bids });

function seeded() {
  const book = new LiveBook('BTC_USDT');
  book.apply(
    snapshot(
      10,
      [
        ['101', '1'],
        ['102', '2'],
      ],
      [
        ['99', '3'],
        ['98', '4'],
      ],
    ),
  );
  return book;
}

describe('LiveBook', () => {
  it('sets, inserts in price order, and removes a level whose amount is zero', () => {
    const book = seeded();
    expect(
      book.apply(
        increment(
          10,
          11,
          [
            ['101.5', '7'],
            ['102', '0'],
            ['100.5', '0.1'],
          ],
          [
            ['99', '5'],
            ['98.50', '1'],
            ['98', '0.000'],
          ],
        ),
      ),
    ).toBe('applied');
    const { asks, bids } = book.top();
    expect(asks).toEqual([
      ['100.5', '0.1'],
      ['101', '1'],
      ['101.5', '7'],
    ]);
    expect(bids).toEqual([
      ['99', '5'],
      ['98.50', '1'],
    ]);
  });

  it('treats equal prices written differently as one level', () => {
    const book = seeded();
    book.apply(increment(10, 11, [['101.000', '9']]));
    expect(book.top().asks).toEqual([
      ['101', '9'],
      ['102', '2'],
    ]);
  });

  it('reports a gap when past_update_id is not the last update_id, and waits for a snapshot', () => {
    const book = seeded();
    expect(book.apply(increment(12, 13, [['150', '1']]))).toBe('gap');
    expect(book.ready).toBe(false);
    // Increments after a gap are not applied, even when they follow each other.
    expect(book.apply(increment(13, 14, [['151', '1']]))).toBe('gap');
    expect(book.apply(snapshot(20, [['105', '1']], [['95', '1']]))).toBe('applied');
    expect(book.ready).toBe(true);
    expect(book.top()).toMatchObject({ asks: [['105', '1']], bids: [['95', '1']] });
    expect(book.apply(increment(20, 21, [['104', '2']]))).toBe('applied');
    expect(book.top().asks[0]).toEqual(['104', '2']);
  });

  it('a crossed or locked book is not ready: it waits for a fresh snapshot', () => {
    const crossed = new LiveBook('BTC_USDT');
    expect(crossed.apply(snapshot(1, [['100', '1']], [['101', '1']]))).toBe('crossed');
    expect(crossed.ready).toBe(false);
    const locked = new LiveBook('BTC_USDT');
    expect(locked.apply(snapshot(1, [['100', '1']], [['100.00', '1']]))).toBe('crossed');
    expect(locked.ready).toBe(false);
    // An increment that crosses a good book breaks it too, and later increments do not mend it.
    const book = seeded();
    expect(book.apply(increment(10, 11, [], [['101.5', '1']]))).toBe('crossed');
    expect(book.ready).toBe(false);
    expect(book.apply(increment(11, 12, [['101.5', '0']]))).toBe('gap');
    expect(book.ready).toBe(false);
    expect(book.apply(snapshot(20, [['105', '1']], [['95', '1']]))).toBe('applied');
    expect(book.ready).toBe(true);
  });

  it('refuses increments before any snapshot', () => {
    const book = new LiveBook('BTC_USDT');
    expect(book.apply(increment(1, 2, [['1', '1']]))).toBe('gap');
    expect(book.ready).toBe(false);
  });

  it('a snapshot replaces the whole book (the 10 s keepalive snapshot included)', () => {
    const book = seeded();
    book.apply(snapshot(30, [['200', '1']], []));
    expect(book.top()).toMatchObject({ tickerId: 'BTC_USDT', asks: [['200', '1']], bids: [] });
  });

  it('keeps at most `keep` levels a side and emits the best `depth`', () => {
    const book = new LiveBook('BTC_USDT', 5);
    const asks = Array.from({ length: 20 }, (_, i): BookLevel => [String(120 - i), '1']);
    book.apply(snapshot(1, asks, []));
    expect(book.top(100).asks.map(([price]) => price)).toEqual(['101', '102', '103', '104', '105']);
    expect(book.top(2).asks).toHaveLength(2);
    // A level beyond the kept ones is not inserted.
    book.apply(increment(1, 2, [['200', '1']]));
    expect(book.top(100).asks).toHaveLength(5);
    expect(book.top(100).asks.at(-1)).toEqual(['105', '1']);
  });

  it('emits copies: changing an emitted book does not change the kept one', () => {
    const book = seeded();
    const emitted = book.top();
    emitted.asks[0]![1] = '999';
    expect(book.top().asks[0]).toEqual(['101', '1']);
  });
});
