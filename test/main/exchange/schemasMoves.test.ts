import { describe, expect, it } from 'vitest';
import {
  parseConvertDone,
  parseConvertHistory,
  parseConvertQuote,
  parseSubAccountBalances,
  parseSubAccountTransferDone,
  parseSubAccountTransfers,
} from '../../../src/main/exchange/schemas';
import { MAX_ITEMS } from '../../../src/main/exchange/schemas/primitives';
import { thrown } from '../../support/exchangeErrors';

/** Sub-account balances and transfers, and convert: the answers read, bounded and refused. */

describe('sub-account answers', () => {
  it('balances: main and trade per ticker, summed exactly, zero ones left out, by ticker', () => {
    expect(
      parseSubAccountBalances({
        USDT: [{ main: '42.10', spot: '10', collateral: '14' }],
        BTC: [{ main: '0.1', spot: '0.2' }, { main: '0.2' }],
        ETH: [{ main: '0', spot: '0', collateral: '0' }],
        XRP: [],
      }),
    ).toEqual([
      { ticker: 'BTC', main: '0.3', trade: '0.2' },
      { ticker: 'USDT', main: '42.1', trade: '10' },
    ]);
    expect(parseSubAccountBalances([])).toEqual([]);
  });

  it('balances: a negative, a non-number or too many tickers is an unexpected answer', () => {
    expect(thrown(() => parseSubAccountBalances({ BTC: [{ main: '-1', spot: '0' }] })).kind).toBe(
      'unexpected',
    );
    expect(thrown(() => parseSubAccountBalances({ BTC: [{ main: 'lots' }] })).message).toMatch(
      /sub-account\/balances/,
    );
    const many = Object.fromEntries(
      Array.from({ length: MAX_ITEMS + 1 }, (_, i) => [`T${i}`, [{ main: '1' }]]),
    );
    expect(thrown(() => parseSubAccountBalances(many)).message).toMatch(/more than/);
  });

  it('transfer: its transaction id; history in either casing, the deprecated id as a fallback', () => {
    expect(parseSubAccountTransferDone({ transaction_id: 'tx-1' })).toBe('tx-1');
    expect(thrown(() => parseSubAccountTransferDone({})).kind).toBe('unexpected');
    const record = {
      direction: 'main_to_sub',
      currency: 'ETH',
      amount: '0.5',
      createdAt: 1641081600,
    };
    expect(
      parseSubAccountTransfers({
        offset: 0,
        limit: 100,
        data: [
          { transaction_id: 'tx-2', id: 'tx-2', ...record },
          { transactionId: 'tx-1', ...record, direction: 'sub_to_main' },
          { id: 'tx-0', ...record },
        ],
      }),
    ).toEqual({
      offset: 0,
      limit: 100,
      records: [
        {
          transactionId: 'tx-2',
          direction: 'main_to_sub',
          ticker: 'ETH',
          amount: '0.5',
          createdAt: 1641081600000,
        },
        {
          transactionId: 'tx-1',
          direction: 'sub_to_main',
          ticker: 'ETH',
          amount: '0.5',
          createdAt: 1641081600000,
        },
        {
          transactionId: 'tx-0',
          direction: 'main_to_sub',
          ticker: 'ETH',
          amount: '0.5',
          createdAt: 1641081600000,
        },
      ],
    });
    expect(
      thrown(() => parseSubAccountTransfers({ data: [{ ...record, direction: 'sideways' }] })).kind,
    ).toBe('unexpected');
  });
});

describe('convert answers', () => {
  const quote = {
    id: '4050',
    from: 'BTC',
    to: 'USDT',
    give: '1',
    receive: '34299.76',
    rate: '34299.76',
    expireAt: 1699016476,
  };

  it('a quote, its expiry in ms', () => {
    expect(parseConvertQuote(quote)).toEqual({ ...quote, expireAt: 1699016476000 });
    expect(thrown(() => parseConvertQuote({ ...quote, receive: '-5' })).kind).toBe('unexpected');
    expect(thrown(() => parseConvertQuote({ ...quote, id: undefined })).kind).toBe('unexpected');
  });

  it('a confirmation: what was given and received', () => {
    expect(parseConvertDone({ finalGive: '0.00002901', finalReceive: '1' })).toEqual({
      give: '0.00002901',
      receive: '1',
    });
    expect(thrown(() => parseConvertDone({ finalGive: '1' })).kind).toBe('unexpected');
  });

  it('history: from and to from the path, totals defaulted, bounded', () => {
    const record = {
      id: '4030',
      date: 1699020642,
      give: '0.00002901',
      receive: '1',
      rate: '34470.87211306',
      path: [{ from: 'BTC', to: 'USDT', rate: '34470.87211306' }],
    };
    expect(parseConvertHistory({ records: [record] })).toEqual({
      records: [
        {
          id: '4030',
          date: 1699020642000,
          from: 'BTC',
          to: 'USDT',
          give: '0.00002901',
          receive: '1',
          rate: '34470.87211306',
        },
      ],
      total: 1,
      limit: 1,
      offset: 0,
    });
    expect(parseConvertHistory({ records: [{ ...record, path: [] }] }).records[0]).toMatchObject({
      from: '',
      to: '',
    });
    const many = { records: Array.from({ length: MAX_ITEMS + 1 }, () => record) };
    expect(thrown(() => parseConvertHistory(many)).message).toMatch(/more than/);
  });
});
