import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SubAccountFunds } from '../../../src/renderer/features/accounts/SubAccountFunds';
import { useSubAccountsStore } from '../../../src/renderer/features/accounts/subAccountsStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { clearRemotes } from '../../../src/renderer/lib/remote';
import type {
  SubAccount,
  SubAccountBalances,
  SubAccountMove,
  SubAccountTransfer,
  SubAccountTransfersView,
} from '../../../src/shared/model';
import { deferred, sizeTableBodies } from '../earn/fixtures';
import { fakeDesk, type FakeImpl } from '../fakeDesk';
import { BOT } from './fixtures';

const SAVINGS: SubAccount = {
  ...BOT,
  id: '5b0f7c1e-8d7a-4c57-9a43-2f1e0a6b9c11',
  alias: 'savings',
};

const PRECISIONS = { USDT: 6, BTC: 8 };
const balances = (id: string, usdtMain: string): SubAccountBalances => ({
  id,
  balances: [{ ticker: 'USDT', main: usdtMain, trade: '40' }],
  precisions: PRECISIONS,
  fetchedAt: Date.now(),
});
const transfers = (id: string, records: SubAccountTransfer[]): SubAccountTransfersView => ({
  id,
  limit: 100,
  offset: 0,
  records,
  fetchedAt: Date.now(),
});

const idOf = (input: unknown) => (input as { id: string }).id;

let unsize: () => void;
beforeAll(() => {
  unsize = sizeTableBodies();
});
afterAll(() => unsize());
afterEach(() => {
  cleanup();
  setDesk(undefined);
  clearRemotes();
});

function serve(impl: FakeImpl = {}) {
  const fake = fakeDesk({
    'subAccounts.balances': async (input) => balances(idOf(input), '250'),
    'subAccounts.transfers': async (input) => transfers(idOf(input), []),
    ...impl,
  });
  setDesk(fake.desk);
  useSubAccountsStore.setState({
    data: { records: [BOT, SAVINGS], fetchedAt: Date.now() },
    error: undefined,
  });
  render(<SubAccountFunds />);
  return fake;
}

const amountInput = () => screen.getByLabelText('Amount (USDT)');

describe('Sub-account balances and transfers', () => {
  it("shows the chosen sub-account's main and trade balances at the asset's places", async () => {
    const fake = serve();
    const row = (await screen.findAllByTestId('sub-balance-row'))[0]!;
    expect(row.textContent).toContain('USDT');
    // USDT has 6 places: 250 is written 250.000000, the exact value on hover.
    expect(within(row).getByTitle('250').textContent).toBe('250.000000');
    expect(within(row).getByTitle('40').textContent).toBe('40.000000');
    fireEvent.change(screen.getByLabelText('Sub-account'), { target: { value: SAVINGS.id } });
    await waitFor(() =>
      expect(fake.callsTo('subAccounts.balances')).toContainEqual({ id: SAVINGS.id }),
    );
  });

  it('a transfer is confirmed first, sent once, then the balances and history reload', async () => {
    let main = '250';
    let history: SubAccountTransfer[] = [];
    const answer = deferred<SubAccountMove>();
    const fake = serve({
      'subAccounts.balances': async (input) => balances(idOf(input), main),
      'subAccounts.transfers': async (input) => transfers(idOf(input), history),
      'subAccounts.transfer': () => answer.promise,
    });
    await screen.findAllByTestId('sub-balance-row');
    fireEvent.change(amountInput(), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this transfer?' });
    expect(dialog.textContent).toContain('12.5 USDT from the main account to trading-bot');
    expect(fake.callsTo('subAccounts.transfer')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    // In flight: the form's button cannot send a second one.
    expect(
      (screen.getAllByRole('button', { name: 'Transferring…' })[0] as HTMLButtonElement).disabled,
    ).toBe(true);
    main = '262.5';
    history = [
      {
        transactionId: 'tx-1',
        direction: 'main_to_sub',
        ticker: 'USDT',
        amount: '12.5',
        createdAt: Date.now(),
      },
    ];
    answer.resolve({
      outcome: 'moved',
      id: BOT.id,
      direction: 'main_to_sub',
      ticker: 'USDT',
      amount: '12.5',
      transactionId: 'tx-1',
      reconciled: false,
    });
    expect((await screen.findByRole('status')).textContent).toBe('Moved 12.5 USDT to trading-bot.');
    expect(fake.callsTo('subAccounts.transfer')).toEqual([
      { id: BOT.id, direction: 'main_to_sub', ticker: 'USDT', amount: '12.5' },
    ]);
    const row = await screen.findByTestId('sub-transfer-row');
    expect(row.textContent).toContain('To sub-account');
    expect(within(row).getByTitle('12.5').textContent).toBe('12.500000');
    await waitFor(() =>
      expect(within(screen.getAllByTestId('sub-balance-row')[0]!).getByTitle('262.5')).toBeTruthy(),
    );
  });

  it('a refusal is shown under the amount; an empty amount is refused before anything is sent', async () => {
    const fake = serve({
      'subAccounts.transfer': async () => {
        throw {
          code: 'EXCHANGE_VALIDATION',
          message: 'More than the main account holds: 3 USDT available.',
          fields: { amount: ['More than the main account holds: 3 USDT available.'] },
        };
      },
    });
    await screen.findAllByTestId('sub-balance-row');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByText('Enter an amount above 0, e.g. 0.5.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(amountInput(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Transfer' }));
    expect(
      await screen.findByText('More than the main account holds: 3 USDT available.'),
    ).toBeTruthy();
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsTo('subAccounts.transfer')).toHaveLength(1);
  });
});
