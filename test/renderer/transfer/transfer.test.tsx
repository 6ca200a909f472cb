import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BalanceMove, BalancePair, TradeContext } from '../../../src/shared/model';
import { TransferDialog, useBalancePair } from '../../../src/renderer/features/transfer';
import { setDesk } from '../../../src/renderer/lib/desk';
import { fakeDesk } from '../fakeDesk';
import { TradeView } from '../../../src/renderer/features/trade/TradeView';
import { BTC_USDT, context, leaveTradeScreen, resetTradeScreen } from '../trade/fixtures';

const PAIR: BalancePair = {
  ticker: 'USDT',
  main: '1234.567891',
  trade: '10.5',
  places: 2,
  fetchedAt: 1_700_000_000_000,
};

const moved = (input: unknown): BalanceMove => ({
  outcome: 'moved',
  ...(input as { ticker: string; amount: string; from: 'main'; to: 'trade' }),
  reconciled: false,
});

const amountBox = () => screen.getByRole('textbox', { name: /^Amount/ });
const fieldError = (id: string) => document.getElementById(`${id}-error`)?.textContent;

describe('TransferDialog', () => {
  afterEach(() => {
    cleanup();
    setDesk(undefined);
  });

  it('offers asset and direction; Max takes the source balance; the balance at the asset’s places', async () => {
    const fake = fakeDesk({ 'transfers.balances': async () => PAIR });
    setDesk(fake.desk);
    render(
      <TransferDialog request={{ ticker: 'USDT' }} assets={['BTC', 'USDT']} onDone={() => {}} />,
    );
    expect(screen.getByRole('combobox', { name: 'Asset' })).toHaveProperty('value', 'USDT');
    const direction = screen.getByRole('combobox', { name: 'Direction' });
    expect(direction).toHaveProperty('value', 'main');
    await screen.findByText('1,234.57');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountBox()).toHaveProperty('value', '1234.567891');
    fireEvent.change(direction, { target: { value: 'trade' } });
    expect(screen.getByText('10.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountBox()).toHaveProperty('value', '10.5');
    expect(fake.callsTo('transfers.balances')).toEqual([{ ticker: 'USDT' }]);
  });

  it('says above the balance under Amount before anything is sent', async () => {
    const fake = fakeDesk({ 'transfers.balances': async () => PAIR });
    setDesk(fake.desk);
    render(<TransferDialog request={{ ticker: 'USDT' }} assets={['USDT']} onDone={() => {}} />);
    await screen.findByText('1,234.57');
    fireEvent.change(amountBox(), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(fieldError('transfer-amount')).toBe(
      'More than the main balance holds: 1,234.57 USDT available.',
    );
    expect(fake.callsTo('transfers.move')).toEqual([]);
  });

  it('confirms, sends once however often Move is clicked, and reports what moved', async () => {
    let finish: (move: BalanceMove) => void = () => {};
    const fake = fakeDesk({
      'transfers.balances': async () => PAIR,
      'transfers.move': () => new Promise<BalanceMove>((resolve) => (finish = resolve)),
    });
    setDesk(fake.desk);
    const done: unknown[] = [];
    render(
      <TransferDialog
        request={{ ticker: 'USDT' }}
        assets={['USDT']}
        onDone={(outcome) => done.push(outcome?.text)}
      />,
    );
    await screen.findByText('1,234.57');
    fireEvent.change(amountBox(), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByTestId('transfer-summary').textContent).toBe(
      'Move 25.00 USDT from the main balance to the trade balance.',
    );
    const move = screen.getByRole('button', { name: 'Move' });
    fireEvent.click(move);
    fireEvent.click(move);
    await waitFor(() => expect(fake.callsTo('transfers.move')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Moving…' })).toHaveProperty('disabled', true);
    finish(moved(fake.callsTo('transfers.move')[0]));
    await waitFor(() => expect(done).toEqual(['Moved 25.00 USDT from main to trade.']));
    expect(fake.callsTo('transfers.move')).toEqual([
      { ticker: 'USDT', amount: '25', from: 'main', to: 'trade' },
    ]);
  });

  it('puts each refusal of the exchange under its field, back on the form', async () => {
    const refusals = [
      {
        fields: { amount: ['Below the smallest transfer: at least 0.00000001 USDT.'] },
        id: 'transfer-amount',
      },
      { fields: { ticker: ['The exchange does not know USDT.'] }, id: 'transfer-ticker' },
    ];
    for (const { fields, id } of refusals) {
      const fake = fakeDesk({
        'transfers.balances': async () => PAIR,
        'transfers.move': async () => {
          throw { code: 'EXCHANGE_VALIDATION', message: 'Refused', fields };
        },
      });
      setDesk(fake.desk);
      render(<TransferDialog request={{ ticker: 'USDT' }} assets={['USDT']} onDone={() => {}} />);
      await screen.findByText('1,234.57');
      fireEvent.change(amountBox(), { target: { value: '1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Review' }));
      fireEvent.click(screen.getByRole('button', { name: 'Move' }));
      await waitFor(() => expect(fieldError(id)).toBe(Object.values(fields)[0]![0]));
      cleanup();
    }
  });
});

describe('Trade: Move X from main', () => {
  beforeEach(resetTradeScreen);
  afterEach(leaveTradeScreen);

  /** Trade with 1,000 USDT on trade and `main` USDT on main; a buy of 0.02 BTC needs ≈ 1,201.00 (201.00 more). */
  async function open(main: string, after?: TradeContext) {
    // The context before the move is older than `after`, whatever the clock did since.
    let current = context(after ? { fetchedAt: after.fetchedAt - 1 } : {});
    const fake = fakeDesk({
      'trade.markets': async () => [BTC_USDT],
      'trade.context': async () => current,
      'transfers.balances': async () => ({ ...PAIR, main }),
      'transfers.move': async (input) => {
        if (after) current = after;
        return moved(input);
      },
    });
    setDesk(fake.desk);
    render(<TradeView />);
    await screen.findByRole('button', { name: 'Review order' });
    fireEvent.change(amountBox(), { target: { value: '0.02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    await waitFor(() => expect(fieldError('trade-amount')).toContain('Not enough USDT'));
    return fake;
  }

  it('is offered when the main balance covers the shortfall, at the money’s places', async () => {
    await open('500');
    const offer = await screen.findByTestId('trade-move-offer');
    expect(offer.textContent).toBe('Move 201.00 USDT from main');
  });

  it('is not offered when the main balance does not cover it', async () => {
    const fake = await open('200.99');
    // The main balance is in (what the offer is decided on), and the form shows the shortfall.
    await waitFor(() => expect(useBalancePair.getState().data?.main).toBe('200.99'));
    expect(fake.callsTo('transfers.balances')).toEqual([{ ticker: 'USDT' }]);
    expect(fieldError('trade-amount')).toContain('Not enough USDT');
    expect(screen.queryByTestId('trade-move-offer')).toBeNull();
  });

  it('confirms the move of the shortfall, then checks the form again', async () => {
    const after = context({
      money: { available: '1201.00', freeze: '0' },
      fetchedAt: Date.now() + 1,
    });
    const fake = await open('500', after);
    fireEvent.click(await screen.findByTestId('trade-move-offer'));
    const dialog = await screen.findByRole('dialog', { name: 'Move between balances?' });
    expect(within(dialog).getByTestId('transfer-summary').textContent).toBe(
      'Move 201.00 USDT from the main balance to the trade balance.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(fake.callsTo('transfers.move')).toEqual([
        { ticker: 'USDT', amount: '201.00', from: 'main', to: 'trade' },
      ]),
    );
    // The Trade context reloads after the move; the form checks again: the order goes to review.
    await screen.findByRole('button', { name: 'Confirm order' });
    expect(fieldError('trade-amount')).toBeFalsy();
    expect(screen.queryByTestId('trade-move-offer')).toBeNull();
  });
});
