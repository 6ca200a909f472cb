import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  accountValues,
  allocation,
  listTickers,
  overviewPlaces,
  TOP_SLICES,
} from '../../../src/renderer/features/overview/allocation';
import { percentChange } from '../../../src/renderer/lib/format';
import type { Market } from '../../../src/shared/model';
import { row } from './fixtures';

const priced = (ticker: string, value: string | null) =>
  row({ ticker, total: '1', price: value === null ? null : '1', value });

describe('allocation', () => {
  it('shares come from decimals: 0.1 and 0.2 are one third and two thirds', () => {
    const slices = allocation([priced('A', '0.1'), priced('B', '0.2')]);
    expect(slices.map((s) => [s.label, s.percent, s.value])).toEqual([
      ['B', '66.7 %', '0.2'],
      ['A', '33.3 %', '0.1'],
    ]);
    expect(slices[0]!.weight).toBeCloseTo(2 / 3, 12);
  });

  it('keeps the largest eight and sums the rest into Other, exactly', () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      priced(`T${String(i).padStart(2, '0')}`, new Decimal('0.1').mul(i + 1).toFixed()),
    );
    const slices = allocation(rows);
    expect(slices).toHaveLength(TOP_SLICES + 1);
    expect(slices.slice(0, 8).map((s) => s.label)).toEqual([
      'T11',
      'T10',
      'T09',
      'T08',
      'T07',
      'T06',
      'T05',
      'T04',
    ]);
    const other = slices[8]!;
    expect(other.label).toBe('Other');
    expect(other.key).toBe('other');
    expect(other.value).toBe('1'); // 0.1 + 0.2 + 0.3 + 0.4, not 0.9999999999999999
    expect(other.tickers).toEqual(['T03', 'T02', 'T01', 'T00']);
    expect(other.color).toBe(-1);
  });

  it('leaves out unpriced and zero-valued assets, and draws nothing when nothing is priced', () => {
    expect(
      allocation([priced('A', '5'), priced('B', null), priced('C', '0')]).map((s) => s.label),
    ).toEqual(['A']);
    expect(allocation([priced('B', null), priced('C', '0')])).toEqual([]);
  });

  it('shows a tiny share as <0.1 %', () => {
    const slices = allocation([priced('A', '100000'), priced('B', '0.01')]);
    expect(slices[1]!.percent).toBe('<0.1 %');
    expect(slices[0]!.percent).toBe('100.0 %');
  });
});

describe('display helpers', () => {
  it('writes values at the quote’s places, amounts at the asset’s, prices at the market’s tick', () => {
    const data = {
      quote: 'USDT',
      quotePrecision: 6,
      rows: [
        { ...priced('BTC', '1'), precision: 8 },
        { ...priced('DOT', '1'), precision: 4 },
      ],
    };
    const markets = [
      { name: 'BTC_USDT', stock: 'BTC', money: 'USDT', moneyPrec: 2 },
      { name: 'DOT_BTC', stock: 'DOT', money: 'BTC', moneyPrec: 8 },
    ] as Market[];
    const places = overviewPlaces(data, markets);
    expect(places.quote).toBe(6);
    expect([places.asset('BTC'), places.asset('DOT'), places.asset('XMR')]).toEqual([8, 4, 8]);
    // DOT is priced through BTC: no market of its own in USDT, so the quote's places.
    expect([places.price('BTC'), places.price('DOT')]).toEqual([2, 6]);
    // Before the markets are known, a price is written at the quote's places.
    expect(overviewPlaces(data, undefined).price('BTC')).toBe(6);
    // The quote in itself: "1", not "1.000000".
    expect(places.price('USDT')).toBe(0);
  });

  it('signs the 24 h change and calls a change that rounds to zero flat', () => {
    expect(percentChange('2.345')).toEqual({ text: '+2.35 %', direction: 'up' });
    expect(percentChange('-1.5')).toEqual({ text: '−1.50 %', direction: 'down' });
    expect(percentChange('-0.001')).toEqual({ text: '0.00 %', direction: 'flat' });
    expect(percentChange('0')).toEqual({ text: '0.00 %', direction: 'flat' });
  });

  it('lists tickers in a sentence', () => {
    expect(listTickers(['DOT'])).toBe('DOT');
    expect(listTickers(['DOT', 'KSM'])).toBe('DOT and KSM');
    expect(listTickers(['DOT', 'KSM', 'ZEC'])).toBe('DOT, KSM and ZEC');
  });
});

describe('accountValues', () => {
  it('values each account in decimal and skips unpriced assets', () => {
    const rows = [
      row({
        ticker: 'A',
        main: '0.1',
        tradeAvailable: '0.2',
        tradeFrozen: '0.3',
        flex: '0.7',
        price: '3',
      }),
      row({ ticker: 'B', main: '1000', price: null }),
    ];
    expect(accountValues(rows)).toEqual({ main: '0.3', trade: '1.5', flex: '2.1' });
  });
});
