import type { BookLevel, OrderBook } from '../../shared/model';
import { Precise } from '../../shared/decimal';
import type { DepthMessage } from '../exchange/schemas';

/** Levels kept a side (the depth subscription's limit) and levels a `stream.book` event carries. */
export const BOOK_KEEP = 100;
export const BOOK_EMIT = 50;

type Side = 'asks' | 'bids';

/** Asks ascending, bids descending: negative when `a` comes before `b`. */
function order(side: Side, a: string, b: string): number {
  const cmp = new Precise(a).cmp(b);
  return side === 'asks' ? cmp : -cmp;
}

/** Index of `price` in a sorted side, or where it would go (`found` false). */
function locate(levels: BookLevel[], side: Side, price: string): { index: number; found: boolean } {
  let low = 0;
  let high = levels.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const cmp = order(side, levels[mid]![0], price);
    if (cmp === 0) return { index: mid, found: true };
    if (cmp < 0) low = mid + 1;
    else high = mid;
  }
  return { index: low, found: false };
}

const isZero = (amount: string) => new Precise(amount).isZero();

/**
 * The watched market's order book, from the stream's snapshot and increments (public websocket
 * "Market depth"): a snapshot replaces the book; an increment sets a level, or removes it when its
 * amount is zero. An increment whose `past_update_id` is not the last `update_id` means missed
 * data, and a book whose best bid reaches its best ask (crossed or locked) cannot be the
 * exchange's: either way the book is no longer trusted (`ready` false) until the next snapshot.
 */
export class LiveBook {
  private asks: BookLevel[] = [];
  private bids: BookLevel[] = [];
  private updateId: number | undefined;
  private timestamp = 0;
  private trusted = false;

  constructor(
    readonly market: string,
    private readonly keep = BOOK_KEEP,
  ) {}

  /** Has a snapshot arrived, with no gap since? */
  get ready(): boolean {
    return this.trusted;
  }

  /**
   * `gap`: missed data (or an increment before any snapshot); `crossed`: the best bid is at or
   * above the best ask. Either way: ask for a fresh snapshot.
   */
  apply(message: DepthMessage): 'applied' | 'gap' | 'crossed' {
    if (message.full) {
      this.asks = [];
      this.bids = [];
      this.trusted = true;
    } else if (
      !this.trusted ||
      (message.pastUpdateId !== undefined &&
        this.updateId !== undefined &&
        message.pastUpdateId !== this.updateId)
    ) {
      this.trusted = false;
      return 'gap';
    }
    this.merge('asks', message.asks);
    this.merge('bids', message.bids);
    this.updateId = message.updateId ?? this.updateId;
    this.timestamp = message.timestamp ?? Date.now();
    const bid = this.bids[0]?.[0];
    const ask = this.asks[0]?.[0];
    if (bid !== undefined && ask !== undefined && new Precise(bid).cmp(ask) >= 0) {
      this.trusted = false;
      return 'crossed';
    }
    return 'applied';
  }

  /** The best `depth` levels a side. */
  top(depth = BOOK_EMIT): OrderBook {
    return {
      tickerId: this.market,
      timestamp: this.timestamp,
      asks: this.asks.slice(0, depth).map(([p, a]): BookLevel => [p, a]),
      bids: this.bids.slice(0, depth).map(([p, a]): BookLevel => [p, a]),
    };
  }

  private merge(side: Side, changes: BookLevel[]): void {
    const levels = this[side];
    for (const [price, amount] of changes) {
      const { index, found } = locate(levels, side, price);
      if (isZero(amount)) {
        if (found) levels.splice(index, 1);
      } else if (found) {
        levels[index] = [levels[index]![0], amount];
      } else if (index < this.keep) {
        levels.splice(index, 0, [price, amount]);
      }
    }
    if (levels.length > this.keep) levels.length = this.keep;
  }
}
