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
    expect(screen.getByRole('alert').textContent).toBe('Not installed: The update file is gone.');
  });

  it('an update that failed shows in the strip with why; Dismiss puts it away until the next', async () => {
    const fake = await mount({ state: 'idle' });
    await act(async () => undefined);
    act(() =>
      fake.emit('app.update', {
        state: 'error',
        message: 'ERR_UPDATER_ZIP_FILE_NOT_FOUND: no zip in the release',
      }),
    );
    const strip = screen.getByTestId('update-banner');
    expect(strip.getAttribute('role')).toBe('alert');
    expect(strip.textContent).toContain(
      'Exchange Desk could not update: ERR_UPDATER_ZIP_FILE_NOT_FOUND: no zip in the release',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('update-banner')).toBeNull();
    act(() => fake.emit('app.update', { state: 'error', message: 'net::ERR_TIMED_OUT' }));
    expect(screen.getByTestId('update-banner').textContent).toContain('net::ERR_TIMED_OUT');
  });

  it('through the package manager: installing asks for the administrator password, said first', async () => {
    await mount({ state: 'downloaded', version: '0.2.0', percent: 100, asksForPassword: true });
    await act(async () => undefined);
    const strip = screen.getByTestId('update-banner').textContent;
    expect(strip).toContain('Exchange Desk 0.2.0 is ready.');
    expect(strip).toContain('asks for your administrator password');
    expect(strip).not.toContain('installs when you quit');
  });

  it('a cancelled or failed install main reports is shown beside the button, to try again', async () => {
    const ready: UpdateStatus = {
      state: 'downloaded',
      version: '0.2.0',
      percent: 100,
      asksForPassword: true,
    };
    const install = vi.fn(async (): Promise<UpdateStatus> => ({
      ...ready,
      message: 'Command pkexec exited with code 126',
    }));
    await mount(ready, install);
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Restart and install' }));
    await act(async () => undefined);
    expect(screen.getByRole('alert').textContent).toBe(
      'Not installed: Command pkexec exited with code 126',
    );
    expect(screen.getByRole('button', { name: 'Restart and install' })).toBeTruthy();
  });

  it('a menu of the desktop app opens the screen it asks for (macOS: Settings…, ⌘,)', async () => {
    useShellStore.setState({ screen: 'overview' });
    const fake = await mount({ state: 'disabled' });
    await act(async () => undefined);
    act(() => fake.emit('app.open', { screen: 'settings' }));
    expect(useShellStore.getState().screen).toBe('settings');
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
