import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OverviewView } from '../../../src/renderer/features/overview/OverviewView';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { OverviewAccounts, PortfolioOverview } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { netWorth, overview, overviewScreenHooks, profitLoss } from './fixtures';

overviewScreenHooks();

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const CHOICES = [
  { id: 'main', alias: 'Main account' },
  { id: ALICE, alias: 'alice' },
  { id: BOB, alias: 'bob' },
];

/**
 * main's side of the filter: it keeps `counted` and answers the Overview over the accounts asked
 * for (a total of 100 per account, so the screen's total says which were counted).
 */
function serve(kept: string[] = ['main']) {
  const state = { counted: kept };
  const view = (): OverviewAccounts => ({
    counted: state.counted,
    choices: CHOICES,
    fetchedAt: Date.now(),
  });
  const fake = fakeDesk({
    'portfolio.overview': async (input) => {
      const { accounts = ['main'] } = input as { quote: string; accounts?: string[] };
      const counted = CHOICES.filter((c) => accounts.includes(c.id));
      const answer: PortfolioOverview = overview({
        total: String(100 * counted.length),
        unpriced: [],
        accounts: counted,
      });
      return answer;
    },
    'portfolio.accounts': async () => view(),
    'portfolio.setAccounts': async (input) => {
      state.counted = (input as { accounts: string[] }).accounts;
      return view();
    },
    'portfolio.netWorth': async () => netWorth({ points: [], since: null }),
    'portfolio.profitLoss': async () => profitLoss({ rows: [] }),
  });
  setDesk(fake.desk);
  return { fake, state };
}

const total = () => screen.getByTestId('overview-total').textContent;
const control = () => screen.findByRole('button', { name: /^Accounts:/ });

describe('the Overview accounts filter (issue 34 item 4)', () => {
  it('shows what is counted, and counts every account once all are checked', async () => {
    const { fake, state } = serve();
    render(<OverviewView />);
    const button = await control();
    expect(button.textContent).toBe('Accounts: Main account ▾');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(total()).toBe('100.00 USDT'));
    expect(screen.getByTestId('overview-accounts-note').textContent).toBe(
      'Not counted: alice, bob (2 of 3 accounts). Choose them under Accounts.',
    );

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const group = screen.getByRole('group', { name: 'Accounts counted' });
    const main = within(group).getByRole('checkbox', { name: 'Main account' });
    // The last account counted cannot be unchecked.
    expect((main as HTMLInputElement).checked).toBe(true);
    expect((main as HTMLInputElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.click(within(group).getByRole('checkbox', { name: 'alice' }));
    });
    await act(async () => {
      fireEvent.click(within(group).getByRole('checkbox', { name: 'bob' }));
    });
    await waitFor(() => expect(total()).toBe('300.00 USDT'));
    expect(state.counted).toEqual(['main', ALICE, BOB]);
    expect(button.textContent).toBe('Accounts: All accounts (3) ▾');
    expect(fake.callsTo('portfolio.overview').at(-1)).toEqual({
      quote: 'USDT',
      accounts: ['main', ALICE, BOB],
    });
    expect(screen.queryByTestId('overview-accounts-note')).toBeNull();
  });

  it('asks in the kept scope once it is known (the choice made before a restart)', async () => {
    const { fake } = serve(['main', BOB]);
    render(<OverviewView />);
    expect((await control()).textContent).toBe('Accounts: 2 of 3 accounts ▾');
    await waitFor(() => expect(total()).toBe('200.00 USDT'));
    expect(fake.callsTo('portfolio.overview').at(-1)).toEqual({
      quote: 'USDT',
      accounts: ['main', BOB],
    });
    expect(screen.getByTestId('overview-accounts-note').textContent).toContain(
      'Not counted: alice',
    );
  });

  it('is kept to the keyboard: Escape closes it and gives the focus back to the button', async () => {
    serve();
    render(<OverviewView />);
    const button = await control();
    button.focus();
    fireEvent.click(button);
    const alice = screen.getByRole('checkbox', { name: 'alice' });
    alice.focus();
    fireEvent.keyDown(alice, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Accounts counted' })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('says so when main refuses the choice, and keeps what was counted', async () => {
    const refused = fakeDesk({
      'portfolio.overview': async () => overview({ total: '100', unpriced: [] }),
      'portfolio.accounts': async () => ({ counted: ['main'], choices: CHOICES, fetchedAt: 1 }),
      'portfolio.setAccounts': async () => {
        throw new Error('The profiles file could not be written.');
      },
      'portfolio.netWorth': async () => netWorth({ points: [], since: null }),
      'portfolio.profitLoss': async () => profitLoss({ rows: [] }),
    });
    setDesk(refused.desk);
    render(<OverviewView />);
    fireEvent.click(await control());
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'bob' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain('could not be written');
    expect((screen.getByRole('checkbox', { name: 'bob' }) as HTMLInputElement).checked).toBe(false);
  });

  it('is not shown without sub-accounts', async () => {
    const fake = fakeDesk({
      'portfolio.overview': async () => overview({ unpriced: [] }),
      'portfolio.accounts': async () => ({
        counted: ['main'],
        choices: [CHOICES[0]!],
        fetchedAt: 1,
      }),
      'portfolio.netWorth': async () => netWorth({ points: [], since: null }),
      'portfolio.profitLoss': async () => profitLoss({ rows: [] }),
    });
    setDesk(fake.desk);
    render(<OverviewView />);
    await screen.findByTestId('overview-total');
    await waitFor(() => expect(fake.callsTo('portfolio.accounts')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /^Accounts:/ })).toBeNull();
    expect(screen.queryByTestId('overview-accounts-note')).toBeNull();
  });
});
