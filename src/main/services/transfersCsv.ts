import type { DepositWithdraw } from '../../shared/model';
import { statusName } from '../../shared/transferStatus';
import { toCsv } from './csv';

/** Columns of the deposit/withdraw CSV: explicit units, ISO 8601 times (UTC). */
export const TRANSFER_CSV_COLUMNS = [
  'Time (ISO 8601, UTC)',
  'Type',
  'Currency',
  'Ticker',
  'Amount',
  'Amount unit',
  'Fee',
  'Fee unit',
  'Status',
  'Status code',
  'Network',
  'Address',
  'Memo',
  'Confirmations',
  'Confirmations required',
  'Transaction hash',
  'Unique id',
  'Transaction id',
  'Description',
] as const;

export function transfersCsv(records: readonly DepositWithdraw[]): string {
  const rows = records.map((r) => [
    new Date(r.createdAt).toISOString(),
    r.method === 1 ? 'Deposit' : 'Withdrawal',
    r.currency,
    r.ticker,
    r.amount,
    r.ticker,
    r.fee,
    r.ticker,
    statusName(r.method, r.status),
    String(r.status),
    r.network ?? '',
    r.address,
    r.memo,
    r.confirmations ? String(r.confirmations.actual) : '',
    r.confirmations ? String(r.confirmations.required) : '',
    r.transactionHash,
    r.uniqueId ?? '',
    r.transactionId,
    r.description,
  ]);
  return toCsv(TRANSFER_CSV_COLUMNS, rows);
}
