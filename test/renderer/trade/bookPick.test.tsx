import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leaveTradeScreen, openTrade, resetTradeScreen } from './fixtures';

/** Issue 32 point 7: a level of the book fills the price of the order. */

beforeEach(resetTradeScreen);
afterEach(leaveTradeScreen);

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('a book level fills the price', () => {
  it('a limit takes the level’s price; a market order becomes a limit at it; a stop its activation', async () => {
    await openTrade();
    fireEvent.click(screen.getByRole('radio', { name: 'Limit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use the ask 60,100.00 as the price' }));
    expect(field(/^Limit price/).value).toBe('60100');

    fireEvent.click(screen.getByRole('radio', { name: /^Market \(amount in/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Use the bid 59,900.00 as the price' }));
    expect(screen.getByRole('radio', { name: 'Limit' })).toHaveProperty('checked', true);
    expect(field(/^Limit price/).value).toBe('59900');

    fireEvent.click(screen.getByRole('radio', { name: 'Stop-market' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use the ask 61,000.00 as the price' }));
    expect(field(/^Activation price/).value).toBe('61000');
  });
});
