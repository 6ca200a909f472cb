import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RewardsSection } from '../../../src/renderer/features/mining/RewardsSection';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import type { MiningRewardRow, MiningRewards } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { FIXED_NOW, sectionTestSetUp } from './workersFixture';
import { cellByHeader as cell } from '../components/table/cellByHeader';

sectionTestSetUp();

const row = (day: number, over: Partial<MiningRewardRow> = {}): MiningRewardRow => ({
  account: 'demo-miner',
  day,
  currency: 'BTC',
  totalReward: '0.00010204',
  reward: '0.0001',
  fee: '0.00000204',
  fppsRate: '0.00000045',
  hashrate: '222222222222222',
  status: 'successful',
  payoutDestination: 'main_balance',
  payoutAddress: null,
  payoutTransactionHash: null,
  payoutTime: null,
  feePercent: '1.99921599',
  value: '9.8000049',
  ...over,
});

function rewards(quote = 'USDT', quotePlaces = 6): MiningRewards {
  return {
    account: 'demo-miner',
    quote,
    quotePlaces,
    precisions: { BTC: 8 },
    rows: [
      row(Date.UTC(2026, 1, 2), { status: 'pending' }),
      row(Date.UTC(2026, 1, 1), {
        payoutDestination: 'external_address',
        payoutAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        value: null,
      }),
      row(Date.UTC(2026, 0, 31), { reward: '0.000000005', value: '0.000500001' }),
    ],
    months: [
      {
        month: '2026-02',
        currency: 'BTC',
        reward: '0.0002',
        fee: '0.00000408',
        value: null,
        days: 2,
      },
      {
        month: '2026-01',
        currency: 'BTC',
        reward: '0.000000005',
        fee: '0.00000204',
        value: '0.000500001',
        days: 1,
      },
    ],
    fetchedAt: FIXED_NOW,
  };
}

function serve() {
  const fake = fakeDesk({
    'mining.rewards': async (input) => {
      const { quote } = input as { quote: string };
      return quote === 'EUR' ? rewards('EUR', 2) : rewards();
    },
  });
  setDesk(fake.desk);
  return fake;
}

const dayRows = async () =>
  within(await screen.findByRole('table', { name: 'Rewards' })).findAllByTestId('reward-row');

describe('Rewards', () => {
  it("lists each day: reward and fee at the asset's places, fee %, status, payout, value in the quote", async () => {
    const fake = serve();
    render(<RewardsSection account="demo-miner" />);
    const rows = await dayRows();
    expect(rows.map((r) => cell(r, 'Day').textContent)).toEqual([
      'Feb 2, 2026',
      'Feb 1, 2026',
      'Jan 31, 2026',
    ]);
    // BTC at its currency_precision (8): half up: 0.000000005 is 0.00000001.
    expect(rows.map((r) => cell(r, 'Reward').textContent)).toEqual([
      '0.00010000 BTC',
      '0.00010000 BTC',
      '0.00000001 BTC',
    ]);
    expect(cell(rows[0]!, 'Fee %').textContent).toBe('2.00 %');
    expect(rows.map((r) => cell(r, 'Status').textContent)).toEqual(['Pending', 'Paid', 'Paid']);
    expect(cell(rows[1]!, 'Payout').textContent).toBe('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    expect(rows.map((r) => cell(r, 'Value (USDT)').textContent)).toEqual([
      '9.800005 USDT',
      '—',
      '0.000500 USDT',
    ]);
    expect(fake.callsTo('mining.rewards')).toEqual([{ account: 'demo-miner', quote: 'USDT' }]);
  });

  it('sums the months, and writes a fiat quote at 2 places when the quote changes', async () => {
    serve();
    render(<RewardsSection account="demo-miner" />);
    const months = async () =>
      within(await screen.findByRole('table', { name: 'Rewards by month' })).findAllByTestId(
        'reward-month-row',
      );
    expect((await months()).map((r) => cell(r, 'Reward').textContent)).toEqual([
      '0.00020000 BTC',
      '0.00000001 BTC',
    ]);
    act(() => useSettings.getState().setQuote('EUR'));
    await waitFor(async () =>
      expect((await months()).map((r) => cell(r, 'Value (EUR)').textContent)).toEqual([
        '—',
        '0.0005 EUR',
      ]),
    );
  });
});
