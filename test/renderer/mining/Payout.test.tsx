import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayoutSection } from '../../../src/renderer/features/mining/PayoutSection';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { PayoutDestination } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { FIXED_NOW, sectionTestSetUp, workersServed } from './workersFixture';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

function serve() {
  const fake = fakeDesk({
    ...workersServed(),
    'mining.setPayout': async (input) => {
      const { account, destination, address } = input as Record<string, string>;
      return {
        account: account!,
        destination: destination as PayoutDestination['destination'],
        address: address ?? null,
        fetchedAt: FIXED_NOW,
      };
    },
  });
  setDesk(fake.desk);
  return fake;
}

sectionTestSetUp();

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Change the payout destination' }));
  });

describe('Payout destination', () => {
  it('shows where the rewards go', async () => {
    serve();
    render(<PayoutSection account="demo-miner" />);
    await screen.findByText('Rewards of demo-miner go to the main balance.');
  });

  it('a change needs the address typed twice and the account name; nothing is sent until both hold', async () => {
    const fake = serve();
    render(<PayoutSection account="demo-miner" />);
    await screen.findByText('Rewards of demo-miner go to the main balance.');
    fireEvent.click(screen.getByRole('button', { name: 'Change…' }));
    type('BTC address', ADDRESS);
    type('BTC address again', `${ADDRESS}x`);
    type('Type demo-miner to confirm', 'demo');
    await submit();
    expect(screen.getByText('Type the same address again: the two differ.')).toBeTruthy();
    expect(screen.getByText("Type the account's name, demo-miner, to confirm.")).toBeTruthy();
    expect(fake.callsTo('mining.setPayout')).toEqual([]);
    type('BTC address again', ADDRESS);
    type('Type demo-miner to confirm', 'demo-miner');
    await submit();
    expect(fake.callsTo('mining.setPayout')).toEqual([
      {
        account: 'demo-miner',
        destination: 'external_address',
        address: ADDRESS,
        addressAgain: ADDRESS,
        confirmation: 'demo-miner',
      },
    ]);
    expect(screen.getByTestId('payout-now').textContent).toBe(
      `Rewards of demo-miner go to the address ${ADDRESS}.`,
    );
    expect(screen.getByRole('status').textContent).toBe('The payout destination was changed.');
  });
});
