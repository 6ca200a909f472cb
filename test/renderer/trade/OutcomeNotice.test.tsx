import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutcomeNotice } from '../../../src/renderer/features/trade/OutcomeNotice';
import {
  estimateOf,
  type Outcome,
  type Placed,
} from '../../../src/renderer/features/trade/placement';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { BTC_USDT, context, form } from './fixtures';

beforeEach(() => {
  useSettings.setState({ privacy: false });
});
afterEach(cleanup);

function placed(
  overrides: Partial<Placed>,
  kind: 'market' | 'stock_market' | 'limit',
  stockPrec = BTC_USDT.stockPrec,
): Outcome {
  const f = form({ kind, side: 'buy', amount: kind === 'market' ? '100' : '0.01' });
  const ctx = context({ market: { ...BTC_USDT, stockPrec, moneyPrec: 2, feePrec: 6 } });
  return {
    kind: 'placed',
    outcome: {
      outcome: 'placed',
      clientOrderId: 'desk-1',
      orderId: 7,
      market: 'BTC_USDT',
      side: 'buy',
      dealStock: '0.0015',
      dealMoney: '99.9',
      // A buy's fee is taken in the BTC it buys: 0.1 % of 0.0015.
      dealFee: '0.0000015',
      status: 'FILLED',
      reconciled: false,
      ...overrides,
    },
    review: { form: f, estimate: estimateOf(f, ctx)!, context: ctx },
  };
}

const text = () => screen.getByTestId('trade-outcome').textContent ?? '';

describe('Trade outcome', () => {
  it('tells a market buy by money what was spent, what filled and at what average price', () => {
    render(<OutcomeNotice outcome={placed({}, 'market')} />);
    // The fee in BTC, never rounded to nothing; 99.9 / 0.0015 = 66,600 average, at the tick.
    expect(text()).toContain(
      'Bought 0.0015 BTC for 99.90 USDT (fee 0.000002 BTC). Average price 66,600.00 USDT.',
    );
    expect(screen.getByText('0.000002').getAttribute('title')).toBe('0.0000015');
  });

  it('writes a fill at the market’s places, as the issue found it unrounded', () => {
    const outcome = placed(
      { dealStock: '0.098048', dealMoney: '6241.5003648', dealFee: '0.000098048' },
      'stock_market',
      6,
    );
    render(<OutcomeNotice outcome={outcome} />);
    expect(text()).toContain('Bought 0.098048 BTC for 6,241.50 USDT (fee 0.000098 BTC).');
    expect(screen.getByText('0.000098').getAttribute('title')).toBe('0.000098048');
    // A sale's fee is in the money, at the tick.
    cleanup();
    render(
      <OutcomeNotice
        outcome={placed(
          { side: 'sell', dealMoney: '6241.5003648', dealFee: '6.2415003648' },
          'stock_market',
          6,
        )}
      />,
    );
    expect(text()).toContain('(fee 6.24 USDT)');
  });

  it('never rounds a real fee to 0.00', () => {
    render(
      <OutcomeNotice outcome={placed({ side: 'sell', dealFee: '0.000123' }, 'stock_market')} />,
    );
    expect(text()).toContain('(fee 0.0001 USDT)');
    expect(screen.getByText('0.0001').getAttribute('title')).toBe('0.000123');
    expect(text()).not.toContain('0.00 USDT)');
  });
});
