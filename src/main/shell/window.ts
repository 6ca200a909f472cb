import { createWriteStream } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  app,
  BrowserWindow,
  dialog,
  Menu,
  protocol,
  session,
  shell,
  Tray,
  type MessageBoxOptions,
  type WebPreferences,
} from 'electron';
import { APP_SCHEME, appRequestHandler, sessionResponseHeaders } from '../page/appFiles';
import { diskFailure } from '../lib/diskErrors';
import { log } from '../lib/log';
import { contextMenu, trayMenu, type MenuTemplateItem } from './menu';
import { isAllowedExternalUrl, isOwnPage } from '../page/security';
import { MIN_SIZE, type WindowState } from './windowState';

/** The hardened webPreferences of every window the app opens. */
export function secureWebPreferences(preload: string, devTools = true): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    devTools,
  };
}

/**
 * The app page's scheme: `app://desk/…` served from the asar (never file://). Must run before the
 * app is ready. Standard and secure, so the page has an origin, `'self'` in the CSP means it, and
 * fetch and module scripts work; with V8's code cache, so a later start need not compile the
 * renderer's scripts again (Electron keeps no code cache for a custom scheme unless told).
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        corsEnabled: true,
        codeCache: true,
      },
    },
  ]);
}

/** Answers `app://desk/<path>` from the built renderer folder (inside app.asar when packaged). */
export function serveAppScheme(rendererDir: string): void {
  protocol.handle(APP_SCHEME, appRequestHandler(rendererDir));
}

/** Opens a URL in the system browser only when it is https and on the allowlist. */
export async function openExternalSafely(url: string): Promise<boolean> {
  if (!isAllowedExternalUrl(url)) return false;
  await shell.openExternal(url);
  return true;
}

/**
 * Opens an OAuth authorize page in the system browser (RFC 8252: never in an app window). The URL
 * is built by main from the active profile's base URL, which is https or http on 127.0.0.1 only.
 */
export async function openAuthorizePage(url: string): Promise<void> {
  const parsed = new URL(url);
  const local = parsed.protocol === 'http:' && parsed.hostname === '127.0.0.1';
  if (parsed.protocol !== 'https:' && !local) throw new Error('Refusing to open a non-https page.');
  await shell.openExternal(url);
}

/**
 * Asks where to save a file (native dialog, starting in Downloads with the file's name) and writes
 * its pieces there as they come (a long CSV is never held whole); undefined when cancelled (then no
 * piece is asked for).
 */
export async function saveWithDialog(
  defaultName: string,
  chunks: AsyncIterable<string>,
): Promise<string | undefined> {
  const parent = BrowserWindow.getFocusedWindow();
  const options = {
    defaultPath: join(app.getPath('downloads'), defaultName),
    filters: [{ name: 'CSV', extensions: ['csv'] }],
  };
  const result = parent
    ? await dialog.showSaveDialog(parent, options)
    : await dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return undefined;
  try {
    await pipeline(Readable.from(chunks), createWriteStream(result.filePath, 'utf8'));
  } catch (error) {
    // A write error names no file: the folder chosen, in words, when it is the disk's doing.
    throw (
      diskFailure(error, dirname(result.filePath), `save ${basename(result.filePath)}`) ?? error
    );
  }
  return result.filePath;
}

/**
 * The CSP header on the app's own `app://` responses (appFiles.ts `sessionResponseHeaders`; the
 * dev server's page keeps its own policy), and no permission for anything but clipboard writes
 * from the app's own page (`appUrl`).
 */
export function enforceSessionPolicy(appUrl: string): void {
  const ses = session.defaultSession;
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: sessionResponseHeaders(details.url, details.responseHeaders) });
  });
  // The copy buttons write text (navigator.clipboard.writeText, a click away); nothing else is
  // granted (camera, notifications, reading the clipboard, ...), and nothing to another page.
  ses.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(
      permission === 'clipboard-sanitized-write' && isOwnPage(details.requestingUrl, appUrl),
    ),
  );
}

/** Shows a message box (attached to `parent` when there is one); answers the button index. */
export async function ask(
  parent: BrowserWindow | undefined,
  options: MessageBoxOptions,
): Promise<number> {
  const result =
    parent && !parent.isDestroyed()
      ? await dialog.showMessageBox(parent, options)
      : await dialog.showMessageBox(options);
  return result.response;
}

/**
 * The tray icon of an app watching with its window closed: its menu opens the window or quits;
 * a click on the icon opens the window too (Windows and Linux convention).
 */
export function createTray(icon: string, actions: { open(): void; quit(): void }): Tray {
  const tray = new Tray(icon);
  tray.setToolTip('Exchange Desk: watching your mining alerts');
  tray.setContextMenu(Menu.buildFromTemplate(trayMenu(actions)));
  tray.on('click', () => actions.open());
  return tray;
}

/** Sets the application menu from a plain template (menu.ts). */
export function setApplicationMenu(template: MenuTemplateItem[]): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

export interface MainWindowOptions {
  preload: string;
  /** The app page: `app://desk/index.html`, or the dev server URL in development. */
  appUrl: string;
  icon?: string;
  /** Where and how big to open (windowState.ts); the default size when absent. */
  state?: WindowState;
  /** Packaged builds: no DevTools. */
  packaged?: boolean;
  /** Called with the window's size, position and maximised state when it closes. */
  onClose?: (state: WindowState) => void;
  /** Where the log is, for the failure dialogs. */
  logDir?: string;
  /** Quits the app (a failure dialog's "Quit"). */
  quit?: () => void;
  /**
   * Asked as the window closes: true keeps the app watching, so the window hides instead (the
   * tray setting on, the app not quitting); then `onHide` runs.
   */
  hideOnClose?: () => boolean;
  onHide?: () => void;
}

/** Show the window even when the page never signals ready (a hidden window is never left behind). */
const SHOW_ANYWAY_MS = 5_000;

/** The page's console errors logged per page load; a page in a loop of errors stops there. */
const PAGE_ERRORS_LOGGED = 50;

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const bounds = options.state?.bounds;
  const window = new BrowserWindow({
    ...(bounds ?? { width: 1400, height: 880 }),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Exchange Desk',
    backgroundColor: '#0f1115',
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: secureWebPreferences(options.preload, !options.packaged),
  });
  if (options.state?.maximized) window.maximize();
  const contents = window.webContents;

  // New windows never open; an allowlisted https link goes to the system browser instead.
  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(url).catch((error: unknown) =>
      log.error('[desk] could not open the link in the system browser:', error),
    );
    return { action: 'deny' };
  });
  // The page can never be replaced by another: block navigation away and redirects.
  const blockForeign = (event: { preventDefault(): void }, url: string) => {
    if (!isOwnPage(url, options.appUrl)) event.preventDefault();
  };
  contents.on('will-navigate', blockForeign);
  contents.on('will-redirect', blockForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());

  // Right-click: cut/copy/paste on inputs, copy on selected text.
  contents.on('context-menu', (_event, params) => {
    const template = contextMenu(params);
    if (template.length > 0) Menu.buildFromTemplate(template).popup({ window });
  });

  // Failures the user must see, with the next step.
  const logHint = options.logDir ? ` The log in ${options.logDir} has the details.` : '';
  const quit = options.quit ?? (() => window.close());
  const pageDidNotLoad = (reason: string, url: string) => {
    log.error(`[desk] the page did not load: ${reason} ${url}`);
    if (!window.isVisible()) window.show();
    void ask(window, {
      type: 'error',
      title: 'Exchange Desk',
      message: 'The app’s page did not load.',
      detail: `${reason}. Reload to try again; if it keeps failing, reinstall Exchange Desk.${logHint}`,
      buttons: ['Reload', 'Quit'],
      defaultId: 0,
      cancelId: 1,
    }).then((choice) => {
      if (choice === 0) void window.loadURL(options.appUrl).catch(() => undefined);
      else quit();
    });
  };
  contents.on('did-fail-load', (_event, errorCode, errorDescription, validatedURL, isMainFrame) => {
    if (!isMainFrame || errorCode === -3 /* ABORTED: a newer navigation replaced it */) return;
    pageDidNotLoad(`${errorDescription} (${errorCode})`, validatedURL);
  });
  // A page answered with an error status (its file missing from app.asar: the app:// handler's
  // 404) does not fail to load: Chromium shows the error's text. The same dialog, then.
  let pageErrors = 0;
  contents.on('did-navigate', (_event, url, httpResponseCode, httpStatusText) => {
    pageErrors = 0;
    if (httpResponseCode >= 400) pageDidNotLoad(`HTTP ${httpResponseCode} ${httpStatusText}`, url);
  });

  // The page's errors, its preload's, and a window that stops responding go to main's log (the
  // page's console is kept nowhere else).
  contents.on('console-message', (details) => {
    if (details.level !== 'error') return;
    pageErrors += 1;
    if (pageErrors > PAGE_ERRORS_LOGGED) return;
    log.error(`[page] ${details.message} (${details.sourceId}:${details.lineNumber})`);
    if (pageErrors === PAGE_ERRORS_LOGGED) {
      log.error('[page] further errors of this page are not logged until it loads again');
    }
  });
  contents.on('preload-error', (_event, preloadPath, error) =>
    log.error(`[page] the preload ${preloadPath} failed:`, error),
  );
  window.on('unresponsive', () => log.warn('[desk] the window is not responding'));
  window.on('responsive', () => log.info('[desk] the window responds again'));
  contents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    log.error(`[desk] the page's process is gone: ${details.reason} (exit ${details.exitCode})`);
    void ask(window, {
      type: 'error',
      title: 'Exchange Desk',
      message: 'The window stopped working.',
      detail: `Its process ended (${details.reason}). Reload the window to continue: your accounts and settings are safe.${logHint}`,
      buttons: ['Reload', 'Quit'],
      defaultId: 0,
      cancelId: 1,
    }).then((choice) => {
      if (choice === 0 && !window.isDestroyed()) contents.reload();
      else quit();
    });
  });

  // Closed before the page was ready: it stays hidden when the page gets there.
  let hiddenByClose = false;
  window.on('close', (event: { preventDefault(): void }) => {
    options.onClose?.({ bounds: window.getNormalBounds(), maximized: window.isMaximized() });
    if (!options.hideOnClose?.()) return;
    event.preventDefault();
    hiddenByClose = true;
    window.hide();
    options.onHide?.();
  });

  window.once('ready-to-show', () => {
    if (!hiddenByClose) window.show();
  });
  const fallback = setTimeout(() => {
    if (!window.isDestroyed() && !window.isVisible() && !hiddenByClose) window.show();
  }, SHOW_ANYWAY_MS);
  fallback.unref?.();
  window
    .loadURL(options.appUrl)
    .catch((error: unknown) => log.error('[desk] could not load the app page:', error));
  return window;
}
