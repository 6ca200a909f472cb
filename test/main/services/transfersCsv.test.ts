import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { TRANSFER_CSV_COLUMNS, transfersCsv } from '../../../src/main/services/transfersCsv';
import type { DepositWithdraw } from '../../../src/shared/model';

const record = (over: Partial<DepositWithdraw>): DepositWithdraw => ({
  address: 'bc1qxyz',
  uniqueId: null,
  createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  currency: 'Bitcoin',
  ticker: 'BTC',
  method: 1,
  amount: '0.12345678',
  description: 'He said "hi", then left',
  memo: '',
  fee: '0.0001',
  status: 3,
  network: 'BTC',
  transactionHash: 'abc',
  transactionId: 't-1',
  confirmations: { actual: 2, required: 6 },
  ...over,
});

describe('transfersCsv', () => {
  it('writes a header row with units and ISO 8601 times, amounts exactly as given', () => {
    const text = transfersCsv([
      record({}),
      record({
        method: 2,
        status: 18,
        ticker: 'USDT',
        amount: '1000000.5',
        network: null,
        uniqueId: 'u-9',
      }),
    ]);
    const rows = parse(text) as string[][];
    expect(rows[0]).toEqual([...TRANSFER_CSV_COLUMNS]);
    const [first, second] = rows
      .slice(1)
      .map((r) => Object.fromEntries(r.map((v, i) => [rows[0]![i], v])));
    expect(first).toMatchObject({
      'Time (ISO 8601, UTC)': '2026-01-02T03:04:05.000Z',
      Type: 'Deposit',
      Amount: '0.12345678',
      'Amount unit': 'BTC',
      'Fee unit': 'BTC',
      Status: 'Successful',
      'Status code': '3',
      Confirmations: '2',
      'Confirmations required': '6',
      Description: 'He said "hi", then left',
    });
    expect(second).toMatchObject({
      Type: 'Withdrawal',
      Amount: '1000000.5',
      'Amount unit': 'USDT',
      Status: 'Partially successful',
      Network: '',
      'Unique id': 'u-9',
    });
    expect(text.split('\r\n')).toHaveLength(4); // header, 2 rows, trailing newline
  });
});
