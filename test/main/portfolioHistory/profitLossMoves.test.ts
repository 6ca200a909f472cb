import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../src/main/portfolioHistory/prices';
import { profitLoss, type ProfitLossInput } from '../../../src/main/portfolioHistory/profitLoss';
import type {
  StoredConvert,
  StoredSubAccountTransfer,
} from '../../../src/main/portfolioHistory/records';
import { closesOf, transfer } from './fixtures';

const D0 = 20_000 * DAY_MS;
const D1 = D0 + DAY_MS;
const D2 = D1 + DAY_MS;
const NOW = D2 + DAY_MS + 3_600_000;

const closes = closesOf([
  ['BTC_USDT', D0, '40000'],
  ['BTC_USDT', D1, '60000'],
  ['BTC_USDT', D2, '61000'],
  ['ETH_USDT', D2, '3000.0123'],
]);

const run = (over: Partial<ProfitLossInput>) =>
  profitLoss({
    deals: [],
    transfers: [transfer('deposit', 'BTC', '1', '0', D0)], // 1 BTC at 40000
    flexPayments: [],
    holdings: {},
    priceNow: (t) => ({ BTC: new Decimal(62000), ETH: new Decimal(3100) })[t],
    closes,
    quote: 'USDT',
    now: NOW,
    ...over,
  });

const row = (r: ReturnType<typeof profitLoss>, ticker: string) =>
  r.rows.find((x) => x.ticker === ticker);

const sub = (
  direction: StoredSubAccountTransfer['direction'],
  amount: string,
  time: number,
): StoredSubAccountTransfer => ({
  transactionId: `${direction}${time}`,
  subAccountId: 'sub-1',
  direction,
  ticker: 'BTC',
  amount,
  time,
});

describe('profit and loss across internal moves (issue 34 item 6)', () => {
  it('a transfer to a sub-account removes units at their average cost: no gain, nothing estimated', () => {
    // 0.4 BTC leave on D1, when BTC closes at 60000: no gain of 0.4 x 20000 is realised.
    const r = run({
      subAccountTransfers: [sub('main_to_sub', '0.4', D1)],
      holdings: { BTC: '0.6' },
    });
    expect(row(r, 'BTC')).toMatchObject({
      amount: '0.6',
      costBasis: '24000',
      averageCost: '40000',
      realised: '0',
      estimated: false,
    });
  });

  it('back from the sub-account, the units come in at the cost they left with', () => {
    const r = run({
      subAccountTransfers: [sub('main_to_sub', '0.4', D1), sub('sub_to_main', '0.4', D2)],
      holdings: { BTC: '1' },
    });
    // Not at D2's close (61000): the 0.4 keep their cost of 40000 each.
    expect(row(r, 'BTC')).toMatchObject({ costBasis: '40000', realised: '0', estimated: false });
  });

  it('a convert is a disposal at the quoted rate and an acquisition at that same value, exactly', () => {
    const convert: StoredConvert = {
      id: 'c1',
      from: 'BTC',
      to: 'ETH',
      give: '0.5',
      receive: '10',
      time: D2 + 1_000,
    };
    const r = run({ converts: [convert], holdings: { BTC: '0.5', ETH: '10' } });
    // Proceeds: 10 ETH x 3000.0123 (D2's close of ETH, the quoted rate) = 30000.123;
    // the 0.5 BTC cost 20000: realised 10000.123. ETH's cost basis is those 30000.123.
    expect(row(r, 'BTC')).toMatchObject({
      costBasis: '20000',
      realised: '10000.123',
      estimated: false,
    });
    expect(row(r, 'ETH')).toMatchObject({
      costBasis: '30000.123',
      averageCost: '3000.0123',
      realised: '0',
      estimated: false,
    });
    expect(r.totals.realised).toBe('10000.123');
  });

  it('a convert into the quote realises exactly what was received', () => {
    const convert: StoredConvert = {
      id: 'c2',
      from: 'BTC',
      to: 'USDT',
      give: '0.25',
      receive: '15250.01',
      time: D2,
    };
    const r = run({ converts: [convert], holdings: { BTC: '0.75', USDT: '15250.01' } });
    // 15250.01 - 0.25 x 40000.
    expect(row(r, 'BTC')).toMatchObject({ realised: '5250.01', costBasis: '30000' });
  });
});
