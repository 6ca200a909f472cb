import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, Notification, powerMonitor, screen, shell, type Tray } from 'electron';
import { APP_PAGE_URL } from './page/appFiles';
import { startCore, type Core } from './core/core';
import { forwardEvents, registerIpc } from './shell/ipc';
import { log, startLogFile } from './lib/log';
import { applicationMenu } from './shell/menu';
import { Notifier } from './shell/notifications';
import type { UpdatesSetup } from './services/updates';
import { KeytarStore, VAULT_SERVICE } from './vault/vault';
import {
  ask,
  createMainWindow,
  createTray,
  enforceSessionPolicy,
  openAuthorizePage,
  registerAppScheme,
  saveWithDialog,
  serveAppScheme,
  setApplicationMenu,
} from './shell/window';
import {
  loadWindowState,
  placeWindow,
  saveWindowState,
  type WindowState,
} from './shell/windowState';
import { WINDOW_STATE_FILE } from './lib/dataFiles';

/** How long quitting waits for the core (the demo exchange's state flush) before leaving anyway. */
const QUIT_TIMEOUT_MS = 5_000;

/**
 * electron-builder.yml's appId. On Windows the process carries it as its AppUserModelID, as the
 * NSIS installer's shortcut does: without it toasts go missing and a pinned icon opens a second one.
 */
const APP_ID = 'app.exchangedesk.desktop';
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);

const packaged = app.isPackaged;
const devServer = !packaged ? process.env['ELECTRON_RENDERER_URL'] : undefined;
/**
 * The update feed electron-updater reads: electron-builder writes it from package.json
 * `repository` (a GitHub repository) and not otherwise, so a build without it has updates off.
 */
const hasFeed = packaged && existsSync(join(process.resourcesPath, 'app-update.yml'));

// Development runs keep their own data folder, log folder and keychain service, so `npm start`
// never touches (or locks out) an installed copy's profiles, keys or single-instance lock.
if (!packaged) {
  app.setPath('userData', join(app.getPath('appData'), `${app.getName()} (development)`));
  app.setAppLogsPath(join(app.getPath('userData'), 'logs'));
} else {
  app.setAppLogsPath();
}
/** What Help > Read Me opens: the user guide (docs/ in development, beside app.asar packaged). */
const USER_GUIDE = 'user-guide.md';
const dataDir = app.getPath('userData');
const logDir = app.getPath('logs');
const logFile = startLogFile(logDir);
process.on('uncaughtException', (error) => log.error('[main] uncaught exception:', error));
process.on('unhandledRejection', (reason) => log.error('[main] unhandled rejection:', reason));

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  // A second launch: the running copy focuses its window (see 'second-instance').
  app.quit();
} else {
  const appUrl = devServer ?? APP_PAGE_URL;
  const statePath = join(dataDir, WINDOW_STATE_FILE);
  let core: Core | undefined;
  let starting: Promise<Core> | undefined;
  let mainWindow: BrowserWindow | undefined;
  let savingState: Promise<void> = Promise.resolve();
  let quitting: 'no' | 'stopping' | 'done' = 'no';
  /** The setting "Keep watching in the tray when the window is closed" (the page sends it). */
  let keepWatching = false;
  let tray: Tray | undefined;
  const icon = join(__dirname, '../../resources/icon.png');

  const focusWindow = () => {
    const [window] = BrowserWindow.getAllWindows();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    if (!window.isVisible()) window.show();
    window.focus();
  };

  /** The window closed while watching: hidden, with the tray icon to open it again or quit. */
  const showTray = () => {
    tray ??= createTray(icon, { open: focusWindow, quit: () => app.quit() });
  };
  const dropTray = () => {
    tray?.destroy();
    tray = undefined;
  };
  const setKeepWatching = (on: boolean) => {
    keepWatching = on;
    if (!on) dropTray();
  };

  const rememberState = (state: WindowState) => {
    savingState = saveWindowState(statePath, state).catch((error: unknown) =>
      log.warn('[main] could not remember the window size:', error),
    );
  };

  /**
   * The system is ending the session. Windows sends no before-quit at logoff or shutdown, and on
   * Linux and macOS powerMonitor says so first: quit now, through before-quit, so that the demo
   * exchange's state, the window's place and the history database are written and closed.
   */
  const endSession = (why: string) => {
    log.info(`[main] ${why}: saving and quitting`);
    app.quit();
  };

  const openWindow = (state: WindowState) => {
    const window = createMainWindow({
      preload: join(__dirname, '../preload/index.cjs'),
      appUrl,
      icon,
      state,
      packaged,
      logDir,
      onClose: rememberState,
      quit: () => app.quit(),
      // The core keeps polling the pool and notifying while the window is hidden.
      hideOnClose: () => keepWatching && quitting === 'no',
      onHide: showTray,
    });
    mainWindow = window;
    if (core) {
      const stop = forwardEvents(core.events, window.webContents);
      window.on('closed', stop);
    }
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = undefined;
    });
    window.on('session-end', () => endSession('the Windows session is ending'));
    return window;
  };

  const placement = async (): Promise<WindowState> => {
    const primary = screen.getPrimaryDisplay();
    const displays = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)];
    return placeWindow(await loadWindowState(statePath), displays);
  };

  const checkForUpdates = async (fromMenu: boolean) => {
    if (!core) return;
    const status = await core.updates.check();
    if (!fromMenu) return;
    if (status.state === 'not-available') {
      await ask(mainWindow, {
        type: 'info',
        title: 'Exchange Desk',
        message: `Exchange Desk ${app.getVersion()} is the newest version.`,
        buttons: ['OK'],
      });
    } else if (status.state === 'error') {
      await ask(mainWindow, {
        type: 'warning',
        title: 'Exchange Desk',
        message: 'Could not look for updates.',
        detail: status.message ?? '',
        buttons: ['OK'],
      });
    } else if (status.state === 'disabled') {
      await ask(mainWindow, {
        type: 'info',
        title: 'Exchange Desk',
        message: status.message ?? 'Automatic updates are off.',
        buttons: ['OK'],
      });
    }
  };

  /** What About says of updates: off and why, or on. */
  const updatesLine = () => {
    const status = core?.updates.current();
    if (status?.state === 'disabled') return status.message ?? 'Automatic updates are off.';
    return 'Automatic updates are on: at start and from Check for Updates.';
  };

  /** Opens a file or folder in the system; a failure (the file gone, nothing to open it) is said. */
  const openInSystem = async (path: string, what: string) => {
    const failure = await shell.openPath(path);
    if (!failure) return;
    log.warn(`[main] could not open ${what} (${path}): ${failure}`);
    await ask(mainWindow, {
      type: 'warning',
      title: 'Exchange Desk',
      message: `Could not open ${what}.`,
      detail: `${failure}\n\nIt is at ${path}.`,
      buttons: ['OK'],
    });
  };

  const menu = () =>
    applicationMenu({
      appName: 'Exchange Desk',
      platform: process.platform,
      packaged,
      updates: hasFeed,
      actions: {
        about: () =>
          void ask(mainWindow, {
            type: 'info',
            title: 'About Exchange Desk',
            message: `Exchange Desk ${app.getVersion()}`,
            detail:
              `Electron ${process.versions.electron} · Chromium ${process.versions.chrome} · ` +
              `Node ${process.versions.node}\nData folder: ${dataDir}\nLog folder: ${logDir}\n` +
              updatesLine(),
            buttons: ['OK'],
          }),
        openSettings: () => {
          focusWindow();
          core?.events.emit('app.open', { screen: 'settings' });
        },
        checkForUpdates: () => void checkForUpdates(true),
        openDataFolder: () => void openInSystem(dataDir, 'the data folder'),
        openLogFolder: () => void openInSystem(logDir, 'the log folder'),
        openReadme: () =>
          void openInSystem(
            packaged
              ? join(process.resourcesPath, USER_GUIDE)
              : join(app.getAppPath(), 'docs', USER_GUIDE),
            'the Read Me',
          ),
      },
    });

  const notifier = new Notifier({
    create: (content) => new Notification(content),
    focused: () => BrowserWindow.getFocusedWindow() !== null,
    // The system refused one: the page's in-app notice is the only one now; the window asks for
    // attention (taskbar flash, dock bounce) so that it is seen.
    fallBack: () => {
      if (mainWindow && !mainWindow.isDestroyed()) mainWindow.flashFrame(true);
    },
  });

  /**
   * electron-updater, in packaged builds with an update feed only; loaded here, inside the try, so
   * that a package missing from app.asar leaves updates off (said in About and the log) rather
   * than ending main.
   */
  const loadUpdater = async (): Promise<UpdatesSetup> => {
    if (!packaged) return { off: 'Automatic updates are off in development builds.' };
    if (!hasFeed) {
      return {
        off: 'Automatic updates are off: this build has no update feed. Install new versions by hand.',
      };
    }
    try {
      // A CommonJS package whose exports are getters: they sit on the namespace's default.
      const module = await import('electron-updater');
      const updater = (module as unknown as { default?: typeof module }).default ?? module;
      const { autoUpdater } = updater;
      autoUpdater.logger = {
        info: () => undefined,
        warn: log.warn,
        error: log.error,
        debug: () => undefined,
      };
      const viaPackageManager = [
        updater.DebUpdater,
        updater.RpmUpdater,
        updater.PacmanUpdater,
      ].some((kind) => autoUpdater instanceof kind);
      return { updater: autoUpdater, viaPackageManager };
    } catch (error) {
      log.error('[main] automatic updates could not start:', error);
      return {
        off: `Automatic updates could not start: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  };

  const startFailed = async (error: unknown) => {
    log.error('[main] the core did not start:', error);
    const reason = error instanceof Error ? error.message : String(error);
    const choice = await ask(mainWindow, {
      type: 'error',
      title: 'Exchange Desk',
      message: 'Exchange Desk could not start.',
      detail:
        `${reason}\n\nQuit and start it again. If this keeps happening, the log file ` +
        `${logFile ?? `in ${logDir}`} has the details; your profiles are in ${dataDir}.`,
      buttons: ['Quit', 'Open Log Folder'],
      defaultId: 0,
      cancelId: 0,
    });
    if (choice === 1) await shell.openPath(logDir);
    // Never a hidden process holding the single-instance lock.
    app.exit(1);
  };

  app.on('second-instance', focusWindow);

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Quit waits (bounded) for the core to stop, so the demo exchange's state and the window's size
  // are on disk before the process ends.
  app.on('before-quit', (event) => {
    if (quitting === 'done') return;
    event.preventDefault();
    if (quitting === 'stopping') return;
    quitting = 'stopping';
    dropTray();
    // The window closes only after this; remember its size and place now.
    if (mainWindow && !mainWindow.isDestroyed()) {
      rememberState({
        bounds: mainWindow.getNormalBounds(),
        maximized: mainWindow.isMaximized(),
      });
    }
    const stopped = (async () => {
      const running = core ?? (await starting?.catch(() => undefined));
      await Promise.all([running?.stop(), savingState]);
    })();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUIT_TIMEOUT_MS)));
    void Promise.race([
      stopped.catch((e: unknown) => log.error('[main] stop failed:', e)),
      timeout,
    ]).then(() => {
      clearTimeout(timer);
      quitting = 'done';
      app.quit();
    });
  });

  void app.whenReady().then(async () => {
    enforceSessionPolicy(appUrl);
    if (!devServer) serveAppScheme(join(__dirname, '../renderer'));
    setApplicationMenu(menu());

    // The window opens first; the core (keychain reads included) starts behind it, and calls from
    // the page wait for it.
    let windowOpen: () => void = () => undefined;
    starting = new Promise<void>((resolve) => (windowOpen = resolve))
      .then(loadUpdater)
      .then((updates) =>
        startCore({
          version: app.getVersion(),
          dataDir,
          openExternal: openAuthorizePage,
          saveFile: saveWithDialog,
          ...(Notification.isSupported()
            ? { notify: (title: string, body: string) => notifier.notify(title, body) }
            : {}),
          keepWatching: setKeepWatching,
          vault: new KeytarStore(packaged ? VAULT_SERVICE : `${VAULT_SERVICE} (development)`),
          updates,
        }),
      );
    registerIpc(
      starting.then((running) => running.handlers),
      appUrl,
    );
    const window = openWindow(await placement());
    windowOpen();

    try {
      core = await starting;
    } catch (error) {
      await startFailed(error);
      return;
    }
    const running = core;
    // The page loads beside the core: its first screen's data starts now, unless it asked first.
    running.recorder.fetchAhead();
    const stopForwarding = forwardEvents(running.events, window.webContents);
    window.on('closed', stopForwarding);

    powerMonitor.on('suspend', () => running.suspend());
    // Linux and macOS: preventDefault asks the system to wait while the app quits.
    powerMonitor.on('shutdown', (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      endSession('the system is shutting down');
    });
    powerMonitor.on('resume', () => {
      void running.resume().catch((error: unknown) => log.warn('[main] resume:', error));
    });

    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) void placement().then(openWindow);
      else focusWindow();
    });

    if (hasFeed) void checkForUpdates(false);
  });
}
