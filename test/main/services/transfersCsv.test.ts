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

describe('transfersCsv against hostile exchange text', () => {
  it('neutralises formulas: a memo or description never becomes a live spreadsheet formula', () => {
    const hostile = ['=HYPERLINK("http://evil.example","click")', '+1+2', '-2+3', '@SUM(A1)'];
    const text = transfersCsv(hostile.map((memo) => record({ memo, description: memo })));
    const rows = parse(text) as string[][];
    const memoAt = TRANSFER_CSV_COLUMNS.indexOf('Memo');
    const descriptionAt = TRANSFER_CSV_COLUMNS.indexOf('Description');
    rows.slice(1).forEach((row, i) => {
      for (const cell of [row[memoAt]!, row[descriptionAt]!]) {
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        expect(cell).toBe(`'${hostile[i]}`);
      }
    });
  });

  it('quotes every field with a CR, LF, quote or delimiter: one row per record', () => {
    const records = Array.from({ length: 274 }, (_, i) =>
      record({
        description: i % 2 ? `line one\rline two ${i}` : `a,b "c"\nd ${i}`,
        memo: i % 3 ? 'x\ry' : '',
      }),
    );
    const text = transfersCsv(records);
    const rows = parse(text) as string[][];
    expect(rows).toHaveLength(275);
    const descriptionAt = TRANSFER_CSV_COLUMNS.indexOf('Description');
    expect(rows[2]![descriptionAt]).toBe('line one\rline two 1');
    // A reader that splits lines on any CR or LF outside quotes sees the same count.
    let outside = 0;
    let quoted = false;
    for (const ch of text) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && ch === '\n') outside += 1;
    }
    expect(outside).toBe(275);
    expect(text.replace(/"[^"]*"/g, '')).not.toMatch(/\r(?!\n)/);
  });
});
