import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal, type DealRec } from '@exchange-desk/demo-exchange';
import { newClientOrderId } from '../../../src/main/exchange/api';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';
import { syncHistory } from '../../../src/main/portfolioHistory/sync';
import { exportTax, KOINLY_COLUMNS } from '../../../src/main/tax/exports';
import { taxYearOf, taxYearRange } from '../../../src/main/tax/lots';
import { historyEarliest } from '../../../src/shared/executed';
import { setup, teardown, unlimitedPacer, type Setup } from '../exchange/helpers';

/**
 * Issue 36's acceptance for the exports: the account's deals synced from the demo exchange into
 * the history database by main's sync, the Koinly file of their tax year parsed back row by row,
 * equal to the demo's own record of the deals it executed (amounts, currencies, fees, dates).
 */

let s: Setup;
let store: HistoryStore;
beforeAll(async () => {
  s = await setup({}, { pacer: unlimitedPacer() });
  store = HistoryStore.open(undefined);
});
afterAll(async () => {
  store.close();
  await teardown(s);
});

/** A deal as Koinly should read it, from the demo's own record (stock_money, fee in what came in). */
function koinlyRowOf(d: DealRec): Record<string, string> {
  const [stock, money] = d.market.split('_') as [string, string];
  const [sent, received] =
    d.side === 'buy'
      ? [
          [d.deal, money],
          [d.amount, stock],
        ]
      : [
          [d.amount, stock],
          [d.deal, money],
        ];
  const paid = !new Decimal(d.fee).isZero();
  return {
    // Unix seconds with microseconds: the second it fell in, UTC.
    Date: new Date(Math.floor(d.time) * 1000).toISOString().slice(0, 19).replace('T', ' '),
    'Sent Amount': sent[0]!,
    'Sent Currency': sent[1]!,
    'Received Amount': received[0]!,
    'Received Currency': received[1]!,
    'Fee Amount': paid ? d.fee : '',
    'Fee Currency': paid ? received[1]! : '',
    Label: '',
  };
}

describe('the Koinly export of deals synced from the demo exchange', () => {
  it('re-read row by row, equals the deals the demo executed in that tax year', async () => {
    // One fresh buy besides the seeded history: it rests, then fills when the price falls to it.
    s.ex.engine.setPrice('BTC_USDT', '62000');
    await s.api.createOrder({
      kind: 'limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '61000',
      clientOrderId: newClientOrderId(),
    });
    s.ex.engine.setPrice('BTC_USDT', '60999');

    const now = Date.now();
    await syncHistory(s.api, store, 'demo', now);
    const deals = store.deals('demo');
    const year = taxYearOf(deals.at(-1)!.time, 1);
    const result = await exportTax(
      { quote: 'USDT', year, format: 'koinly' },
      {
        history: {
          deals,
          transfers: [],
          flexPayments: [],
          miningRewards: [],
          subAccountTransfers: [],
          converts: [],
        },
        report: () => Promise.reject(new Error('the Koinly file needs no report')),
        yearStartMonth: 1,
        saveFile: undefined,
      },
    );

    const header = (parse(result.csv!) as string[][])[0];
    expect(header).toEqual([...KOINLY_COLUMNS]);
    const rows = parse(result.csv!, { columns: true }) as Record<string, string>[];

    // What the exchange keeps (six months) of the demo's deals, inside the tax year.
    const { from, to } = taxYearRange(year, 1);
    const earliest = historyEarliest(now);
    const executed = s.ex.engine.state.deals
      .filter((d) => d.time >= earliest && d.time * 1000 >= from && d.time * 1000 < to)
      .sort((a, b) => a.time - b.time || a.id - b.id);
    expect(executed.length).toBeGreaterThan(10);
    // The fresh buy is among them, its fee in the BTC it bought.
    expect(executed.at(-1)).toMatchObject({ side: 'buy', amount: '0.01', fee: '0.00001' });
    expect(executed.some((d) => d.side === 'buy') && executed.some((d) => d.side === 'sell')).toBe(
      true,
    );
    expect(result.rows).toBe(executed.length);
    expect(rows).toHaveLength(executed.length);
    rows.forEach((row, i) => {
      const { Date: date, Label, ...moved } = row;
      const expected = koinlyRowOf(executed[i]!);
      expect({ Date: date, Label, ...moved }).toEqual({
        ...expected,
        'Net Worth Amount': '',
        'Net Worth Currency': '',
        Description: expect.stringContaining(`deal ${executed[i]!.id}`) as unknown as string,
        TxHash: '',
      });
    });
  });
});
