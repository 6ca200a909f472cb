import { describe, expect, it, vi } from 'vitest';
import {
  applicationMenu,
  contextMenu,
  trayMenu,
  type MenuTemplateItem,
} from '../../../src/main/shell/menu';

const actions = () => ({
  about: vi.fn(),
  openSettings: vi.fn(),
  checkForUpdates: vi.fn(),
  openDataFolder: vi.fn(),
  openLogFolder: vi.fn(),
  openReadme: vi.fn(),
});

const flat = (items: MenuTemplateItem[]): MenuTemplateItem[] =>
  items.flatMap((item) => [item, ...flat(item.submenu ?? [])]);
const roles = (items: MenuTemplateItem[]) =>
  flat(items)
    .map((i) => i.role)
    .filter(Boolean);
const top = (items: MenuTemplateItem[]) => items.map((i) => i.label);
const sub = (items: MenuTemplateItem[], label: string) =>
  items.find((i) => i.label === label)?.submenu ?? [];

describe('applicationMenu', () => {
  it('macOS: the app menu first, then File, Edit, View, Window, Help', () => {
    const menu = applicationMenu({
      appName: 'Exchange Desk',
      platform: 'darwin',
      packaged: true,
      updates: true,
      actions: actions(),
    });
    expect(top(menu)).toEqual(['Exchange Desk', 'File', 'Edit', 'View', 'Window', 'Help']);
    expect(roles(sub(menu, 'Exchange Desk'))).toEqual([
      'services',
      'hide',
      'hideOthers',
      'unhide',
      'quit',
    ]);
    expect(sub(menu, 'Exchange Desk')[0]!.label).toBe('About Exchange Desk');
  });

  it('macOS: Settings… with ⌘, in the app menu; a Window menu with its role (the window list)', () => {
    const a = actions();
    const menu = applicationMenu({
      appName: 'Exchange Desk',
      platform: 'darwin',
      packaged: true,
      updates: true,
      actions: a,
    });
    const settings = sub(menu, 'Exchange Desk').find((i) => i.id === 'settings')!;
    expect(settings).toMatchObject({ label: 'Settings…', accelerator: 'CmdOrCtrl+,' });
    settings.click!();
    expect(a.openSettings).toHaveBeenCalledTimes(1);
    const window = menu.find((i) => i.label === 'Window')!;
    expect(window.role).toBe('window');
    expect(roles(window.submenu!)).toEqual(['minimize', 'zoom', 'front']);
  });

  it('Windows and Linux: the Window menu is a plain one (the window role is macOS only)', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const menu = applicationMenu({
        appName: 'Exchange Desk',
        platform,
        packaged: true,
        updates: true,
        actions: actions(),
      });
      const window = menu.find((i) => i.label === 'Window')!;
      expect(window.role).toBeUndefined();
      expect(roles(window.submenu!)).toEqual(['minimize', 'close']);
    }
  });

  it('Edit has undo, redo, cut, copy, paste and select all; View has zoom and full screen', () => {
    const menu = applicationMenu({
      appName: 'Exchange Desk',
      platform: 'linux',
      packaged: true,
      updates: true,
      actions: actions(),
    });
    expect(top(menu)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    expect(roles(sub(menu, 'Edit'))).toEqual([
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'delete',
      'selectAll',
    ]);
    expect(roles(sub(menu, 'View'))).toEqual([
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
    ]);
  });

  it('packaged builds have no DevTools and no reload; development has both', () => {
    const options = { appName: 'Exchange Desk', updates: false, actions: actions() };
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const packaged = roles(applicationMenu({ ...options, platform, packaged: true }));
      expect(packaged).not.toContain('toggleDevTools');
      expect(packaged).not.toContain('forceReload');
      expect(packaged).not.toContain('reload');
      const dev = roles(applicationMenu({ ...options, platform, packaged: false }));
      expect(dev).toContain('toggleDevTools');
      expect(dev).toContain('forceReload');
    }
  });

  it('the dev reload does not take Ctrl/⌘+R, which refreshes the data', () => {
    const dev = flat(
      applicationMenu({
        appName: 'Exchange Desk',
        platform: 'linux',
        packaged: false,
        updates: false,
        actions: actions(),
      }),
    );
    const accelerators = dev.map((i) => i.accelerator).filter(Boolean);
    expect(accelerators).not.toContain('CmdOrCtrl+R');
    expect(dev.find((i) => i.role === 'forceReload')?.accelerator).toBe('CmdOrCtrl+Shift+R');
  });

  it('Help has About (Windows/Linux), updates, the README, the data and log folders', () => {
    const a = actions();
    const menu = applicationMenu({
      appName: 'Exchange Desk',
      platform: 'win32',
      packaged: true,
      updates: false,
      actions: a,
    });
    const help = sub(menu, 'Help');
    const byId = (id: string) => help.find((i) => i.id === id)!;
    expect(help.map((i) => i.label).filter(Boolean)).toEqual([
      'About Exchange Desk',
      'Check for Updates…',
      'Read Me',
      'Open Data Folder',
      'Open Log Folder',
    ]);
    expect(byId('check-updates').enabled).toBe(false);
    byId('about').click!();
    byId('readme').click!();
    byId('data-folder').click!();
    byId('log-folder').click!();
    expect(a.about).toHaveBeenCalledTimes(1);
    expect(a.openReadme).toHaveBeenCalledTimes(1);
    expect(a.openDataFolder).toHaveBeenCalledTimes(1);
    expect(a.openLogFolder).toHaveBeenCalledTimes(1);
  });
});

describe('contextMenu', () => {
  const flags = { canCut: false, canCopy: true, canPaste: true, canSelectAll: true };
  it('inputs get cut, copy, paste and select all, enabled as the page says', () => {
    const items = contextMenu({ isEditable: true, selectionText: '', editFlags: flags });
    expect(items.map((i) => [i.role, i.enabled])).toEqual([
      ['cut', false],
      ['copy', true],
      ['paste', true],
      [undefined, undefined],
      ['selectAll', true],
    ]);
  });
  it('selected text gets copy; blank selection and plain page get nothing', () => {
    expect(
      contextMenu({ isEditable: false, selectionText: '0.5 BTC', editFlags: flags }).map(
        (i) => i.role,
      ),
    ).toEqual(['copy']);
    expect(contextMenu({ isEditable: false, selectionText: '  ', editFlags: flags })).toEqual([]);
    expect(contextMenu({ isEditable: false, selectionText: '', editFlags: flags })).toEqual([]);
  });
});

describe('trayMenu', () => {
  it('opens the window or quits, each from its own item', () => {
    const open = vi.fn();
    const quit = vi.fn();
    const items = trayMenu({ open, quit });
    expect(items.map((i) => i.label ?? i.type)).toEqual([
      'Open Exchange Desk',
      'separator',
      'Quit Exchange Desk',
    ]);
    items[0]!.click!();
    expect([open.mock.calls.length, quit.mock.calls.length]).toEqual([1, 0]);
    items[2]!.click!();
    expect([open.mock.calls.length, quit.mock.calls.length]).toEqual([1, 1]);
  });
});
