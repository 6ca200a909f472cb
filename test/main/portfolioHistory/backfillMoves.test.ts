import { describe, expect, it } from 'vitest';
import { backfill, type BackfillInput } from '../../../src/main/portfolioHistory/backfill';
import { movementsOf } from '../../../src/main/portfolioHistory/movements';
import { DAY_MS } from '../../../src/main/portfolioHistory/prices';
import type {
  Snapshot,
  StoredConvert,
  StoredSubAccountTransfer,
} from '../../../src/main/portfolioHistory/records';
import { closesOf, transfer } from './fixtures';

const H = 3_600_000;
const D0 = 20_000 * DAY_MS;
const D1 = D0 + DAY_MS;
const D2 = D1 + DAY_MS;
const D3 = D2 + DAY_MS;
const NOW = D3 + 12 * H;

const closes = closesOf([
  ['BTC_USDT', D0, '49000'],
  ['BTC_USDT', D1, '49500'],
  ['BTC_USDT', D2, '50000'],
  ['BTC_USDT', D3, '51000'],
]);

const usdt = (takenAt: number, main: string, trade: string, total: string): Snapshot => ({
  takenAt,
  quote: 'USDT',
  total,
  holdings: [{ ticker: 'USDT', main, trade, flex: '0', price: '1' }],
});

// 1000 USDT deposited on D0; on D1 400 go to a sub-account; on D2 100 USDT are converted to
// 0.002 BTC at the quoted rate 50000 (D2's close). Held now: 500 USDT and 0.002 BTC.
const deposit = transfer('deposit', 'USDT', '1000', '0', D0 + H);
const toSub: StoredSubAccountTransfer = {
  transactionId: 't1',
  subAccountId: 'sub-1',
  direction: 'main_to_sub',
  ticker: 'USDT',
  amount: '400',
  time: D1 + 12 * H,
};
const convert: StoredConvert = {
  id: 'c1',
  from: 'USDT',
  to: 'BTC',
  give: '100',
  receive: '0.002',
  time: D2 + 3 * H,
};

const input = (over: Partial<BackfillInput> = {}): BackfillInput => ({
  now: NOW,
  holdings: { USDT: '500', BTC: '0.002' },
  movements: movementsOf({
    deals: [],
    transfers: [deposit],
    flexPayments: [],
    subAccountTransfers: [toSub],
    converts: [convert],
  }),
  // Before the transfer the main account held 800 main + 200 trade; after it 200 + 400: the
  // main ↔ trade move between the two has no record (it changes no total).
  snapshots: [usdt(D1 + 2 * H, '800', '200', '1000'), usdt(D1 + 18 * H, '200', '400', '600')],
  closes,
  quote: 'USDT',
  from: 0,
  to: NOW,
  ...over,
});

const values = (r: ReturnType<typeof backfill>) => r.points.map((p) => [p.time, p.value, p.source]);

describe('backfill across internal moves (issue 34 item 6)', () => {
  it('a transfer to a sub-account: the value leaves at that moment, with no gap and no gain', () => {
    const r = backfill(input());
    expect(r.gaps).toEqual([]);
    expect(values(r)).toEqual([
      [D1 - 1, '1000', 'backfill'],
      [D1 + 2 * H, '1000', 'live'],
      // Less exactly the 400 that left to the sub-account.
      [D1 + 18 * H, '600', 'live'],
      // The convert at the quoted rate: 500 + 0.002 x 50000, the day's close; no gain.
      [D3 - 1, '600', 'backfill'],
      [NOW, '602', 'backfill'],
    ]);
  });

  it('without the moves the history could not explain the balances (what the records fix)', () => {
    const r = backfill(
      input({ movements: movementsOf({ deals: [], transfers: [deposit], flexPayments: [] }) }),
    );
    expect(r.gaps.length).toBeGreaterThan(0);
    expect(r.gaps.flatMap((g) => g.assets)).toContain('USDT');
  });

  it('a transfer back from a sub-account adds the units back: no gap', () => {
    const back: StoredSubAccountTransfer = {
      ...toSub,
      transactionId: 't2',
      direction: 'sub_to_main',
      time: D2 + H,
    };
    const r = backfill(
      input({
        holdings: { USDT: '900', BTC: '0.002' },
        movements: movementsOf({
          deals: [],
          transfers: [deposit],
          flexPayments: [],
          subAccountTransfers: [toSub, back],
          converts: [convert],
        }),
      }),
    );
    expect(r.gaps).toEqual([]);
    expect(values(r).at(-2)).toEqual([D3 - 1, '1000', 'backfill']);
  });

  it('main ↔ trade: the series is unchanged across one', () => {
    const r = backfill({
      now: NOW,
      holdings: { USDT: '1000' },
      movements: movementsOf({ deals: [], transfers: [deposit], flexPayments: [] }),
      snapshots: [usdt(D1 + H, '1000', '0', '1000'), usdt(D2 + H, '300', '700', '1000')],
      closes,
      quote: 'USDT',
      from: 0,
      to: NOW,
    });
    expect(r.gaps).toEqual([]);
    expect(new Set(r.points.map((p) => p.value))).toEqual(new Set(['1000']));
  });
});
