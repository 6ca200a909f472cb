import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlertsSection } from '../../../src/renderer/features/mining/AlertsSection';
import { setDesk } from '../../../src/renderer/lib/desk';
import { DEFAULT_MINING_ALERT_RULE } from '../../../src/shared/contract';
import type { MiningAlertEvent, MiningAlerts } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { FIXED_NOW, noAlerts, workersServed, sectionTestSetUp } from './workersFixture';

const OFFLINE: MiningAlertEvent = {
  id: 7,
  at: FIXED_NOW,
  account: 'demo-miner',
  worker: 'rig-01',
  rule: 'offline',
  kind: 'alert',
  since: FIXED_NOW - 1_800_000,
  message: 'rig-01 (demo-miner) is offline since 12:00 UTC',
};

function serve(alerts: MiningAlerts = noAlerts()) {
  let state = alerts;
  const fake = fakeDesk({
    ...workersServed(),
    'mining.alerts': async () => state,
    'mining.checkAlerts': async () => state,
    'mining.setAlertRule': async (input) => {
      const { account, rule } = input as {
        account: string;
        rule: MiningAlerts['rules'][0]['rule'];
      };
      state = { ...state, rules: [{ account, rule, workers: [] }] };
      return state;
    },
    'mining.setQuietHours': async (input) => {
      state = { ...state, quietHours: (input as Pick<MiningAlerts, 'quietHours'>).quietHours };
      return state;
    },
  });
  setDesk(fake.desk);
  return fake;
}

sectionTestSetUp();

describe('Alerts section', () => {
  it('lists the events main kept, newest first', async () => {
    const recovered = { ...OFFLINE, id: 8, at: FIXED_NOW + 600_000, kind: 'recovered' as const };
    serve(
      noAlerts({
        events: [{ ...recovered, message: 'rig-01 (demo-miner) is back online' }, OFFLINE],
      }),
    );
    render(<AlertsSection account="demo-miner" />);
    const rows = await screen.findAllByTestId('alert-event');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('is back online'),
      expect.stringContaining('is offline since 12:00 UTC'),
    ]);
    expect(within(rows[0]!).getByText('Recovered')).toBeTruthy();
  });

  it('shows a pushed alert at once (role alert) and adds it to the list; a recovery as a status', async () => {
    const fake = serve();
    render(<AlertsSection account="demo-miner" />);
    await screen.findByText('No alert yet: the pool has shown nothing wrong.');
    act(() => fake.emit('mining.alert', [OFFLINE]));
    expect(screen.getByRole('alert').textContent).toBe(`Alert: ${OFFLINE.message}`);
    expect(screen.getAllByTestId('alert-event')).toHaveLength(1);
    act(() =>
      fake.emit('mining.alert', [
        { ...OFFLINE, id: 9, kind: 'recovered', message: 'rig-01 (demo-miner) is back online' },
      ]),
    );
    expect(
      screen.getByText('Recovered: rig-01 (demo-miner) is back online').getAttribute('role'),
    ).toBe('status');
    // Another account's events are not this account's.
    act(() => fake.emit('mining.alert', [{ ...OFFLINE, id: 10, account: 'demo-rig-b' }]));
    expect(screen.getAllByTestId('alert-event')).toHaveLength(2);
  });

  it('"Check the pool now" asks main to poll', async () => {
    const fake = serve();
    render(<AlertsSection account="demo-miner" />);
    await screen.findByText('No alert yet: the pool has shown nothing wrong.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check the pool now' }));
    });
    expect(fake.callsTo('mining.checkAlerts')).toHaveLength(1);
  });

  it('edits the account rule with the contract checks; an empty field turns that check off', async () => {
    const fake = serve();
    render(<AlertsSection account="demo-miner" />);
    const offline = (await screen.findByLabelText(
      'Offline for at least (minutes)',
    )) as HTMLInputElement;
    expect(offline.value).toBe(String(DEFAULT_MINING_ALERT_RULE.offlineMinutes));
    fireEvent.change(offline, { target: { value: '0' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    });
    expect(screen.getByText('Enter the offline time of at least 1 minute.')).toBeTruthy();
    expect(fake.callsTo('mining.setAlertRule')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Offline for at least (minutes)'), {
      target: { value: '30' },
    });
    fireEvent.change(screen.getByLabelText('Hashrate below (% of its 24 h average)'), {
      target: { value: '' },
    });
    fireEvent.change(screen.getByLabelText('Reject rate above (%)'), { target: { value: '3.5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    });
    expect(fake.callsTo('mining.setAlertRule')).toEqual([
      {
        account: 'demo-miner',
        rule: { offlineMinutes: 30, lowPercent: null, lowBelow: null, rejectPercent: 3.5 },
      },
    ]);
    expect(screen.getByText('Saved the rule of demo-miner.')).toBeTruthy();
    expect(
      screen.getByText(/In force for demo-miner: offline 30 min · rejects > 3.5 %/),
    ).toBeTruthy();
  });

  it('saves quiet hours as minutes after midnight', async () => {
    const fake = serve();
    render(<AlertsSection account="demo-miner" />);
    fireEvent.change(await screen.findByLabelText('Quiet from'), { target: { value: '22:00' } });
    fireEvent.change(screen.getByLabelText('Quiet until'), { target: { value: '07:30' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    });
    expect(fake.callsTo('mining.setQuietHours')).toEqual([{ quietHours: { from: 1320, to: 450 } }]);
    expect((screen.getByLabelText('Quiet from') as HTMLInputElement).value).toBe('22:00');
  });
});
