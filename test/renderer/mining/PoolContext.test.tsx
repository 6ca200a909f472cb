import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PoolContext } from '../../../src/renderer/features/mining/PoolContext';
import { useWorkers } from '../../../src/renderer/features/mining/workersStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { MASK } from '../../../src/renderer/lib/decimal';
import type { WorkerRow } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { POOL, sectionTestSetUp, worker, workersServed } from './workersFixture';

sectionTestSetUp();

/** Serves the pool (as given) and `rows`, and loads the Workers slot as the Workers section does. */
async function serve(rows: WorkerRow[], pool = POOL) {
  setDesk(fakeDesk({ ...workersServed(rows), 'mining.pool': async () => pool }).desk);
  await useWorkers.getState().load({ account: 'demo-miner' });
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('PoolContext', () => {
  it('shows the pool’s hashrate and workers beside the account’s (the sum of its workers)', async () => {
    await serve([worker('rig-01'), worker('rig-02', { status: 'low', now: '2500000000000' })]);
    render(<PoolContext account="demo-miner" privacy={false} />);
    expect(await screen.findByText('250.00 PH/s')).toBeTruthy();
    expect(screen.getByTestId('pool-hashrate').title).toBe('250,000,000,000,000,000 H/s');
    expect(text('pool-workers')).toBe('1,846');
    expect(text('account-hashrate')).toBe('12.50 TH/s');
    expect(screen.getByTestId('account-hashrate').title).toBe('12,500,000,000,000 H/s');
    expect(text('account-workers')).toBe('1 online, 1 low, 0 offline');
  });

  it('says at a glance when only the account is down (against its own 24 h average)', async () => {
    await serve([worker('rig-01', { now: '5000000000000' })]);
    render(<PoolContext account="demo-miner" privacy={false} />);
    await screen.findByText('250.00 PH/s');
    expect(screen.getByText('−50.00 % against its 24 h average')).toBeTruthy();
    expect(screen.getByText('0.00 % against its 7-day average')).toBeTruthy();
    expect(text('pool-verdict')).toBe(
      'Only this account is down: the pool is steady. Look at its workers.',
    );
  });

  it('says when the pool is down too', async () => {
    await serve([worker('rig-01', { now: '5000000000000' })], {
      ...POOL,
      hashrate: '200000000000000000',
    });
    render(<PoolContext account="demo-miner" privacy={false} />);
    await screen.findByText('200.00 PH/s');
    expect(screen.getByText('−20.00 % against its 7-day average')).toBeTruthy();
    expect(text('pool-verdict')).toBe('Both are down: the pool too, not only this account.');
  });

  it('masks the account’s hashrate in privacy mode (the pool’s is public)', async () => {
    await serve([worker('rig-01')]);
    render(<PoolContext account="demo-miner" privacy />);
    await screen.findByText('250.00 PH/s');
    expect(text('account-hashrate')).toBe(MASK);
    expect(screen.getByTestId('account-hashrate').title).toBe('');
    expect(screen.queryByTestId('pool-verdict')).toBeNull();
  });
});
