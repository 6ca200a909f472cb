import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type {
  StoredConvert,
  StoredDeal,
  StoredFlexPayment,
  StoredSubAccountTransfer,
  StoredTransfer,
} from '../../../src/main/portfolioHistory/records';
import type { SaveFile } from '../../../src/main/services/csv';
import {
  cointrackingCsv,
  exportTax,
  koinlyCsv,
  ledgerCsv,
  realizedCsv,
} from '../../../src/main/tax/exports';
import type { TaxHistory } from '../../../src/main/tax/history';
import { deal, miningReward } from '../portfolioHistory/fixtures';
import type { MiningReward, RealizedGainRow, TaxReport } from '../../../src/shared/model';

/**
 * The files tax tools import (issue 36 item 5): each format from hand-written records of one tax
 * year (2026, starting in January), compared to the exact text expected.
 */

const at = (text: string) => Date.parse(`${text}Z`);
const YEAR = { year: 2026, yearStartMonth: 1 };

const transfer = (over: Partial<StoredTransfer>): StoredTransfer => ({
  key: 'unique:1',
  kind: 'deposit',
  ticker: 'USDT',
  amount: '1',
  fee: '0',
  status: 3,
  time: 0,
  ...over,
});
const reward = (over: Partial<MiningReward>): MiningReward =>
  miningReward({
    account: 'rig-1',
    day: at('2026-07-01T00:00:00'),
    reward: '0.00012345',
    ...over,
  });

/** One of everything, and a record just outside the year on each side. */
function history(): TaxHistory {
  const deals: StoredDeal[] = [
    // Outside: the last second of 2025.
    deal({ dealId: 100, time: at('2025-12-31T23:59:59') }),
    // A buy, its fee taken in the stock bought.
    deal({
      dealId: 101,
      orderId: 11,
      amount: '0.01',
      deal: '600',
      fee: '0.00001',
      feeAsset: 'BTC',
      time: at('2026-03-01T10:00:00'),
    }),
    // A sell, its fee in money.
    deal({
      dealId: 102,
      orderId: 12,
      side: 'sell',
      role: 'maker',
      price: '65000',
      amount: '0.004',
      deal: '260',
      fee: '0.26',
      feeAsset: 'USDT',
      time: at('2026-04-02T11:30:15'),
    }),
    // A sell, its fee in the asset sold.
    deal({
      dealId: 103,
      orderId: 13,
      market: 'ETH_USDT',
      side: 'sell',
      price: '3000',
      amount: '0.5',
      deal: '1500',
      fee: '0.0005',
      feeAsset: 'ETH',
      time: at('2026-05-03T12:00:00'),
    }),
  ];
  const transfers: StoredTransfer[] = [
    transfer({ key: 'unique:d1', ticker: 'USDT', amount: '1000', time: at('2026-01-15T08:00:00') }),
    // A deposit the exchange took a fee from: 1 ETH reached the balance.
    transfer({
      key: 'unique:d2',
      ticker: 'ETH',
      amount: '1',
      fee: '0.01',
      time: at('2026-02-10T00:00:00'),
    }),
    transfer({
      key: 'unique:w1',
      kind: 'withdraw',
      ticker: 'BTC',
      amount: '0.002',
      fee: '0.0001',
      status: 7,
      time: at('2026-06-01T09:00:00'),
    }),
    // Outside: the first instant of 2027.
    transfer({ key: 'unique:d3', amount: '5', time: at('2027-01-01T00:00:00') }),
  ];
  const flexPayments: StoredFlexPayment[] = [
    { transactionId: 'flex-1', ticker: 'USDT', amount: '1.25', time: at('2026-08-01T00:00:05') },
  ];
  const miningRewards: MiningReward[] = [
    reward({}),
    // Paid to an external address: it never reached a balance.
    reward({
      day: at('2026-07-02T00:00:00'),
      payoutDestination: 'external_address',
      payoutAddress: 'bc1qexternal',
    }),
  ];
  const converts: StoredConvert[] = [
    {
      id: 'cv-1',
      from: 'USDT',
      to: 'ETH',
      give: '300',
      receive: '0.1',
      time: at('2026-09-01T14:00:00'),
    },
  ];
  const subAccountTransfers: StoredSubAccountTransfer[] = [
    {
      transactionId: 'sub-1',
      subAccountId: 'sa-7',
      direction: 'main_to_sub',
      ticker: 'BTC',
      amount: '0.001',
      time: at('2026-10-01T00:00:00'),
    },
  ];
  return { deals, transfers, flexPayments, miningRewards, subAccountTransfers, converts };
}

const lines = (...rows: string[]) => rows.map((row) => `${row}\r\n`).join('');

describe('koinlyCsv: Koinly Universal', () => {
  it('writes every record of the year oldest first: trades, deposits, withdrawals, income', () => {
    expect(koinlyCsv(history(), YEAR).csv).toBe(
      lines(
        'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,' +
          'Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
        '2026-01-15 08:00:00,,,1000,USDT,,,,,,deposit unique:d1,',
        // 1.01 came in, 0.01 of it the fee: 1 reached the balance.
        '2026-02-10 00:00:00,,,1.01,ETH,0.01,ETH,,,,deposit unique:d2,',
        '2026-03-01 10:00:00,600,USDT,0.01,BTC,0.00001,BTC,,,,BTC_USDT buy deal 101 order 11,',
        '2026-04-02 11:30:15,0.004,BTC,260,USDT,0.26,USDT,,,,BTC_USDT sell deal 102 order 12,',
        '2026-05-03 12:00:00,0.5,ETH,1500,USDT,0.0005,ETH,,,,ETH_USDT sell deal 103 order 13,',
        '2026-06-01 09:00:00,0.002,BTC,,,0.0001,BTC,,,,withdrawal unique:w1,',
        // The day's reward reaches the main balance when the day is over.
        '2026-07-02 00:00:00,,,0.00012345,BTC,,,,,mining,mining reward rig-1 2026-07-01,',
        '2026-08-01 00:00:05,,,1.25,USDT,,,,,lending interest,flex interest flex-1,',
        '2026-09-01 14:00:00,300,USDT,0.1,ETH,,,,,,convert cv-1,',
      ),
    );
  });

  it('counts the rows it writes, the header excluded', () => {
    expect(koinlyCsv(history(), YEAR).rows).toBe(9);
  });

  it('keeps the year by its start month: a tax year from April holds April to March', () => {
    const rows = parse(koinlyCsv(history(), { year: 2025, yearStartMonth: 4 }).csv, {
      columns: true,
    }) as Record<string, string>[];
    // 2025-04-01 to 2026-04-01: the 2025 deal, the two deposits, the buy (not the April sell).
    expect(rows.map((r) => r['Date'])).toEqual([
      '2025-12-31 23:59:59',
      '2026-01-15 08:00:00',
      '2026-02-10 00:00:00',
      '2026-03-01 10:00:00',
    ]);
  });
});

describe('cointrackingCsv: CoinTracking import', () => {
  it('writes its types (Trade, Deposit, Withdrawal, Mining, Interest Income) oldest first', () => {
    expect(cointrackingCsv(history(), YEAR).csv).toBe(
      lines(
        'Type,Buy Amount,Buy Currency,Sell Amount,Sell Currency,Fee,Fee Currency,Exchange,' +
          'Trade-Group,Comment,Date',
        'Deposit,1000,USDT,,,,,WhiteBIT,,deposit unique:d1,2026-01-15 08:00:00',
        'Deposit,1.01,ETH,,,0.01,ETH,WhiteBIT,,deposit unique:d2,2026-02-10 00:00:00',
        'Trade,0.01,BTC,600,USDT,0.00001,BTC,WhiteBIT,,BTC_USDT buy deal 101 order 11,2026-03-01 10:00:00',
        'Trade,260,USDT,0.004,BTC,0.26,USDT,WhiteBIT,,BTC_USDT sell deal 102 order 12,2026-04-02 11:30:15',
        'Trade,1500,USDT,0.5,ETH,0.0005,ETH,WhiteBIT,,ETH_USDT sell deal 103 order 13,2026-05-03 12:00:00',
        'Withdrawal,,,0.002,BTC,0.0001,BTC,WhiteBIT,,withdrawal unique:w1,2026-06-01 09:00:00',
        'Mining,0.00012345,BTC,,,,,WhiteBIT,,mining reward rig-1 2026-07-01,2026-07-02 00:00:00',
        'Interest Income,1.25,USDT,,,,,WhiteBIT,,flex interest flex-1,2026-08-01 00:00:05',
        'Trade,0.1,ETH,300,USDT,,,WhiteBIT,,convert cv-1,2026-09-01 14:00:00',
      ),
    );
  });
});

describe('ledgerCsv: the plain ledger', () => {
  it('lists every record of the year, each asset moved a row, amounts signed, no valuation', () => {
    expect(ledgerCsv(history(), YEAR).csv).toBe(
      lines(
        'Date (UTC),Kind,Asset,Amount,Fee,Reference',
        '2026-01-15T08:00:00.000Z,deposit,USDT,1000,,unique:d1',
        '2026-02-10T00:00:00.000Z,deposit,ETH,1,0.01,unique:d2',
        '2026-03-01T10:00:00.000Z,buy,BTC,0.01,0.00001,deal 101',
        '2026-03-01T10:00:00.000Z,buy,USDT,-600,,deal 101',
        '2026-04-02T11:30:15.000Z,sell,BTC,-0.004,,deal 102',
        '2026-04-02T11:30:15.000Z,sell,USDT,260,0.26,deal 102',
        '2026-05-03T12:00:00.000Z,sell,ETH,-0.5,0.0005,deal 103',
        '2026-05-03T12:00:00.000Z,sell,USDT,1500,,deal 103',
        '2026-06-01T09:00:00.000Z,withdrawal,BTC,-0.002,0.0001,unique:w1',
        '2026-07-02T00:00:00.000Z,mining reward,BTC,0.00012345,,rig-1 2026-07-01',
        '2026-08-01T00:00:05.000Z,flex interest,USDT,1.25,,flex-1',
        '2026-09-01T14:00:00.000Z,convert,USDT,-300,,cv-1',
        '2026-09-01T14:00:00.000Z,convert,ETH,0.1,,cv-1',
        '2026-10-01T00:00:00.000Z,to sub-account,BTC,-0.001,,sub-1 sub-account sa-7',
      ),
    );
  });

  it('writes a fee paid in a third asset on a row of its own', () => {
    const only: TaxHistory = {
      ...history(),
      deals: [
        deal({
          dealId: 7,
          orderId: null,
          amount: '0.01',
          deal: '600',
          fee: '0.5',
          feeAsset: 'WBT',
          time: at('2026-03-01T00:00:00'),
        }),
      ],
      transfers: [],
      flexPayments: [],
      miningRewards: [],
      converts: [],
      subAccountTransfers: [
        {
          transactionId: 'sub-2',
          subAccountId: 'sa-7',
          direction: 'sub_to_main',
          ticker: 'BTC',
          amount: '0.001',
          time: at('2026-03-02T00:00:00'),
        },
      ],
    };
    expect(ledgerCsv(only, YEAR).csv).toBe(
      lines(
        'Date (UTC),Kind,Asset,Amount,Fee,Reference',
        '2026-03-01T00:00:00.000Z,buy,BTC,0.01,,deal 7',
        '2026-03-01T00:00:00.000Z,buy,USDT,-600,,deal 7',
        '2026-03-01T00:00:00.000Z,buy,WBT,0,0.5,deal 7',
        '2026-03-02T00:00:00.000Z,from sub-account,BTC,0.001,,sub-2 sub-account sa-7',
      ),
    );
  });
});

const gainRow = (over: Partial<RealizedGainRow>): RealizedGainRow => ({
  id: 'deal:102',
  asset: 'BTC',
  amount: '0.004',
  acquiredAt: at('2026-03-01T10:00:00'),
  disposedAt: at('2026-04-02T11:30:15'),
  proceeds: '260',
  cost: '240',
  fee: '0.26',
  gain: '19.74',
  term: 'short',
  source: 'sell',
  costUnknown: false,
  ...over,
});

describe('realizedCsv: the realised gains, one row per lot', () => {
  it('writes every column of the rows, dates in UTC ISO, amounts exact, losses as numbers', () => {
    const text = realizedCsv(
      [
        gainRow({}),
        gainRow({
          id: 'deal:103',
          asset: 'ETH',
          amount: '0.5',
          acquiredAt: null,
          disposedAt: at('2026-05-03T12:00:00'),
          proceeds: '1500',
          cost: '1512.5',
          fee: '0',
          gain: '-12.5',
          source: 'convert',
          costUnknown: true,
        }),
        // A loss decimal.js would write with an exponent is still a plain number (disposed before
        // the ETH row: the rows come oldest disposal first).
        gainRow({ id: 'deal:104', gain: '-1e-7', term: 'long', source: 'spent' }),
      ],
      'USDT',
    );
    expect(text.csv).toBe(
      lines(
        'ID,Asset,Amount,Acquired (UTC),Disposed (UTC),Proceeds,Cost,Fee,Gain,Term,Source,' +
          'Cost Unknown,Quote,Note',
        'deal:102,BTC,0.004,2026-03-01T10:00:00.000Z,2026-04-02T11:30:15.000Z,260,240,0.26,19.74,' +
          'short,sell,no,USDT,',
        'deal:104,BTC,0.004,2026-03-01T10:00:00.000Z,2026-04-02T11:30:15.000Z,260,240,0.26,' +
          '-0.0000001,long,spent,no,USDT,',
        'deal:103,ETH,0.5,,2026-05-03T12:00:00.000Z,1500,1512.5,0,-12.5,short,convert,yes,USDT,',
      ),
    );
    expect(text.rows).toBe(3);
  });

  it('writes the rows oldest disposal first', () => {
    const text = realizedCsv(
      [
        gainRow({ id: 'late', disposedAt: at('2026-06-01T00:00:00') }),
        gainRow({ id: 'early', disposedAt: at('2026-02-01T00:00:00') }),
      ],
      'USD',
    ).csv;
    expect((parse(text) as string[][]).slice(1).map((r) => r[0])).toEqual(['early', 'late']);
  });
});

describe('realizedCsv: a disposal no close valued (kx36)', () => {
  it('leaves its proceeds, fee and gain empty and says why in the note column', () => {
    const text = realizedCsv(
      [
        gainRow({}),
        gainRow({ id: 'convert:c1', proceeds: '0', fee: '0', gain: '-240', unvalued: true }),
      ],
      'USDT',
    ).csv;
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    const cells = (r: Record<string, string>) => [r.Proceeds, r.Cost, r.Fee, r.Gain, r.Note];
    expect(rows.map(cells)).toEqual([
      ['260', '240', '0.26', '19.74', ''],
      ['', '240', '', '', 'No price that day: no close valued the disposal'],
    ]);
  });
});

describe('formula safety', () => {
  it('defuses a hostile ticker and reference, and keeps a negative amount a number', () => {
    const hostile: TaxHistory = {
      deals: [],
      transfers: [
        transfer({
          key: '@SUM(A1:A9)',
          kind: 'withdraw',
          ticker: '=HYPERLINK("http://x","y")',
          amount: '2',
          fee: '0',
          time: at('2026-03-01T00:00:00'),
        }),
      ],
      flexPayments: [
        { transactionId: '+cmd', ticker: '-2+3', amount: '1', time: at('2026-03-02T00:00:00') },
      ],
      miningRewards: [],
      subAccountTransfers: [],
      converts: [],
    };
    const ledger = parse(ledgerCsv(hostile, YEAR).csv) as string[][];
    expect(ledger.slice(1)).toEqual([
      [
        '2026-03-01T00:00:00.000Z',
        'withdrawal',
        `'=HYPERLINK("http://x","y")`,
        '-2',
        '',
        `'@SUM(A1:A9)`,
      ],
      ['2026-03-02T00:00:00.000Z', 'flex interest', `'-2+3`, '1', '', `'+cmd`],
    ]);
    const koinly = parse(koinlyCsv(hostile, YEAR).csv) as string[][];
    expect(koinly[1]).toEqual([
      '2026-03-01 00:00:00',
      '2',
      `'=HYPERLINK("http://x","y")`,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'withdrawal @SUM(A1:A9)',
      '',
    ]);
    const cointracking = parse(cointrackingCsv(hostile, YEAR).csv) as string[][];
    expect(cointracking[2]!.slice(0, 3)).toEqual(['Interest Income', '1', `'-2+3`]);
  });
});

describe('exportTax', () => {
  const report = (realized: RealizedGainRow[]) =>
    ({ year: 2026, quote: 'USDT', realized }) as unknown as TaxReport;
  const deps = (saveFile?: SaveFile) => ({
    history: history(),
    report: async () => report([gainRow({})]),
    yearStartMonth: 1,
    saveFile,
  });

  it('hands each format to the page under its name and year', async () => {
    for (const format of ['koinly', 'cointracking', 'ledger', 'realized'] as const) {
      const result = await exportTax({ quote: 'USDT', year: 2026, format }, deps());
      expect(result.filename).toBe(`exchange-desk-${format}-2026.csv`);
      expect(result.csv!.length).toBeGreaterThan(0);
    }
    const ledger = await exportTax({ quote: 'USDT', year: 2026, format: 'ledger' }, deps());
    expect(ledger.rows).toBe(14);
    expect(ledger.csv).toBe(ledgerCsv(history(), YEAR).csv);
    const realized = await exportTax({ quote: 'USDT', year: 2026, format: 'realized' }, deps());
    expect(realized).toEqual({
      filename: 'exchange-desk-realized-2026.csv',
      rows: 1,
      csv: realizedCsv([gainRow({})], 'USDT').csv,
    });
  });

  it('reads the report only for the realised gains', async () => {
    let asked = 0;
    const counting = { ...deps(), report: async () => (asked++, report([])) };
    await exportTax({ quote: 'USDT', year: 2026, format: 'koinly' }, counting);
    expect(asked).toBe(0);
    await exportTax({ quote: 'USDT', year: 2026, format: 'realized' }, counting);
    expect(asked).toBe(1);
  });

  it('writes through the save dialog when there is one', async () => {
    const written: string[] = [];
    const saveFile: SaveFile = async (name, chunks) => {
      for await (const chunk of chunks) written.push(chunk);
      return `/tmp/${name}`;
    };
    const result = await exportTax({ quote: 'USDT', year: 2026, format: 'koinly' }, deps(saveFile));
    expect(result).toEqual({
      filename: 'exchange-desk-koinly-2026.csv',
      rows: 9,
      savedTo: '/tmp/exchange-desk-koinly-2026.csv',
    });
    expect(written.join('')).toBe(koinlyCsv(history(), YEAR).csv);
  });
});
