import { beforeEach, describe, expect, it, vi } from 'vitest';

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
  }

  class FakeBrowserWindow {
    static readonly instances: FakeBrowserWindow[] = [];
    readonly webContents = new FakeWebContents();
    readonly onceListeners = new Map<string, Listener>();
    readonly loaded: string[] = [];
    shown = 0;
    constructor(readonly options: Record<string, unknown>) {
      FakeBrowserWindow.instances.push(this);
    }
    once(name: string, listener: Listener): this {
      this.onceListeners.set(name, listener);
      return this;
    }
    show(): void {
      this.shown += 1;
    }
    loadURL(url: string): Promise<void> {
      this.loaded.push(url);
      return Promise.resolve();
    }
  }

  const session = {
    headersListener: undefined as
      | ((
          details: { responseHeaders?: Record<string, string[]> },
          callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
        ) => void)
      | undefined,
    permissionHandler: undefined as
      ((wc: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined,
  };

  return {
    FakeBrowserWindow,
    session,
    openExternal: vi.fn((_url: string) => Promise.resolve()),
  };
});

vi.mock('electron', () => ({
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

import {
  createMainWindow,
  enforceSessionPolicy,
  openExternalSafely,
  secureWebPreferences,
} from '../../src/main/window';
import { CONTENT_SECURITY_POLICY } from '../../src/main/security';

const FILE_APP_URL = 'file:///opt/exchange-desk/resources/app.asar/out/renderer/index.html';
const DEV_APP_URL = 'http://localhost:5173/';
const PRELOAD = '/opt/exchange-desk/resources/app.asar/out/preload/index.cjs';

type FakeWindow = InstanceType<typeof fake.FakeBrowserWindow>;

function openWindow(appUrl = FILE_APP_URL, icon?: string): FakeWindow {
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
    FILE_APP_URL,
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
  describe('with a packaged (file) app URL', () => {
    it.each(['will-navigate', 'will-redirect'])('%s blocks foreign URLs', (name) => {
      const window = openWindow(FILE_APP_URL);
      expect(emitNavigation(window, name, 'https://evil.example/')).toBe(true);
      expect(emitNavigation(window, name, 'file:///etc/passwd')).toBe(true);
      expect(
        emitNavigation(window, name, 'file:///opt/exchange-desk/resources/app.asar/out/x.html'),
      ).toBe(true);
      expect(emitNavigation(window, name, 'about:blank')).toBe(true);
      expect(emitNavigation(window, name, 'http://localhost:5173/')).toBe(true);
    });

    it.each(['will-navigate', 'will-redirect'])('%s lets the app page through', (name) => {
      const window = openWindow(FILE_APP_URL);
      expect(emitNavigation(window, name, FILE_APP_URL)).toBe(false);
      expect(emitNavigation(window, name, `${FILE_APP_URL}#/settings`)).toBe(false);
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
    expect(emitNavigation(window, 'will-attach-webview', FILE_APP_URL)).toBe(true);
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
  it('adds the CSP header and keeps the other response headers', () => {
    enforceSessionPolicy();
    expect(fake.session.headersListener).toBeTypeOf('function');
    const callback = vi.fn();
    fake.session.headersListener!(
      { responseHeaders: { 'Content-Type': ['text/html'], 'X-Other': ['1'] } },
      callback,
    );
    expect(callback).toHaveBeenCalledTimes(1);
    const headers = callback.mock.calls[0]![0].responseHeaders as Record<string, string[]>;
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['Content-Type']).toEqual(['text/html']);
    expect(headers['X-Other']).toEqual(['1']);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
  });

  it('replaces a weaker CSP sent by the server', () => {
    enforceSessionPolicy();
    const callback = vi.fn();
    fake.session.headersListener!(
      {
        responseHeaders: { 'Content-Security-Policy': ["default-src *; script-src 'unsafe-eval'"] },
      },
      callback,
    );
    expect(callback.mock.calls[0]![0].responseHeaders['Content-Security-Policy']).toEqual([
      CONTENT_SECURITY_POLICY,
    ]);
  });

  it('adds the CSP header when the response has no headers', () => {
    enforceSessionPolicy();
    const callback = vi.fn();
    fake.session.headersListener!({}, callback);
    expect(callback.mock.calls[0]![0]).toEqual({
      responseHeaders: { 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });

  it.each(['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal'])(
    'refuses the %s permission',
    (permission) => {
      enforceSessionPolicy();
      expect(fake.session.permissionHandler).toBeTypeOf('function');
      const callback = vi.fn();
      fake.session.permissionHandler!({}, permission, callback);
      expect(callback).toHaveBeenCalledTimes(1);
      expect(callback).toHaveBeenCalledWith(false);
    },
  );
});
