/**
 * Cost basis by lots (issue 36): pure, exact decimal arithmetic, no I/O.
 *
 * The input is the user's history as tax events, oldest first, every value already in the one
 * quote the report is written in (the caller values each at its day's close):
 * - `acquire`: units that came in and what they cost. A buy's cost is the deal's money plus a fee
 *   paid in money; a fee taken in the asset bought is left out of `amount` (fewer units for the same
 *   cost). `source` says what it was: a buy, a convert, a deposit (cost unknown unless the user
 *   entered it), or income (a mining reward, flex interest: its cost is its value on the day, and it
 *   is listed as income).
 * - `dispose`: units that left and what they brought (`proceeds`), less a `fee` in money.
 * - `move`: units moved between the user's own balances or sub-accounts. A move keeps every lot
 *   with its date and cost: it is recorded, never a disposal.
 *
 * Lots are pooled per asset over all of the user's accounts. A disposal takes lots by the method of
 * its tax year: FIFO (oldest first), LIFO (newest first), HIFO (highest cost per unit first), or
 * average cost (every lot of the asset at the pool's average cost per unit; the dates still come
 * from the oldest lots, for the holding period). A part of a lot takes its share of the lot's cost
 * and the rest keeps the remainder, so nothing is lost to rounding: what was paid plus income
 * always equals the realised cost plus the open lots' cost. A disposal of more than the lots hold
 * is a row without lots (`acquiredAt` null, cost 0), never hidden.
 *
 * Amounts and values are counted in integers of 10^-30 (portfolioHistory/exact.ts: every bounded
 * decimal fits exactly, `unitsText` writes them back): a history of 20,000 deals is lots of
 * arithmetic, and integers keep it within the report's time (npm run bench -- tax).
 */

export type LotMethod = 'fifo' | 'lifo' | 'hifo' | 'average';

export type AcquireSource = 'buy' | 'convert' | 'deposit' | 'income';
export type DisposeSource = 'sell' | 'convert' | 'spent';

/** An amount or value in units of 10^-30 (exact.ts `toUnits`, `unitsText`). */
export type Units = bigint;

export type TaxEvent =
  | {
      kind: 'acquire';
      id: string;
      at: number;
      asset: string;
      amount: Units;
      /** What the units cost in the quote, a fee paid in money included. */
      cost: Units;
      source: AcquireSource;
      /** A deposit whose cost the user has not entered: its cost is its value on the day. */
      costUnknown?: boolean;
    }
  | {
      kind: 'dispose';
      id: string;
      at: number;
      asset: string;
      amount: Units;
      /** What the units brought in the quote, before the fee. */
      proceeds: Units;
      /** A fee paid in money on the disposal, in the quote. */
      fee: Units;
      source: DisposeSource;
    }
  | { kind: 'move'; id: string; at: number; asset: string; amount: Units };

export interface TaxSettings {
  /** The method of the tax year an instant falls in. */
  methodOf: (year: number) => LotMethod;
  /** The tax year's first month, 1 (January) to 12. */
  yearStartMonth: number;
  /** Held at least this many calendar months: long term. */
  longTermMonths: number;
}

export interface OpenLot {
  /** The event the lot came from. */
  id: string;
  asset: string;
  acquiredAt: number;
  amount: Units;
  cost: Units;
  source: AcquireSource;
  costUnknown: boolean;
}

export interface RealizedRow {
  /** The disposal's event. */
  id: string;
  asset: string;
  amount: Units;
  /** When the units sold were acquired; null for units no lot holds. */
  acquiredAt: number | null;
  disposedAt: number;
  proceeds: Units;
  cost: Units;
  fee: Units;
  /** proceeds − cost − fee. */
  gain: Units;
  term: 'short' | 'long';
  method: LotMethod;
  source: DisposeSource;
  costUnknown: boolean;
}

export interface IncomeRow {
  id: string;
  asset: string;
  at: number;
  amount: Units;
  value: Units;
}

export interface LotsResult {
  realized: RealizedRow[];
  income: IncomeRow[];
  /** Per asset, oldest first. */
  open: Map<string, OpenLot[]>;
  moves: Extract<TaxEvent, { kind: 'move' }>[];
  /** The open lots before `LotsOptions.openAt` (all of them when no event is that late). */
  openAt: Map<string, OpenLot[]>;
}

/**
 * Shares are cut at a fixed number of places (far below any asset's or currency's precision) so
 * that the remainder, and every sum of shares and remainders, is exact.
 */
const SHARE_PLACES = 24;
const SHARE_STEP = 10n ** BigInt(30 - SHARE_PLACES);

/** `total` × `part` / `whole`, cut (toward zero) to SHARE_PLACES. */
function share(total: Units, part: Units, whole: Units): Units {
  const exact = (total * part) / whole;
  return exact - (exact % SHARE_STEP);
}

const min = (a: Units, b: Units) => (a < b ? a : b);

/** The tax year an instant falls in: the calendar year its first month starts in (UTC). */
export function taxYearOf(at: number, yearStartMonth: number): number {
  const date = new Date(at);
  const month = date.getUTCMonth() + 1;
  return month >= yearStartMonth ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
}

/** The tax year's bounds in milliseconds, [from, to). */
export function taxYearRange(year: number, yearStartMonth: number): { from: number; to: number } {
  return {
    from: Date.UTC(year, yearStartMonth - 1, 1),
    to: Date.UTC(year + 1, yearStartMonth - 1, 1),
  };
}

/** When units acquired at `acquiredAt` are held `months` calendar months (same day, or the month's last). */
export function longTermAt(acquiredAt: number, months: number): number {
  const from = new Date(acquiredAt);
  const target = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1, 0, 0, 0, 0),
  );
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(
    from.getUTCHours(),
    from.getUTCMinutes(),
    from.getUTCSeconds(),
    from.getUTCMilliseconds(),
  );
  return target.getTime();
}

/** Held for at least `months` calendar months (the same day of the month, or the month's last). */
export function isLongTerm(acquiredAt: number, disposedAt: number, months: number): boolean {
  return disposedAt >= longTermAt(acquiredAt, months);
}

/** A lot while the lots are computed: its place in acquisition order, its cost per unit for HIFO. */
interface LiveLot extends OpenLot {
  seq: number;
  /** Cost and amount when HIFO ordered it: its cost per unit, kept while the lot is partly taken. */
  unitCost?: Units;
  unitAmount?: Units;
  /** When it turns long term (longTermAt), once asked. */
  longAt?: number;
}

type Part = { lot: LiveLot | undefined; amount: Units; cost: Units };

/**
 * One asset's lots, oldest first. A lot fully taken stays in the array, empty, until FIFO's head
 * or LIFO's end passes it (each is passed once), so a disposal costs what it takes, not what is
 * held. HIFO orders the lots with a heap (highest cost per unit first, equal ones oldest first),
 * built the first time HIFO disposes and kept as lots come in; emptied lots leave it when they
 * reach its top. Average cost keeps the pool's units and cost as running sums: a disposal takes
 * the pool's cost per unit and the dates of the oldest lots, and the lots' own costs are set to
 * their share of the pool only when something reads them (another method's disposal, a result).
 */
class AssetLots {
  private lots: LiveLot[] = [];
  private head = 0;
  private seq = 0;
  private heap: LiveLot[] | undefined;
  /** Units and cost of every live lot. */
  private units = 0n;
  private cost = 0n;
  /** Lots before this sequence number carry a stale cost: the pool's running sums hold theirs. */
  private pooledBefore = 0;

  add(lot: OpenLot): void {
    const live: LiveLot = { ...lot, seq: this.seq++ };
    this.lots.push(live);
    this.units += live.amount;
    this.cost += live.cost;
    if (this.heap) this.heapPush(live);
  }

  /** Takes up to `want` units by `method`: the parts taken, each with its cost. */
  take(want: Units, method: LotMethod): Part[] {
    if (method === 'average') return this.takeAverage(want);
    this.materialize();
    const parts: Part[] = [];
    const takeFrom = (lot: LiveLot) => {
      const take = min(lot.amount, want);
      const cost = take === lot.amount ? lot.cost : share(lot.cost, take, lot.amount);
      lot.amount -= take;
      lot.cost -= cost;
      want -= take;
      this.units -= take;
      this.cost -= cost;
      parts.push({ lot, amount: take, cost });
    };
    if (method === 'fifo') {
      for (let i = this.head; i < this.lots.length && want > 0n; i++) {
        const lot = this.lots[i]!;
        if (lot.amount > 0n) takeFrom(lot);
      }
    } else if (method === 'lifo') {
      for (let i = this.lots.length - 1; i >= this.head && want > 0n; i--) {
        const lot = this.lots[i]!;
        if (lot.amount > 0n) takeFrom(lot);
      }
    } else {
      if (!this.heap) this.buildHeap();
      for (let lot = this.heapTop(); lot && want > 0n; lot = this.heapTop()) takeFrom(lot);
    }
    this.trim();
    return parts;
  }

  /** The live lots, oldest first, each with its own cost (copies). */
  open(): OpenLot[] {
    this.materialize();
    const open: OpenLot[] = [];
    for (let i = this.head; i < this.lots.length; i++) {
      const { id, asset, acquiredAt, amount, cost, source, costUnknown } = this.lots[i]!;
      if (amount > 0n) open.push({ id, asset, acquiredAt, amount, cost, source, costUnknown });
    }
    return open;
  }

  /** Average cost: the pool's cost per unit, the dates oldest first. */
  private takeAverage(want: Units): Part[] {
    const parts: Part[] = [];
    const amount = min(want, this.units);
    if (amount <= 0n) return parts;
    const cost = amount === this.units ? this.cost : share(this.cost, amount, this.units);
    this.pooledBefore = this.seq;
    this.heap = undefined;
    for (let i = this.head; i < this.lots.length && want > 0n; i++) {
      const lot = this.lots[i]!;
      if (lot.amount <= 0n) continue;
      const take = min(lot.amount, want);
      lot.amount -= take;
      want -= take;
      parts.push({ lot, amount: take, cost: 0n });
    }
    // Each part its share of the cost, the last the rest.
    let costLeft = cost;
    parts.forEach((part, i) => {
      part.cost = i === parts.length - 1 ? costLeft : share(cost, part.amount, amount);
      costLeft -= part.cost;
    });
    this.units -= amount;
    this.cost -= cost;
    this.trim();
    return parts;
  }

  /**
   * Sets the pooled lots' own costs: their share of the pool's cost, the last the rest. Lots that
   * came in after the pool's last disposal keep their own.
   */
  private materialize(): void {
    if (this.pooledBefore === 0) return;
    const pooled: LiveLot[] = [];
    let units = this.units;
    let cost = this.cost;
    for (let i = this.head; i < this.lots.length; i++) {
      const lot = this.lots[i]!;
      if (lot.amount <= 0n) lot.cost = 0n;
      else if (lot.seq < this.pooledBefore) pooled.push(lot);
      else {
        units -= lot.amount;
        cost -= lot.cost;
      }
    }
    this.pooledBefore = 0;
    let left = cost;
    pooled.forEach((lot, i) => {
      lot.cost = i === pooled.length - 1 ? left : share(cost, lot.amount, units);
      left -= lot.cost;
    });
  }

  /** Drops the emptied lots at either end. */
  private trim(): void {
    while (this.head < this.lots.length && this.lots[this.head]!.amount <= 0n) this.head++;
    while (this.lots.length > this.head && this.lots[this.lots.length - 1]!.amount <= 0n) {
      this.lots.pop();
    }
    if (this.head > 1024 && this.head * 2 > this.lots.length) {
      this.lots = this.lots.slice(this.head);
      this.head = 0;
    }
  }

  /** HIFO's order: a higher cost per unit first (compared without dividing), then the older. */
  private static before(a: LiveLot, b: LiveLot): boolean {
    const left = a.unitCost! * b.unitAmount!;
    const right = b.unitCost! * a.unitAmount!;
    return left > right || (left === right && a.seq < b.seq);
  }

  private buildHeap(): void {
    this.heap = [];
    for (let i = this.head; i < this.lots.length; i++) {
      const lot = this.lots[i]!;
      if (lot.amount > 0n) this.heapPush(lot);
    }
  }

  private heapPush(lot: LiveLot): void {
    const heap = this.heap!;
    // A lot of no units counts as costing nothing per unit.
    lot.unitCost = lot.amount === 0n ? 0n : lot.cost;
    lot.unitAmount = lot.amount === 0n ? 1n : lot.amount;
    heap.push(lot);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!AssetLots.before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  /** The first lot by HIFO that still holds units (emptied ones leave the heap). */
  private heapTop(): LiveLot | undefined {
    const heap = this.heap!;
    while (heap.length > 0 && heap[0]!.amount <= 0n) {
      const last = heap.pop()!;
      if (heap.length === 0) break;
      heap[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < heap.length && AssetLots.before(heap[l]!, heap[top]!)) top = l;
        if (r < heap.length && AssetLots.before(heap[r]!, heap[top]!)) top = r;
        if (top === i) break;
        [heap[i], heap[top]] = [heap[top]!, heap[i]!];
        i = top;
      }
    }
    return heap[0];
  }
}

/** What `computeLots` can also give: the open lots as they were before `openAt` (a copy). */
export interface LotsOptions {
  openAt?: number;
}

export function computeLots(
  events: readonly TaxEvent[],
  settings: TaxSettings,
  options: LotsOptions = {},
): LotsResult {
  const assets = new Map<string, AssetLots>();
  const realized: RealizedRow[] = [];
  const income: IncomeRow[] = [];
  const moves: LotsResult['moves'] = [];
  let openAt: Map<string, OpenLot[]> | undefined;
  const lotsOf = (asset: string) => {
    let lots = assets.get(asset);
    if (!lots) assets.set(asset, (lots = new AssetLots()));
    return lots;
  };
  const snapshot = () => new Map([...assets].map(([asset, lots]) => [asset, lots.open()]));
  // The method of the tax year an event falls in, the year's bounds kept (events come in order).
  let year = { from: 0, to: 0, method: 'fifo' as LotMethod };
  const methodAt = (at: number) => {
    if (at < year.from || at >= year.to) {
      const y = taxYearOf(at, settings.yearStartMonth);
      year = { ...taxYearRange(y, settings.yearStartMonth), method: settings.methodOf(y) };
    }
    return year.method;
  };
  const longAt = (lot: LiveLot) =>
    (lot.longAt ??= longTermAt(lot.acquiredAt, settings.longTermMonths));

  for (const event of events) {
    if (options.openAt !== undefined && openAt === undefined && event.at >= options.openAt) {
      openAt = snapshot();
    }
    if (event.kind === 'move') {
      moves.push(event);
      continue;
    }
    const amount = event.amount;
    if (event.kind === 'acquire') {
      const cost = event.cost;
      lotsOf(event.asset).add({
        id: event.id,
        asset: event.asset,
        acquiredAt: event.at,
        amount,
        cost,
        source: event.source,
        costUnknown: event.costUnknown ?? false,
      });
      if (event.source === 'income') {
        income.push({ id: event.id, asset: event.asset, at: event.at, amount, value: cost });
      }
      continue;
    }

    const method = methodAt(event.at);
    const parts: Part[] = lotsOf(event.asset).take(amount, method);
    const held = parts.reduce((sum, part) => sum + part.amount, 0n);
    if (held < amount) parts.push({ lot: undefined, amount: amount - held, cost: 0n });
    const proceeds = event.proceeds;
    const fee = event.fee;
    // The disposal's proceeds and fee are shared over the lots it takes, the last part the rest.
    let proceedsLeft = proceeds;
    let feeLeft = fee;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const partProceeds = last ? proceedsLeft : share(proceeds, part.amount, amount);
      const partFee = last ? feeLeft : share(fee, part.amount, amount);
      proceedsLeft -= partProceeds;
      feeLeft -= partFee;
      realized.push({
        id: event.id,
        asset: event.asset,
        amount: part.amount,
        acquiredAt: part.lot?.acquiredAt ?? null,
        disposedAt: event.at,
        proceeds: partProceeds,
        cost: part.cost,
        fee: partFee,
        gain: partProceeds - part.cost - partFee,
        term: part.lot !== undefined && event.at >= longAt(part.lot) ? 'long' : 'short',
        method,
        source: event.source,
        costUnknown: part.lot === undefined || part.lot.costUnknown,
      });
    });
  }
  const open = snapshot();
  return { realized, income, open, moves, openAt: openAt ?? open };
}
