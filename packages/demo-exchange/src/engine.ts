import { Decimal, ZERO } from './decimal';
import {
  ApiError,
  NOT_ENOUGH_BALANCE,
  fail,
  ok,
  validation,
  inner,
  type FieldErrors,
  type Result,
} from './errors';
import {
  MARKET_BY_NAME,
  bookAround,
  feeAsset,
  walkPrice,
  type Book,
  type BookLevel,
  type MarketDef,
} from './markets';
import { hash32 } from './rng';
import {
  DEALS_LIMIT,
  HISTORY_LIMIT,
  TRANSFERS_LIMIT,
  type DealRec,
  type ExchangeState,
  type KillSwitchRec,
  type OcoRec,
  type OrderRec,
  type OtoLink,
  type Side,
  type TransferRecord,
} from './state';

/**
 * The trading engine: ledger, matching against the market maker's book, resting limit orders that
 * fill when the mid price crosses them, stop orders and OCO/OTO orders that trigger when it reaches
 * them, kill-switch timers. No HTTP here: routes validate the request shape and call it; the
 * property test drives it directly. Everything that happens because the price moved or the clock
 * ran happens in `sync()`, which every order operation and every listing calls first.
 *
 * Money rules (all decimal):
 * - fees are charged in what the order receives (`feeAsset`), as the deployed server charges them:
 *   a buy pays fee = dealStock * rate in the stock, a seller fee = dealMoney * rate in the money,
 *   exactly (unrounded: a 10 USDT buy of BTC at 0.1 % pays 0.000000155... BTC). A buyer pays
 *   dealMoney and receives dealStock - fee; a seller gives dealStock and receives dealMoney - fee;
 *   the fee goes to the exchange's fee account.
 * - a market buy with a money amount M spends at most M: the book is walked with a budget of M, so
 *   dealMoney <= M (the rest is `left`, as on the deployed server).
 * - a limit buy freezes amount * price; a fill spends exactly its money.
 * - fills are capped at the market maker's balance, so no account ever goes negative.
 * - every fill is a deal (state.deals): a taker order has one per book level it took, a resting
 *   order one when the price crosses it; each deal's fee is the rate on its own money, so an
 *   order's deals add up to its dealStock, dealMoney and dealFee exactly.
 * - a stop-limit order freezes as the limit order it becomes, a stop-market order its amount (money
 *   for a buy, stock for a sell) from the moment it is placed; an OCO freezes once for both legs
 *   (the larger leg's need), since only one of them can execute.
 *
 * Conditional orders:
 * - a stop order rests in `active` (activated 0) until the mid price reaches its activation price
 *   (a buy at or above it, a sell at or below it); it then becomes the order it names: a stop limit
 *   takes what crosses the book as taker and rests with the rest, a stop market executes as a market
 *   order (a buy spends its money amount).
 * - an OCO (seeded, or the exits of an OTO) has a take-profit limit leg, which fills when the mid
 *   price crosses it, and a stop-limit leg, which activates as above; the first leg that executes
 *   cancels the other and ends the OCO (an executed stop leg with a rest goes on as an active order).
 * - an OTO is its primary order in `active`; when that fills, an OCO of the opposite side, amount
 *   the stock it bought or sold, take-profit at `takeProfitPrice`, stop (activation and limit price)
 *   at `stopLossPrice`, closes the position. If the account cannot freeze it, there is none.
 * - a kill-switch timer cancels its market's orders (active and OCO) once its time has passed.
 */

/**
 * What a limit order freezes: money for a buy (its fee is taken from the stock it receives), stock
 * for a sell.
 */
export function limitFreeze(side: Side, amount: Decimal, price: Decimal): Decimal {
  return side === 'buy' ? amount.times(price) : amount;
}

/** What an OCO freezes for both legs: a sell its amount, a buy the larger leg's limit freeze. */
export function ocoFreeze(side: Side, amount: Decimal, prices: Decimal[]): Decimal {
  return prices.reduce((most, price) => Decimal.max(most, limitFreeze(side, amount, price)), ZERO);
}

const frozenAsset = (market: MarketDef, side: Side): string =>
  side === 'buy' ? market.money : market.stock;

/** A stop condition: a buy triggers at or above the activation price, a sell at or below. */
const reached = (side: Side, mid: Decimal, activation: string): boolean =>
  side === 'buy' ? mid.gte(activation) : mid.lte(activation);

/** A resting limit fills when the mid price crosses it: a buy at or below, a sell at or above. */
const crossed = (order: OrderRec, mid: Decimal): boolean =>
  order.side === 'buy' ? mid.lte(order.price) : mid.gte(order.price);

/** The unit of an order's amount: money for a market or stop-market buy by money, else stock. */
type Unit = 'stock' | 'money';

/**
 * What the engine tells its change listeners (the WebSocket server), once an operation succeeded
 * (a refused operation tells nothing): an order entered the active orders (`placed`; `updated` when
 * an activated stop limit rests again), an order finished (filled or canceled: it went to the
 * history), a deal was recorded, and which trade balances moved. Orders and deals are the state's
 * own records, as they are at the end of the operation.
 */
export type EngineChange =
  | { kind: 'order'; event: 'placed' | 'updated' | 'finished'; order: OrderRec }
  | { kind: 'deal'; deal: DealRec }
  | { kind: 'balances'; assets: string[] };

/** The user's two balances of main-account/transfer: main, and trade (the API's `spot`). */
export type BalanceKind = 'main' | 'spot';
export type BalanceMove = { moved: true } | { moved: false; available: Decimal };

export type ChangeListener = (changes: readonly EngineChange[]) => void;

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
  amount: Decimal;
  /** Unit of `amount`: stock (stock_market both sides, market sell) or money (market buy). */
  unit: Unit;
  type: 'market' | 'stock market';
  clientOrderId?: string;
  stp?: string;
}

export interface LimitOrderInput {
  market: string;
  side: Side;
  amount: Decimal;
  price: Decimal;
  clientOrderId?: string;
  postOnly?: boolean;
  ioc?: boolean;
  stp?: string;
}

export interface StopMarketInput {
  market: string;
  side: Side;
  /** Money for a buy, stock for a sell. */
  amount: Decimal;
  activationPrice: Decimal;
  clientOrderId?: string;
  stp?: string;
}

export interface StopLimitInput extends StopMarketInput {
  /** The limit price once activated; `amount` is stock. */
  price: Decimal;
}

/** What order/modify changes (at least one of the first four). */
export interface ModifyInput {
  /** Stock; not for a buy stop-market order. */
  amount?: Decimal;
  /** Money: a buy stop-market order's amount. */
  total?: Decimal;
  price?: Decimal;
  activationPrice?: Decimal;
  stp?: string;
}

/** An order by id or by client order id (exactly one). */
export interface OrderRef {
  orderId?: number;
  clientOrderId?: string;
}

/** Every order that rests: what place() takes. */
interface OrderSpec {
  type: 'limit' | 'stop limit' | 'stop market';
  market: string;
  side: Side;
  amount: Decimal;
  /** Limit and stop limit. */
  price?: Decimal;
  /** Stop orders. */
  activationPrice?: Decimal;
  /** A modified stop limit that had been activated stays so. */
  activated?: 0 | 1;
  clientOrderId?: string;
  postOnly?: boolean;
  ioc?: boolean;
  stp?: string;
  /** A modified OTO primary stays the OTO's. */
  oto?: OtoLink;
}

/** The order type of cancel-all and the kill-switch that the demo's (spot) orders are. */
const SPOT_ORDERS = 'spot';

/** The field a not-found order is reported under. */
const refKey = (by: OrderRef): string => (by.orderId !== undefined ? 'orderId' : 'clientOrderId');

interface Fill {
  price: Decimal;
  qty: Decimal;
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
  /** The walk step at start-up (the tape's trades start a while before it: see tape.ts). */
  readonly startStep: number;
  private readonly listeners = new Set<ChangeListener>();
  /** What the running operation changed, told to the listeners when it succeeds. */
  private pending: EngineChange[] = [];
  private touched = new Set<string>();

  constructor(
    public state: ExchangeState,
    private readonly opts: EngineOptions,
  ) {
    this.origin = Math.floor(opts.now() / 1000);
    this.startStep = this.currentStep();
  }

  /** Listens to the engine's changes; returns the unsubscribe function. */
  onChanges(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: EngineChange): void {
    if (this.listeners.size > 0) this.pending.push(change);
  }

  /** Forgets what a refused operation changed (its state was not kept, or nothing changed). */
  private discardChanges(): void {
    this.pending = [];
    this.touched.clear();
  }

  private flushChanges(): void {
    if (this.touched.size > 0) this.emit({ kind: 'balances', assets: [...this.touched] });
    const changes = this.pending;
    this.discardChanges();
    if (changes.length === 0) return;
    for (const listener of this.listeners) listener(changes);
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

  price(market: MarketDef): Decimal {
    const override = this.state.walk.overrides[market.name];
    if (override !== undefined) return new Decimal(override);
    return walkPrice(this.opts.seed, market, this.currentStep());
  }

  /** The market maker's book at this walk step: what taker orders match against. */
  book(market: MarketDef): Book {
    return bookAround(this.opts.seed, market, this.currentStep(), this.price(market));
  }

  /**
   * The public order book (REST order book and depth, the stream's depth): the market maker's
   * levels with the account's resting limit orders added at their prices, as the deployed
   * exchange shows every resting order (stop orders once they have triggered). The demo places no
   * RPI orders, which the exchange keeps out of public book feeds.
   */
  publicBook(market: MarketDef): Book {
    const book = this.book(market);
    const resting = this.state.active.filter(
      (o) =>
        o.market === market.name &&
        (o.activationPrice === undefined || o.activated === 1) &&
        (o.type === 'limit' || o.type === 'stop limit') &&
        new Decimal(o.left).gt(0),
    );
    if (resting.length === 0) return book;
    const merge = (levels: BookLevel[], side: Side, ascending: boolean): BookLevel[] => {
      const byPrice = new Map(levels.map((l) => [l.price.toFixed(), l]));
      for (const order of resting) {
        if (order.side !== side) continue;
        const key = new Decimal(order.price).toFixed();
        const level = byPrice.get(key);
        byPrice.set(key, {
          price: new Decimal(order.price),
          qty: (level?.qty ?? new Decimal(0)).plus(order.left),
        });
      }
      return [...byPrice.values()].sort((a, b) =>
        ascending ? a.price.comparedTo(b.price) : b.price.comparedTo(a.price),
      );
    };
    return { asks: merge(book.asks, 'sell', true), bids: merge(book.bids, 'buy', false) };
  }

  // ---- ledger -------------------------------------------------------------------------------------

  private tradeOf(asset: string) {
    if (this.listeners.size > 0) this.touched.add(asset);
    let entry = this.state.trade[asset];
    if (!entry) {
      entry = { available: '0', freeze: '0' };
      this.state.trade[asset] = entry;
    }
    return entry;
  }

  available(asset: string): Decimal {
    return new Decimal(this.state.trade[asset]?.available ?? '0');
  }

  private credit(asset: string, amount: Decimal): void {
    const balance = this.tradeOf(asset);
    balance.available = new Decimal(balance.available).plus(amount).toFixed();
  }

  private debit(asset: string, amount: Decimal): void {
    const balance = this.tradeOf(asset);
    const next = new Decimal(balance.available).minus(amount);
    if (next.lt(0)) throw new Error(`ledger: ${asset} available would go negative`);
    balance.available = next.toFixed();
  }

  private freeze(asset: string, amount: Decimal): void {
    this.debit(asset, amount);
    const balance = this.tradeOf(asset);
    balance.freeze = new Decimal(balance.freeze).plus(amount).toFixed();
  }

  /** Takes `spent` out of the frozen funds for good (it left the account). */
  private spendFrozen(asset: string, spent: Decimal): void {
    const balance = this.tradeOf(asset);
    const next = new Decimal(balance.freeze).minus(spent);
    if (next.lt(0)) throw new Error(`ledger: ${asset} freeze would go negative`);
    balance.freeze = next.toFixed();
  }

  private unfreeze(asset: string, amount: Decimal): void {
    this.spendFrozen(asset, amount);
    this.credit(asset, amount);
  }

  private makerAdd(asset: string, amount: Decimal): void {
    const next = new Decimal(this.state.maker[asset] ?? '0').plus(amount);
    if (next.lt(0)) throw new Error(`ledger: maker ${asset} would go negative`);
    this.state.maker[asset] = next.toFixed();
  }

  private makerHas(asset: string): Decimal {
    return new Decimal(this.state.maker[asset] ?? '0');
  }

  private collectFee(asset: string, fee: Decimal): void {
    this.state.fees[asset] = new Decimal(this.state.fees[asset] ?? '0').plus(fee).toFixed();
  }

  private changed(): void {
    this.flushChanges();
    this.opts.onChange?.();
  }

  private nextId(): number {
    const id = this.state.nextId;
    this.state.nextId += 1;
    return id;
  }

  // ---- validation shared by all order kinds --------------------------------------------------------

  tradableMarket(name: string): Result<MarketDef> {
    const market = MARKET_BY_NAME.get(name);
    if (!market || !market.tradesEnabled) {
      return fail(validation(31, { market: ['Market is not available'] }));
    }
    return ok(market);
  }

  /**
   * An operation on one market (or on all when `name` is undefined): the market must be tradable
   * (31); the engine is brought up to date first; a success is a change.
   */
  private onMarket<T>(name: string | undefined, op: (market: MarketDef | undefined) => Result<T>) {
    let market: MarketDef | undefined;
    if (name !== undefined) {
      const found = this.tradableMarket(name);
      if (!found.ok) return found;
      market = found.value;
    }
    this.sync();
    const result = op(market);
    if (result.ok) this.changed();
    else this.discardChanges();
    return result;
  }

  /** onMarket for a named market. */
  private inMarket<T>(name: string, op: (market: MarketDef) => Result<T>): Result<T> {
    return this.onMarket(name, (market) => op(market as MarketDef));
  }

  /**
   * An amount in stock (at least minAmount, in the stock's precision) or in money (at least
   * minTotal, in the money's precision): code 32 otherwise.
   */
  private checkAmount(market: MarketDef, amount: Decimal, unit: Unit): ApiError | null {
    const [min, places, label] =
      unit === 'stock'
        ? [market.minAmount, market.stockPrec, 'min amount']
        : [market.minTotal, market.moneyPrec, 'min total'];
    const step = new Decimal(1).div(new Decimal(10).pow(places)).toFixed();
    if (amount.lt(min)) {
      return validation(32, {
        amount: [`Given amount is less than ${label} ${min}, min amount step is ${step}.`],
      });
    }
    if (amount.decimalPlaces() > places) {
      return validation(32, {
        amount: [`Given amount does not match the amount step ${step} (${label} ${min}).`],
      });
    }
    return null;
  }

  private checkClientOrderId(
    market: MarketDef,
    clientOrderId: string | undefined,
  ): ApiError | null {
    if (!clientOrderId) return null;
    const used = this.state.active.some(
      (o) => o.market === market.name && o.clientOrderId === clientOrderId,
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
   * Walks the book for a taker. `want` limits the stock quantity or the money spent;
   * `limitPrice` stops at levels worse than the limit. Fills are capped by the maker's balance.
   */
  private take(
    market: MarketDef,
    side: Side,
    want: { stock: Decimal } | { money: Decimal },
    limitPrice: Decimal | null,
  ): Fill[] {
    const book = this.book(market);
    const levels: BookLevel[] = side === 'buy' ? book.asks : book.bids;
    const fills: Fill[] = [];
    let remStock = 'stock' in want ? want.stock : null;
    let remMoney = 'money' in want ? want.money : null;
    let makerStock = this.makerHas(market.stock);
    let makerMoney = this.makerHas(market.money);
    for (const [index, level] of levels.entries()) {
      if (limitPrice) {
        if (side === 'buy' && level.price.gt(limitPrice)) break;
        if (side === 'sell' && level.price.lt(limitPrice)) break;
      }
      let qty = level.qty;
      if (remStock) qty = Decimal.min(qty, remStock);
      if (remMoney)
        qty = Decimal.min(
          qty,
          remMoney.div(level.price).toDecimalPlaces(market.stockPrec, Decimal.ROUND_DOWN),
        );
      if (side === 'buy') qty = Decimal.min(qty, makerStock);
      else
        qty = Decimal.min(
          qty,
          makerMoney.div(level.price).toDecimalPlaces(market.stockPrec, Decimal.ROUND_DOWN),
        );
      if (qty.lte(0)) break;
      fills.push({
        price: level.price,
        qty,
        makerOrderId: this.counterpartyId(market, side, index),
      });
      const money = qty.times(level.price);
      if (side === 'buy') makerStock = makerStock.minus(qty);
      else makerMoney = makerMoney.minus(money);
      if (remStock) remStock = remStock.minus(qty);
      if (remMoney) remMoney = remMoney.minus(money);
      if ((remStock && remStock.lte(0)) || (remMoney && remMoney.lte(0))) break;
    }
    return fills;
  }

  private static totals(fills: Fill[]): { stock: Decimal; money: Decimal } {
    let stock = ZERO;
    let money = ZERO;
    for (const fill of fills) {
      stock = stock.plus(fill.qty);
      money = money.plus(fill.qty.times(fill.price));
    }
    return { stock, money };
  }

  /** The market maker's order behind a fill: one per book level (or resting order) and step. */
  private counterpartyId(market: MarketDef, side: Side | 'resting', key: number): number {
    return makerOrderId(this.opts.seed, market.name, this.currentStep(), side, key);
  }

  /** Records a deal for each fill of `order`, each with its own (unrounded) fee at `rate`. */
  private recordDeals(order: OrderRec, fills: Fill[], role: 1 | 2, rate: string): void {
    const time = micro(this.now());
    for (const fill of fills) {
      const deal = fill.qty.times(fill.price);
      const rec: DealRec = {
        id: this.nextId(),
        orderId: order.id,
        clientOrderId: order.clientOrderId,
        market: order.market,
        side: order.side,
        role,
        price: fill.price.toFixed(),
        amount: fill.qty.toFixed(),
        deal: deal.toFixed(),
        fee: Engine.fee(order.side, fill.qty, deal, rate).toFixed(),
        dealOrderId: fill.makerOrderId,
        time,
      };
      this.state.deals.push(rec);
      this.emit({ kind: 'deal', deal: rec });
    }
    if (this.state.deals.length > DEALS_LIMIT) {
      this.state.deals.splice(0, this.state.deals.length - DEALS_LIMIT);
    }
  }

  /** A fill's fee: `rate` on what the order receives, a buy's stock, a sell's money (unrounded). */
  private static fee(side: Side, stock: Decimal, money: Decimal, rate: string): Decimal {
    return (side === 'buy' ? stock : money).times(rate);
  }

  /** Moves funds for a taker trade; the taker pays from `available` unless `fromFrozen`. */
  private settleTaker(
    market: MarketDef,
    side: Side,
    stock: Decimal,
    money: Decimal,
    fee: Decimal,
    fromFrozen: boolean,
  ) {
    if (side === 'buy') {
      if (fromFrozen) this.spendFrozen(market.money, money);
      else this.debit(market.money, money);
      this.credit(market.stock, stock.minus(fee));
      this.makerAdd(market.stock, stock.neg());
      this.makerAdd(market.money, money);
    } else {
      if (fromFrozen) this.spendFrozen(market.stock, stock);
      else this.debit(market.stock, stock);
      this.credit(market.money, money.minus(fee));
      this.makerAdd(market.stock, stock);
      this.makerAdd(market.money, money.neg());
    }
    this.collectFee(feeAsset({ market: market.name, side }), fee);
  }

  /** Executes `fills` for `order` as taker, adding them to its deal; from its freeze if `fromFrozen`. */
  private takerFill(market: MarketDef, order: OrderRec, fills: Fill[], fromFrozen: boolean): void {
    if (fills.length === 0) return;
    const totals = Engine.totals(fills);
    const fee = Engine.fee(order.side, totals.stock, totals.money, market.takerFee);
    this.settleTaker(market, order.side, totals.stock, totals.money, fee, fromFrozen);
    order.dealMoney = new Decimal(order.dealMoney).plus(totals.money).toFixed();
    order.dealStock = new Decimal(order.dealStock).plus(totals.stock).toFixed();
    order.dealFee = new Decimal(order.dealFee).plus(fee).toFixed();
    this.recordDeals(order, fills, 2, market.takerFee);
    if (fromFrozen) {
      const spent = order.side === 'buy' ? totals.money : totals.stock;
      order.frozen = new Decimal(order.frozen).minus(spent).toFixed();
    }
  }

  private newOrder(
    market: MarketDef,
    partial: Partial<OrderRec> & Pick<OrderRec, 'side' | 'type' | 'amount' | 'price'>,
  ): OrderRec {
    return {
      id: this.nextId(),
      clientOrderId: '',
      market: market.name,
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
      takerFee: market.takerFee,
      makerFee: market.makerFee,
      frozen: '0',
      ...partial,
    };
  }

  private archive(order: OrderRec): void {
    order.ftime = micro(this.now());
    this.emit({ kind: 'order', event: 'finished', order });
    this.state.history.push(order);
    if (this.state.history.length > HISTORY_LIMIT) {
      this.state.history.splice(0, this.state.history.length - HISTORY_LIMIT);
    }
  }

  /** A finished order goes to the history; a filled OTO primary places the OTO's exits. */
  private finish(market: MarketDef, order: OrderRec): void {
    this.archive(order);
    if (order.oto && order.status === 'FILLED') this.placeOtoExits(market, order, order.oto);
  }

  private removeActive(order: OrderRec): void {
    const index = this.state.active.indexOf(order);
    if (index >= 0) this.state.active.splice(index, 1);
  }

  // ---- market orders ------------------------------------------------------------------------------

  /** The book's answer to a market order: a money amount buys with all of it as its budget. */
  private marketFills(market: MarketDef, side: Side, amount: Decimal, unit: Unit): Fill[] {
    if (side === 'buy' && unit === 'money')
      return this.take(market, 'buy', { money: amount }, null);
    return this.take(market, side, { stock: amount }, null);
  }

  /**
   * Executes a market order's fills and finishes it: FILLED, or CANCELED when nothing executed. A
   * triggered stop-market order pays from its freeze and releases the rest.
   */
  private completeMarket(
    market: MarketDef,
    order: OrderRec,
    unit: Unit,
    fills: Fill[],
    fromFrozen: boolean,
  ): void {
    this.takerFill(market, order, fills, fromFrozen);
    const amount = new Decimal(order.amount);
    const left = amount.minus(unit === 'money' ? order.dealMoney : order.dealStock);
    order.left = left.toFixed();
    if (fromFrozen) {
      this.unfreeze(frozenAsset(market, order.side), new Decimal(order.frozen));
      order.frozen = '0';
    }
    order.status = new Decimal(order.dealStock).gt(0) ? 'FILLED' : 'CANCELED';
    this.finish(market, order);
  }

  placeMarket(input: MarketOrderInput): Result<OrderRec> {
    return this.inMarket(input.market, (market) => this.marketOrder(market, input));
  }

  private marketOrder(market: MarketDef, input: MarketOrderInput): Result<OrderRec> {
    const amountError = this.checkAmount(market, input.amount, input.unit);
    if (amountError) return fail(amountError);
    const cidError = this.checkClientOrderId(market, input.clientOrderId);
    if (cidError) return fail(cidError);
    const byStockBuy = input.side === 'buy' && input.unit === 'stock';
    if (!byStockBuy && input.amount.gt(this.available(frozenAsset(market, input.side)))) {
      return fail(validation(32, { amount: [NOT_ENOUGH_BALANCE] }));
    }
    const fills = this.marketFills(market, input.side, input.amount, input.unit);
    if (byStockBuy) {
      if (Engine.totals(fills).money.gt(this.available(market.money)))
        return fail(validation(32, { amount: [NOT_ENOUGH_BALANCE] }));
    }
    const order = this.newOrder(market, {
      side: input.side,
      type: input.type,
      amount: input.amount.toFixed(),
      price: '0',
      clientOrderId: input.clientOrderId ?? '',
      stp: input.stp ?? 'no',
    });
    this.completeMarket(market, order, input.unit, fills, false);
    return ok(order);
  }

  // ---- orders that rest: limit, stop limit, stop market ----------------------------------------------

  placeLimit(input: LimitOrderInput): Result<OrderRec> {
    return this.place({ type: 'limit', ...input });
  }

  placeStopLimit(input: StopLimitInput): Result<OrderRec> {
    return this.place({ type: 'stop limit', ...input });
  }

  placeStopMarket(input: StopMarketInput): Result<OrderRec> {
    return this.place({ type: 'stop market', ...input });
  }

  private checkPrice(
    market: MarketDef,
    field: string,
    label: string,
    price: Decimal,
  ): ApiError | null {
    if (price.gt(0) && price.decimalPlaces() <= market.moneyPrec) return null;
    return validation(33, {
      [field]: [`${label} must be greater than 0 with at most ${market.moneyPrec} decimal places.`],
    });
  }

  /** Validation of an order that rests, in the codes' order: 32 amount, 33 prices, 32 total, 36. */
  private checkOrder(market: MarketDef, spec: OrderSpec): ApiError | null {
    const byMoney = spec.type === 'stop market' && spec.side === 'buy';
    const amountError = this.checkAmount(market, spec.amount, byMoney ? 'money' : 'stock');
    if (amountError) return amountError;
    const priceError =
      (spec.price && this.checkPrice(market, 'price', 'Price', spec.price)) ||
      (spec.activationPrice &&
        this.checkPrice(market, 'activation_price', 'Activation price', spec.activationPrice));
    if (priceError) return priceError;
    if (spec.price) {
      const total = spec.amount.times(spec.price);
      if (total.lt(market.minTotal)) {
        return validation(32, {
          total: [`Total(amount * price) is less than ${market.minTotal}.`],
        });
      }
      if (total.gt(market.maxTotal)) {
        return validation(32, {
          total: [`Total(amount * price) is greater than ${market.maxTotal}.`],
        });
      }
    }
    return this.checkClientOrderId(market, spec.clientOrderId);
  }

  /**
   * Places an order that may rest: validates, freezes, then a limit order (or a modified activated
   * stop limit) takes what crosses the book and rests with the rest; a stop order waits in `active`
   * for its activation price, or triggers at once when the price is already there.
   */
  private place(spec: OrderSpec): Result<OrderRec> {
    return this.inMarket(spec.market, (market) => this.restingOrder(market, spec));
  }

  private restingOrder(market: MarketDef, spec: OrderSpec): Result<OrderRec> {
    const error = this.checkOrder(market, spec);
    if (error) return fail(error);
    const asset = frozenAsset(market, spec.side);
    const toFreeze =
      spec.type === 'stop market'
        ? spec.amount
        : limitFreeze(spec.side, spec.amount, spec.price ?? ZERO);
    if (toFreeze.gt(this.available(asset))) {
      return fail(validation(32, { amount: [NOT_ENOUGH_BALANCE] }));
    }
    const waits = spec.activationPrice !== undefined && spec.activated !== 1;
    const crossing =
      waits || !spec.price ? [] : this.take(market, spec.side, { stock: spec.amount }, spec.price);
    if (spec.postOnly && crossing.length > 0) {
      return fail(inner({ postOnly: ['Post-only order would be executed immediately.'] }));
    }
    this.freeze(asset, toFreeze);
    const order = this.newOrder(market, {
      side: spec.side,
      type: spec.type,
      amount: spec.amount.toFixed(),
      price: spec.price?.toFixed() ?? '0',
      clientOrderId: spec.clientOrderId ?? '',
      postOnly: spec.postOnly ?? false,
      ioc: spec.ioc ?? false,
      stp: spec.stp ?? 'no',
      frozen: toFreeze.toFixed(),
      ...(spec.activationPrice !== undefined
        ? { activationPrice: spec.activationPrice.toFixed(), activated: spec.activated ?? 0 }
        : {}),
      ...(spec.oto ? { oto: spec.oto } : {}),
    });
    if (waits) {
      this.state.active.push(order);
      this.emit({ kind: 'order', event: 'placed', order });
      this.step(market, order, this.price(market));
    } else {
      this.takerFill(market, order, crossing, true);
      this.settleLimit(market, order);
    }
    return ok(order);
  }

  /**
   * After a limit order took what crossed the book: the rest rests in `active` keeping frozen only
   * what it needs (unless IOC), or the order finishes and releases its freeze.
   */
  private settleLimit(
    market: MarketDef,
    order: OrderRec,
    event: 'placed' | 'updated' = 'placed',
  ): void {
    const asset = frozenAsset(market, order.side);
    const left = new Decimal(order.amount).minus(order.dealStock);
    const dealt = new Decimal(order.dealStock).gt(0);
    order.left = left.toFixed();
    if (left.gt(0) && !order.ioc) {
      const needed = limitFreeze(order.side, left, new Decimal(order.price));
      this.unfreeze(asset, new Decimal(order.frozen).minus(needed));
      order.frozen = needed.toFixed();
      order.status = dealt ? 'PARTIALLY_FILLED' : 'NEW';
      this.state.active.push(order);
      this.emit({ kind: 'order', event, order });
      return;
    }
    this.unfreeze(asset, new Decimal(order.frozen));
    order.frozen = '0';
    order.status = left.gt(0) ? (dealt ? 'PARTIALLY_FILLED' : 'CANCELED') : 'FILLED';
    this.finish(market, order);
  }

  /** A stop order reached its activation price: it becomes the order it names (not in `active`). */
  private activate(market: MarketDef, order: OrderRec): void {
    order.activated = 1;
    order.mtime = micro(this.now());
    if (order.type === 'stop market') {
      const unit: Unit = order.side === 'buy' ? 'money' : 'stock';
      const fills = this.marketFills(market, order.side, new Decimal(order.amount), unit);
      this.completeMarket(market, order, unit, fills, true);
      return;
    }
    this.takeUpToPrice(market, order);
    this.settleLimit(market, order, 'updated');
  }

  /** An activated stop limit (order or OCO leg) takes the book up to its price, from its freeze. */
  private takeUpToPrice(market: MarketDef, order: OrderRec): void {
    const stock = new Decimal(order.left);
    const fills = this.take(market, order.side, { stock }, new Decimal(order.price));
    this.takerFill(market, order, fills, true);
  }

  // ---- finding and canceling ------------------------------------------------------------------------

  private notFound(key: string): ApiError {
    return inner({ [key]: ['Unexecuted order was not found.'] });
  }

  private findActive(market: string, by: OrderRef): OrderRec | undefined {
    return this.state.active.find(
      (o) =>
        o.market === market &&
        (by.orderId !== undefined ? o.id === by.orderId : o.clientOrderId === by.clientOrderId),
    );
  }

  private cancelActive(market: MarketDef, order: OrderRec): void {
    this.removeActive(order);
    this.unfreeze(frozenAsset(market, order.side), new Decimal(order.frozen));
    order.frozen = '0';
    order.status = 'CANCELED';
    this.archive(order);
  }

  private cancelOcoRec(market: MarketDef, rec: OcoRec): void {
    this.state.conditional.splice(this.state.conditional.indexOf(rec), 1);
    this.unfreeze(frozenAsset(market, rec.stopLoss.side), new Decimal(rec.frozen));
    rec.frozen = '0';
    for (const leg of [rec.stopLoss, rec.takeProfit]) {
      leg.status = 'CANCELED';
      this.archive(leg);
    }
  }

  /** Cancels every order of a market (all markets when undefined): active ones and OCOs. */
  private cancelMarketOrders(marketName: string | undefined): void {
    for (const order of [...this.state.active]) {
      const market = MARKET_BY_NAME.get(order.market);
      if (market && (marketName === undefined || order.market === marketName))
        this.cancelActive(market, order);
    }
    for (const rec of [...this.state.conditional]) {
      const market = MARKET_BY_NAME.get(rec.market);
      if (market && (marketName === undefined || rec.market === marketName))
        this.cancelOcoRec(market, rec);
    }
  }

  cancel(marketName: string, by: OrderRef): Result<OrderRec> {
    return this.inMarket(marketName, (market) => {
      const order = this.findActive(marketName, by);
      if (!order) return fail(this.notFound(refKey(by)));
      this.cancelActive(market, order);
      return ok(order);
    });
  }

  /**
   * order/modify: the order is canceled and a replacement with a new id placed, with the changes,
   * the unfilled rest as its amount unless one is given, the same client order id (and OTO). When
   * the replacement is refused nothing changed; not enough balance is code 10 here.
   */
  modify(marketName: string, by: OrderRef, change: ModifyInput): Result<OrderRec> {
    return this.inMarket(marketName, (market) => this.replace(market, by, change));
  }

  private replace(market: MarketDef, by: OrderRef, change: ModifyInput): Result<OrderRec> {
    const order = this.findActive(market.name, by);
    if (!order) return fail(this.notFound(refKey(by)));
    const type = order.type as OrderSpec['type'];
    const byMoney = type === 'stop market' && order.side === 'buy';
    const errors: FieldErrors = {};
    if (change.total && !byMoney) errors.total = ['Total is for a buy stop-market order only.'];
    if (change.amount && byMoney) errors.amount = ['A buy stop-market order takes total.'];
    if (change.price && type === 'stop market') {
      errors.price = ['A stop-market order has no price.'];
    }
    if (change.activationPrice && (order.activationPrice === undefined || order.activated)) {
      errors.activation_price = ['Only a stop order not yet activated has an activation price.'];
    }
    if (Object.keys(errors).length > 0) return fail(validation(30, errors));
    const saved = structuredClone(this.state);
    this.cancelActive(market, order);
    const placed = this.restingOrder(market, {
      type,
      market: order.market,
      side: order.side,
      amount: change.amount ?? change.total ?? new Decimal(order.left),
      price: type === 'stop market' ? undefined : (change.price ?? new Decimal(order.price)),
      activationPrice:
        change.activationPrice ??
        (order.activationPrice === undefined ? undefined : new Decimal(order.activationPrice)),
      activated: order.activated,
      clientOrderId: order.clientOrderId || undefined,
      postOnly: order.postOnly,
      ioc: order.ioc,
      stp: change.stp ?? order.stp,
      oto: order.oto,
    });
    if (placed.ok) return placed;
    this.state = saved;
    const refused = placed.error.body as { errors?: FieldErrors };
    return refused.errors?.amount?.[0] === NOT_ENOUGH_BALANCE
      ? fail(validation(10, { amount: [NOT_ENOUGH_BALANCE] }))
      : placed;
  }

  /** order/cancel/all: a market's orders, or every market's; `types` without `spot` cancels none. */
  cancelAll(marketName: string | undefined, types: string[] | null): Result<true> {
    return this.onMarket(marketName, () => {
      if (!types || types.includes(SPOT_ORDERS)) this.cancelMarketOrders(marketName);
      return ok(true);
    });
  }

  /** Cancels an OCO or OTO order by id: both legs go; a filled or unknown id is not found (code 2). */
  cancelConditional(marketName: string, id: number): Result<true> {
    return this.inMarket(marketName, (market) => {
      const rec = this.state.conditional.find((r) => r.id === id && r.market === market.name);
      const primary = this.otoPrimary(market, id);
      if (rec) this.cancelOcoRec(market, rec);
      else if (primary) this.cancelActive(market, primary);
      else return fail(this.notFound('id'));
      return ok(true);
    });
  }

  /** order/oco-cancel: by the OCO's id, or by a leg's client order id. */
  cancelOco(marketName: string, by: OrderRef): Result<OcoRec> {
    return this.inMarket(marketName, (market) => {
      const rec = this.state.conditional.find(
        (r) =>
          r.market === market.name &&
          (by.orderId !== undefined
            ? r.id === by.orderId
            : [r.stopLoss, r.takeProfit].some(
                (l) => l.clientOrderId !== '' && l.clientOrderId === by.clientOrderId,
              )),
      );
      if (!rec) return fail(this.notFound(refKey(by)));
      this.cancelOcoRec(market, rec);
      return ok(rec);
    });
  }

  /** order/oto-cancel: the OTO's primary order is canceled, and with it the OTO. */
  cancelOto(marketName: string, otoId: number): Result<true> {
    return this.inMarket(marketName, (market) => {
      const primary = this.otoPrimary(market, otoId);
      if (!primary) return fail(this.notFound('otoId'));
      this.cancelActive(market, primary);
      return ok(true);
    });
  }

  private otoPrimary(market: MarketDef, otoId: number): OrderRec | undefined {
    return this.state.active.find((o) => o.oto?.id === otoId && o.market === market.name);
  }

  // ---- OCO and OTO ------------------------------------------------------------------------------------

  /**
   * The exits of a filled OTO primary: an OCO of the opposite side for the stock it dealt (a buy's
   * less its fee, taken in that stock, to the stock's step). Not placed when the account cannot
   * freeze it (a sell primary's buy-back may cost more than it brought).
   */
  private placeOtoExits(market: MarketDef, primary: OrderRec, oto: OtoLink): void {
    const side: Side = primary.side === 'buy' ? 'sell' : 'buy';
    const amount =
      primary.side === 'buy'
        ? new Decimal(primary.dealStock)
            .minus(primary.dealFee)
            .toDecimalPlaces(market.stockPrec, Decimal.ROUND_DOWN)
        : new Decimal(primary.dealStock);
    const stop = new Decimal(oto.stopLossPrice);
    const take = new Decimal(oto.takeProfitPrice);
    const frozen = ocoFreeze(side, amount, [stop, take]);
    if (frozen.gt(this.available(frozenAsset(market, side)))) return;
    this.freeze(frozenAsset(market, side), frozen);
    const id = this.nextId();
    const leg = (type: string, price: Decimal, extra: Partial<OrderRec> = {}) =>
      this.newOrder(market, {
        side,
        type,
        amount: amount.toFixed(),
        price: price.toFixed(),
        mtime: micro(this.now()),
        ...extra,
      });
    this.state.conditional.push({
      id,
      market: market.name,
      frozen: frozen.toFixed(),
      stopLoss: leg('stop limit', stop, { activationPrice: stop.toFixed(), activated: 0 }),
      takeProfit: leg('limit', take),
    });
  }

  /** One leg of an OCO executed: the other is canceled, the OCO is gone. */
  private resolveOco(rec: OcoRec, other: OrderRec): void {
    this.state.conditional.splice(this.state.conditional.indexOf(rec), 1);
    other.status = 'CANCELED';
    this.archive(other);
  }

  /** An OCO at the current price: its stop leg may activate, a resting leg may fill. */
  private stepOco(market: MarketDef, rec: OcoRec, mid: Decimal): boolean {
    const { stopLoss: stop, takeProfit: take } = rec;
    if (!stop.activated && stop.activationPrice !== undefined) {
      if (reached(stop.side, mid, stop.activationPrice)) {
        stop.activated = 1;
        stop.mtime = micro(this.now());
        stop.frozen = rec.frozen;
        this.takeUpToPrice(market, stop);
        if (new Decimal(stop.dealStock).gt(0)) {
          this.resolveOco(rec, take);
          this.settleLimit(market, stop);
        } else {
          stop.frozen = '0';
        }
        return true;
      }
    } else if (crossed(stop, mid) && this.fillLeg(market, rec, stop)) {
      this.resolveOco(rec, take);
      this.finish(market, stop);
      return true;
    }
    if (crossed(take, mid) && this.fillLeg(market, rec, take)) {
      this.resolveOco(rec, stop);
      this.finish(market, take);
      return true;
    }
    return false;
  }

  /** A resting OCO leg fills as maker with the OCO's freeze. */
  private fillLeg(market: MarketDef, rec: OcoRec, leg: OrderRec): boolean {
    leg.frozen = rec.frozen;
    if (this.fillResting(market, leg)) return true;
    leg.frozen = '0';
    return false;
  }

  // ---- kill-switch --------------------------------------------------------------------------------

  /**
   * order/kill-switch: sets (or with `timeout` null deletes) the market's timer; its orders are
   * canceled once `timeout` seconds have passed without a new call.
   */
  setKillSwitch(
    marketName: string,
    timeout: number | null,
    types: string[] | null,
  ): Result<KillSwitchRec | null> {
    return this.inMarket(marketName, () => {
      this.state.killSwitches = this.state.killSwitches.filter((t) => t.market !== marketName);
      if (timeout === null) return ok(null);
      const startTime = Math.floor(this.now() / 1000);
      const timer = { market: marketName, startTime, cancellationTime: startTime + timeout, types };
      this.state.killSwitches.push(timer);
      return ok(timer);
    });
  }

  /** The running timers (of one market when given). */
  killSwitches(marketName: string | undefined): Result<KillSwitchRec[]> {
    if (marketName !== undefined) {
      const found = this.tradableMarket(marketName);
      if (!found.ok) return found;
    }
    this.sync();
    return ok(this.state.killSwitches.filter((t) => !marketName || t.market === marketName));
  }

  private expireKillSwitches(): boolean {
    const nowSec = this.now() / 1000;
    const due = this.state.killSwitches.filter((t) => t.cancellationTime <= nowSec);
    if (due.length === 0) return false;
    this.state.killSwitches = this.state.killSwitches.filter((t) => !due.includes(t));
    for (const timer of due) {
      if (!timer.types || timer.types.includes(SPOT_ORDERS)) this.cancelMarketOrders(timer.market);
    }
    return true;
  }

  // ---- the market moves ---------------------------------------------------------------------------

  /** An active order at the current price: a stop may activate, a resting limit may fill. */
  private step(market: MarketDef, order: OrderRec, mid: Decimal): boolean {
    if (order.activationPrice !== undefined && !order.activated) {
      if (!reached(order.side, mid, order.activationPrice)) return false;
      this.removeActive(order);
      this.activate(market, order);
      return true;
    }
    if (!crossed(order, mid) || !this.fillResting(market, order)) return false;
    this.removeActive(order);
    this.finish(market, order);
    return true;
  }

  /**
   * Brings everything up to the current clock and prices: expired kill-switch timers cancel their
   * markets' orders, then each active order and each OCO takes its step (each order at most one:
   * what an activation rests is looked at again on the next sync).
   */
  sync(): void {
    let any = this.expireKillSwitches();
    const mids = new Map<string, Decimal>();
    const midOf = (market: MarketDef): Decimal => {
      let mid = mids.get(market.name);
      if (!mid) {
        mid = this.price(market);
        mids.set(market.name, mid);
      }
      return mid;
    };
    for (const order of [...this.state.active]) {
      const market = MARKET_BY_NAME.get(order.market);
      if (market && this.state.active.includes(order) && this.step(market, order, midOf(market)))
        any = true;
    }
    for (const rec of [...this.state.conditional]) {
      const market = MARKET_BY_NAME.get(rec.market);
      if (
        market &&
        this.state.conditional.includes(rec) &&
        this.stepOco(market, rec, midOf(market))
      )
        any = true;
    }
    if (any) this.changed();
  }

  /** Fills a resting order whole at its price, as maker, if the market maker can take the other side. */
  private fillResting(market: MarketDef, order: OrderRec): boolean {
    const qty = new Decimal(order.left);
    const price = new Decimal(order.price);
    const money = qty.times(price);
    if (
      order.side === 'buy'
        ? this.makerHas(market.stock).lt(qty)
        : this.makerHas(market.money).lt(money)
    ) {
      return false;
    }
    const fee = Engine.fee(order.side, qty, money, market.makerFee);
    const frozen = new Decimal(order.frozen);
    if (order.side === 'buy') {
      this.spendFrozen(market.money, frozen);
      this.credit(market.money, frozen.minus(money));
      this.credit(market.stock, qty.minus(fee));
      this.makerAdd(market.stock, qty.neg());
      this.makerAdd(market.money, money);
    } else {
      this.spendFrozen(market.stock, frozen);
      this.credit(market.stock, frozen.minus(qty));
      this.credit(market.money, money.minus(fee));
      this.makerAdd(market.stock, qty);
      this.makerAdd(market.money, money.neg());
    }
    this.collectFee(feeAsset(order), fee);
    order.dealMoney = new Decimal(order.dealMoney).plus(money).toFixed();
    order.dealStock = new Decimal(order.dealStock).plus(qty).toFixed();
    order.dealFee = new Decimal(order.dealFee).plus(fee).toFixed();
    this.recordDeals(
      order,
      [{ price, qty, makerOrderId: this.counterpartyId(market, 'resting', order.id) }],
      1,
      market.makerFee,
    );
    order.left = '0';
    order.frozen = '0';
    order.status = 'FILLED';
    return true;
  }

  /** Sets a market's mid price (control endpoint / tests); null returns it to the walk. */
  setPrice(market: string, price: string | null): void {
    if (price === null) delete this.state.walk.overrides[market];
    else this.state.walk.overrides[market] = price;
    this.sync();
    this.changed();
  }

  /**
   * A deposit or withdrawal made through the control endpoint: the successful `record` moves the
   * main balance (a deposit adds its amount, a withdrawal takes amount + fee) and heads the
   * history, which keeps TRANSFERS_LIMIT. False, and nothing changed, when a withdrawal is more than
   * the main balance holds.
   */
  transfer(record: TransferRecord): boolean {
    const amount = new Decimal(record.amount);
    const change = record.method === 1 ? amount : amount.plus(record.fee).neg();
    const after = new Decimal(this.state.main[record.ticker] ?? '0').plus(change);
    if (after.lt(0)) return false;
    this.state.main[record.ticker] = after.toFixed();
    this.state.transfers.unshift(record);
    this.state.transfers.splice(TRANSFERS_LIMIT);
    this.changed();
    return true;
  }

  /**
   * Moves `amount` of `asset` between the user's main balance and the available part of the trade
   * (spot) balance (main-account/transfer). Refused, with nothing changed, when the source holds
   * less: the answer is then what it holds.
   */
  moveBalance(asset: string, amount: Decimal, from: BalanceKind, to: BalanceKind): BalanceMove {
    const held =
      from === 'main' ? new Decimal(this.state.main[asset] ?? '0') : this.available(asset);
    if (amount.gt(held)) return { moved: false, available: held };
    if (from === to) return { moved: true };
    if (from === 'main') {
      this.state.main[asset] = held.minus(amount).toFixed();
      this.credit(asset, amount);
    } else {
      this.debit(asset, amount);
      this.state.main[asset] = new Decimal(this.state.main[asset] ?? '0').plus(amount).toFixed();
    }
    this.changed();
    return { moved: true };
  }

  advance(steps: number): void {
    this.state.walk.manualStep += steps;
    this.sync();
    this.changed();
  }
}
