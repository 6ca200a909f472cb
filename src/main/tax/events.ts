import type Decimal from 'decimal.js';
import { Precise } from '../../shared/decimal';
import type { Millis } from '../../shared/model';
import { PLACES, ratioDecimal, toUnits, unitsText } from '../portfolioHistory/exact';
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
 * flagged cost unknown, the income listed without a value, the disposal flagged unvalued.
 */

/** The day's close of one unit of an asset in the quote; undefined: no close that day. */
export type Valuation = (asset: string, at: Millis) => Decimal | undefined;

/**
 * The valuation from the daily closes, routed as the Overview routes live prices. Each asset's
 * day is divided out once: a history values the same day many times.
 */
export function closeValuation(closes: CloseIndex, quote: string): Valuation {
  const ONE = new Precise(1);
  const series = new Map<string, DaySeries | undefined>();
  const days = new Map<string, Map<Millis, Decimal | undefined>>();
  return (asset, at) => {
    if (asset === quote) return ONE;
    let known = days.get(asset);
    if (!known) {
      series.set(asset, priceSeries(closes, asset, quote));
      days.set(asset, (known = new Map()));
    }
    const day = dayOf(at);
    if (known.has(day)) return known.get(day);
    const price = series.get(asset)?.(day);
    const value = price && ratioDecimal(price);
    known.set(day, value);
    return value;
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
  /**
   * Ids of acquisitions whose cost no close gave (income listed with value null, open lots with
   * cost null), and of disposals whose proceeds or fee no close gave (written as 0, rows flagged).
   */
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

/** One unit of the quote in integer units (exact.ts: 10^-30). */
const UNIT = 10n ** BigInt(PLACES);

/** `part` of a deal's MONEY at the deal's rate (`value` for its `total`); undefined: unvalued. */
const atRate = (value: bigint | undefined, total: bigint, part: bigint) =>
  value === undefined || total === 0n ? undefined : (value * part) / total;

/** The key the user's cost of an opening lot is kept under (with the deposits' costs). */
const openingKey = (asset: string) => `opening:${asset}`;

/**
 * The events are computed in integer units of 10^-30 (exact.ts), a day's price rounded to 30
 * places once: a history of 20,000 deals is too much arithmetic for decimal.js within the
 * report's time (npm run bench -- tax). A value is truncated at the 30th place.
 */
export function taxEvents(
  history: TaxHistory,
  value: Valuation,
  quote: string,
  marks: UserMarks,
  /** Per asset, what was held before the history's first record; absent: unknown. */
  heldBefore: Readonly<Record<string, string>> = {},
): TaxEvents {
  const out: TaxEvent[] = [];
  const unvalued = new Set<string>();
  const unknownCostDeposits: UnknownCost[] = [];
  const outOfView = new Map<string, bigint>();
  const firstSeen = new Map<string, Millis>();
  const seen = (asset: string, at: Millis) => {
    const first = firstSeen.get(asset);
    if (first === undefined || at < first) firstSeen.set(asset, at);
  };
  /** The time of the history's first record (the quote's own records included). */
  let firstRecord = Infinity;
  const add = (event: TaxEvent) => {
    if (event.at < firstRecord) firstRecord = event.at;
    if (event.asset !== quote) out.push(event);
  };
  // A day's price as integer units, once per price (closeValuation answers the same object).
  const units = new WeakMap<Decimal, bigint>();
  /** `amount` of `asset` valued at `at`; undefined: no close that day. */
  const valued = (asset: string, amount: bigint, at: Millis): bigint | undefined => {
    if (asset === quote) return amount;
    const price = value(asset, at);
    if (!price) return undefined;
    let unit = units.get(price);
    if (unit === undefined) units.set(price, (unit = toUnits(price.toFixed(PLACES))));
    return (unit * amount) / UNIT;
  };

  // A market's STOCK and MONEY, split once per market.
  const legs = new Map<string, [string, string]>();
  const legsOf = (market: string) => {
    let pair = legs.get(market);
    if (!pair) {
      const [stock = market, money = ''] = market.split('_');
      legs.set(market, (pair = [stock, money]));
    }
    return pair;
  };
  for (const d of history.deals) {
    const [stock, money] = legsOf(d.market);
    seen(stock, d.time);
    seen(money, d.time);
    const amount = toUnits(d.amount);
    const total = toUnits(d.deal);
    const fee = toUnits(d.fee);
    const feeIn = d.feeAsset === stock ? 'stock' : d.feeAsset === money ? 'money' : 'other';
    const id = `deal:${d.dealId}`;
    // The deal's value: exact when one leg is the quote, else MONEY (then STOCK) at the close.
    const dealValue =
      money === quote
        ? total
        : stock === quote
          ? amount
          : (valued(money, total, d.time) ?? valued(stock, amount, d.time));
    const feeValue =
      fee === 0n
        ? 0n
        : feeIn === 'money'
          ? atRate(dealValue, total, fee)
          : valued(d.feeAsset, fee, d.time);
    if (feeIn === 'other' && fee !== 0n) {
      add(dispose(`${id}:fee`, d.time, d.feeAsset, fee, feeValue, 0n, 'sell'));
    }
    if (d.side === 'buy') {
      const paid = feeIn === 'money' ? total + fee : total;
      const cost =
        feeIn === 'stock'
          ? dealValue
          : dealValue === undefined || feeValue === undefined
            ? undefined
            : feeValue + dealValue;
      add(acquire(id, d.time, stock, feeIn === 'stock' ? amount - fee : amount, cost, 'buy'));
      // Paying with the quote itself is no disposal (the quote has no lots): nothing is made.
      if (money !== quote) {
        add(dispose(`${id}:pay`, d.time, money, paid, atRate(dealValue, total, paid), 0n, 'sell'));
      }
    } else {
      if (feeIn === 'stock') {
        const proceeds = dealValue === undefined ? undefined : dealValue + (feeValue ?? 0n);
        add(dispose(id, d.time, stock, amount + fee, proceeds, feeValue, 'sell'));
      } else {
        add(dispose(id, d.time, stock, amount, dealValue, feeValue, 'sell'));
      }
      const received = feeIn === 'money' ? total - fee : total;
      if (money !== quote) {
        add(
          acquire(`${id}:get`, d.time, money, received, atRate(dealValue, total, received), 'buy'),
        );
      }
    }
  }

  for (const c of history.converts) {
    seen(c.from, c.time);
    seen(c.to, c.time);
    const give = toUnits(c.give);
    const receive = toUnits(c.receive);
    const worth =
      c.from === quote
        ? give
        : c.to === quote
          ? receive
          : (valued(c.from, give, c.time) ?? valued(c.to, receive, c.time));
    const id = `convert:${c.id}`;
    add(dispose(id, c.time, c.from, give, worth, 0n, 'convert'));
    add(acquire(`${id}:get`, c.time, c.to, receive, worth, 'convert'));
  }

  const income = (id: string, at: Millis, asset: string, amount: bigint) => {
    seen(asset, at);
    const worth = valued(asset, amount, at);
    if (worth === undefined) unvalued.add(id);
    add({
      kind: 'acquire',
      id,
      at,
      asset,
      amount,
      cost: worth ?? 0n,
      source: 'income',
    });
  };
  for (const p of history.flexPayments) {
    income(`interest:${p.transactionId}`, p.time, p.ticker, toUnits(p.amount));
  }
  for (const r of history.miningRewards) {
    // Paid to the account when the day is over (as the balance walk counts it, movements.ts).
    if (r.status !== 'successful' || r.payoutDestination !== 'main_balance') continue;
    income(
      `mining:${r.account}:${r.day}`,
      r.day + MINING_PAID_AFTER_MS,
      r.currency,
      toUnits(r.reward),
    );
  }

  for (const t of history.transfers) {
    seen(t.ticker, t.time);
    const amount = toUnits(t.amount);
    const id = `${t.kind}:${t.key}`;
    if (t.kind === 'deposit') {
      add(withoutCost('deposit', t.key, id, t.time, t.ticker, amount));
    } else {
      const fee = toUnits(t.fee);
      const leaving = amount + fee;
      if (marks.spentWithdrawals.has(t.key)) {
        const feeValue = fee === 0n ? 0n : valued(t.ticker, fee, t.time);
        const proceeds = valued(t.ticker, leaving, t.time);
        add(dispose(id, t.time, t.ticker, leaving, proceeds, feeValue, 'spent'));
      } else {
        if (t.ticker !== quote) {
          outOfView.set(t.ticker, (outOfView.get(t.ticker) ?? 0n) + leaving);
        }
        add({ kind: 'move', id, at: t.time, asset: t.ticker, amount: leaving });
      }
    }
  }

  for (const s of history.subAccountTransfers) {
    seen(s.ticker, s.time);
    add({
      kind: 'move',
      id: `sub:${s.transactionId}`,
      at: s.time,
      asset: s.ticker,
      amount: toUnits(s.amount),
    });
  }

  // Oldest first; a sort that keeps the order of equal times (a deal's events as written above).
  out.sort((a, b) => a.at - b.at);
  // The opening lots: just before the first record, so that every method sees them oldest.
  const opening = new Map<string, Millis>();
  if (firstRecord !== Infinity) {
    const at = firstRecord - 1;
    const lots: TaxEvent[] = [];
    for (const [asset, held] of Object.entries(heldBefore).sort(([a], [b]) => a.localeCompare(b))) {
      const amount = toUnits(held);
      if (asset === quote || amount <= 0n) continue;
      const key = openingKey(asset);
      lots.push(withoutCost('opening', key, key, at, asset, amount));
      opening.set(asset, at);
    }
    out.unshift(...lots);
  }
  unknownCostDeposits.sort((a, b) => a.at - b.at);
  firstSeen.delete(quote);
  firstSeen.delete('');
  return {
    events: out,
    unvalued,
    unknownCostDeposits,
    outOfView: new Map(
      [...outOfView].map(([asset, units]) => [asset, new Precise(unitsText(units))]),
    ),
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
    amount: bigint,
  ): TaxEvent {
    const said = marks.depositCosts.get(key);
    const dayValue = valued(asset, amount, at);
    const entered = said?.cost == null ? undefined : valued(said.quote, toUnits(said.cost), at);
    const answered = said?.cost != null || said?.ownWallet === true;
    const cost = said?.cost != null ? entered : dayValue;
    if (!answered && asset !== quote) {
      unknownCostDeposits.push({
        key,
        kind,
        asset,
        at,
        amount: unitsText(amount),
        value: dayValue === undefined ? null : unitsText(dayValue),
      });
    }
    return acquire(id, at, asset, amount, cost, kind, !answered || cost === undefined);
  }

  function acquire(
    id: string,
    at: Millis,
    asset: string,
    amount: bigint,
    cost: bigint | undefined,
    source: AcquireSource,
    costUnknown = cost === undefined,
  ): TaxEvent {
    // No close gave its cost: its lot is listed without one, never as costing 0.
    if (cost === undefined) unvalued.add(id);
    return {
      kind: 'acquire',
      id,
      at,
      asset,
      amount,
      cost: cost ?? 0n,
      source,
      ...(costUnknown ? { costUnknown: true } : {}),
    };
  }

  function dispose(
    id: string,
    at: Millis,
    asset: string,
    amount: bigint,
    proceeds: bigint | undefined,
    fee: bigint | undefined,
    source: 'sell' | 'convert' | 'spent',
  ): TaxEvent {
    if (proceeds === undefined || fee === undefined) unvalued.add(id);
    return {
      kind: 'dispose',
      id,
      at,
      asset,
      amount,
      proceeds: proceeds ?? 0n,
      fee: fee ?? 0n,
      source,
    };
  }
}
