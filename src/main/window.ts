import { writeFile } from 'node:fs/promises';
import { BrowserWindow, dialog, session, shell, type WebPreferences } from 'electron';
import { CONTENT_SECURITY_POLICY, isAllowedExternalUrl, isOwnPage } from './security';

/** The hardened webPreferences of every window the app opens. */
export function secureWebPreferences(preload: string): WebPreferences {
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
  };
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

/** Asks where to save a file (native dialog) and writes it there; undefined when cancelled. */
export async function saveWithDialog(
  defaultName: string,
  text: string,
): Promise<string | undefined> {
  const parent = BrowserWindow.getFocusedWindow();
  const options = { defaultPath: defaultName, filters: [{ name: 'CSV', extensions: ['csv'] }] };
  const result = parent
    ? await dialog.showSaveDialog(parent, options)
    : await dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return undefined;
  await writeFile(result.filePath, text, 'utf8');
  return result.filePath;
}

/** Applies the CSP header to every response of the app's session (dev server included). */
export function enforceSessionPolicy(): void {
  const ses = session.defaultSession;
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      },
    });
  });
  // The app asks for no permission (camera, notifications, ...): refuse them all.
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
}

export interface MainWindowOptions {
  preload: string;
  /** The app page: the dev server URL or the file URL of the built index.html. */
  appUrl: string;
  icon?: string;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 880,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Exchange Desk',
    backgroundColor: '#0f1115',
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: secureWebPreferences(options.preload),
  });
  const contents = window.webContents;

  // New windows never open; an allowlisted https link goes to the system browser instead.
  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(url).catch((error: unknown) =>
      console.error('[desk] could not open the link in the system browser:', error),
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

  window.once('ready-to-show', () => window.show());
  window
    .loadURL(options.appUrl)
    .catch((error: unknown) => console.error('[desk] could not load the app page:', error));
  return window;
}
