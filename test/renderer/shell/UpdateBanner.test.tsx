import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdateBanner } from '../../../src/renderer/features/shell/UpdateBanner';
import { useAppStore } from '../../../src/renderer/features/shell/appStore';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { UpdateStatus } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { afterPaint } from '../paint';

beforeEach(() => {
  useAppStore.setState({ update: { state: 'disabled' }, updateError: undefined });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
  useShellStore.setState({ refresh: undefined });
});

/** Mounts the banner and lets the page paint (the update state is asked for after the first paint). */
async function mount(initial: UpdateStatus, install?: () => Promise<UpdateStatus>) {
  const fake = fakeDesk({
    'app.updateStatus': async () => initial,
    ...(install ? { 'app.installUpdate': install } : {}),
  });
  setDesk(fake.desk);
  render(<UpdateBanner />);
  await afterPaint();
  return fake;
}

describe('UpdateBanner', () => {
  it('shows nothing while updates are off or there is nothing new', async () => {
    await mount({ state: 'disabled' });
    await act(async () => undefined);
    expect(screen.queryByTestId('update-banner')).toBeNull();
  });

  it('follows the download as main pushes its progress, then offers to restart', async () => {
    const install = vi.fn(async (): Promise<UpdateStatus> => ({ state: 'downloaded' }));
    const fake = await mount({ state: 'idle' }, install);
    await act(async () => undefined);
    act(() => fake.emit('app.update', { state: 'downloading', version: '0.2.0', percent: 42 }));
    expect(screen.getByTestId('update-banner').textContent).toContain(
      'Downloading Exchange Desk 0.2.0… 42 %',
    );
    expect(screen.getByRole('progressbar', { name: 'Update download' })).toHaveProperty(
      'value',
      42,
    );
    act(() => fake.emit('app.update', { state: 'downloaded', version: '0.2.0', percent: 100 }));
    expect(screen.getByTestId('update-banner').textContent).toContain(
      'Exchange Desk 0.2.0 is ready',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Restart and install' }));
    await act(async () => undefined);
    expect(install).toHaveBeenCalledTimes(1);
  });

  it('a failed install says why, beside the button', async () => {
    await mount({ state: 'downloaded', version: '0.2.0' }, async () => {
      throw { code: 'INTERNAL', message: 'The update file is gone.' };
    });
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Restart and install' }));
    await act(async () => undefined);
    expect(screen.getByText('The update file is gone.')).toBeTruthy();
  });

  it('waking from sleep reloads the visible screen; going to sleep does not', async () => {
    const refresh = vi.fn();
    useShellStore.setState({ refresh });
    const fake = await mount({ state: 'disabled' });
    await act(async () => undefined);
    act(() => fake.emit('app.power', { state: 'suspended', at: 1 }));
    expect(refresh).not.toHaveBeenCalled();
    act(() => fake.emit('app.power', { state: 'resumed', at: 2 }));
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
