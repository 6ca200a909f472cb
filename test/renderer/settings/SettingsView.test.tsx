import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/App';
import { Amount } from '../../../src/renderer/components/Amount';
import { useAppInfo } from '../../../src/renderer/features/settings/aboutStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { SCREENS, useShellStore } from '../../../src/renderer/lib/shellStore';
import { fakeDesk } from '../fakeDesk';
import { profilesState } from '../accounts/fixtures';

let fake: ReturnType<typeof fakeDesk>;
beforeEach(() => {
  useAppInfo.getState().reset();
  useShellStore.setState({ screen: 'settings', shortcutsOpen: false });
  fake = fakeDesk({
    'app.setKeepWatching': async () => true,
    'lock.status': async () => ({ enabled: false, locked: false, idleMinutes: 0 }),
    'profiles.list': async () => profilesState(),
    'exchange.status': async () => ({ state: 'checking', baseUrl: 'http://127.0.0.1:9' }),
    'app.info': async () => ({
      version: '1.2.3',
      platform: 'linux',
      dataDir: '/home/ann/.config/Exchange Desk',
    }),
    'app.updateStatus': async () => ({
      state: 'disabled',
      message: 'Automatic updates are off: this build has no update feed.',
    }),
  });
  setDesk(fake.desk);
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
  useSettings.setState({
    theme: 'system',
    numberFormat: 'system',
    autoRefreshSeconds: 30,
    keepWatching: false,
  });
});

describe('Keep watching in the tray (issue 33, item 3)', () => {
  it('is off by default; main is told at start and on each change', async () => {
    render(<App />);
    const toggle = await screen.findByRole('checkbox', {
      name: 'Keep watching in the tray when the window is closed',
    });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(fake.callsTo('app.setKeepWatching')).toEqual([{ on: false }]));
    fireEvent.click(toggle);
    expect(useSettings.getState().keepWatching).toBe(true);
    await waitFor(() =>
      expect(fake.callsTo('app.setKeepWatching')).toEqual([{ on: false }, { on: true }]),
    );
    expect(toggle.getAttribute('aria-describedby')).toBe('settings-tray-note');
  });
});

describe('Settings', () => {
  it('is a screen of the sidebar, with theme, refresh, numbers and about in one place', async () => {
    render(<App />);
    expect(SCREENS.at(-1)).toMatchObject({ id: 'settings', label: 'Settings' });
    expect(await screen.findByTestId('about-version')).toHaveProperty('textContent', '1.2.3');
    expect(screen.getByTestId('about-data-dir').textContent).toBe(
      '/home/ann/.config/Exchange Desk',
    );
    // Whether updates come by themselves, and why not.
    await waitFor(() =>
      expect(screen.getByTestId('about-updates').textContent).toBe(
        'Automatic updates are off: this build has no update feed.',
      ),
    );
    // The sidebar holds navigation only.
    const nav = screen.getByRole('navigation', { name: 'Screens' });
    expect(within(nav).queryByRole('combobox')).toBeNull();

    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'dark' } });
    expect(useSettings.getState().theme).toBe('dark');
    fireEvent.change(screen.getByLabelText('Auto-refresh'), { target: { value: '60' } });
    expect(useSettings.getState().autoRefreshSeconds).toBe(60);
    // Issue 32 point 6: the fat-finger guard's threshold, 10 % unless chosen.
    const guard = screen.getByLabelText('Price guard') as HTMLSelectElement;
    expect(guard.value).toBe('10');
    fireEvent.change(guard, { target: { value: '20' } });
    expect(useSettings.getState().priceGuardPercent).toBe(20);
    const numbers = screen.getByLabelText('Numbers') as HTMLSelectElement;
    expect([...numbers.options].map((o) => o.textContent)).toContain(
      'Comma for decimals (1.234,56)',
    );
  });

  it('a number format applies to every amount shown at once', () => {
    render(<Amount value="1234567.5" places={2} unit="USDT" />);
    expect(screen.getByText('1,234,567.50')).toBeTruthy();
    act(() => useSettings.getState().setNumberFormat('de-DE'));
    expect(screen.getByText('1.234.567,50')).toBeTruthy();
  });
});

describe('the keyboard shortcuts sheet', () => {
  it('opens with ?, lists the shortcuts, closes with Escape; ? typed in a field is just a character', async () => {
    useShellStore.setState({ screen: 'accounts' });
    render(<App />);
    await screen.findByRole('navigation', { name: 'Screens' });
    fireEvent.keyDown(window, { key: '?' });
    const sheet = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(sheet.textContent).toContain('Ctrl/⌘ + Shift + P');
    expect(sheet.textContent).toContain(`Ctrl/⌘ + 1 … ${SCREENS.length}`);
    expect(document.activeElement?.textContent).toBe('Close');
    fireEvent.keyDown(sheet, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    const input = document.createElement('input');
    document.body.append(input);
    fireEvent.keyDown(input, { key: '?' });
    expect(screen.queryByRole('dialog')).toBeNull();
    input.remove();
  });

  it('opens from Settings too', async () => {
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Keyboard shortcuts' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy(),
    );
  });
});
