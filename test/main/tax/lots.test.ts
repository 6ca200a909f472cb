import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeLots,
  isLongTerm,
  taxYearOf,
  taxYearRange,
  type LotMethod,
  type TaxEvent,
  type TaxSettings,
} from '../../../src/main/tax/lots';
import { toUnits, unitsText as text } from '../../../src/main/portfolioHistory/exact';
import { Precise } from '../../../src/shared/decimal';

const day = (text: string) => Date.parse(`${text}T00:00:00Z`);
const settings = (method: LotMethod | ((year: number) => LotMethod)): TaxSettings => ({
  methodOf: typeof method === 'function' ? method : () => method,
  yearStartMonth: 1,
  longTermMonths: 12,
});
const buy = (id: string, at: string, amount: string, cost: string, asset = 'BTC'): TaxEvent => ({
  kind: 'acquire',
  id,
  at: day(at),
  asset,
  amount: toUnits(amount),
  cost: toUnits(cost),
  source: 'buy',
});
const sell = (
  id: string,
  at: string,
  amount: string,
  proceeds: string,
  fee = '0',
  asset = 'BTC',
): TaxEvent => ({
  kind: 'dispose',
  id,
  at: day(at),
  asset,
  amount: toUnits(amount),
  proceeds: toUnits(proceeds),
  fee: toUnits(fee),
  source: 'sell',
});

/** The rows as plain text: amount, cost, proceeds, fee, gain, acquired. */
const rows = (events: TaxEvent[], method: LotMethod) =>
  computeLots(events, settings(method)).realized.map((r) => ({
    amount: text(r.amount),
    cost: text(r.cost),
    proceeds: text(r.proceeds),
    fee: text(r.fee),
    gain: text(r.gain),
    acquired: r.acquiredAt === null ? null : new Date(r.acquiredAt).toISOString().slice(0, 10),
  }));
const openLots = (events: TaxEvent[], method: LotMethod) =>
  [...(computeLots(events, settings(method)).open.get('BTC') ?? [])].map((lot) => [
    new Date(lot.acquiredAt).toISOString().slice(0, 10),
    text(lot.amount),
    text(lot.cost),
  ]);

// Three buys at 100, 300 and 200 a unit (the first's fee in money counted in its cost), then a
// partial sale of 1.5 for 600 less a fee of 6 in money.
const THREE_BUYS: TaxEvent[] = [
  buy('b1', '2024-01-01', '1', '100'),
  buy('b2', '2024-02-01', '1', '300'),
  { kind: 'move', id: 'm1', at: day('2024-02-15'), asset: 'BTC', amount: toUnits('0.7') },
  buy('b3', '2024-03-01', '1', '200'),
  sell('s1', '2024-06-01', '1.5', '600', '6'),
];

describe('lots: hand-computed cases per method', () => {
  it('FIFO takes the oldest lots; the rest of a lot keeps its share of the cost', () => {
    expect(rows(THREE_BUYS, 'fifo')).toEqual([
      { amount: '1', cost: '100', proceeds: '400', fee: '4', gain: '296', acquired: '2024-01-01' },
      { amount: '0.5', cost: '150', proceeds: '200', fee: '2', gain: '48', acquired: '2024-02-01' },
    ]);
    expect(openLots(THREE_BUYS, 'fifo')).toEqual([
      ['2024-02-01', '0.5', '150'],
      ['2024-03-01', '1', '200'],
    ]);
  });

  it('LIFO takes the newest lots', () => {
    expect(rows(THREE_BUYS, 'lifo')).toEqual([
      { amount: '1', cost: '200', proceeds: '400', fee: '4', gain: '196', acquired: '2024-03-01' },
      { amount: '0.5', cost: '150', proceeds: '200', fee: '2', gain: '48', acquired: '2024-02-01' },
    ]);
    expect(openLots(THREE_BUYS, 'lifo')).toEqual([
      ['2024-01-01', '1', '100'],
      ['2024-02-01', '0.5', '150'],
    ]);
  });

  it('HIFO takes the highest cost per unit first', () => {
    expect(rows(THREE_BUYS, 'hifo')).toEqual([
      { amount: '1', cost: '300', proceeds: '400', fee: '4', gain: '96', acquired: '2024-02-01' },
      { amount: '0.5', cost: '100', proceeds: '200', fee: '2', gain: '98', acquired: '2024-03-01' },
    ]);
    expect(openLots(THREE_BUYS, 'hifo')).toEqual([
      ['2024-01-01', '1', '100'],
      ['2024-03-01', '0.5', '100'],
    ]);
  });

  it('average cost charges the pool’s cost per unit (600 / 3 = 200), dates oldest first', () => {
    expect(rows(THREE_BUYS, 'average')).toEqual([
      { amount: '1', cost: '200', proceeds: '400', fee: '4', gain: '196', acquired: '2024-01-01' },
      { amount: '0.5', cost: '100', proceeds: '200', fee: '2', gain: '98', acquired: '2024-02-01' },
    ]);
    expect(openLots(THREE_BUYS, 'average')).toEqual([
      ['2024-02-01', '0.5', '100'],
      ['2024-03-01', '1', '200'],
    ]);
  });

  it('an internal move is recorded and changes no lot', () => {
    const withoutMove = THREE_BUYS.filter((e) => e.kind !== 'move');
    for (const method of ['fifo', 'lifo', 'hifo', 'average'] as const) {
      expect(rows(THREE_BUYS, method)).toEqual(rows(withoutMove, method));
    }
    expect(computeLots(THREE_BUYS, settings('fifo')).moves.map((m) => m.id)).toEqual(['m1']);
  });

  it('a fee taken in the asset bought leaves fewer units for the same cost', () => {
    // 1 BTC bought for 100 USDT; the exchange keeps 0.001 BTC: 0.999 BTC cost 100.
    const events = [
      buy('b', '2024-01-01', '0.999', '100'),
      sell('s', '2024-02-01', '0.999', '120'),
    ];
    expect(rows(events, 'fifo')).toEqual([
      {
        amount: '0.999',
        cost: '100',
        proceeds: '120',
        fee: '0',
        gain: '20',
        acquired: '2024-01-01',
      },
    ]);
  });

  it('a convert disposes of one asset at the quoted rate and acquires the other at that value', () => {
    const events: TaxEvent[] = [
      buy('b', '2024-01-01', '1', '100'),
      { ...sell('c-out', '2024-03-01', '0.5', '80'), source: 'convert' } as TaxEvent,
      { ...buy('c-in', '2024-03-01', '4', '80', 'ETH'), source: 'convert' } as TaxEvent,
      sell('s', '2024-04-01', '2', '50', '0', 'ETH'),
    ];
    const result = computeLots(events, settings('fifo'));
    expect(result.realized.map((r) => [r.asset, r.source, text(r.gain)])).toEqual([
      ['BTC', 'convert', '30'],
      ['ETH', 'sell', '10'],
    ]);
  });

  it('income is listed at its value on the day and is the cost of its later sale', () => {
    const events: TaxEvent[] = [
      {
        kind: 'acquire',
        id: 'r1',
        at: day('2024-05-01'),
        asset: 'BTC',
        amount: toUnits('0.1'),
        cost: toUnits('5'),
        source: 'income',
      },
      sell('s', '2024-05-20', '0.1', '7'),
    ];
    const result = computeLots(events, settings('fifo'));
    expect(result.income.map((i) => [i.id, text(i.amount), text(i.value)])).toEqual([
      ['r1', '0.1', '5'],
    ]);
    expect(text(result.realized[0]!.gain)).toBe('2');
  });

  it('a deposit without a cost is flagged on the gain it makes, and a sale beyond the lots is a row without lots', () => {
    const events: TaxEvent[] = [
      {
        kind: 'acquire',
        id: 'd',
        at: day('2024-01-01'),
        asset: 'BTC',
        amount: toUnits('1'),
        cost: toUnits('90'),
        source: 'deposit',
        costUnknown: true,
      },
      sell('s', '2024-02-01', '1.5', '150'),
    ];
    const result = computeLots(events, settings('fifo'));
    expect(
      result.realized.map((r) => [text(r.amount), text(r.cost), r.acquiredAt, r.costUnknown]),
    ).toEqual([
      ['1', '90', day('2024-01-01'), true],
      ['0.5', '0', null, true],
    ]);
  });

  it('uses the method of the disposal’s tax year and tells short from long term', () => {
    const events = [...THREE_BUYS.slice(0, 4), sell('s', '2025-02-01', '1', '500')];
    const result = computeLots(
      events,
      settings((year) => (year === 2025 ? 'hifo' : 'fifo')),
    );
    expect(result.realized.map((r) => [r.method, text(r.cost), r.term])).toEqual([
      ['hifo', '300', 'long'],
    ]);
    // Held 11 months: short term.
    const early = computeLots(
      [THREE_BUYS[0]!, sell('s', '2024-12-01', '1', '150')],
      settings('fifo'),
    );
    expect(early.realized[0]!.term).toBe('short');
  });
});

describe('tax years and holding periods', () => {
  it('a year starting in April holds March in the year before', () => {
    expect(taxYearOf(day('2025-03-31'), 4)).toBe(2024);
    expect(taxYearOf(day('2025-04-01'), 4)).toBe(2025);
    expect(taxYearRange(2024, 4)).toEqual({ from: day('2024-04-01'), to: day('2025-04-01') });
  });

  it('long term from the same day of the month, the month’s last day when it has none', () => {
    expect(isLongTerm(day('2024-01-31'), day('2025-01-30'), 12)).toBe(false);
    expect(isLongTerm(day('2024-01-31'), day('2025-01-31'), 12)).toBe(true);
    expect(isLongTerm(day('2023-08-31'), day('2024-02-29'), 6)).toBe(true);
    expect(isLongTerm(day('2023-08-31'), day('2024-02-28'), 6)).toBe(false);
    expect(isLongTerm(day('2021-01-01'), day('2023-12-31'), 36)).toBe(false);
  });
});

describe('lots: properties', () => {
  const amount = fc.integer({ min: 1, max: 5_000 }).map((n) => (n / 1000).toString());
  const money = fc.integer({ min: 0, max: 10_000_000 }).map((n) => (n / 100).toString());
  const event = fc.oneof(
    fc.record({ kind: fc.constant('acquire' as const), amount, cost: money, income: fc.boolean() }),
    fc.record({ kind: fc.constant('dispose' as const), amount, proceeds: money, fee: money }),
    fc.record({ kind: fc.constant('move' as const), amount }),
  );
  const history = fc.array(fc.tuple(fc.constantFrom('BTC', 'ETH'), event), { maxLength: 40 });
  const toEvents = (items: [string, ...unknown[]][]): TaxEvent[] =>
    (items as [string, Record<string, unknown>][]).map(([asset, e], i) => {
      const at = day('2023-01-01') + i * 9 * 86_400_000;
      if (e['kind'] === 'acquire') {
        return {
          kind: 'acquire',
          id: `a${i}`,
          at,
          asset,
          amount: toUnits(e['amount'] as string),
          cost: toUnits(e['cost'] as string),
          source: e['income'] ? 'income' : 'buy',
        };
      }
      if (e['kind'] === 'dispose') {
        return {
          kind: 'dispose',
          id: `d${i}`,
          at,
          asset,
          amount: toUnits(e['amount'] as string),
          proceeds: toUnits(e['proceeds'] as string),
          fee: toUnits(e['fee'] as string),
          source: 'sell',
        };
      }
      return { kind: 'move', id: `m${i}`, at, asset, amount: toUnits(e['amount'] as string) };
    });

  it('under every method, realised cost plus the open lots’ cost is what was paid plus income', () => {
    fc.assert(
      fc.property(
        history,
        fc.constantFrom<LotMethod>('fifo', 'lifo', 'hifo', 'average'),
        (items, method) => {
          const events = toEvents(items);
          const result = computeLots(events, settings(method));
          const paid = events.reduce(
            (sum, e) => (e.kind === 'acquire' ? sum.plus(text(e.cost)) : sum),
            new Precise(0),
          );
          const realisedCost = result.realized.reduce(
            (sum, r) => sum.plus(text(r.cost)),
            new Precise(0),
          );
          const openCost = [...result.open.values()]
            .flat()
            .reduce((sum, lot) => sum.plus(text(lot.cost)), new Precise(0));
          expect(realisedCost.plus(openCost).toFixed()).toBe(paid.toFixed());
          // Proceeds and fees are shared out exactly too.
          const proceeds = events.reduce(
            (sum, e) =>
              e.kind === 'dispose' ? sum.plus(text(e.proceeds)).minus(text(e.fee)) : sum,
            new Precise(0),
          );
          const net = result.realized.reduce(
            (sum, r) => sum.plus(text(r.proceeds)).minus(text(r.fee)),
            new Precise(0),
          );
          expect(net.toFixed()).toBe(proceeds.toFixed());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('average cost equals FIFO when every acquisition has one price per unit', () => {
    const unitPrice = '250.5';
    fc.assert(
      fc.property(history, (items) => {
        const events = toEvents(items).map((e) =>
          e.kind === 'acquire'
            ? { ...e, cost: toUnits(new Precise(text(e.amount)).times(unitPrice).toFixed()) }
            : e,
        );
        const gains = (method: LotMethod) =>
          computeLots(events, settings(method)).realized.map((r) => [
            text(r.amount),
            r.acquiredAt,
            new Precise(text(r.gain)).toDecimalPlaces(20).toFixed(),
          ]);
        expect(gains('average')).toEqual(gains('fifo'));
      }),
      { numRuns: 300 },
    );
  });
  /**
   * The engine keeps each asset's lots in structures that cost what a disposal takes (a head for
   * FIFO, an end for LIFO, a heap for HIFO); this is the plain way, which sorts every lot on every
   * disposal: HIFO by cost per unit as acquired, then the older. Both must take the same units.
   */
  function plainLots(events: TaxEvent[], methodOf: (year: number) => LotMethod) {
    type Lot = { seq: number; at: number; amount: bigint; cost: bigint; unit: [bigint, bigint] };
    const lots = new Map<string, Lot[]>();
    const rows: [string, string, number | null, string][] = [];
    let seq = 0;
    for (const e of events) {
      if (e.kind === 'move') continue;
      const held = lots.get(e.asset) ?? [];
      lots.set(e.asset, held);
      if (e.kind === 'acquire') {
        held.push({
          seq: seq++,
          at: e.at,
          amount: e.amount,
          cost: e.cost,
          unit: [e.cost, e.amount],
        });
        continue;
      }
      const method = methodOf(new Date(e.at).getUTCFullYear());
      const order = [...held];
      if (method === 'lifo') order.reverse();
      if (method === 'hifo') {
        order.sort((a, b) => {
          const left = a.unit[0] * b.unit[1];
          const right = b.unit[0] * a.unit[1];
          return left === right ? a.seq - b.seq : left > right ? -1 : 1;
        });
      }
      let want = e.amount;
      for (const lot of order) {
        if (want === 0n) break;
        const take = lot.amount < want ? lot.amount : want;
        const cost = take === lot.amount ? lot.cost : (lot.cost * take) / lot.amount;
        lot.amount -= take;
        lot.cost -= cost;
        want -= take;
        rows.push([e.id, text(take), lot.at, new Precise(text(cost)).toFixed(18)]);
      }
      if (want > 0n) rows.push([e.id, text(want), null, '0.000000000000000000']);
      lots.set(
        e.asset,
        held.filter((lot) => lot.amount > 0n),
      );
    }
    return rows;
  }

  it('FIFO, LIFO and HIFO, a method per year, take what the plain way takes', () => {
    const methods = fc.array(fc.constantFrom<LotMethod>('fifo', 'lifo', 'hifo'), {
      minLength: 5,
      maxLength: 5,
    });
    fc.assert(
      fc.property(history, methods, fc.boolean(), (items, perYear, tied) => {
        // One event every 40 days from 2023: five tax years. Tied: three prices per unit only,
        // so that HIFO meets lots of equal cost per unit (the older first).
        const events = toEvents(items).map((e, i): TaxEvent => {
          const at = day('2023-01-01') + i * 40 * 86_400_000;
          if (!tied || e.kind !== 'acquire') return { ...e, at };
          return { ...e, at, cost: e.amount * BigInt(100 * (1 + (i % 3))) };
        });
        const methodOf = (year: number) => perYear[year - 2023] ?? 'fifo';
        const engine = computeLots(events, settings(methodOf)).realized.map((r) => [
          r.id,
          text(r.amount),
          r.acquiredAt,
          new Precise(text(r.cost)).toFixed(18),
        ]);
        expect(engine).toEqual(plainLots(events, methodOf));
      }),
      { numRuns: 300 },
    );
  });
});
