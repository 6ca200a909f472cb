import type Decimal from 'decimal.js';
import { Precise } from '../../shared/decimal';
import type { Millis } from '../../shared/model';
import { ratioDecimal } from '../portfolioHistory/exact';
import { MINING_PAID_AFTER_MS } from '../portfolioHistory/movements';
import { dayOf, priceSeries, type CloseIndex, type DaySeries } from '../portfolioHistory/prices';
import type { TaxHistory } from './history';
import type { AcquireSource, TaxEvent } from './lots';

/**
 * The user's history as tax events (issue 36 item 1): pure, exact. Every value is in `quote`,
 * taken from the day's close of the asset (the Overview's price routing, prices.ts); a value in
 * the quote itself is exact. The quote asset has no lots (its cost is its own amount).
 *
 * - A buy on STOCK_MONEY acquires STOCK (net of a fee taken in STOCK) at what was paid: the deal
 *   plus a fee in MONEY, valued; paying with MONEY disposes of MONEY at that value.
 * - A sell disposes of STOCK for the deal valued (a fee in MONEY is the disposal's fee; a fee in
 *   STOCK leaves with the units sold, its value in both proceeds and fee); MONEY received is
 *   acquired at its value. A fee in a third asset disposes of it at its value and is the deal's fee.
 * - A convert disposes of `from` and acquires `to` at the same value.
 * - Flex interest and mining rewards paid to the account are income at the day's close.
 * - A deposit is acquired at the day's close, flagged "cost unknown" unless the user entered its
 *   cost or marked it a transfer from their own wallet.
 * - A withdrawal moves units out of view (never a disposal) unless the user marked it spent: then
 *   it is disposed of at the day's close. Sub-account transfers are moves.
 * - Units held before the history's first record (`heldBefore`, what the first balance snapshot
 *   implies) are one opening lot per asset, acquired just before that record (1 ms), valued like a
 *   deposit: at that day's close, cost unknown unless the user entered it (key `opening:ASSET`).
 * A value the closes cannot give (no close that day) is never 0 in silence: the acquisition is
 * flagged cost unknown, the income listed without a value.
 */

/** The day's close of one unit of an asset in the quote; undefined: no close that day. */
export type Valuation = (asset: string, at: Millis) => Decimal | undefined;

/** The valuation from the daily closes, routed as the Overview routes live prices. */
export function closeValuation(closes: CloseIndex, quote: string): Valuation {
  const series = new Map<string, DaySeries | undefined>();
  return (asset, at) => {
    if (asset === quote) return new Precise(1);
    if (!series.has(asset)) series.set(asset, priceSeries(closes, asset, quote));
    const price = series.get(asset)?.(dayOf(at));
    return price && ratioDecimal(price);
  };
}

/** What the user said about a deposit: its cost in `quote`, or a transfer from their own wallet. */
export interface DepositCost {
  quote: string;
  cost: string | null;
  ownWallet: boolean;
}

export interface UserMarks {
  depositCosts: ReadonlyMap<string, DepositCost>;
  /** Keys of the withdrawals the user marked spent. */
  spentWithdrawals: ReadonlySet<string>;
}

export interface UnknownCost {
  key: string;
  /** A deposit, or the units held before the history (an opening lot). */
  kind: 'deposit' | 'opening';
  asset: string;
  at: Millis;
  amount: string;
  value: string | null;
}

export interface TaxEvents {
  /** Oldest first. */
  events: TaxEvent[];
  /** Ids of income events whose value no close gave (listed with value null). */
  unvalued: Set<string>;
  /** Deposits whose cost is unknown, oldest first. */
  unknownCostDeposits: UnknownCost[];
  /** Per asset, what withdrawals (not spent) moved out of view, fees included. */
  outOfView: Map<string, Decimal>;
  /** Per asset, the time of its first record. */
  firstSeen: Map<string, Millis>;
  /** Per asset, when its opening lot was acquired (just before the history's first record). */
  opening: Map<string, Millis>;
  /** Per asset, what the first balance snapshot implies was held before the history (as given). */
  heldBefore: Readonly<Record<string, string>>;
}

/** The key the user's cost of an opening lot is kept under (with the deposits' costs). */
const openingKey = (asset: string) => `opening:${asset}`;

const ZERO = new Precise(0);

export function taxEvents(
  history: TaxHistory,
  value: Valuation,
  quote: string,
  marks: UserMarks,
  /** Per asset, what was held before the history's first record; absent: unknown. */
  heldBefore: Readonly<Record<string, string>> = {},
): TaxEvents {
  const timed: { at: Millis; order: number; events: TaxEvent[] }[] = [];
  const unvalued = new Set<string>();
  const unknownCostDeposits: UnknownCost[] = [];
  const outOfView = new Map<string, Decimal>();
  const firstSeen = new Map<string, Millis>();
  const seen = (asset: string, at: Millis) => {
    const first = firstSeen.get(asset);
    if (first === undefined || at < first) firstSeen.set(asset, at);
  };
  const push = (at: Millis, events: TaxEvent[]) =>
    timed.push({ at, order: timed.length, events: events.filter((e) => e.asset !== quote) });
  /** `units` of `asset` valued at `at`; undefined: no close that day. */
  const valued = (asset: string, units: Decimal, at: Millis) => value(asset, at)?.times(units);
  const text = (d: Decimal | undefined) => (d ?? ZERO).toFixed();

  for (const d of history.deals) {
    const [stock = d.market, money = ''] = d.market.split('_');
    seen(stock, d.time);
    seen(money, d.time);
    const amount = new Precise(d.amount);
    const total = new Precise(d.deal);
    const fee = new Precise(d.fee);
    const feeIn = d.feeAsset === stock ? 'stock' : d.feeAsset === money ? 'money' : 'other';
    const id = `deal:${d.dealId}`;
    // The deal's value: exact when one leg is the quote, else MONEY (then STOCK) at the close.
    const dealValue =
      money === quote
        ? total
        : stock === quote
          ? amount
          : (valued(money, total, d.time) ?? valued(stock, amount, d.time));
    const unit = dealValue && !total.isZero() ? dealValue.div(total) : undefined;
    const feeValue = fee.isZero()
      ? ZERO
      : feeIn === 'money'
        ? unit?.times(fee)
        : valued(d.feeAsset, fee, d.time);
    const events: TaxEvent[] = [];
    if (feeIn === 'other' && !fee.isZero()) {
      events.push(dispose(`${id}:fee`, d.time, d.feeAsset, fee, feeValue, ZERO, 'sell'));
    }
    if (d.side === 'buy') {
      const paid = feeIn === 'money' ? total.plus(fee) : total;
      const cost = feeIn === 'stock' ? dealValue : dealValue && feeValue?.plus(dealValue);
      events.push({
        kind: 'acquire',
        id,
        at: d.time,
        asset: stock,
        amount: (feeIn === 'stock' ? amount.minus(fee) : amount).toFixed(),
        cost: text(cost),
        source: 'buy',
        ...(cost === undefined ? { costUnknown: true } : {}),
      });
      events.push(dispose(`${id}:pay`, d.time, money, paid, unit?.times(paid), ZERO, 'sell'));
    } else {
      if (feeIn === 'stock') {
        events.push(
          dispose(
            id,
            d.time,
            stock,
            amount.plus(fee),
            dealValue?.plus(feeValue ?? ZERO),
            feeValue,
            'sell',
          ),
        );
      } else {
        events.push(dispose(id, d.time, stock, amount, dealValue, feeValue, 'sell'));
      }
      const received = feeIn === 'money' ? total.minus(fee) : total;
      events.push(acquire(`${id}:get`, d.time, money, received, unit?.times(received), 'buy'));
    }
    push(d.time, events);
  }

  for (const c of history.converts) {
    seen(c.from, c.time);
    seen(c.to, c.time);
    const give = new Precise(c.give);
    const receive = new Precise(c.receive);
    const worth =
      c.from === quote
        ? give
        : c.to === quote
          ? receive
          : (valued(c.from, give, c.time) ?? valued(c.to, receive, c.time));
    const id = `convert:${c.id}`;
    push(c.time, [
      dispose(id, c.time, c.from, give, worth, ZERO, 'convert'),
      acquire(`${id}:get`, c.time, c.to, receive, worth, 'convert'),
    ]);
  }

  const income = (id: string, at: Millis, asset: string, units: Decimal) => {
    seen(asset, at);
    const worth = valued(asset, units, at);
    if (worth === undefined) unvalued.add(id);
    push(at, [
      {
        kind: 'acquire',
        id,
        at,
        asset,
        amount: units.toFixed(),
        cost: text(worth),
        source: 'income',
      },
    ]);
  };
  for (const p of history.flexPayments) {
    income(`interest:${p.transactionId}`, p.time, p.ticker, new Precise(p.amount));
  }
  for (const r of history.miningRewards) {
    // Paid to the account when the day is over (as the balance walk counts it, movements.ts).
    if (r.status !== 'successful' || r.payoutDestination !== 'main_balance') continue;
    income(
      `mining:${r.account}:${r.day}`,
      r.day + MINING_PAID_AFTER_MS,
      r.currency,
      new Precise(r.reward),
    );
  }

  for (const t of history.transfers) {
    seen(t.ticker, t.time);
    const amount = new Precise(t.amount);
    const id = `${t.kind}:${t.key}`;
    if (t.kind === 'deposit') {
      push(t.time, [withoutCost('deposit', t.key, id, t.time, t.ticker, amount)]);
    } else {
      const fee = new Precise(t.fee);
      const out = amount.plus(fee);
      if (marks.spentWithdrawals.has(t.key)) {
        const feeValue = fee.isZero() ? ZERO : valued(t.ticker, fee, t.time);
        push(t.time, [
          dispose(id, t.time, t.ticker, out, valued(t.ticker, out, t.time), feeValue, 'spent'),
        ]);
      } else {
        if (t.ticker !== quote) {
          outOfView.set(t.ticker, (outOfView.get(t.ticker) ?? ZERO).plus(out));
        }
        push(t.time, [{ kind: 'move', id, at: t.time, asset: t.ticker, amount: out.toFixed() }]);
      }
    }
  }

  for (const s of history.subAccountTransfers) {
    seen(s.ticker, s.time);
    push(s.time, [
      {
        kind: 'move',
        id: `sub:${s.transactionId}`,
        at: s.time,
        asset: s.ticker,
        amount: s.amount,
      },
    ]);
  }

  timed.sort((a, b) => a.at - b.at || a.order - b.order);
  // The opening lots: just before the first record, so that every method sees them oldest.
  const opening = new Map<string, Millis>();
  const first = timed[0]?.at;
  if (first !== undefined) {
    const at = first - 1;
    const lots: TaxEvent[] = [];
    for (const [asset, held] of Object.entries(heldBefore).sort(([a], [b]) => a.localeCompare(b))) {
      const amount = new Precise(held);
      if (asset === quote || !amount.gt(0)) continue;
      const key = openingKey(asset);
      lots.push(withoutCost('opening', key, key, at, asset, amount));
      opening.set(asset, at);
    }
    timed.unshift({ at, order: -1, events: lots });
  }
  unknownCostDeposits.sort((a, b) => a.at - b.at);
  firstSeen.delete(quote);
  firstSeen.delete('');
  return {
    events: timed.flatMap((t) => t.events),
    unvalued,
    unknownCostDeposits,
    outOfView,
    firstSeen,
    opening,
    heldBefore,
  };

  /**
   * Units that came in at no cost the history knows (a deposit, an opening lot): at the day's
   * close, flagged cost unknown (and listed) until the user enters the cost (in any quote: that
   * quote's close on the day turns it into this one) or marks a deposit their own wallet's.
   */
  function withoutCost(
    kind: UnknownCost['kind'],
    key: string,
    id: string,
    at: Millis,
    asset: string,
    amount: Decimal,
  ): TaxEvent {
    const said = marks.depositCosts.get(key);
    const dayValue = valued(asset, amount, at);
    const entered =
      said?.cost == null
        ? undefined
        : said.quote === quote
          ? new Precise(said.cost)
          : valued(said.quote, new Precise(said.cost), at);
    const answered = said?.cost != null || said?.ownWallet === true;
    const cost = said?.cost != null ? entered : dayValue;
    if (!answered && asset !== quote) {
      unknownCostDeposits.push({
        key,
        kind,
        asset,
        at,
        amount: amount.toFixed(),
        value: dayValue?.toFixed() ?? null,
      });
    }
    return acquire(id, at, asset, amount, cost, kind, !answered || cost === undefined);
  }

  function acquire(
    id: string,
    at: Millis,
    asset: string,
    amount: Decimal,
    cost: Decimal | undefined,
    source: AcquireSource,
    costUnknown = cost === undefined,
  ): TaxEvent {
    return {
      kind: 'acquire',
      id,
      at,
      asset,
      amount: amount.toFixed(),
      cost: text(cost),
      source,
      ...(costUnknown ? { costUnknown: true } : {}),
    };
  }

  function dispose(
    id: string,
    at: Millis,
    asset: string,
    amount: Decimal,
    proceeds: Decimal | undefined,
    fee: Decimal | undefined,
    source: 'sell' | 'convert' | 'spent',
  ): TaxEvent {
    return {
      kind: 'dispose',
      id,
      at,
      asset,
      amount: amount.toFixed(),
      proceeds: text(proceeds),
      fee: text(fee),
      source,
    };
  }
}
