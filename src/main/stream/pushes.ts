import type { EventPayload } from '../../shared/contract';
import { ACTIVE_CAP, type OrderChange, type TradeBalance } from '../../shared/model';
import { MAX_ITEMS } from '../exchange/schemas/primitives';
import { Throttle } from './throttle';

/** What Pushes sends. */
export type PushEvent = 'stream.balances' | 'stream.orders' | 'stream.resync';
export type PushSink = <E extends PushEvent>(event: E, payload: EventPayload<E>) => void;

/** At most one flush of balances and orders this often: a few a second, however many came. */
export const PUSH_INTERVAL_MS = 250;

/**
 * Pushed trade balances and orders, coalesced before they leave main: the latest balance of each
 * asset and the latest change of each order (a `new` then `update` stays `new` with the latest
 * order; a `finish` is final: nothing after it counts), sent as one `stream.balances` and one
 * `stream.orders` at most every `intervalMs`. A flood of messages costs main a map entry each and
 * the page a few small events a second. What one flush holds is bounded (the active list's cap of
 * orders, MAX_ITEMS assets): past that the rest is dropped and the page told to resync instead.
 */
export class Pushes {
  private balances = new Map<string, TradeBalance>();
  private orders = new Map<number, OrderChange>();
  private missed = false;
  private readonly throttle: Throttle;

  constructor(
    private readonly send: PushSink,
    intervalMs = PUSH_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.throttle = new Throttle(() => this.flushNow(), intervalMs, now);
  }

  balance(update: Record<string, TradeBalance>): void {
    for (const [ticker, balance] of Object.entries(update)) {
      if (this.balances.size >= MAX_ITEMS && !this.balances.has(ticker)) this.missed = true;
      else this.balances.set(ticker, balance);
    }
    this.throttle.request();
  }

  order(change: OrderChange): void {
    const id = change.order.orderId;
    const kept = this.orders.get(id);
    if (kept?.event === 'finish') return;
    if (!kept && this.orders.size >= ACTIVE_CAP) {
      this.missed = true;
    } else {
      const event = kept?.event === 'new' && change.event === 'update' ? 'new' : change.event;
      this.orders.set(id, { event, order: change.order });
    }
    this.throttle.request();
  }

  /** Sends what is held now (the connection closed: nothing is lost to the wait). */
  flushNow(): void {
    this.throttle.cancel();
    const at = this.now();
    if (this.balances.size) {
      const balances = Object.fromEntries(this.balances);
      this.balances = new Map();
      this.send('stream.balances', { balances, at });
    }
    if (this.orders.size) {
      const changes = [...this.orders.values()];
      this.orders = new Map();
      this.send('stream.orders', { changes, at });
    }
    if (this.missed) {
      this.missed = false;
      this.send('stream.resync', { at });
    }
  }

  /** Forgets what is held (the session stopped: nothing more is sent). */
  cancel(): void {
    this.throttle.cancel();
    this.balances = new Map();
    this.orders = new Map();
    this.missed = false;
  }
}
