/**
 * The application menu and the right-click menu, as plain templates (no Electron here: index.ts and
 * window.ts build them with `Menu.buildFromTemplate`). The shapes are the subset of Electron's
 * `MenuItemConstructorOptions` the app uses.
 */
export type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'close'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'appMenu'
  | 'editMenu'
  | 'viewMenu'
  | 'windowMenu'
  | 'window'
  | 'help';

export interface MenuTemplateItem {
  id?: string;
  label?: string;
  role?: MenuRole;
  type?: 'separator';
  accelerator?: string;
  enabled?: boolean;
  click?: () => void;
  submenu?: MenuTemplateItem[];
}

export interface MenuActions {
  about(): void;
  /** Shows the Settings screen (macOS: the app menu's Settings…, ⌘,). */
  openSettings(): void;
  checkForUpdates(): void;
  openDataFolder(): void;
  openLogFolder(): void;
  openReadme(): void;
}

export interface MenuOptions {
  appName: string;
  platform: NodeJS.Platform;
  /** Packaged builds have no DevTools and no reload in the menu. */
  packaged: boolean;
  /** Whether updates can be checked (packaged builds with an update feed). */
  updates: boolean;
  actions: MenuActions;
}

const separator: MenuTemplateItem = { type: 'separator' };

/** The tray icon's menu while the app watches with its window closed. */
export function trayMenu(actions: { open(): void; quit(): void }): MenuTemplateItem[] {
  return [
    { id: 'tray-open', label: 'Open Exchange Desk', click: () => actions.open() },
    separator,
    { id: 'tray-quit', label: 'Quit Exchange Desk', click: () => actions.quit() },
  ];
}

export function applicationMenu(options: MenuOptions): MenuTemplateItem[] {
  const { actions } = options;
  const mac = options.platform === 'darwin';
  const about: MenuTemplateItem = {
    id: 'about',
    label: `About ${options.appName}`,
    click: actions.about,
  };
  const updates: MenuTemplateItem = {
    id: 'check-updates',
    label: 'Check for Updates…',
    enabled: options.updates,
    click: actions.checkForUpdates,
  };

  const menu: MenuTemplateItem[] = [];
  if (mac) {
    menu.push({
      label: options.appName,
      submenu: [
        about,
        updates,
        separator,
        {
          id: 'settings',
          label: 'Settings…',
          accelerator: 'CmdOrCtrl+,',
          click: actions.openSettings,
        },
        separator,
        { role: 'services' },
        separator,
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        separator,
        { role: 'quit' },
      ],
    });
  }
  menu.push({ label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] });
  menu.push({
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as MenuTemplateItem] : []),
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
    ],
  });
  menu.push({
    label: 'View',
    submenu: [
      // Ctrl/⌘+R refreshes the data inside the app; a page reload exists only in development.
      ...(options.packaged
        ? []
        : [
            { role: 'forceReload', accelerator: 'CmdOrCtrl+Shift+R' } as MenuTemplateItem,
            { role: 'toggleDevTools' } as MenuTemplateItem,
            separator,
          ]),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  });
  // macOS: the window role makes it the Window menu, which lists the open windows.
  menu.push(
    mac
      ? {
          label: 'Window',
          role: 'window',
          submenu: [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }],
        }
      : { label: 'Window', submenu: [{ role: 'minimize' }, { role: 'close' }] },
  );
  menu.push({
    role: 'help',
    label: 'Help',
    submenu: [
      ...(mac ? [] : [about, updates, separator]),
      { id: 'readme', label: 'Read Me', click: actions.openReadme },
      separator,
      { id: 'data-folder', label: 'Open Data Folder', click: actions.openDataFolder },
      { id: 'log-folder', label: 'Open Log Folder', click: actions.openLogFolder },
    ],
  });
  return menu;
}

/** What Electron's `context-menu` event tells about the place that was right-clicked. */
export interface ContextMenuParams {
  isEditable: boolean;
  selectionText: string;
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
}

/** Cut, copy and paste on inputs; copy on selected text; nothing elsewhere. */
export function contextMenu(params: ContextMenuParams): MenuTemplateItem[] {
  const selected = params.selectionText.trim().length > 0;
  if (params.isEditable) {
    return [
      { role: 'cut', enabled: params.editFlags.canCut },
      { role: 'copy', enabled: params.editFlags.canCopy },
      { role: 'paste', enabled: params.editFlags.canPaste },
      separator,
      { role: 'selectAll', enabled: params.editFlags.canSelectAll },
    ];
  }
  if (selected) return [{ role: 'copy', enabled: params.editFlags.canCopy }];
  return [];
}
