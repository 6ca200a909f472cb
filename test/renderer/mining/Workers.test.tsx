import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WorkersSection } from '../../../src/renderer/features/mining/WorkersSection';
import { filterWorkers } from '../../../src/renderer/features/mining/workersStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { fakeDesk } from '../fakeDesk';
import { FIXED_NOW, worker, workersServed, sectionTestSetUp } from './workersFixture';

const ROWS = [
  worker('rig-02', { now: '2000000000000', status: 'low' }),
  worker('rig-01'),
  worker('rig-03', { status: 'offline', now: '0', lastSeen: FIXED_NOW - 1_800_000 }),
];

function serve(rows = ROWS) {
  const fake = fakeDesk(workersServed(rows));
  setDesk(fake.desk);
  return fake;
}

sectionTestSetUp();

const names = () =>
  screen.getAllByTestId('worker-row').map((row) => row.querySelector('.table-cell')?.textContent);

describe('Workers table', () => {
  it('loads the account, counts by status in the header, sorted by name', async () => {
    const fake = serve();
    render(<WorkersSection account="demo-miner" privacy={false} />);
    await screen.findAllByTestId('worker-row');
    expect(fake.callsTo('mining.workers')).toEqual([{ account: 'demo-miner' }]);
    expect(screen.getByTestId('workers-counts').textContent).toBe('1 online · 1 low · 1 offline');
    expect(names()).toEqual(['rig-01', 'rig-02', 'rig-03']);
    const offline = screen.getAllByTestId('worker-row')[2]!;
    expect(within(offline).getByText(/^Offline/).textContent).toContain('since');
    expect(screen.getAllByTestId('worker-row')[1]!.textContent).toContain('2.00 TH/s');
  });

  it('sorts by a column and filters by name and status', async () => {
    serve();
    render(<WorkersSection account="demo-miner" privacy={false} />);
    await screen.findAllByTestId('worker-row');
    const now = screen.getByRole('button', { name: /^Now/ });
    fireEvent.click(now);
    fireEvent.click(now);
    // Least hashrate first on the second click (the first puts the largest first).
    expect(names()).toEqual(['rig-03', 'rig-02', 'rig-01']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'offline' } });
    expect(names()).toEqual(['rig-03']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Filter workers'), { target: { value: 'RIG-0' } });
    expect(names()).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('Filter workers'), { target: { value: 'nothing' } });
    expect(screen.getByText('No worker matches the filter.')).toBeTruthy();
  });

  it('shows no digit of a hashrate in privacy mode', async () => {
    serve();
    render(<WorkersSection account="demo-miner" privacy />);
    await screen.findAllByTestId('worker-row');
    expect(screen.getAllByTestId('worker-row')[0]!.textContent).not.toMatch(/TH\/s/);
  });

  it('renders only a window of 500 workers (virtualised)', async () => {
    serve(Array.from({ length: 500 }, (_, i) => worker(`w-${String(i).padStart(3, '0')}`)));
    render(<WorkersSection account="demo-miner" privacy={false} />);
    await screen.findAllByTestId('worker-row');
    expect(screen.getAllByTestId('worker-row').length).toBeLessThan(60);
  });
});

describe('filterWorkers', () => {
  it('matches the name in any case and the status', () => {
    expect(filterWorkers(ROWS, 'RIG-02', 'all').map((w) => w.name)).toEqual(['rig-02']);
    expect(filterWorkers(ROWS, '', 'low').map((w) => w.name)).toEqual(['rig-02']);
    expect(filterWorkers(ROWS, ' ', 'all')).toHaveLength(3);
  });
});
