import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A stand-in `electron`: BrowserWindow records its constructor options and every handler the code
 * under test registers on it, shell.openExternal is a spy, and session.defaultSession keeps the
 * header and permission handlers so the tests can call them.
 */
const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown;

  class FakeWebContents {
    windowOpenHandler: ((details: { url: string }) => unknown) | undefined;
    readonly listeners = new Map<string, Listener[]>();
    setWindowOpenHandler(handler: (details: { url: string }) => unknown): void {
      this.windowOpenHandler = handler;
    }
    on(name: string, listener: Listener): this {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
      return this;
    }
    reloads = 0;
    reload(): void {
      this.reloads += 1;
    }
  }

  class FakeBrowserWindow {
    static readonly instances: FakeBrowserWindow[] = [];
    static getFocusedWindow(): FakeBrowserWindow | null {
      return null;
    }
    readonly webContents = new FakeWebContents();
    readonly onceListeners = new Map<string, Listener>();
    readonly loaded: string[] = [];
    shown = 0;
    constructor(readonly options: Record<string, unknown>) {
      FakeBrowserWindow.instances.push(this);
    }
    readonly windowListeners = new Map<string, Listener[]>();
    maximized = false;
    once(name: string, listener: Listener): this {
      this.onceListeners.set(name, listener);
      return this;
    }
    on(name: string, listener: Listener): this {
      this.windowListeners.set(name, [...(this.windowListeners.get(name) ?? []), listener]);
      return this;
    }
    show(): void {
      this.shown += 1;
    }
    hidden = 0;
    hide(): void {
      this.hidden += 1;
    }
    isVisible(): boolean {
      return this.shown > 0;
    }
    isDestroyed(): boolean {
      return false;
    }
    maximize(): void {
      this.maximized = true;
    }
    isMaximized(): boolean {
      return this.maximized;
    }
    getNormalBounds() {
      return { x: 11, y: 22, width: 1234, height: 777 };
    }
    loadURL(url: string): Promise<void> {
      this.loaded.push(url);
      return Promise.resolve();
    }
  }

  const session = {
    headersListener: undefined as
      | ((
          details: { url: string; responseHeaders?: Record<string, string[]> },
          callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
        ) => void)
      | undefined,
    permissionHandler: undefined as
      | ((
          wc: unknown,
          permission: string,
          callback: (granted: boolean) => void,
          details: { requestingUrl: string; isMainFrame: boolean },
        ) => void)
      | undefined,
  };

  return {
    FakeBrowserWindow,
    session,
    openExternal: vi.fn((_url: string) => Promise.resolve()),
    popups: [] as unknown[][],
    dialogAnswer: { response: 0 },
    dialogs: [] as unknown[],
    schemes: [] as unknown[],
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  };
});

vi.mock('electron', () => ({
  app: { getPath: (name: string) => (name === 'downloads' ? '/home/ann/Downloads' : '/nowhere') },
  Menu: {
    buildFromTemplate: (template: unknown[]) => ({
      popup: () => fake.popups.push(template),
    }),
  },
  dialog: {
    showMessageBox: (...args: unknown[]) => {
      fake.dialogs.push(args.at(-1));
      return Promise.resolve(fake.dialogAnswer);
    },
    showSaveDialog: (...args: unknown[]) => {
      fake.dialogs.push(args.at(-1));
      return Promise.resolve({ canceled: true });
    },
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => fake.schemes.push(...schemes),
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
      fake.protocolHandlers.set(scheme, handler),
  },
  BrowserWindow: fake.FakeBrowserWindow,
  shell: { openExternal: fake.openExternal },
  session: {
    defaultSession: {
      webRequest: {
        onHeadersReceived: (listener: typeof fake.session.headersListener) => {
          fake.session.headersListener = listener;
        },
      },
      setPermissionRequestHandler: (handler: typeof fake.session.permissionHandler) => {
        fake.session.permissionHandler = handler;
      },
    },
  },
}));

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMainWindow,
  enforceSessionPolicy,
  openExternalSafely,
  registerAppScheme,
  saveWithDialog,
  secureWebPreferences,
  serveAppScheme,
} from '../../../src/main/shell/window';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/page/security';

const APP_URL = 'app://desk/index.html';
const DEV_APP_URL = 'http://localhost:5173/';
const PRELOAD = '/opt/exchange-desk/resources/app.asar/out/preload/index.cjs';

type FakeWindow = InstanceType<typeof fake.FakeBrowserWindow>;

function openWindow(appUrl = APP_URL, icon?: string): FakeWindow {
  const before = fake.FakeBrowserWindow.instances.length;
  createMainWindow({ preload: PRELOAD, appUrl, ...(icon ? { icon } : {}) });
  expect(fake.FakeBrowserWindow.instances).toHaveLength(before + 1);
  return fake.FakeBrowserWindow.instances[before]!;
}

function listenersOf(window: FakeWindow, name: string) {
  return window.webContents.listeners.get(name) ?? [];
}

/** Emits a navigation-like event to every listener; answers whether any prevented it. */
function emitNavigation(window: FakeWindow, name: string, url: string): boolean {
  const listeners = listenersOf(window, name);
  expect(listeners.length).toBeGreaterThan(0);
  const event = { preventDefault: vi.fn() };
  for (const listener of listeners) listener(event, url);
  return event.preventDefault.mock.calls.length > 0;
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeEach(() => {
  fake.openExternal.mockClear();
  fake.FakeBrowserWindow.instances.length = 0;
  fake.session.headersListener = undefined;
  fake.session.permissionHandler = undefined;
});

describe('secureWebPreferences / the window options', () => {
  it('hardens webPreferences and keeps the given preload', () => {
    const window = openWindow();
    const prefs = window.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(prefs).toEqual(secureWebPreferences(PRELOAD));
  });

  it('uses whatever preload path it is given', () => {
    expect(secureWebPreferences('/somewhere/else.cjs').preload).toBe('/somewhere/else.cjs');
  });

  it('starts hidden, loads the app URL and shows on ready-to-show', () => {
    const window = openWindow(DEV_APP_URL, '/icons/desk.png');
    expect(window.options['show']).toBe(false);
    expect(window.options['icon']).toBe('/icons/desk.png');
    expect(window.loaded).toEqual([DEV_APP_URL]);
    expect(window.shown).toBe(0);
    window.onceListeners.get('ready-to-show')?.();
    expect(window.shown).toBe(1);
  });

  it('sets no icon option when none is given', () => {
    const window = openWindow();
    expect('icon' in window.options).toBe(false);
  });
});

describe('window-open handler', () => {
  const urls = [
    'https://whitebit.com/x',
    'https://www.whitebit.eu/fees',
    'http://whitebit.com/',
    'https://evil.example/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'about:blank',
    APP_URL,
  ];

  it.each(urls)('denies a new window for %s', (url) => {
    const window = openWindow();
    expect(window.webContents.windowOpenHandler).toBeTypeOf('function');
    expect(window.webContents.windowOpenHandler!({ url })).toEqual({ action: 'deny' });
  });

  it('sends an allowlisted https link to the system browser', async () => {
    const window = openWindow();
    window.webContents.windowOpenHandler!({ url: 'https://whitebit.com/x' });
    await flush();
    expect(fake.openExternal).toHaveBeenCalledTimes(1);
    expect(fake.openExternal).toHaveBeenCalledWith('https://whitebit.com/x');
  });

  it.each([
    'http://whitebit.com',
    'https://evil.example',
    'javascript:alert(document.cookie)',
    'file:///etc/passwd',
    'https://whitebit.com.evil.example/',
  ])('never opens %s externally', async (url) => {
    const window = openWindow();
    window.webContents.windowOpenHandler!({ url });
    await flush();
    expect(fake.openExternal).not.toHaveBeenCalled();
  });
});

describe('navigation rules', () => {
  describe('with the packaged app:// page', () => {
    it.each(['will-navigate', 'will-redirect'])('%s blocks foreign URLs', (name) => {
      const window = openWindow(APP_URL);
      expect(emitNavigation(window, name, 'https://evil.example/')).toBe(true);
      expect(emitNavigation(window, name, 'file:///etc/passwd')).toBe(true);
      expect(
        emitNavigation(window, name, 'file:///opt/exchange-desk/resources/app.asar/out/x.html'),
      ).toBe(true);
      expect(emitNavigation(window, name, 'app://evil/index.html')).toBe(true);
      expect(emitNavigation(window, name, 'about:blank')).toBe(true);
      expect(emitNavigation(window, name, 'http://localhost:5173/')).toBe(true);
    });

    it.each(['will-navigate', 'will-redirect'])('%s lets the app page through', (name) => {
      const window = openWindow(APP_URL);
      expect(emitNavigation(window, name, APP_URL)).toBe(false);
      expect(emitNavigation(window, name, `${APP_URL}#/settings`)).toBe(false);
    });
  });

  describe('with a dev-server app URL', () => {
    it.each(['will-navigate', 'will-redirect'])('%s blocks other origins', (name) => {
      const window = openWindow(DEV_APP_URL);
      expect(emitNavigation(window, name, 'https://evil.example/')).toBe(true);
      expect(emitNavigation(window, name, 'http://localhost:5174/')).toBe(true);
      expect(emitNavigation(window, name, 'https://localhost:5173/')).toBe(true);
      expect(emitNavigation(window, name, 'file:///etc/passwd')).toBe(true);
    });

    it.each(['will-navigate', 'will-redirect'])('%s lets the dev server through', (name) => {
      const window = openWindow(DEV_APP_URL);
      expect(emitNavigation(window, name, 'http://localhost:5173/')).toBe(false);
      expect(emitNavigation(window, name, 'http://localhost:5173/deep/route?x=1')).toBe(false);
    });
  });

  it('prevents every webview from attaching', () => {
    const window = openWindow();
    expect(emitNavigation(window, 'will-attach-webview', 'https://whitebit.com/')).toBe(true);
    expect(emitNavigation(window, 'will-attach-webview', APP_URL)).toBe(true);
  });
});

describe('openExternalSafely', () => {
  it('opens an allowlisted https URL and answers true', async () => {
    await expect(openExternalSafely('https://whitebit.com/x')).resolves.toBe(true);
    await expect(openExternalSafely('https://docs.whitebit.eu/api')).resolves.toBe(true);
    expect(fake.openExternal.mock.calls).toEqual([
      ['https://whitebit.com/x'],
      ['https://docs.whitebit.eu/api'],
    ]);
  });

  it.each([
    'http://whitebit.com/',
    'https://evil.example/',
    'https://whitebit.com.evil.example/',
    'https://evilwhitebit.com/',
    'https://user:pass@whitebit.com/',
    'https://user@whitebit.com/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'whitebit.com',
    '',
  ])('refuses %s without touching the shell', async (url) => {
    await expect(openExternalSafely(url)).resolves.toBe(false);
    expect(fake.openExternal).not.toHaveBeenCalled();
  });
});

describe('enforceSessionPolicy', () => {
  /** What the session's header listener answers for a response of `url` with `headers`. */
  const headersFor = (url: string, responseHeaders?: Record<string, string[]>) => {
    enforceSessionPolicy(APP_URL);
    expect(fake.session.headersListener).toBeTypeOf('function');
    const callback = vi.fn();
    fake.session.headersListener!(
      { url, ...(responseHeaders ? { responseHeaders } : {}) },
      callback,
    );
    expect(callback).toHaveBeenCalledTimes(1);
    return callback.mock.calls[0]![0].responseHeaders as Record<string, string[]>;
  };

  it('adds the CSP header to the app:// page and keeps its other response headers', () => {
    const headers = headersFor(APP_URL, { 'Content-Type': ['text/html'], 'X-Other': ['1'] });
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['Content-Type']).toEqual(['text/html']);
    expect(headers['X-Other']).toEqual(['1']);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
  });

  it('replaces a weaker CSP on an app:// response, whatever its case', () => {
    const headers = headersFor('app://desk/assets/index.js', {
      'content-security-policy': ["default-src *; script-src 'unsafe-eval'"],
    });
    expect(headers).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  it('adds the CSP header when the app:// response has no headers', () => {
    expect(headersFor(APP_URL)).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  it.each([
    `${DEV_APP_URL}`,
    `${DEV_APP_URL}@vite/client`,
    `${DEV_APP_URL}src/main.tsx?t=1`,
    'http://127.0.0.1:5173/',
  ])('leaves the dev server its own policy: %s keeps its headers as they came', (url) => {
    expect(headersFor(url, { 'Content-Type': ['text/html'] })).toEqual({
      'Content-Type': ['text/html'],
    });
    expect(headersFor(url)).toEqual({});
  });

  /** What the session's permission handler answers `permission` asked by a frame at `url`. */
  const answer = (permission: string, url: string, appUrl = APP_URL) => {
    enforceSessionPolicy(appUrl);
    expect(fake.session.permissionHandler).toBeTypeOf('function');
    const callback = vi.fn();
    fake.session.permissionHandler!({}, permission, callback, {
      requestingUrl: url,
      isMainFrame: true,
    });
    expect(callback).toHaveBeenCalledTimes(1);
    return callback.mock.calls[0]![0] as boolean;
  };

  it.each(['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal'])(
    'refuses the %s permission, even to the app page',
    (permission) => {
      expect(answer(permission, `${APP_URL}#/history`)).toBe(false);
    },
  );

  it('lets the app page write to the clipboard (the copy buttons)', () => {
    expect(answer('clipboard-sanitized-write', `${APP_URL}#/history`)).toBe(true);
    expect(answer('clipboard-sanitized-write', DEV_APP_URL, DEV_APP_URL)).toBe(true);
  });

  it.each(['https://evil.example/', 'about:blank', 'file:///etc/passwd', 'app://other/', ''])(
    'refuses clipboard writes to a frame at %j',
    (url) => {
      expect(answer('clipboard-sanitized-write', url)).toBe(false);
    },
  );

  it('refuses clipboard writes to the dev server when the app page is app://', () => {
    expect(answer('clipboard-sanitized-write', DEV_APP_URL)).toBe(false);
  });
});

describe('the app:// scheme', () => {
  it("is registered as standard, secure, with fetch, CORS and V8's code cache", () => {
    registerAppScheme();
    expect(fake.schemes).toContainEqual({
      scheme: 'app',
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        corsEnabled: true,
        codeCache: true,
      },
    });
  });

  it('serves the renderer folder with the CSP, and nothing outside it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'desk-renderer-'));
    await writeFile(join(root, 'index.html'), '<!doctype html><title>x</title>');
    serveAppScheme(root);
    const handle = fake.protocolHandlers.get('app')!;
    const page = await handle(new Request('app://desk/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toContain('<title>x</title>');
    expect((await handle(new Request('app://desk/'))).status).toBe(200);
    expect((await handle(new Request('app://desk/%2e%2e/%2e%2e/etc/passwd'))).status).toBe(404);
    expect((await handle(new Request('app://desk/%E0%A4%A'))).status).toBe(400);
    expect((await handle(new Request('app://other/index.html'))).status).toBe(404);
    const post = await handle(new Request('app://desk/index.html', { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('the app page’s headers', () => {
  it('carry no cross-origin opener policy (a second renderer process on every start), and keep the rest', async () => {
    const root = await mkdtemp(join(tmpdir(), 'desk-renderer-'));
    await writeFile(join(root, 'index.html'), '<!doctype html><title>x</title>');
    serveAppScheme(root);
    const page = await fake.protocolHandlers.get('app')!(new Request('app://desk/index.html'));
    expect(page.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('desktop behaviour of the window', () => {
  const flushAll = async () => {
    for (let i = 0; i < 5; i += 1) await flush();
  };

  it('opens at the remembered bounds, maximised when it was, and reports them on close', () => {
    const closed: unknown[] = [];
    createMainWindow({
      preload: PRELOAD,
      appUrl: APP_URL,
      state: { bounds: { x: 5, y: 6, width: 1000, height: 700 }, maximized: true },
      onClose: (state) => closed.push(state),
    });
    const window = fake.FakeBrowserWindow.instances.at(-1)!;
    expect(window.options).toMatchObject({ x: 5, y: 6, width: 1000, height: 700 });
    expect(window.maximized).toBe(true);
    for (const listener of window.windowListeners.get('close') ?? []) listener();
    expect(closed).toEqual([
      { bounds: { x: 11, y: 22, width: 1234, height: 777 }, maximized: true },
    ]);
  });

  it('closing while watching (hideOnClose true) hides the window instead; otherwise it closes', () => {
    let watching = true;
    const hidden: string[] = [];
    const closed: unknown[] = [];
    createMainWindow({
      preload: PRELOAD,
      appUrl: APP_URL,
      onClose: (state) => closed.push(state),
      hideOnClose: () => watching,
      onHide: () => hidden.push('tray'),
    });
    const window = fake.FakeBrowserWindow.instances.at(-1)!;
    const close = () => {
      const event = { preventDefault: vi.fn() };
      for (const listener of window.windowListeners.get('close') ?? []) listener(event);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(close()).toBe(true);
    expect(window.hidden).toBe(1);
    expect(hidden).toEqual(['tray']);
    watching = false;
    expect(close()).toBe(false);
    expect(window.hidden).toBe(1);
    expect(hidden).toEqual(['tray']);
    // The size and place are remembered either way.
    expect(closed).toHaveLength(2);
  });

  it('closed while watching before the page was ready: it stays hidden when the page is', () => {
    createMainWindow({ preload: PRELOAD, appUrl: APP_URL, hideOnClose: () => true });
    const window = fake.FakeBrowserWindow.instances.at(-1)!;
    for (const listener of window.windowListeners.get('close') ?? [])
      listener({ preventDefault: () => undefined });
    window.onceListeners.get('ready-to-show')!();
    expect(window.shown).toBe(0);
  });

  it('has DevTools only when not packaged', () => {
    createMainWindow({ preload: PRELOAD, appUrl: APP_URL, packaged: true });
    const packaged = fake.FakeBrowserWindow.instances.at(-1)!;
    expect((packaged.options['webPreferences'] as { devTools: boolean }).devTools).toBe(false);
    const dev = openWindow(DEV_APP_URL);
    expect((dev.options['webPreferences'] as { devTools: boolean }).devTools).toBe(true);
  });

  it('right-click offers cut/copy/paste on inputs, copy on a selection, nothing elsewhere', () => {
    const window = openWindow();
    fake.popups.length = 0;
    const [listener] = window.webContents.listeners.get('context-menu')!;
    const flags = { canCut: true, canCopy: true, canPaste: false, canSelectAll: true };
    listener!({}, { isEditable: true, selectionText: '', editFlags: flags });
    listener!({}, { isEditable: false, selectionText: 'BTC', editFlags: flags });
    listener!({}, { isEditable: false, selectionText: '', editFlags: flags });
    expect(fake.popups).toHaveLength(2);
    const roles = (items: unknown[]) => items.map((i) => (i as { role?: string }).role);
    expect(roles(fake.popups[0]!)).toEqual(['cut', 'copy', 'paste', undefined, 'selectAll']);
    expect((fake.popups[0]![2] as { enabled: boolean }).enabled).toBe(false);
    expect(roles(fake.popups[1]!)).toEqual(['copy']);
  });

  it('a page that fails to load shows the window and a dialog; Reload loads the page again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.dialogs.length = 0;
    fake.dialogAnswer = { response: 0 };
    const window = openWindow();
    const [failed] = window.webContents.listeners.get('did-fail-load')!;
    failed!({}, -3, 'ERR_ABORTED', APP_URL, true);
    failed!({}, -6, 'ERR_FILE_NOT_FOUND', APP_URL, false);
    expect(fake.dialogs).toHaveLength(0);
    failed!({}, -6, 'ERR_FILE_NOT_FOUND', APP_URL, true);
    await flushAll();
    expect(window.shown).toBe(1);
    expect(fake.dialogs).toHaveLength(1);
    expect(fake.dialogs[0]).toMatchObject({
      message: 'The app’s page did not load.',
      buttons: ['Reload', 'Quit'],
    });
    expect((fake.dialogs[0] as { detail: string }).detail).toContain('ERR_FILE_NOT_FOUND (-6)');
    expect(window.loaded).toEqual([APP_URL, APP_URL]);
    expect(error.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining(
        `ERROR [desk] the page did not load: ERR_FILE_NOT_FOUND (-6) ${APP_URL}`,
      ),
    ]);
  });

  it('a crashed page offers Reload or Quit; Quit quits', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.dialogs.length = 0;
    fake.dialogAnswer = { response: 1 };
    const quit = vi.fn();
    createMainWindow({ preload: PRELOAD, appUrl: APP_URL, quit, logDir: '/var/log/desk' });
    const window = fake.FakeBrowserWindow.instances.at(-1)!;
    const [gone] = window.webContents.listeners.get('render-process-gone')!;
    gone!({}, { reason: 'clean-exit', exitCode: 0 });
    gone!({}, { reason: 'oom', exitCode: 9 });
    await flushAll();
    expect(fake.dialogs).toHaveLength(1);
    expect((fake.dialogs[0] as { detail: string }).detail).toMatch(/\(oom\).*\/var\/log\/desk/);
    expect(quit).toHaveBeenCalledTimes(1);
    expect(window.webContents.reloads).toBe(0);
    fake.dialogAnswer = { response: 0 };
    gone!({}, { reason: 'crashed', exitCode: 1 });
    await flushAll();
    expect(window.webContents.reloads).toBe(1);
    expect(error.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining("ERROR [desk] the page's process is gone: oom (exit 9)"),
      expect.stringContaining("ERROR [desk] the page's process is gone: crashed (exit 1)"),
    ]);
  });

  it('a page answered with an error status (the app:// 404) shows the same dialog; a 200 does not', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.dialogs.length = 0;
    fake.dialogAnswer = { response: 1 };
    const quit = vi.fn();
    createMainWindow({ preload: PRELOAD, appUrl: APP_URL, quit });
    const window = fake.FakeBrowserWindow.instances.at(-1)!;
    const [navigated] = window.webContents.listeners.get('did-navigate')!;
    navigated!({}, APP_URL, 200, 'OK');
    await flushAll();
    expect(fake.dialogs).toHaveLength(0);
    navigated!({}, APP_URL, 404, 'Not Found');
    await flushAll();
    expect(fake.dialogs).toHaveLength(1);
    expect(fake.dialogs[0]).toMatchObject({ message: 'The app’s page did not load.' });
    expect((fake.dialogs[0] as { detail: string }).detail).toContain('HTTP 404 Not Found');
    expect(quit).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain(
      `ERROR [desk] the page did not load: HTTP 404 Not Found ${APP_URL}`,
    );
  });

  it("the page's console errors, its preload failing and a hung window reach main's log", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const window = openWindow();
    const [consoleMessage] = window.webContents.listeners.get('console-message')!;
    const message = (level: string, text: string) =>
      consoleMessage!({
        level,
        message: text,
        sourceId: 'app://desk/assets/index.js',
        lineNumber: 7,
      });
    message('info', 'hello');
    message('warning', 'careful');
    message('error', 'Uncaught TypeError: x is undefined');
    const [preloadError] = window.webContents.listeners.get('preload-error')!;
    preloadError!({}, '/app/out/preload/index.cjs', new Error('bad preload'));
    for (const listener of window.windowListeners.get('unresponsive')!) listener();
    const lines = error.mock.calls.map((call) => String(call[0]));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(
      'ERROR [page] Uncaught TypeError: x is undefined (app://desk/assets/index.js:7)',
    );
    expect(lines[1]).toContain(
      'ERROR [page] the preload /app/out/preload/index.cjs failed: Error: bad preload',
    );
    expect(lines[2]).toContain('WARN [desk] the window is not responding');
  });

  it('a page in a loop of errors logs 50 of them per load, and says it stopped', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const window = openWindow();
    const [consoleMessage] = window.webContents.listeners.get('console-message')!;
    const [navigated] = window.webContents.listeners.get('did-navigate')!;
    for (let i = 0; i < 80; i += 1) {
      consoleMessage!({ level: 'error', message: `boom ${i}`, sourceId: 'x', lineNumber: 1 });
    }
    expect(error).toHaveBeenCalledTimes(51);
    expect(String(error.mock.calls[50]![0])).toContain(
      'further errors of this page are not logged until it loads again',
    );
    navigated!({}, APP_URL, 200, 'OK');
    consoleMessage!({ level: 'error', message: 'after reload', sourceId: 'x', lineNumber: 1 });
    expect(error).toHaveBeenCalledTimes(52);
  });
});

describe('saveWithDialog', () => {
  it('starts in Downloads with the file name', async () => {
    fake.dialogs.length = 0;
    let asked = false;
    async function* pieces() {
      asked = true;
      yield 'a,b\n';
    }
    await expect(saveWithDialog('deposits-2026-11-28.csv', pieces())).resolves.toBeUndefined();
    expect(asked).toBe(false); // cancelled: no piece was made
    expect(fake.dialogs).toEqual([
      {
        defaultPath: join('/home/ann/Downloads', 'deposits-2026-11-28.csv'),
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      },
    ]);
  });
});

afterEach(() => vi.restoreAllMocks());
