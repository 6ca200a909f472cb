import type { ProfitLoss } from '../../shared/model';
import { toCsv } from '../services/csv';

/** Columns of the profit-and-loss CSV: every amount with its unit, as on screen. */
export const PROFIT_LOSS_CSV_COLUMNS = [
  'Asset',
  'Amount',
  'Amount unit',
  'Average cost',
  'Average cost unit',
  'Cost basis',
  'Cost basis unit',
  'Realised',
  'Realised unit',
  'Unrealised',
  'Unrealised unit',
  'Fees',
  'Fees unit',
  'Price',
  'Price unit',
  'Estimated',
] as const;

/**
 * One row per asset (as ProfitLoss lists them), then a Total row with the column sums; an unknown
 * value is an empty field (its unit stays, so the column keeps one unit). Estimated: yes / no.
 */
export function profitLossRows(pl: ProfitLoss): string[][] {
  const q = pl.quote;
  const perUnit = (ticker: string) => `${q} per ${ticker}`;
  const rows = pl.rows.map((r) => [
    r.ticker,
    r.amount,
    r.ticker,
    r.averageCost ?? '',
    perUnit(r.ticker),
    r.costBasis ?? '',
    q,
    r.realised,
    q,
    r.unrealised ?? '',
    q,
    r.fees,
    q,
    r.price ?? '',
    perUnit(r.ticker),
    r.estimated ? 'yes' : 'no',
  ]);
  const t = pl.totals;
  const total = [
    'Total',
    '',
    '',
    '',
    '',
    t.costBasis,
    q,
    t.realised,
    q,
    t.unrealised,
    q,
    t.fees,
    q,
  ];
  return [...rows, [...total, '', '', pl.rows.some((r) => r.estimated) ? 'yes' : 'no']];
}

export function profitLossCsv(pl: ProfitLoss): string {
  return toCsv(PROFIT_LOSS_CSV_COLUMNS, profitLossRows(pl));
}
