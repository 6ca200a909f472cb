import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TradeView } from '../../../src/renderer/features/trade/TradeView';
import { setDesk } from '../../../src/renderer/lib/desk';
import { fakeDesk } from '../fakeDesk';
import { BTC_USDT, context, leaveTradeScreen, resetTradeScreen } from './fixtures';

beforeEach(resetTradeScreen);
afterEach(leaveTradeScreen);

describe('Trade balances', () => {
  it('shows a balance with the same decimals as Overview: its own scale, whatever the market precision', async () => {
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
    expect(screen.getByTestId('balance-stock').textContent).toBe('0.85 BTC · in orders 0.00');
    expect(screen.getByTestId('balance-money').textContent).toBe('1,523.77 USDT · in orders 0.50');
  });
});
