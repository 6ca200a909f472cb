import { describe, expect, it } from 'vitest';
import {
  dealMovements,
  flexMovement,
  movementsOf,
  transferMovement,
} from '../../../src/main/portfolioHistory/movements';
import { unitsText } from '../../../src/main/portfolioHistory/exact';
import { deal, transfer as stored } from './fixtures';

const plain = (ms: { ticker: string; change: bigint; kind: string }[]) =>
  ms.map((m) => [m.ticker, unitsText(m.change), m.kind]);

describe('movements', () => {
  it('a buy adds stock, takes the deal in money and the fee in its asset (as the demo engine books it)', () => {
    expect(plain(dealMovements(deal({})))).toEqual([
      ['BTC', '0.5', 'deal'],
      ['USDT', '-30000', 'deal'],
      ['USDT', '-30', 'fee'],
    ]);
  });

  it('a sell takes stock and adds money; a fee in stock is taken from the stock; a zero fee is no movement', () => {
    expect(plain(dealMovements(deal({ side: 'sell', fee: '0.0005', feeAsset: 'BTC' })))).toEqual([
      ['BTC', '-0.5', 'deal'],
      ['USDT', '30000', 'deal'],
      ['BTC', '-0.0005', 'fee'],
    ]);
    expect(dealMovements(deal({ fee: '0' }))).toHaveLength(2);
  });

  it('a deposit adds its amount; a withdrawal takes the amount and the fee on top', () => {
    expect(unitsText(transferMovement(stored('deposit', 'ETH', '2', '0.01', 2_000)).change)).toBe(
      '2',
    );
    expect(unitsText(transferMovement(stored('withdraw', 'ETH', '2', '0.01', 2_000)).change)).toBe(
      '-2.01',
    );
  });

  it('a flex payment adds its amount, exactly in decimals', () => {
    const m = flexMovement({ transactionId: 't', ticker: 'USDT', amount: '0.000000001', time: 5 });
    expect([m.ticker, unitsText(m.change), m.kind]).toEqual(['USDT', '0.000000001', 'flex']);
  });

  it('lists every record oldest first', () => {
    const all = movementsOf({
      deals: [deal({ time: 3_000 })],
      transfers: [stored('deposit', 'ETH', '2', '0', 1_000)],
      flexPayments: [{ transactionId: 't', ticker: 'USDT', amount: '1', time: 2_000 }],
    });
    expect(all.map((m) => [m.time, m.kind])).toEqual([
      [1_000, 'deposit'],
      [2_000, 'flex'],
      [3_000, 'deal'],
      [3_000, 'deal'],
      [3_000, 'fee'],
    ]);
  });
});
