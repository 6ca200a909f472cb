import { D, ZERO, type Dec } from './decimal';
import { ApiError, NOT_ENOUGH_BALANCE, fail, ok, validation, inner, type Result } from './errors';
import {
  MARKET_BY_NAME,
  bookAround,
  stepOf,
  walkPrice,
  type Book,
  type BookLevel,
  type MarketDef,
} from './markets';
import { hash32 } from './rng';
import { DEALS_LIMIT, HISTORY_LIMIT, type ExchangeState, type OrderRec, type Side } from './state';

/**
 * The trading engine: ledger, matching against the market maker's book, resting limit orders that
 * fill when the mid price crosses them. No HTTP here: routes validate the request shape and call it;
 * the property test drives it directly.
 *
 * Money rules (all decimal):
 * - fees are charged in the money currency: fee = dealMoney * rate, exactly (unrounded, as the
 *   deployed server charges it: a 10 USDT buy at 0.1 % pays 0.00999...); a buyer pays
 *   dealMoney + fee, a seller receives dealMoney - fee; the fee goes to the exchange's fee account.
 * - a market buy with a money amount M spends at most M: the book is walked with a budget of
 *   M / (1 + takerFee) rounded down, so dealMoney + fee <= M (the rest is `left`, as on the deployed
 *   server).
 * - a limit buy freezes amount * price * (1 + takerFee) (the worst case); fills release the excess.
 * - fills are capped at the market maker's balance, so no account ever goes negative.
 * - every fill is a deal (state.deals): a taker order has one per book level it took, a resting
 *   order one when the price crosses it; each deal's fee is the rate on its own money, so an
 *   order's deals add up to its dealStock, dealMoney and dealFee exactly.
 */
export interface EngineOptions {
  seed: number;
  /** Server clock, ms. */
  now: () => number;
  /** true: the walk step is the manual counter only (tests); false: clock seconds + counter. */
  frozenWalk: boolean;
  onChange?: () => void;
}

export interface MarketOrderInput {
  market: string;
  side: Side;
  amount: Dec;
  /** Unit of `amount`: stock (stock_market both sides, market sell) or money (market buy). */
  unit: 'stock' | 'money';
  type: 'market' | 'stock market';
  clientOrderId?: string;
  stp?: string;
}

export interface LimitOrderInput {
  market: string;
  side: Side;
  amount: Dec;
  price: Dec;
  clientOrderId?: string;
  postOnly?: boolean;
  ioc?: boolean;
  stp?: string;
}

interface Fill {
  price: Dec;
  qty: Dec;
  /** The market maker's order it matched (a book level at this walk step). */
  makerOrderId: number;
}

const micro = (ms: number): number => Math.round(ms * 1000) / 1e6;

/**
 * The id of a market maker's order (a deal's counterparty), from what identifies it; in a range of
 * its own, below the user's order ids.
 */
export const makerOrderId = (...parts: (string | number)[]): number =>
  3_000_000_000 + (hash32(...parts) % 1e9);

export class Engine {
  /** Frozen mode: the second step 0 stands for (start-up). */
  private readonly origin: number;

  constructor(
    public state: ExchangeState,
    private readonly opts: EngineOptions,
  ) {
    this.origin = Math.floor(opts.now() / 1000);
  }

  get seed(): number {
    return this.opts.seed;
  }

  now(): number {
    return this.opts.now();
  }

  currentStep(): number {
    const manual = this.state.walk.manualStep;
    return this.opts.frozenWalk ? manual : Math.floor(this.opts.now() / 1000) + manual;
  }

  /**
   * The walk step of a moment (Unix seconds). Live: that second (plus the manual steps). Frozen:
   * the seconds since start-up, but never past the current step, since the walk stands still.
   */
  stepAt(seconds: number): number {
    return this.opts.frozenWalk
      ? Math.min(seconds - this.origin, this.currentStep())
      : seconds + this.state.walk.manualStep;
  }

  /** The moment (Unix seconds) of a walk step: the inverse of stepAt. */
  timeOf(step: number): number {
    return this.opts.frozenWalk ? this.origin + step : step - this.state.walk.manualStep;
  }

  price(market: MarketDef): Dec {
    const override = this.state.walk.overrides[market.name];
    if (override !== undefined) return new D(override);
    return walkPrice(this.opts.seed, market, this.currentStep());
  }

  book(market: MarketDef): Book {
    return bookAround(this.opts.seed, market, this.currentStep(), this.price(market));
  }

  // ---- ledger -------------------------------------------------------------------------------------

  private tradeOf(asset: string) {
    let entry = this.state.trade[asset];
    if (!entry) {
      entry = { available: '0', freeze: '0' };
      this.state.trade[asset] = entry;
    }
    return entry;
  }

  available(asset: string): Dec {
    return new D(this.state.trade[asset]?.available ?? '0');
  }

  private credit(asset: string, amount: Dec): void {
    const e = this.tradeOf(asset);
    e.available = new D(e.available).plus(amount).toFixed();
  }

  private debit(asset: string, amount: Dec): void {
    const e = this.tradeOf(asset);
    const next = new D(e.available).minus(amount);
    if (next.lt(0)) throw new Error(`ledger: ${asset} available would go negative`);
    e.available = next.toFixed();
  }

  private freeze(asset: string, amount: Dec): void {
    this.debit(asset, amount);
    const e = this.tradeOf(asset);
    e.freeze = new D(e.freeze).plus(amount).toFixed();
  }

  /** Takes `spent` out of the frozen funds for good (it left the account). */
  private spendFrozen(asset: string, spent: Dec): void {
    const e = this.tradeOf(asset);
    const next = new D(e.freeze).minus(spent);
    if (next.lt(0)) throw new Error(`ledger: ${asset} freeze would go negative`);
    e.freeze = next.toFixed();
  }

  private unfreeze(asset: string, amount: Dec): void {
    this.spendFrozen(asset, amount);
    this.credit(asset, amount);
  }

  private makerAdd(asset: string, amount: Dec): void {
    const next = new D(this.state.maker[asset] ?? '0').plus(amount);
    if (next.lt(0)) throw new Error(`ledger: maker ${asset} would go negative`);
    this.state.maker[asset] = next.toFixed();
  }

  private makerHas(asset: string): Dec {
    return new D(this.state.maker[asset] ?? '0');
  }

  private collectFee(asset: string, fee: Dec): void {
    this.state.fees[asset] = new D(this.state.fees[asset] ?? '0').plus(fee).toFixed();
  }

  private changed(): void {
    this.opts.onChange?.();
  }

  private nextId(): number {
    const id = this.state.nextId;
    this.state.nextId += 1;
    return id;
  }

  // ---- validation shared by all order kinds --------------------------------------------------------

  tradableMarket(name: string): Result<MarketDef> {
    const m = MARKET_BY_NAME.get(name);
    if (!m || !m.tradesEnabled) {
      return fail(validation(31, { market: ['Market is not available'] }));
    }
    return ok(m);
  }

  private checkStockAmount(m: MarketDef, amount: Dec): ApiError | null {
    const step = stepOf(m).toFixed();
    if (amount.lt(m.minAmount)) {
      return validation(32, {
        amount: [
          `Given amount is less than min amount ${m.minAmount}, min amount step is ${step}.`,
        ],
      });
    }
    if (amount.decimalPlaces() > m.stockPrec) {
      return validation(32, {
        amount: [
          `Given amount does not match the amount step ${step} (min amount ${m.minAmount}).`,
        ],
      });
    }
    return null;
  }

  private checkMoneyAmount(m: MarketDef, amount: Dec): ApiError | null {
    const step = new D(1).div(new D(10).pow(m.moneyPrec)).toFixed();
    if (amount.lt(m.minTotal)) {
      return validation(32, {
        amount: [`Given amount is less than min total ${m.minTotal}, min amount step is ${step}.`],
      });
    }
    if (amount.decimalPlaces() > m.moneyPrec) {
      return validation(32, {
        amount: [`Given amount does not match the amount step ${step} (min total ${m.minTotal}).`],
      });
    }
    return null;
  }

  private checkClientOrderId(m: MarketDef, clientOrderId: string | undefined): ApiError | null {
    if (!clientOrderId) return null;
    const used = this.state.active.some(
      (o) => o.market === m.name && o.clientOrderId === clientOrderId,
    );
    return used
      ? validation(36, {
          client_order_id: [
            'This client order id is already used by an open order on this market.',
          ],
        })
      : null;
  }

  // ---- matching -----------------------------------------------------------------------------------

  /**
   * Walks the book for a taker. `want` limits the stock quantity or the money spent (excluding fee);
   * `limitPrice` stops at levels worse than the limit. Fills are capped by the maker's balance.
   */
  private take(
    m: MarketDef,
    side: Side,
    want: { stock: Dec } | { money: Dec },
    limitPrice: Dec | null,
  ): Fill[] {
    const book = this.book(m);
    const levels: BookLevel[] = side === 'buy' ? book.asks : book.bids;
    const fills: Fill[] = [];
    let remStock = 'stock' in want ? want.stock : null;
    let remMoney = 'money' in want ? want.money : null;
    let makerStock = this.makerHas(m.stock);
    let makerMoney = this.makerHas(m.money);
    for (const [index, level] of levels.entries()) {
      if (limitPrice) {
        if (side === 'buy' && level.price.gt(limitPrice)) break;
        if (side === 'sell' && level.price.lt(limitPrice)) break;
      }
      let qty = level.qty;
      if (remStock) qty = D.min(qty, remStock);
      if (remMoney)
        qty = D.min(qty, remMoney.div(level.price).toDecimalPlaces(m.stockPrec, D.ROUND_DOWN));
      if (side === 'buy') qty = D.min(qty, makerStock);
      else qty = D.min(qty, makerMoney.div(level.price).toDecimalPlaces(m.stockPrec, D.ROUND_DOWN));
      if (qty.lte(0)) break;
      fills.push({ price: level.price, qty, makerOrderId: this.counterpartyId(m, side, index) });
      const money = qty.times(level.price);
      if (side === 'buy') makerStock = makerStock.minus(qty);
      else makerMoney = makerMoney.minus(money);
      if (remStock) remStock = remStock.minus(qty);
      if (remMoney) remMoney = remMoney.minus(money);
      if ((remStock && remStock.lte(0)) || (remMoney && remMoney.lte(0))) break;
    }
    return fills;
  }

  /** The market maker's order behind a fill: one per book level (or resting order) and step. */
  private counterpartyId(m: MarketDef, side: Side | 'resting', key: number): number {
    return makerOrderId(this.opts.seed, m.name, this.currentStep(), side, key);
  }

  /** Records a deal for each fill of `order`, each with its own (unrounded) fee at `rate`. */
  private recordDeals(order: OrderRec, fills: Fill[], role: 1 | 2, rate: string): void {
    const time = micro(this.now());
    for (const fill of fills) {
      const deal = fill.qty.times(fill.price);
      this.state.deals.push({
        id: this.nextId(),
        orderId: order.id,
        clientOrderId: order.clientOrderId,
        market: order.market,
        side: order.side,
        role,
        price: fill.price.toFixed(),
        amount: fill.qty.toFixed(),
        deal: deal.toFixed(),
        fee: Engine.fee(deal, rate).toFixed(),
        dealOrderId: fill.makerOrderId,
        time,
      });
    }
    if (this.state.deals.length > DEALS_LIMIT) {
      this.state.deals.splice(0, this.state.deals.length - DEALS_LIMIT);
    }
  }

  private static totals(fills: Fill[]): { stock: Dec; money: Dec } {
    let stock = ZERO;
    let money = ZERO;
    for (const f of fills) {
      stock = stock.plus(f.qty);
      money = money.plus(f.qty.times(f.price));
    }
    return { stock, money };
  }

  private static fee(money: Dec, rate: string): Dec {
    return money.times(rate);
  }

  /** Moves funds for a taker trade; buy money comes from `available` unless `fromFrozen`. */
  private settleTaker(
    m: MarketDef,
    side: Side,
    stock: Dec,
    money: Dec,
    fee: Dec,
    fromFrozen: boolean,
  ) {
    if (side === 'buy') {
      if (fromFrozen) this.spendFrozen(m.money, money.plus(fee));
      else this.debit(m.money, money.plus(fee));
      this.credit(m.stock, stock);
      this.makerAdd(m.stock, stock.neg());
      this.makerAdd(m.money, money);
    } else {
      if (fromFrozen) this.spendFrozen(m.stock, stock);
      else this.debit(m.stock, stock);
      this.credit(m.money, money.minus(fee));
      this.makerAdd(m.stock, stock);
      this.makerAdd(m.money, money.neg());
    }
    this.collectFee(m.money, fee);
  }

  private newOrder(
    m: MarketDef,
    partial: Partial<OrderRec> & Pick<OrderRec, 'side' | 'type' | 'amount' | 'price'>,
  ): OrderRec {
    return {
      id: this.nextId(),
      clientOrderId: '',
      market: m.name,
      timestamp: micro(this.now()),
      left: partial.amount,
      dealMoney: '0',
      dealStock: '0',
      dealFee: '0',
      postOnly: false,
      ioc: false,
      status: 'NEW',
      stp: 'no',
      rpi: false,
      takerFee: m.takerFee,
      makerFee: m.makerFee,
      frozen: '0',
      ...partial,
    };
  }

  private archive(order: OrderRec): void {
    order.ftime = micro(this.now());
    this.state.history.push(order);
    if (this.state.history.length > HISTORY_LIMIT) {
      this.state.history.splice(0, this.state.history.length - HISTORY_LIMIT);
    }
  }

  placeMarket(input: MarketOrderInput): Result<OrderRec> {
    const mr = this.tradableMarket(input.market);
    if (!mr.ok) return mr;
    const m = mr.value;
    this.sync();
    const amountError =
      input.unit === 'stock'
        ? this.checkStockAmount(m, input.amount)
        : this.checkMoneyAmount(m, input.amount);
    if (amountError) return fail(amountError);
    const cidError = this.checkClientOrderId(m, input.clientOrderId);
    if (cidError) return fail(cidError);

    let fills: Fill[];
    if (input.side === 'buy' && input.unit === 'money') {
      if (input.amount.gt(this.available(m.money)))
        return fail(validation(32, { amount: [NOT_ENOUGH_BALANCE] }));
      const budget = input.amount
        .div(new D(1).plus(m.takerFee))
        .toDecimalPlaces(m.moneyPrec, D.ROUND_DOWN);
      fills = this.take(m, 'buy', { money: budget }, null);
    } else if (input.side === 'buy') {
      fills = this.take(m, 'buy', { stock: input.amount }, null);
      const t = Engine.totals(fills);
      const cost = t.money.plus(Engine.fee(t.money, m.takerFee));
      if (cost.gt(this.available(m.money)))
        return fail(validation(32, { amount: [NOT_ENOUGH_BALANCE] }));
    } else {
      if (input.amount.gt(this.available(m.stock)))
        return fail(validation(32, { amount: [NOT_ENOUGH_BALANCE] }));
      fills = this.take(m, 'sell', { stock: input.amount }, null);
    }
    const t = Engine.totals(fills);
    const fee = Engine.fee(t.money, m.takerFee);
    this.settleTaker(m, input.side, t.stock, t.money, fee, false);
    const left =
      input.unit === 'money' ? input.amount.minus(t.money).minus(fee) : input.amount.minus(t.stock);
    const order = this.newOrder(m, {
      side: input.side,
      type: input.type,
      amount: input.amount.toFixed(),
      price: '0',
      left: left.toFixed(),
      dealMoney: t.money.toFixed(),
      dealStock: t.stock.toFixed(),
      dealFee: fee.toFixed(),
      clientOrderId: input.clientOrderId ?? '',
      stp: input.stp ?? 'no',
      status: t.stock.gt(0) ? 'FILLED' : 'CANCELED',
    });
    this.recordDeals(order, fills, 2, m.takerFee);
    this.archive(order);
    this.changed();
    return ok(order);
  }

  placeLimit(input: LimitOrderInput): Result<OrderRec> {
    const mr = this.tradableMarket(input.market);
    if (!mr.ok) return mr;
    const m = mr.value;
    this.sync();
    const amountError = this.checkStockAmount(m, input.amount);
    if (amountError) return fail(amountError);
    if (input.price.lte(0) || input.price.decimalPlaces() > m.moneyPrec) {
      return fail(
        validation(33, {
          price: [`Price must be greater than 0 with at most ${m.moneyPrec} decimal places.`],
        }),
      );
    }
    const total = input.amount.times(input.price);
    if (total.lt(m.minTotal)) {
      return fail(validation(32, { total: [`Total(amount * price) is less than ${m.minTotal}.`] }));
    }
    if (total.gt(m.maxTotal)) {
      return fail(
        validation(32, { total: [`Total(amount * price) is greater than ${m.maxTotal}.`] }),
      );
    }
    const cidError = this.checkClientOrderId(m, input.clientOrderId);
    if (cidError) return fail(cidError);
    const freezeAsset = input.side === 'buy' ? m.money : m.stock;
    const toFreeze = input.side === 'buy' ? total.times(new D(1).plus(m.takerFee)) : input.amount;
    if (toFreeze.gt(this.available(freezeAsset))) {
      return fail(validation(32, { amount: [NOT_ENOUGH_BALANCE] }));
    }
    const crossing = this.take(m, input.side, { stock: input.amount }, input.price);
    if (input.postOnly && crossing.length > 0) {
      return fail(inner({ postOnly: ['Post-only order would be executed immediately.'] }));
    }
    this.freeze(freezeAsset, toFreeze);
    const order = this.newOrder(m, {
      side: input.side,
      type: 'limit',
      amount: input.amount.toFixed(),
      price: input.price.toFixed(),
      clientOrderId: input.clientOrderId ?? '',
      postOnly: input.postOnly ?? false,
      ioc: input.ioc ?? false,
      stp: input.stp ?? 'no',
      frozen: toFreeze.toFixed(),
    });
    let frozen = toFreeze;
    if (crossing.length > 0) {
      const t = Engine.totals(crossing);
      const fee = Engine.fee(t.money, m.takerFee);
      this.settleTaker(m, input.side, t.stock, t.money, fee, true);
      frozen = input.side === 'buy' ? frozen.minus(t.money).minus(fee) : frozen.minus(t.stock);
      order.dealMoney = t.money.toFixed();
      order.dealStock = t.stock.toFixed();
      order.dealFee = fee.toFixed();
      order.left = input.amount.minus(t.stock).toFixed();
      this.recordDeals(order, crossing, 2, m.takerFee);
    }
    const left = new D(order.left);
    if (left.gt(0) && !order.ioc) {
      const needed =
        input.side === 'buy' ? left.times(input.price).times(new D(1).plus(m.takerFee)) : left;
      this.unfreeze(freezeAsset, frozen.minus(needed));
      order.frozen = needed.toFixed();
      order.status = crossing.length > 0 ? 'PARTIALLY_FILLED' : 'NEW';
      this.state.active.push(order);
    } else {
      this.unfreeze(freezeAsset, frozen);
      order.frozen = '0';
      order.status = left.gt(0)
        ? new D(order.dealStock).gt(0)
          ? 'PARTIALLY_FILLED'
          : 'CANCELED'
        : 'FILLED';
      this.archive(order);
    }
    this.changed();
    return ok(order);
  }

  cancel(marketName: string, by: { orderId?: number; clientOrderId?: string }): Result<OrderRec> {
    const mr = this.tradableMarket(marketName);
    if (!mr.ok) return mr;
    this.sync();
    const index = this.state.active.findIndex(
      (o) =>
        o.market === marketName &&
        (by.orderId !== undefined ? o.id === by.orderId : o.clientOrderId === by.clientOrderId),
    );
    const order = index >= 0 ? this.state.active[index] : undefined;
    if (!order) {
      const key = by.orderId !== undefined ? 'orderId' : 'clientOrderId';
      return fail(inner({ [key]: ['Unexecuted order was not found.'] }));
    }
    const m = mr.value;
    this.unfreeze(order.side === 'buy' ? m.money : m.stock, new D(order.frozen));
    order.frozen = '0';
    order.status = 'CANCELED';
    this.state.active.splice(index, 1);
    this.archive(order);
    this.changed();
    return ok(order);
  }

  /** Cancels an OCO or OTO order by id: both legs go; a filled or unknown id is not found (code 2). */
  cancelConditional(marketName: string, id: number): Result<true> {
    const mr = this.tradableMarket(marketName);
    if (!mr.ok) return mr;
    const index = this.state.conditional.findIndex((r) => r.id === id && r.market === marketName);
    if (index < 0) return fail(inner({ id: ['Unexecuted order was not found.'] }));
    this.state.conditional.splice(index, 1);
    this.changed();
    return ok(true);
  }

  /** Fills every resting order the current mid price has crossed (at the order's price, as maker). */
  sync(): void {
    let any = false;
    const remaining: OrderRec[] = [];
    const mids = new Map<string, Dec>();
    for (const order of this.state.active) {
      const m = MARKET_BY_NAME.get(order.market);
      if (!m) {
        remaining.push(order);
        continue;
      }
      let mid = mids.get(m.name);
      if (!mid) {
        mid = this.price(m);
        mids.set(m.name, mid);
      }
      const price = new D(order.price);
      const crossed = order.side === 'buy' ? mid.lte(price) : mid.gte(price);
      if (!crossed || !this.fillResting(m, order)) {
        remaining.push(order);
        continue;
      }
      any = true;
    }
    if (any) {
      this.state.active = remaining;
      this.changed();
    }
  }

  private fillResting(m: MarketDef, order: OrderRec): boolean {
    const qty = new D(order.left);
    const price = new D(order.price);
    const money = qty.times(price);
    if (order.side === 'buy' ? this.makerHas(m.stock).lt(qty) : this.makerHas(m.money).lt(money)) {
      return false;
    }
    const fee = Engine.fee(money, m.makerFee);
    const frozen = new D(order.frozen);
    if (order.side === 'buy') {
      this.spendFrozen(m.money, frozen);
      this.credit(m.money, frozen.minus(money).minus(fee));
      this.credit(m.stock, qty);
      this.makerAdd(m.stock, qty.neg());
      this.makerAdd(m.money, money);
    } else {
      this.spendFrozen(m.stock, frozen);
      this.credit(m.stock, frozen.minus(qty));
      this.credit(m.money, money.minus(fee));
      this.makerAdd(m.stock, qty);
      this.makerAdd(m.money, money.neg());
    }
    this.collectFee(m.money, fee);
    order.dealMoney = new D(order.dealMoney).plus(money).toFixed();
    order.dealStock = new D(order.dealStock).plus(qty).toFixed();
    order.dealFee = new D(order.dealFee).plus(fee).toFixed();
    this.recordDeals(
      order,
      [{ price, qty, makerOrderId: this.counterpartyId(m, 'resting', order.id) }],
      1,
      m.makerFee,
    );
    order.left = '0';
    order.frozen = '0';
    order.status = 'FILLED';
    this.archive(order);
    return true;
  }

  /** Sets a market's mid price (control endpoint / tests); null returns it to the walk. */
  setPrice(market: string, price: string | null): void {
    if (price === null) delete this.state.walk.overrides[market];
    else this.state.walk.overrides[market] = price;
    this.sync();
    this.changed();
  }

  advance(steps: number): void {
    this.state.walk.manualStep += steps;
    this.sync();
    this.changed();
  }
}
