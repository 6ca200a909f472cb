import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TradeView } from '../../../src/renderer/features/trade/TradeView';
import { setDesk } from '../../../src/renderer/lib/desk';
import { fakeDesk } from '../fakeDesk';
import { BTC_USDT, context, leaveTradeScreen, resetTradeScreen } from './fixtures';

beforeEach(resetTradeScreen);
afterEach(leaveTradeScreen);

describe('Trade balances', () => {
  it('shows a balance at its asset’s places (the market’s precision), whatever the exchange’s scale', async () => {
    const market = { ...BTC_USDT, stockPrec: 6 };
    setDesk(
      fakeDesk({
        'trade.markets': async () => [market],
        'trade.context': async () =>
          context({
            market,
            stock: { available: '0.85000000', freeze: '0' },
            money: { available: '1523.7700', freeze: '0.5' },
          }),
      }).desk,
    );
    render(<TradeView />);
    await screen.findByRole('button', { name: 'Review order' });
    expect(screen.getByTestId('balance-stock').textContent).toBe(
      '0.850000 BTC · in orders 0.000000',
    );
    expect(screen.getByTestId('balance-money').textContent).toBe('1,523.77 USDT · in orders 0.50');
  });
});
