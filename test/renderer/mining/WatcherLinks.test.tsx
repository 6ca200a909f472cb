import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WatcherLinksSection } from '../../../src/renderer/features/mining/WatcherLinksSection';
import { setDesk } from '../../../src/renderer/lib/desk';
import { WATCHER_LINK_CAP_MESSAGE } from '../../../src/shared/contract';
import type { WatcherLink } from '../../../src/shared/model';
import { clickCopy, stubClipboard } from '../clipboard';
import { fakeDesk } from '../fakeDesk';
import { FIXED_NOW, sectionTestSetUp, workersServed } from './workersFixture';

const link = (n: number, overrides: Partial<WatcherLink> = {}): WatcherLink => ({
  id: `id${n}`,
  accounts: ['demo-miner'],
  name: `watcher_${n}`,
  link: `https://whitebit.com/mining-pool/watcher-link/id${n}`,
  permissions: ['dashboard', 'workers'],
  liveUntil: FIXED_NOW + 3_600_000,
  createdAt: FIXED_NOW,
  ...overrides,
});

/** The exchange's links of demo-miner; create appends one named as asked. */
function serve(links: WatcherLink[]) {
  const fake = fakeDesk({
    ...workersServed(),
    'mining.watcherLinks': async () => ({ account: 'demo-miner', links, fetchedAt: FIXED_NOW }),
    'mining.createWatcherLink': async (input) => {
      const { name } = input as { name: string };
      links.push(link(links.length + 1, { name }));
      return { account: 'demo-miner', links: [...links], fetchedAt: FIXED_NOW };
    },
  });
  setDesk(fake.desk);
  return fake;
}

sectionTestSetUp();

const list = () => screen.getByRole('list', { name: 'Watcher links of demo-miner' });

describe('Watcher links', () => {
  it('lists each link with what it shows and when it expires', async () => {
    serve([link(1), link(2, { liveUntil: null, permissions: ['rewards'] })]);
    render(<WatcherLinksSection account="demo-miner" />);
    await screen.findByText('watcher_1');
    const items = within(list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('https://whitebit.com/mining-pool/watcher-link/id1');
    expect(items[0]!.textContent).toContain('Shows: Dashboard, Workers');
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(
      new Date(FIXED_NOW + 3_600_000).toISOString(),
    );
    expect(items[1]!.textContent).toContain('Never expires');
    expect(items[1]!.textContent).toContain('Shows: Rewards');
  });

  it('says the cap and that links cannot be revoked before creating', async () => {
    serve([link(1)]);
    render(<WatcherLinksSection account="demo-miner" />);
    await screen.findByText('watcher_1');
    const create = screen.getByRole('button', { name: 'Create…' });
    const note = document.getElementById(create.getAttribute('aria-describedby')!)!;
    expect(note.textContent).toBe(`${WATCHER_LINK_CAP_MESSAGE} demo-miner has 1 of 3.`);
  });

  it('creates a link with the chosen permissions and a 1-hour expiry unless changed', async () => {
    const fake = serve([link(1)]);
    render(<WatcherLinksSection account="demo-miner" />);
    await screen.findByText('watcher_1');
    fireEvent.click(screen.getByRole('button', { name: 'Create…' }));
    expect((screen.getByLabelText('Works for') as HTMLSelectElement).value).toBe('1h');
    fireEvent.change(screen.getByLabelText('Link name'), { target: { value: 'for_partner' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rewards' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    });
    expect(fake.callsTo('mining.createWatcherLink')).toEqual([
      {
        account: 'demo-miner',
        name: 'for_partner',
        permissions: ['dashboard', 'rewards'],
        liveUntil: '1h',
      },
    ]);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe(
      'The link for_partner was created: copy it from the list.',
    );
  });

  it('refuses a bad name or no permission without a request', async () => {
    const fake = serve([]);
    render(<WatcherLinksSection account="demo-miner" />);
    await screen.findByText('No watcher link yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create…' }));
    fireEvent.change(screen.getByLabelText('Link name'), { target: { value: 'my link' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dashboard' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    });
    expect(screen.getByText('Use letters, digits and underscores only.')).toBeTruthy();
    expect(screen.getByText('Choose at least one thing the link shows.')).toBeTruthy();
    expect(fake.callsTo('mining.createWatcherLink')).toEqual([]);
  });

  it('at the cap, Create is refused with the cap message and nothing is sent', async () => {
    const fake = serve([link(1), link(2), link(3)]);
    render(<WatcherLinksSection account="demo-miner" />);
    await screen.findByText('watcher_3');
    fireEvent.click(screen.getByRole('button', { name: 'Create…' }));
    expect(screen.getByRole('alert').textContent).toBe(WATCHER_LINK_CAP_MESSAGE);
    expect(screen.queryByLabelText('Link name')).toBeNull();
    expect(fake.callsTo('mining.createWatcherLink')).toEqual([]);
  });

  it('copies a link whole and shows a check', async () => {
    const writeText = stubClipboard();
    serve([link(1)]);
    render(<WatcherLinksSection account="demo-miner" />);
    await screen.findByText('watcher_1');
    await clickCopy(list(), 'Copy link watcher_1');
    expect(writeText).toHaveBeenCalledWith('https://whitebit.com/mining-pool/watcher-link/id1');
    const button = within(list()).getByRole('button', { name: 'Copy link watcher_1' });
    expect(button.className).toContain('copied');
    expect(within(list()).getByText('Copied')).toBeTruthy();
  });
});
