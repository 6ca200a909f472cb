import { ASSETS, precisionOf } from './assets';
import { Decimal } from './decimal';
import { FIAT, MARKETS, MARKET_BY_NAME, feeAsset } from './markets';
import { emptyMiningState } from './mining';
import { Rng } from './rng';
import { limitFreeze, makerOrderId, ocoFreeze } from './engine';
import type {
  DealRec,
  ExchangeState,
  FlexInvestment,
  FlexPayment,
  FlexPlan,
  OcoRec,
  OrderRec,
  SubAccount,
} from './state';

/**
 * The demo account as seeded: 14 assets (some zero; no fiat), 34 active limit orders on the ten
 * tradable crypto markets (placed 7-18 % away from the walk's base price, outside the walk's ±6.2 % band, so they
 * stay put unless a test moves the price), 3 sell OCOs (stop legs 10-13 % below the base price,
 * take-profit legs 12-15 % above), 2 OTOs whose primary buy orders are active orders too (36 in
 * all; the XRP one is 5.9 % below the base, inside the band, so a live walk may fill it), 3 flex
 * plans with one ACTIVE and one CLOSED investment, 3 sub-accounts (one blocked), 60 executed orders in the order
 * history, each with its deal. The market maker holds deep balances (the books' liquidity).
 *
 * Order ids start at 4,200,000,000 + seed * 10,000 (fits a JS safe integer, looks like the real
 * exchange's ids). Conditional ids share the counter.
 */
const TRADE_START: Record<string, string> = {
  USDT: '25000',
  BTC: '0.85',
  ETH: '12.5',
  SOL: '140',
  XRP: '9000',
  DOGE: '50000',
  LTC: '30',
  TRX: '0',
  ADA: '0',
  BNB: '4.2',
  USDC: '0',
  DOT: '0',
};

const MAIN_START: Record<string, string> = {
  USDT: '12000',
  BTC: '0.25',
  ETH: '3',
  SOL: '20',
  USDC: '500',
  XRP: '0',
  DOGE: '0',
  LTC: '0',
  TRX: '0',
  ADA: '0',
  BNB: '0',
  DOT: '0',
};

export function createSeedState(seed: number, nowMs: number): ExchangeState {
  const rng = new Rng(seed);
  const nowSec = Math.floor(nowMs / 1000);
  let nextId = 4_200_000_000 + (seed % 100_000) * 10_000;
  const id = () => nextId++;
  const trade: ExchangeState['trade'] = {};
  for (const a of ASSETS) trade[a] = { available: TRADE_START[a] ?? '0', freeze: '0' };
  const main: ExchangeState['main'] = { ...MAIN_START };

  const maker: ExchangeState['maker'] = {};
  for (const market of MARKETS) {
    maker[market.stock] = new Decimal(maker[market.stock] ?? '0')
      .plus(new Decimal(market.levelQty).times(2000))
      .toFixed();
  }
  maker.USDT = new Decimal(maker.USDT ?? '0').plus('1000000000').toFixed();
  maker.BTC = new Decimal(maker.BTC ?? '0').plus('20000').toFixed();
  for (const fiat of FIAT)
    maker[fiat] = new Decimal(maker[fiat] ?? '0').plus('1000000000').toFixed();

  // Orders freeze as the engine freezes them, on top of the available balances above: a limit order
  // like a limit order, an OCO once for both legs, an OTO's primary like the limit order it is.
  const freezeOnTop = (asset: string, amount: Decimal) => {
    const entry = trade[asset] ?? { available: '0', freeze: '0' };
    entry.freeze = new Decimal(entry.freeze).plus(amount).toFixed();
    trade[asset] = entry;
  };

  // Active limit orders.
  const active: OrderRec[] = [];
  const tradable = MARKETS.filter((market) => market.tradesEnabled && !FIAT.has(market.money));
  for (let i = 0; i < 34; i++) {
    const market = tradable[i % tradable.length];
    if (!market) continue;
    const side = rng.next() < 0.5 ? 'buy' : 'sell';
    const pct = rng.int(7, 18);
    const price = new Decimal(market.base)
      .times(side === 'buy' ? 100 - pct : 100 + pct)
      .div(100)
      .toDecimalPlaces(market.moneyPrec, Decimal.ROUND_DOWN);
    // A total between 1.5x and 6x the market's min total.
    const total = new Decimal(market.minTotal).times(rng.int(15, 60)).div(10);
    let amount = total.div(price).toDecimalPlaces(market.stockPrec, Decimal.ROUND_UP);
    if (amount.lt(market.minAmount)) amount = new Decimal(market.minAmount);
    const frozen = limitFreeze(side, amount, price);
    freezeOnTop(side === 'buy' ? market.money : market.stock, frozen);
    const created = nowSec - rng.int(600, 20 * 86400);
    active.push({
      id: id(),
      clientOrderId: i % 4 === 0 ? `demo-${i}` : '',
      market: market.name,
      side,
      type: 'limit',
      timestamp: created + rng.int(0, 999_999) / 1e6,
      amount: amount.toFixed(),
      left: amount.toFixed(),
      price: price.toFixed(),
      dealMoney: '0',
      dealStock: '0',
      dealFee: '0',
      postOnly: i % 7 === 0,
      ioc: false,
      status: 'NEW',
      stp: 'no',
      rpi: false,
      takerFee: market.takerFee,
      makerFee: market.makerFee,
      frozen: frozen.toFixed(),
    });
  }
  const history: OrderRec[] = [];
  for (let i = 0; i < 60; i++) {
    const market = tradable[rng.int(0, tradable.length - 1)];
    if (!market) continue;
    const side = rng.next() < 0.5 ? 'buy' : 'sell';
    const price = new Decimal(market.base)
      .times(rng.int(940, 1060))
      .div(1000)
      .toDecimalPlaces(market.moneyPrec);
    const amount = new Decimal(market.minAmount).times(rng.int(10, 400));
    const money = amount.times(price);
    const created = nowSec - (60 - i) * 43_200 - rng.int(0, 40_000);
    history.push({
      id: id(),
      clientOrderId: '',
      market: market.name,
      side,
      type: i % 3 === 0 ? 'market' : 'limit',
      timestamp: created + 0.123456,
      ftime: created + rng.int(1, 3600) + 0.654321,
      amount: amount.toFixed(),
      left: '0',
      price: price.toFixed(),
      dealMoney: money.toFixed(),
      dealStock: amount.toFixed(),
      // The fee in what the order received: a buy's stock, a sell's money.
      dealFee: (side === 'buy' ? amount : money).times(market.takerFee).toFixed(),
      postOnly: false,
      ioc: false,
      status: 'FILLED',
      stp: 'no',
      rpi: false,
      takerFee: market.takerFee,
      makerFee: market.makerFee,
      frozen: '0',
    });
  }

  const leg = (
    marketName: string,
    side: 'buy' | 'sell',
    type: string,
    price: string,
    amount: string,
    extra: Partial<OrderRec> = {},
  ): OrderRec => {
    const market = MARKET_BY_NAME.get(marketName);
    const ts = nowSec - rng.int(3600, 5 * 86400) + 0.5;
    return {
      id: id(),
      clientOrderId: '',
      market: marketName,
      side,
      type,
      timestamp: ts,
      mtime: ts,
      amount,
      left: amount,
      price,
      dealMoney: '0',
      dealStock: '0',
      dealFee: '0',
      takerFee: market?.takerFee ?? '0.001',
      makerFee: market?.makerFee ?? '0.001',
      postOnly: false,
      ioc: false,
      status: 'NEW',
      stp: 'no',
      rpi: false,
      positionSide: 'LONG',
      frozen: '0',
      ...extra,
    };
  };
  const conditional: OcoRec[] = [];
  const ocoSpecs: [string, string, string, string, string][] = [
    ['BTC_USDT', '0.01', '58000', '57900', '72000'],
    ['ETH_USDT', '0.5', '2800', '2790', '3500'],
    ['SOL_USDT', '5', '130', '129.5', '170'],
  ];
  for (const [marketName, amount, activation, stopPrice, takePrice] of ocoSpecs) {
    const market = MARKET_BY_NAME.get(marketName);
    if (!market) continue;
    const frozen = ocoFreeze('sell', new Decimal(amount), [
      new Decimal(stopPrice),
      new Decimal(takePrice),
    ]);
    freezeOnTop(market.stock, frozen);
    conditional.push({
      id: id(),
      market: marketName,
      frozen: frozen.toFixed(),
      stopLoss: leg(marketName, 'sell', 'stop limit', stopPrice, amount, {
        activationPrice: activation,
        activated: 0,
      }),
      takeProfit: leg(marketName, 'sell', 'limit', takePrice, amount),
    });
  }
  const otoSpecs: [string, 'buy' | 'sell', string, string, string, string][] = [
    ['BTC_USDT', 'buy', '0.005', '60000', '56000', '70000'],
    ['XRP_USDT', 'buy', '500', '0.55', '0.5', '0.7'],
  ];
  for (const [marketName, side, amount, price, sl, tp] of otoSpecs) {
    const market = MARKET_BY_NAME.get(marketName);
    if (!market) continue;
    const oto = { id: id(), stopLossPrice: sl, takeProfitPrice: tp };
    const frozen = limitFreeze(side, new Decimal(amount), new Decimal(price));
    freezeOnTop(side === 'buy' ? market.money : market.stock, frozen);
    active.push(leg(marketName, side, 'limit', price, amount, { oto, frozen: frozen.toFixed() }));
  }
  active.sort((a, b) => a.timestamp - b.timestamp);

  const flexPlans: FlexPlan[] = [
    {
      id: rng.uuid(),
      ticker: 'USDT',
      minInvestment: '10',
      maxInvestment: '100000',
      maxRate: '0.12',
      active: true,
    },
    {
      id: rng.uuid(),
      ticker: 'BTC',
      minInvestment: '0.0005',
      maxInvestment: '5',
      maxRate: '0.025',
      active: true,
    },
    {
      id: rng.uuid(),
      ticker: 'ETH',
      minInvestment: '0.01',
      maxInvestment: '100',
      maxRate: '0.04',
      active: true,
    },
  ];
  const [usdtPlan, btcPlan] = flexPlans;
  // Auto-reinvest off: each day's interest went to the main account (its seeded balance).
  const flexInvestments: FlexInvestment[] = [
    {
      id: rng.uuid(),
      planId: usdtPlan?.id ?? '',
      currency: 'USDT',
      invested: '1500',
      withAutoReinvest: false,
      status: 'ACTIVE',
      createdAt: nowSec - 40 * 86400,
      updatedAt: nowSec - 2 * 86400,
    },
    {
      id: rng.uuid(),
      planId: btcPlan?.id ?? '',
      currency: 'BTC',
      invested: '0',
      withAutoReinvest: false,
      status: 'CLOSED',
      createdAt: nowSec - 120 * 86400,
      updatedAt: nowSec - 60 * 86400,
    },
  ];

  const subAccounts: SubAccount[] = ['trading-bot', 'savings', 'family'].map((alias, i) => ({
    id: rng.uuid(),
    alias,
    userId: rng.uuid(),
    email: `${alias}@demo.exchange.invalid`,
    status: i === 2 ? 'blocked' : 'active',
  }));

  // Drawn last, so the seed's other ids stay as they were before payments existed.
  const [earning, closed] = flexInvestments;
  const flexPayments = [
    ...dailyPayments(rng, flexPlans, earning, earning?.invested ?? '0', nowSec),
    ...dailyPayments(rng, flexPlans, closed, CLOSED_PRINCIPAL, closed?.updatedAt ?? nowSec),
  ];

  // One deal for each executed order (it filled at its price, at one book level), numbered after
  // every other seeded id so that those stay as they were before deals existed.
  const deals: DealRec[] = history.map((o) => ({
    id: id(),
    orderId: o.id,
    clientOrderId: o.clientOrderId,
    market: o.market,
    side: o.side,
    role: o.type === 'limit' ? 1 : 2,
    price: o.price,
    amount: o.dealStock,
    deal: o.dealMoney,
    fee: o.dealFee,
    dealOrderId: makerOrderId(seed, o.market, 'seed', o.id),
    time: o.ftime ?? o.timestamp,
  }));

  // What the seeded history needs held: an asset the deals and payments added more of than it
  // holds now is raised in the main account by the difference (the deposit that brought it there).
  const held = heldTotals({ trade, main, flexInvestments });
  for (const [ticker, need] of largestGain(ownChanges(deals, flexPayments))) {
    const short = need.minus(held.get(ticker) ?? 0);
    if (short.lte(0)) continue;
    const raise = short.toDecimalPlaces(precisionOf(ticker), Decimal.ROUND_UP);
    main[ticker] = new Decimal(main[ticker] ?? '0').plus(raise).toFixed();
  }

  return {
    version: 3,
    seed,
    nextId,
    trade,
    main,
    maker,
    fees: {},
    active,
    history,
    deals,
    conditional,
    killSwitches: [],
    flexPlans,
    flexInvestments,
    flexPayments,
    subAccounts,
    transfers: [],
    mining: emptyMiningState(),
    depositAddresses: {},
    // Not drawn from the seed, so every seeded id stays as it was before sub-account balances.
    subBalances: subAccounts[0]
      ? { [subAccounts[0].id]: { USDT: { main: '250', spot: '40' } } }
      : {},
    subTransfers: [],
    quotes: [],
    converts: [],
    nextQuoteId: 4000,
    nonces: {},
    walk: { manualStep: 0, overrides: {} },
  };
}

const DAY = 86_400;

/** What the seeded CLOSED investment held while it was active (it went back to the main account). */
const CLOSED_PRINCIPAL = '0.1';

/**
 * The interest an investment was paid: one payment a day after it was created, up to `until`
 * (seconds), each `principal` x its plan's yearly rate / 365, cut to the asset's places.
 */
function dailyPayments(
  rng: Rng,
  plans: readonly FlexPlan[],
  investment: FlexInvestment | undefined,
  principal: string,
  until: number,
): FlexPayment[] {
  const plan = plans.find((p) => p.id === investment?.planId);
  if (!investment || !plan) return [];
  const places = precisionOf(investment.currency);
  const amount = new Decimal(principal)
    .times(plan.maxRate)
    .div(365)
    .toDecimalPlaces(places, Decimal.ROUND_DOWN)
    .toFixed();
  const payments: FlexPayment[] = [];
  for (let at = investment.createdAt + DAY; at <= until; at += DAY) {
    payments.push({
      transactionId: rng.uuid(),
      investmentId: investment.id,
      planId: investment.planId,
      currency: investment.currency,
      amount,
      createdAt: at,
    });
  }
  return payments;
}

/** One change of an asset's balance (the account's total): what a record added (or took, < 0). */
interface Change {
  time: number;
  ticker: string;
  change: Decimal;
}

/**
 * The changes the seeded deals and interest payments made, as the app reads them
 * (portfolioHistory/movements.ts): a buy adds the stock and takes the money, a sell the reverse,
 * and the fee leaves its own asset (a buy's stock, a sell's money); a payment adds its amount.
 */
function ownChanges(deals: readonly DealRec[], payments: readonly FlexPayment[]): Change[] {
  const changes: Change[] = [];
  for (const deal of deals) {
    const [stock = deal.market, money = ''] = deal.market.split('_');
    const sign = deal.side === 'buy' ? 1 : -1;
    // One change per asset and deal: a buy's fee comes out of the stock it brought at once.
    const net = new Map([
      [stock, new Decimal(deal.amount).times(sign)],
      [money, new Decimal(deal.deal).times(-sign)],
    ]);
    const fee = feeAsset(deal);
    net.set(fee, (net.get(fee) ?? new Decimal(0)).minus(deal.fee));
    for (const [ticker, change] of net) changes.push({ time: deal.time, ticker, change });
  }
  for (const payment of payments) {
    changes.push({
      time: payment.createdAt,
      ticker: payment.currency,
      change: new Decimal(payment.amount),
    });
  }
  return changes;
}

/**
 * Per asset, the most the changes add up to from some moment to the newest (walking back from the
 * newest, the highest running sum; assets that never gain are absent): the least an account must
 * hold after them for a walk back through them never to fall below zero.
 */
function largestGain(changes: readonly Change[]): Map<string, Decimal> {
  const newestFirst = [...changes].sort((a, b) => b.time - a.time);
  const running = new Map<string, Decimal>();
  const largest = new Map<string, Decimal>();
  for (const step of newestFirst) {
    const sum = (running.get(step.ticker) ?? new Decimal(0)).plus(step.change);
    running.set(step.ticker, sum);
    if (sum.gt(largest.get(step.ticker) ?? 0)) largest.set(step.ticker, sum);
  }
  return largest;
}

/** Per asset, what the account holds in every account: main, trade (available, frozen), flex. */
function heldTotals(
  state: Pick<ExchangeState, 'trade' | 'main' | 'flexInvestments'>,
): Map<string, Decimal> {
  const held = new Map<string, Decimal>();
  const add = (ticker: string, amount: string) =>
    held.set(ticker, (held.get(ticker) ?? new Decimal(0)).plus(amount));
  for (const [ticker, amount] of Object.entries(state.main)) add(ticker, amount);
  for (const [ticker, balance] of Object.entries(state.trade)) {
    add(ticker, balance.available);
    add(ticker, balance.freeze);
  }
  for (const investment of state.flexInvestments) add(investment.currency, investment.invested);
  return held;
}

/**
 * Per asset, how much the seeded deposit/withdraw history (transfers.ts) may add to the asset over
 * any stretch ending today: what the seeded account holds less the most its own deals and payments
 * added (never below zero, createSeedState sees to that). The history's times follow the day the
 * exchange starts while the deals' follow the day it was seeded, so the two interleave differently
 * from one start to the next; keeping each within its share holds whatever the interleaving.
 */
export function transferHeadroom(seed: number): Map<string, Decimal> {
  const state = createSeedState(seed, 0);
  const held = heldTotals(state);
  const gained = largestGain(ownChanges(state.deals, state.flexPayments));
  const headroom = new Map<string, Decimal>();
  for (const [ticker, amount] of held) headroom.set(ticker, amount.minus(gained.get(ticker) ?? 0));
  return headroom;
}
