import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  PROFIT_LOSS_CSV_COLUMNS,
  profitLossCsv,
} from '../../../src/main/portfolioHistory/profitLossCsv';
import type { ProfitLoss } from '../../../src/shared/model';

const pl: ProfitLoss = {
  quote: 'USDT',
  rows: [
    {
      ticker: 'ETH',
      amount: '10',
      averageCost: '3503.5',
      costBasis: '35035',
      realised: '0',
      unrealised: '-2035',
      fees: '35',
      price: '3300',
      estimated: false,
    },
    {
      ticker: 'XYZ',
      amount: '5',
      averageCost: null,
      costBasis: null,
      realised: '0',
      unrealised: null,
      fees: '0',
      price: null,
      estimated: true,
    },
  ],
  totals: { costBasis: '35035', realised: '0', unrealised: '-2035', fees: '35' },
  since: 1,
  fetchedAt: 2,
};

describe('profit and loss CSV', () => {
  it('one row per asset with units, unknowns empty, then the totals; a loss stays a number', () => {
    const csv = profitLossCsv(pl);
    expect(csv.split('\r\n')[0]).toBe(PROFIT_LOSS_CSV_COLUMNS.join(','));
    const [header, ...rows] = parse(csv) as string[][];
    expect(header).toEqual([...PROFIT_LOSS_CSV_COLUMNS]);
    const [eth, xyz, total] = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
    expect(eth).toMatchObject({
      Asset: 'ETH',
      'Amount unit': 'ETH',
      'Average cost': '3503.5',
      'Average cost unit': 'USDT per ETH',
      'Cost basis unit': 'USDT',
      Unrealised: '-2035',
      Estimated: 'no',
    });
    expect(xyz).toMatchObject({ 'Average cost': '', 'Cost basis': '', Unrealised: '', Price: '' });
    expect(Object.values(total!)).toEqual(
      // prettier-ignore
      ['Total', '', '', '', '', '35035', 'USDT', '0', 'USDT', '-2035', 'USDT', '35', 'USDT', '', '', 'yes'],
    );
    expect(rows).toHaveLength(3);
  });
});
