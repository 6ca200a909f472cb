import { describe, expect, it } from 'vitest';
import { Precise } from '../../../src/shared/decimal';
import type { MiningReward, TaxMethod, TaxSettings } from '../../../src/shared/model';
import type {
  StoredConvert,
  StoredDeal,
  StoredFlexPayment,
  StoredSubAccountTransfer,
  StoredTransfer,
} from '../../../src/main/portfolioHistory/records';
import { closesOf } from '../portfolioHistory/fixtures';
import {
  closeValuation,
  taxEvents,
  type UserMarks,
  type Valuation,
} from '../../../src/main/tax/events';
import type { TaxHistory } from '../../../src/main/tax/history';
import { taxReport } from '../../../src/main/tax/report';
import { DEFAULT_TAX_SETTINGS } from '../../../src/main/tax/store';

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
/** Noon of the n-th day of 2024. */
const at = (n: number) => START + n * DAY + DAY / 2;
const NOW = Date.UTC(2025, 5, 1);

const NO_MARKS: UserMarks = { depositCosts: new Map(), spentWithdrawals: new Set() };

const deal = (id: number, n: number, over: Partial<StoredDeal>): StoredDeal => ({
  dealId: id,
  orderId: null,
  market: 'BTC_USDT',
  side: 'buy',
  role: 'taker',
  price: '0',
  amount: '1',
  deal: '100',
  fee: '0',
  feeAsset: 'USDT',
  time: at(n),
  ...over,
});

/** 0.5 BTC converted to 10 ETH on day 3. */
const convert: StoredConvert = {
  id: 'c1',
  from: 'BTC',
  to: 'ETH',
  give: '0.5',
  receive: '10',
  time: at(3),
};

const history = (over: Partial<TaxHistory>): TaxHistory => ({
  deals: [],
  transfers: [],
  flexPayments: [],
  miningRewards: [],
  subAccountTransfers: [],
  converts: [],
  ...over,
});

/** A close per asset per day number: asset -> day -> close in USDT. */
const valuation =
  (closes: Record<string, Record<number, string>>): Valuation =>
  (asset, time) => {
    if (asset === 'USDT') return new Precise(1);
    const close = closes[asset]?.[Math.floor((time - START) / DAY)];
    return close === undefined ? undefined : new Precise(close);
  };

function report(
  h: TaxHistory,
  options: {
    method?: TaxMethod;
    closes?: Record<string, Record<number, string>>;
    marks?: UserMarks;
    balances?: Record<string, string>;
    year?: number;
    settings?: Partial<TaxSettings>;
  } = {},
) {
  const value = valuation(options.closes ?? {});
  const events = taxEvents(h, value, 'USDT', options.marks ?? NO_MARKS);
  return taxReport({
    events,
    settings: {
      ...DEFAULT_TAX_SETTINGS,
      defaultMethod: options.method ?? 'fifo',
      ...options.settings,
    },
    year: options.year ?? 2024,
    quote: 'USDT',
    priceNow: (asset) => value(asset, at(0)),
    value,
    balances: options.balances ?? {},
    historyFrom: at(0),
    now: NOW,
  });
}

const gains = (r: ReturnType<typeof report>) =>
  r.realized.map((row) => [row.amount, row.cost, row.proceeds, row.fee, row.gain]);

describe('tax events and report: hand-computed cases', () => {
  it.each([
    ['fifo', '150', '100'],
    ['lifo', '-50', '300'],
    ['hifo', '-50', '300'],
    ['average', '50', '200'],
  ] as const)(
    'buys at 100 and 300, a sale of one at 250: %s gains %s (cost %s)',
    (method, gain, cost) => {
      const r = report(
        history({
          deals: [
            deal(1, 1, { deal: '100' }),
            deal(2, 2, { deal: '300' }),
            deal(3, 3, { side: 'sell', deal: '250' }),
          ],
        }),
        { method },
      );
      expect(gains(r)).toEqual([['1', cost, '250', '0', gain]]);
      expect(r.method).toBe(method);
      expect(r.totals.gain).toBe(gain);
      // What was paid equals the realised cost plus the open lots' cost, whatever the method.
      expect(new Precise(r.openLots[0]!.cost).plus(r.realized[0]!.cost).toFixed()).toBe('400');
    },
  );

  const feeBuys = [
    // Fee in the asset: 0.99 BTC for 100.
    deal(1, 1, { deal: '100', fee: '0.01', feeAsset: 'BTC' }),
    // Fee in money: 1 BTC for 200 + 0.2.
    deal(2, 2, { deal: '200', fee: '0.2', feeAsset: 'USDT' }),
    // A partial sale of 1.5 BTC for 450, fee 0.45 USDT.
    deal(3, 3, { side: 'sell', amount: '1.5', deal: '450', fee: '0.45', feeAsset: 'USDT' }),
  ];

  it('a buy with the fee in the asset, one with the fee in money, a partial sale: FIFO', () => {
    const r = report(history({ deals: feeBuys }));
    expect(gains(r)).toEqual([
      ['0.99', '100', '297', '0.297', '196.703'],
      ['0.51', '102.102', '153', '0.153', '50.745'],
    ]);
    expect(r.realized.map((row) => row.acquiredAt)).toEqual([at(1), at(2)]);
    expect(r.openLots.map((l) => [l.asset, l.amount, l.cost, l.acquiredAt])).toEqual([
      ['BTC', '0.49', '98.098', at(2)],
    ]);
    expect(r.totals).toMatchObject({
      proceeds: '450',
      cost: '202.102',
      fees: '0.45',
      gain: '247.448',
      shortTermGain: '247.448',
      longTermGain: '0',
    });
  });

  it('the same under LIFO and HIFO: the newest (and dearest) lot first', () => {
    for (const method of ['lifo', 'hifo'] as const) {
      const r = report(history({ deals: feeBuys }), { method });
      expect(gains(r)).toEqual([
        ['1', '200.2', '300', '0.3', '99.5'],
        ['0.5', '50.50505050505050505050505', '150', '0.15', '99.34494949494949494949495'],
      ]);
      expect(r.openLots.map((l) => [l.amount, l.cost])).toEqual([
        ['0.49', '49.49494949494949494949495'],
      ]);
    }
  });

  it('a sale with the fee in the asset: the fee units leave, their value in proceeds and fee', () => {
    const r = report(
      history({
        deals: [
          deal(1, 1, { deal: '100', amount: '2' }),
          deal(2, 2, { side: 'sell', amount: '1', deal: '80', fee: '0.5', feeAsset: 'BTC' }),
        ],
      }),
      { closes: { BTC: { 2: '80' } } },
    );
    // 1.5 BTC leave (cost 75): proceeds 80 + 40 (the fee's value), fee 40.
    expect(gains(r)).toEqual([['1.5', '75', '120', '40', '5']]);
  });

  it('a convert disposes of one asset and acquires the other at the same value', () => {
    const r = report(history({ deals: [deal(1, 1, { deal: '100' })], converts: [convert] }), {
      closes: { BTC: { 3: '400' } },
    });
    expect(
      r.realized.map((row) => [row.asset, row.amount, row.proceeds, row.cost, row.source]),
    ).toEqual([['BTC', '0.5', '200', '50', 'convert']]);
    expect(r.openLots.map((l) => [l.asset, l.amount, l.cost, l.source])).toEqual([
      ['BTC', '0.5', '50', 'buy'],
      ['ETH', '10', '200', 'convert'],
    ]);
  });

  it('a deal between two assets neither of which is the quote: both legs at the closes', () => {
    const r = report(
      history({
        deals: [
          deal(1, 1, { market: 'ETH_USDT', amount: '2', deal: '100' }),
          deal(2, 2, { market: 'BTC_ETH', amount: '0.1', deal: '1', fee: '0.01', feeAsset: 'ETH' }),
        ],
      }),
      { closes: { ETH: { 2: '60' } } },
    );
    // 1.01 ETH paid at 60: cost of the BTC 60.6, ETH disposed of for 60.6 (cost 50.5).
    expect(r.realized.map((row) => [row.asset, row.amount, row.proceeds, row.cost])).toEqual([
      ['ETH', '1.01', '60.6', '50.5'],
    ]);
    expect(r.openLots.map((l) => [l.asset, l.amount, l.cost])).toEqual([
      ['BTC', '0.1', '60.6'],
      ['ETH', '0.99', '49.5'],
    ]);
  });

  it('income at the day close, then its sale; a day without a close is listed without value', () => {
    const interest: StoredFlexPayment = {
      transactionId: 't1',
      ticker: 'DOT',
      amount: '2',
      time: at(1),
    };
    const unpriced: StoredFlexPayment = { ...interest, transactionId: 't2', time: at(4) };
    const reward = {
      account: 'acc',
      day: START + 2 * DAY,
      currency: 'BTC',
      reward: '0.001',
      status: 'successful',
      payoutDestination: 'main_balance',
    } as MiningReward;
    const external = { ...reward, day: START + 5 * DAY, payoutDestination: 'external_address' };
    const r = report(
      history({
        flexPayments: [interest, unpriced],
        miningRewards: [reward, external as MiningReward],
        deals: [deal(1, 3, { market: 'DOT_USDT', side: 'sell', amount: '2', deal: '14' })],
      }),
      { closes: { DOT: { 1: '5' }, BTC: { 3: '50000' } } },
    );
    expect(r.income.map((i) => [i.kind, i.asset, i.amount, i.value])).toEqual([
      ['interest', 'DOT', '2', '10'],
      ['mining', 'BTC', '0.001', '50'],
      ['interest', 'DOT', '2', null],
    ]);
    expect(r.totals.income).toBe('60');
    expect(gains(r)).toEqual([['2', '10', '14', '0', '4']]);
    // The unpriced income's lot: its cost is not known, never a silent 0 without a flag.
    expect(r.openLots.find((l) => l.asset === 'DOT')).toMatchObject({ amount: '2' });
  });

  it('an internal transfer in the middle moves the lot with its date and cost', () => {
    const sub = (direction: StoredSubAccountTransfer['direction'], n: number) => ({
      transactionId: `s${n}`,
      subAccountId: 'sub-1',
      direction,
      ticker: 'BTC',
      amount: '1',
      time: at(n),
    });
    const r = report(
      history({
        deals: [deal(1, 1, { deal: '100' }), deal(2, 400, { side: 'sell', deal: '150' })],
        subAccountTransfers: [sub('main_to_sub', 2), sub('sub_to_main', 3)],
      }),
      { year: 2025 },
    );
    expect(r.realized.map((row) => [row.acquiredAt, row.cost, row.gain, row.term])).toEqual([
      [at(1), '100', '50', 'long'],
    ]);
    expect(r.totals.longTermGain).toBe('50');
    expect(r.years).toEqual([2025, 2024]);
  });

  it('a deposit without cost is flagged until its cost is entered or marked own wallet', () => {
    const deposit: StoredTransfer = {
      key: 'd1',
      kind: 'deposit',
      ticker: 'BTC',
      amount: '1',
      fee: '0',
      status: 3,
      time: at(1),
    };
    const h = history({
      transfers: [deposit],
      deals: [deal(1, 2, { side: 'sell', deal: '1200' })],
    });
    const closes = { BTC: { 1: '1000' } };
    const unknown = report(h, { closes });
    expect(unknown.unknownCostDeposits).toEqual([
      { key: 'd1', asset: 'BTC', at: at(1), amount: '1', value: '1000' },
    ]);
    expect(unknown.realized.map((row) => [row.cost, row.gain, row.costUnknown])).toEqual([
      ['1000', '200', true],
    ]);
    const entered = report(h, {
      closes,
      marks: {
        depositCosts: new Map([['d1', { quote: 'USDT', cost: '500', ownWallet: false }]]),
        spentWithdrawals: new Set(),
      },
    });
    expect(entered.unknownCostDeposits).toEqual([]);
    expect(entered.realized.map((row) => [row.cost, row.gain, row.costUnknown])).toEqual([
      ['500', '700', false],
    ]);
    const own = report(h, {
      closes,
      marks: {
        depositCosts: new Map([['d1', { quote: 'USDT', cost: null, ownWallet: true }]]),
        spentWithdrawals: new Set(),
      },
    });
    expect(own.unknownCostDeposits).toEqual([]);
    expect(own.realized.map((row) => [row.cost, row.costUnknown])).toEqual([['1000', false]]);
  });

  it('a withdrawal moves out of view unless marked spent: then a disposal at the close', () => {
    const withdrawal: StoredTransfer = {
      key: 'w1',
      kind: 'withdraw',
      ticker: 'BTC',
      amount: '0.4',
      fee: '0.1',
      status: 3,
      time: at(2),
    };
    const h = history({ deals: [deal(1, 1, { deal: '100' })], transfers: [withdrawal] });
    const closes = { BTC: { 2: '300' } };
    const moved = report(h, { closes, balances: { BTC: '0.5' } });
    expect(moved.realized).toEqual([]);
    expect(moved.reconciliation).toEqual([]);
    const spent = report(h, {
      closes,
      balances: { BTC: '0.5' },
      marks: { depositCosts: new Map(), spentWithdrawals: new Set(['w1']) },
    });
    expect(gains(spent)).toEqual([['0.5', '50', '150', '30', '70']]);
    expect(spent.realized[0]!.source).toBe('spent');
    expect(spent.reconciliation).toEqual([]);
  });

  it('the year: only its disposals and income; open lots at its end with the close then', () => {
    const r = report(
      history({
        deals: [
          deal(1, 1, { deal: '100', amount: '2' }),
          deal(2, 10, { side: 'sell', deal: '70' }),
          deal(3, 370, { side: 'sell', deal: '90' }),
        ],
      }),
      { year: 2024, closes: { BTC: { 365: '80' } } },
    );
    expect(gains(r)).toEqual([['1', '50', '70', '0', '20']]);
    expect(r.from).toBe(Date.UTC(2024, 0, 1));
    expect(r.to).toBe(Date.UTC(2025, 0, 1));
    expect(r.openLots.map((l) => [l.amount, l.value, l.unrealized, l.daysToLongTerm])).toEqual([
      // Bought 2 January 2024 at noon: long term 36 hours after the year ends.
      ['1', '80', '30', 2],
    ]);
    expect(r.yearEnd.holdings).toEqual([
      { asset: 'BTC', amount: '1', cost: '50', price: '80', value: '80' },
    ]);
  });

  it('average cost equals FIFO when every buy has one price', () => {
    const deals = [
      deal(1, 1, { amount: '1', deal: '100' }),
      deal(2, 2, { amount: '3', deal: '300' }),
      deal(3, 3, { side: 'sell', amount: '2.5', deal: '400' }),
    ];
    const fifo = report(history({ deals }));
    const average = report(history({ deals }), { method: 'average' });
    expect(average.totals).toEqual(fifo.totals);
  });

  it('closeValuation prices an asset through the daily closes as the Overview routes it', () => {
    const closes = closesOf([['BTC_USDT', START, '40000']]);
    const value = closeValuation(closes, 'USDT');
    expect(value('BTC', at(0))?.toFixed()).toBe('40000');
    expect(value('BTC', at(1))).toBeUndefined();
    expect(value('USDT', at(1))?.toFixed()).toBe('1');
  });
});

describe('reconciliation', () => {
  const deals = [deal(1, 1, { deal: '100' }), deal(2, 5, { market: 'ETH_USDT', deal: '10' })];

  it('no difference when the balances are what the lots hold', () => {
    expect(
      report(history({ deals }), { balances: { BTC: '1', ETH: '1', USDT: '7' } }).reconciliation,
    ).toEqual([]);
  });

  it("a balance changed behind the history's back names the asset and the cause", () => {
    const r = report(history({ deals }), { balances: { BTC: '1', ETH: '1.5', SOL: '3' } });
    expect(
      r.reconciliation.map((row) => [row.asset, row.lots, row.balance, row.difference, row.cause]),
    ).toEqual([
      ['ETH', '1', '1.5', '0.5', 'unexplained'],
      ['SOL', '0', '3', '3', 'history-older-than-sync'],
    ]);
    expect(r.reconciliation[0]!.message).toContain('ETH');
  });

  it('a difference that unknown-cost deposits make up is named so', () => {
    const deposit: StoredTransfer = {
      key: 'd1',
      kind: 'deposit',
      ticker: 'ETH',
      amount: '2',
      fee: '0',
      status: 3,
      time: at(6),
    };
    const r = report(history({ deals, transfers: [deposit] }), {
      balances: { BTC: '1', ETH: '1' },
    });
    expect(r.reconciliation.map((row) => [row.asset, row.difference, row.cause])).toEqual([
      ['ETH', '-2', 'deposit-without-cost'],
    ]);
  });
});

describe('a disposal on a day with no close (issue 36, kx36)', () => {
  const flagged = (r: ReturnType<typeof report>) =>
    r.realized.map((row) => [row.asset, row.proceeds, row.cost, row.fee, row.unvalued ?? false]);

  it('a convert between two unpriced assets: its row is flagged, never a silent 0', () => {
    const r = report(history({ deals: [deal(1, 1, { deal: '100' })], converts: [convert] }));
    // No close of BTC nor ETH on day 3: the proceeds are unknown, counted as 0 and flagged.
    expect(flagged(r)).toEqual([['BTC', '0', '50', '0', true]]);
    expect(r.totals.proceeds).toBe('0');
  });

  it('a sale on a market of two unpriced assets, and its fee in a third: each flagged', () => {
    const r = report(
      history({
        deals: [
          deal(1, 1, { deal: '100' }),
          deal(2, 1, { market: 'BNB_USDT', amount: '1', deal: '10' }),
          deal(3, 4, {
            market: 'BTC_ETH',
            side: 'sell',
            amount: '0.5',
            deal: '8',
            fee: '0.01',
            feeAsset: 'BNB',
          }),
        ],
      }),
    );
    expect(flagged(r)).toEqual([
      ['BNB', '0', '0.1', '0', true],
      ['BTC', '0', '50', '0', true],
    ]);
  });

  it('a withdrawal marked spent on a day without a close is flagged', () => {
    const withdrawal: StoredTransfer = {
      key: 'w1',
      kind: 'withdraw',
      ticker: 'BTC',
      amount: '0.5',
      fee: '0',
      status: 3,
      time: at(2),
    };
    const r = report(history({ deals: [deal(1, 1, { deal: '100' })], transfers: [withdrawal] }), {
      marks: { depositCosts: new Map(), spentWithdrawals: new Set(['w1']) },
    });
    expect(flagged(r)).toEqual([['BTC', '0', '50', '0', true]]);
  });

  it('the same disposals on a day with a close carry no flag', () => {
    const r = report(history({ deals: [deal(1, 1, { deal: '100' })], converts: [convert] }), {
      closes: { BTC: { 3: '400' } },
    });
    expect(flagged(r)).toEqual([['BTC', '200', '50', '0', false]]);
    expect(r.realized[0]).not.toHaveProperty('unvalued');
  });
});
