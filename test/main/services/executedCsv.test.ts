import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { EXECUTED_CSV_COLUMNS, executedCsv } from '../../../src/main/services/executedCsv';
import type { ExecutedOrder } from '../../../src/shared/model';

const T = Date.UTC(2026, 10, 20, 8, 30, 0);

const order = (over: Partial<ExecutedOrder>): ExecutedOrder => ({
  orderId: 1,
  clientOrderId: '',
  market: 'BTC_USDT',
  side: 'sell',
  type: 'limit',
  price: '66820',
  amount: '0.0124',
  dealStock: '0.0124',
  dealMoney: '828.568',
  dealFee: '0.828568',
  timestamp: T,
  status: 'FILLED',
  ...over,
});

const read = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe('executedCsv', () => {
  it('writes one row per order, newest first, with units and ISO 8601 times; amounts as given', () => {
    const text = executedCsv({
      BTC_USDT: [order({})],
      ETH_USDT: [
        order({
          orderId: 2,
          market: 'ETH_USDT',
          side: 'buy',
          price: '3120.4',
          timestamp: T + 1000,
        }),
      ],
    });
    expect(Object.keys(read(text)[0]!)).toEqual([...EXECUTED_CSV_COLUMNS]);
    const rows = read(text);
    expect(rows.map((r) => r['Order id'])).toEqual(['2', '1']);
    expect(rows[1]).toMatchObject({
      'Time (ISO 8601, UTC)': '2026-11-20T08:30:00.000Z',
      Market: 'BTC/USDT',
      Side: 'sell',
      Type: 'limit',
      Status: 'FILLED',
      Price: '66820',
      'Price unit': 'USDT',
      Amount: '0.0124',
      'Amount unit': 'BTC',
      Filled: '0.0124',
      'Filled unit': 'BTC',
      Total: '828.568',
      'Total unit': 'USDT',
      Fee: '0.828568',
      'Fee unit': 'USDT',
    });
  });

  it('a buy’s fee is in the stock it bought unless the exchange names another asset', () => {
    const rows = read(
      executedCsv({
        ETH_BTC: [
          order({ orderId: 1, market: 'ETH_BTC', side: 'buy', dealFee: '0.002' }),
          order({ orderId: 2, market: 'ETH_BTC', side: 'buy', feeAsset: 'WBT', timestamp: T - 1 }),
          order({ orderId: 3, market: 'ETH_BTC', side: 'sell', timestamp: T - 2 }),
        ],
      }),
    );
    expect(rows.map((r) => [r['Order id'], r['Fee unit']])).toEqual([
      ['1', 'ETH'],
      ['2', 'WBT'],
      ['3', 'BTC'],
    ]);
  });

  it('a market buy by money: amount in money, no price (never "0 USDT")', () => {
    const [row] = read(
      executedCsv({
        BTC_USDT: [
          order({
            side: 'buy',
            type: 'market',
            price: '0',
            amount: '100',
            dealStock: '0.0015',
            dealMoney: '99.9',
          }),
        ],
      }),
    );
    expect(row).toMatchObject({
      Price: '',
      'Price unit': '',
      Amount: '100',
      'Amount unit': 'USDT',
      Filled: '0.0015',
      'Filled unit': 'BTC',
    });
  });

  it('an activated buy stop-market: amount in money like a market buy by money, no price', () => {
    const [row] = read(
      executedCsv({
        BTC_USDT: [
          order({
            side: 'buy',
            type: 'stop market',
            price: '0',
            amount: '150',
            dealStock: '0.002',
            dealMoney: '140',
          }),
        ],
      }),
    );
    expect(row).toMatchObject({
      Price: '',
      Amount: '150',
      'Amount unit': 'USDT',
      Filled: '0.002',
      'Filled unit': 'BTC',
    });
  });

  it('an order listed without its market takes the key it was listed under; formulas are defused', () => {
    const [row] = read(
      executedCsv({ ETH_BTC: [order({ market: '', clientOrderId: '=HYPERLINK("x")' })] }),
    );
    expect(row!.Market).toBe('ETH/BTC');
    expect(row!['Amount unit']).toBe('ETH');
    expect(row!['Client order id']).toBe('\'=HYPERLINK("x")');
  });
});
