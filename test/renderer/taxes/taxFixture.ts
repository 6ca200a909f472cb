import { afterEach } from 'vitest';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import type { TaxReport } from '../../../src/shared/model';
import { sectionTestSetUp } from '../mining/workersFixture';

export const COMPUTED_AT = Date.UTC(2026, 10, 28, 12);
const THIS_YEAR = new Date().getUTCFullYear();

/** A report of `year` in USDT (6 places) with one of each row; `over` replaces any part. */
export function taxReport(over: Partial<TaxReport> = {}): TaxReport {
  const year = over.year ?? THIS_YEAR;
  return {
    year,
    method: 'fifo',
    quote: 'USDT',
    from: Date.UTC(year, 0, 1),
    to: Date.UTC(year + 1, 0, 1),
    settings: { yearStartMonth: 1, longTermMonths: 12, methods: {}, defaultMethod: 'fifo' },
    years: [year, year - 1],
    historyFrom: Date.UTC(year - 1, 5, 1),
    realized: [
      {
        id: 'd1:l1',
        asset: 'BTC',
        amount: '0.098048',
        acquiredAt: Date.UTC(year - 1, 5, 2),
        disposedAt: Date.UTC(year, 2, 3),
        proceeds: '6241.5003648',
        cost: '5000.123',
        fee: '6.2415003648',
        gain: '1235.1358644352',
        term: 'short',
        source: 'sell',
        costUnknown: false,
      },
      {
        id: 'd2:l2',
        asset: 'ETH',
        amount: '1.5',
        acquiredAt: Date.UTC(year - 1, 1, 1),
        disposedAt: Date.UTC(year, 3, 4),
        proceeds: '3000',
        cost: '3500.5',
        fee: '0',
        gain: '-500.5',
        term: 'long',
        source: 'convert',
        costUnknown: true,
      },
    ],
    income: [
      {
        id: 'i1',
        kind: 'mining',
        asset: 'BTC',
        at: Date.UTC(year, 4, 5),
        amount: '0.000000005',
        value: '0.000500001',
      },
      {
        id: 'i2',
        kind: 'interest',
        asset: 'USDT',
        at: Date.UTC(year, 4, 6),
        amount: '1.23456789',
        value: null,
      },
    ],
    openLots: [
      {
        id: 'l3',
        asset: 'BTC',
        acquiredAt: Date.UTC(year, 5, 1),
        amount: '0.5',
        cost: '30000',
        value: '35000.1234567',
        unrealized: '5000.1234567',
        daysToLongTerm: 120,
        source: 'buy',
        costUnknown: false,
      },
    ],
    totals: {
      proceeds: '9241.5003648',
      cost: '8500.623',
      fees: '6.2415003648',
      gain: '734.6358644352',
      shortTermGain: '1235.1358644352',
      longTermGain: '-500.5',
      income: '0.000500001',
      unrealized: '5000.1234567',
    },
    yearEnd: {
      at: Date.UTC(year, 11, 31),
      holdings: [{ asset: 'BTC', amount: '0.5', cost: '30000', price: '70000', value: '35000' }],
    },
    reconciliation: [],
    unknownCostDeposits: [],
    computedAt: COMPUTED_AT,
    precisions: { BTC: 8, ETH: 6, USDT: 6 },
    quotePlaces: 6,
    ...over,
  };
}

export { THIS_YEAR };

/** The mining sections' set-up (table bodies sized, remotes and bridge cleared), and Settings back. */
export function taxTestSetUp(): void {
  sectionTestSetUp();
  afterEach(() => useSettings.setState({ privacy: false, quote: 'USDT' }));
}
