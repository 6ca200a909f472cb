import { describe, expect, it } from 'vitest';
import { feeOf, preview, slippageOf } from '../../../src/renderer/features/trade/preview';
import Decimal from 'decimal.js';
import { context } from './fixtures';

describe('preview from the order book', () => {
  it('walks the asks for a market buy: average price, cost, its fee in the stock, slippage', () => {
    // The exchange charges a buy's fee in the stock it receives: it pays the deal's money.
    expect(preview({ kind: 'stock_market', side: 'buy', amount: '0.02' }, context())).toEqual({
      stock: '0.02',
      money: '1201',
      avgPrice: '60050',
      fee: '0.00002',
      feeUnit: 'stock',
      total: '1201',
      received: '0.01998',
      slippage: '0.08',
      slippageWarning: false,
      notEnoughDepth: false,
    });
  });

  it('walks the bids for a market sell: proceeds minus fee', () => {
    const p = preview({ kind: 'stock_market', side: 'sell', amount: '0.03' }, context());
    expect(p).toMatchObject({
      stock: '0.03',
      money: '1795',
      avgPrice: '59833.33',
      fee: '1.795',
      feeUnit: 'money',
      total: '1793.205',
      received: '1793.205',
      slippage: '0.28',
      slippageWarning: false,
    });
  });

  it('warns above 1 % of slippage against the last price', () => {
    const p = preview({ kind: 'stock_market', side: 'buy', amount: '0.1' }, context());
    expect(p.money).toBe('6072');
    expect(p.avgPrice).toBe('60720');
    expect(p.slippage).toBe('1.20');
    expect(p.slippageWarning).toBe(true);
    // Exactly 1 % is not above 1 %.
    const flat = preview(
      { kind: 'stock_market', side: 'buy', amount: '0.01' },
      context({ lastPrice: '59405.94' }),
    );
    expect(flat.slippage).toBe('1.00');
    expect(flat.slippageWarning).toBe(false);
  });

  it('says "not enough depth" when the book cannot fill the amount', () => {
    const p = preview({ kind: 'stock_market', side: 'buy', amount: '2' }, context());
    expect(p.notEnoughDepth).toBe(true);
    expect(p.stock).toBe('1.03');
    const sell = preview({ kind: 'stock_market', side: 'sell', amount: '0.07' }, context());
    expect(sell.notEnoughDepth).toBe(true);
    expect(sell.stock).toBe('0.06');
  });

  it('spends the whole money budget in whole stock steps, the fee out of the stock', () => {
    const p = preview({ kind: 'market', side: 'buy', amount: '100' }, context());
    expect(p).toMatchObject({
      stock: '0.0016',
      money: '96',
      avgPrice: '60000',
      fee: '0.0000016',
      feeUnit: 'stock',
      total: '96',
      received: '0.0015984',
      slippage: '0.00',
      notEnoughDepth: false,
    });
    const across = preview({ kind: 'market', side: 'buy', amount: '1300' }, context());
    // 600 + 0.0116 × 60100 (budget 1300, 700 left after the first level): 0.01 + 0.0116 BTC.
    expect(across.stock).toBe('0.0216');
    expect(across.money).toBe('1297.16');
    expect(across.notEnoughDepth).toBe(false);
  });

  it('previews a limit order: immediate fills at taker fee, the rest at maker fee if it rests', () => {
    const p = preview({ kind: 'limit', side: 'buy', amount: '0.02', price: '60050' }, context());
    expect(p).toMatchObject({
      stock: '0.01',
      money: '600',
      // A buy's fees are in the BTC it receives: taker on the 0.01 filled, maker on the 0.01 resting.
      fee: '0.00001',
      feeUnit: 'stock',
      crosses: true,
      rests: '0.01',
      limitTotal: '1201',
      restingFee: '0.00001',
      notEnoughDepth: false,
    });
    const resting = preview(
      { kind: 'limit', side: 'sell', amount: '0.02', price: '65000' },
      context(),
    );
    expect(resting).toMatchObject({
      stock: '0',
      crosses: false,
      rests: '0.02',
      limitTotal: '1300',
      restingFee: '1.3',
      feeUnit: 'money',
      avgPrice: null,
      slippage: null,
    });
  });

  it('has no slippage without a last price', () => {
    const p = preview(
      { kind: 'stock_market', side: 'buy', amount: '0.01' },
      context({ lastPrice: null }),
    );
    expect(p.slippage).toBeNull();
    expect(p.slippageWarning).toBe(false);
  });

  it('computes fees from percent strings ("0.1" = 0.1 %) and slippage per side', () => {
    expect(feeOf(new Decimal('1000'), '0.1').toFixed()).toBe('1');
    expect(feeOf(new Decimal('1234.5'), '0.25').toFixed()).toBe('3.08625');
    expect(slippageOf(new Decimal('101'), new Decimal('100'), 'buy').toFixed()).toBe('1');
    expect(slippageOf(new Decimal('99'), new Decimal('100'), 'sell').toFixed()).toBe('1');
    expect(slippageOf(new Decimal('99'), new Decimal('100'), 'buy').toFixed()).toBe('-1');
  });
});
