import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { OverviewPage } from '../e2e/pages/overview';
import { BootedApp, callsNamed, PRELOAD_BUNDLE, type Call } from './boot/harness';
import { builderConfig } from './support/config';
import { REPO } from './support/pre-step';

/**
 * The desktop shell as it ships: the built out/main/index.js booted under plain Node with a
 * stand-in `electron` that records every call (test/shell/boot/electron.cjs). No Electron binary.
 */
const running: BootedApp[] = [];
async function boot(options: Parameters<typeof BootedApp.boot>[0] = {}): Promise<BootedApp> {
  const app = await BootedApp.boot(options);
  running.push(app);
  return app;
}
afterEach(() => {
  for (const app of running.splice(0)) app.kill();
});

const APP_PAGE = 'app://desk/index.html';
const indexOf = (calls: Call[], what: string) => calls.findIndex((c) => c.what === what);
type MenuItem = { label?: string; role?: string; id?: string; submenu?: MenuItem[] };
type Template = MenuItem[];
const flatten = (items: Template): Template =>
  items.flatMap((item) => [item, ...flatten(item.submenu ?? [])]);
const menuOf = (calls: Call[]) =>
  flatten(callsNamed(calls, 'Menu.setApplicationMenu')[0]!.detail!['template'] as Template);
const windowOptions = (calls: Call[]) =>
  callsNamed(calls, 'BrowserWindow')[0]!.detail!['options'] as Record<string, unknown> & {
    webPreferences: Record<string, unknown>;
  };

describe('boot: the built main bundle under a stand-in electron', () => {
  it('development run: app:// scheme, hardened window, menu with DevTools, its own data and keychain', async () => {
    const app = await boot();
    await app.ready();
    const calls = await app.calls();

    const [schemes] = callsNamed(calls, 'protocol.registerSchemesAsPrivileged');
    expect(schemes!.detail).toEqual({
      schemes: [
        {
          scheme: 'app',
          privileges: {
            standard: true,
            secure: true,
            supportFetchAPI: true,
            corsEnabled: true,
            codeCache: true,
          },
        },
      ],
      beforeReady: true,
    });
    expect(callsNamed(calls, 'protocol.handle')[0]!.detail).toEqual({
      scheme: 'app',
      afterReady: true,
    });
    expect(callsNamed(calls, 'window.loadURL')[0]!.detail!['url']).toBe(APP_PAGE);
    expect(calls.some((c) => JSON.stringify(c.detail ?? {}).includes('file://'))).toBe(false);

    const options = windowOptions(calls);
    expect(options).toMatchObject({ show: false, minWidth: 960, minHeight: 600 });
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      devTools: true,
    });
    expect(String(options.webPreferences['preload'])).toMatch(/out[\\/]preload[\\/]index\.cjs$/);

    // Development: its own data folder and keychain service; a reload and DevTools in the menu.
    expect(callsNamed(calls, 'app.setPath')[0]!.detail).toMatchObject({
      name: 'userData',
      value: join(app.dir, 'appData', 'Exchange Desk (development)'),
    });
    const services = new Set(
      calls.filter((c) => c.what.startsWith('keytar.')).map((c) => c.detail!['service']),
    );
    expect([...services]).toEqual(['Exchange Desk (development)']);
    const roles = menuOf(calls).map((i) => i.role);
    expect(roles).toContain('toggleDevTools');
    expect(roles).toContain('forceReload');

    // The window opens before any keychain read; it is shown when the page is ready.
    const firstKeychainRead = calls.findIndex((c) => c.what.startsWith('keytar.'));
    expect(indexOf(calls, 'BrowserWindow')).toBeGreaterThan(-1);
    expect(indexOf(calls, 'BrowserWindow')).toBeLessThan(firstKeychainRead);
    expect((await app.windows())[0]!.visible).toBe(true);

    // Only the app's own page may call: the sender check on every channel.
    expect(await app.invoke('profiles.list', undefined, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await app.invoke('profiles.list', undefined, 'file:///tmp/x.html')).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await app.invoke('app.info')).toMatchObject({ ok: true });

    // The page itself came through app:// (200), so no load-failure dialog.
    expect(callsNamed(calls, 'dialog.showMessageBox')).toEqual([]);
    // A CSV export's save dialog starts in Downloads with the file's name.
    await app.invoke('transfers.exportCsv', { filters: {} });
    const [save] = callsNamed(await app.calls(), 'dialog.showSaveDialog');
    const { defaultPath } = save!.detail!['options'] as { defaultPath: string };
    expect(dirname(defaultPath)).toBe(join(app.dir, 'home', 'Downloads'));
    expect(basename(defaultPath)).toMatch(/\.csv$/);
  });

  it('macOS: Settings… (⌘,) in the app menu opens the Settings screen; the Window menu has its role', async () => {
    const app = await boot({ env: { STANDIN_PLATFORM: 'darwin' } });
    await app.ready();
    const [window] = menuOf(await app.calls()).filter((item) => item.label === 'Window');
    expect(window!.role).toBe('window');
    expect(await app.click('settings')).toEqual({ clicked: true });
    const [shown] = await app.windows();
    expect(shown!.sent.filter((m) => m[0] === 'desk:event' && m[1] === 'app.open')).toEqual([
      ['desk:event', 'app.open', { screen: 'settings' }],
    ]);
  });

  it('packaged run: no DevTools, no reload, the installed data folder and keychain service', async () => {
    const resources = await mkdtemp(join(tmpdir(), 'desk-resources-'));
    const app = await boot({ packaged: true, resources });
    await app.ready();
    const calls = await app.calls();
    expect(windowOptions(calls).webPreferences['devTools']).toBe(false);
    const items = menuOf(calls);
    const roles = items.map((i) => i.role);
    expect(roles).not.toContain('toggleDevTools');
    expect(roles).not.toContain('forceReload');
    expect(roles).not.toContain('reload');
    expect(roles).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste']));
    expect(roles).toEqual(expect.arrayContaining(['selectAll', 'zoomIn', 'togglefullscreen']));
    expect(items.map((i) => i.id)).toEqual(
      expect.arrayContaining(['about', 'check-updates', 'readme', 'data-folder', 'log-folder']),
    );
    // This build has no update feed (no app-update.yml beside app.asar): updates are off, and
    // the menu, the page and About say so.
    const noFeed = 'Automatic updates are off: this build has no update feed.';
    expect(items.find((i) => i.id === 'check-updates')).toMatchObject({ enabled: false });
    const status = await app.invoke<{ state: string; message: string }>('app.updateStatus');
    expect(status.ok && status.value.state).toBe('disabled');
    expect(status.ok && status.value.message).toContain(noFeed);
    expect(callsNamed(calls, 'app.setPath')).toEqual([]);
    const services = new Set(
      calls.filter((c) => c.what.startsWith('keytar.')).map((c) => c.detail!['service']),
    );
    expect([...services]).toEqual(['Exchange Desk']);

    // Help: About names the version and the state of updates; the user guide (Read Me) and the
    // folders open in the system, and one that does not open (no user-guide.md here) says so.
    await app.click('about');
    await app.click('readme');
    await app.click('log-folder');
    await app.click('data-folder');
    const after = await app.waitFor(
      (c) =>
        callsNamed(c, 'shell.openPath').length === 3 &&
        callsNamed(c, 'dialog.showMessageBox').length === 2,
    );
    const [about, readme] = callsNamed(after, 'dialog.showMessageBox').map(
      (c) => c.detail!['options'] as { message: string; detail?: string },
    );
    expect(about!.message).toBe('Exchange Desk 0.1.0');
    expect(about!.detail).toContain(noFeed);
    expect(readme!.message).toBe('Could not open the Read Me.');
    expect(readme!.detail).toContain(`It is at ${join(resources, 'user-guide.md')}.`);
    expect(callsNamed(after, 'shell.openPath').map((c) => c.detail!['path'])).toEqual([
      join(resources, 'user-guide.md'),
      join(app.dir, 'appData', 'Exchange Desk', 'logs'),
      join(app.dir, 'appData', 'Exchange Desk'),
    ]);
  });

  it('electron-updater failing to load: updates off with the reason, in the page, the log and the menu', async () => {
    const resources = await mkdtemp(join(tmpdir(), 'desk-resources-'));
    await writeFile(
      join(resources, 'app-update.yml'),
      'provider: generic\nurl: http://127.0.0.1:9/\n',
    );
    const app = await boot({
      packaged: true,
      resources,
      dialogAnswer: 0,
      env: { STANDIN_BREAK_UPDATER: '1' },
    });
    await app.ready();
    const reason = "Automatic updates could not start: Cannot find module 'builder-util-runtime'";
    expect(await app.invoke('app.updateStatus')).toEqual({
      ok: true,
      value: { state: 'disabled', message: reason },
    });
    // The build has a feed, so Check for Updates is there; it says why nothing happens.
    await app.click('check-updates');
    const calls = await app.waitFor((c) => callsNamed(c, 'dialog.showMessageBox').length === 1);
    const [box] = callsNamed(calls, 'dialog.showMessageBox');
    expect((box!.detail!['options'] as { message: string }).message).toBe(reason);
    const log = await readFile(
      join(app.dir, 'appData', 'Exchange Desk', 'logs', 'main.log'),
      'utf8',
    );
    expect(log).toMatch(/ERROR \[main\] automatic updates could not start:.*builder-util-runtime/);
  });

  it('the page, its scripts and styles come through app:// with the CSP, and Chromium renders the Overview', async () => {
    const app = await boot();
    await app.ready();
    const page = await app.fetch(APP_PAGE);
    expect(page.status).toBe(200);
    const html = Buffer.from(page.body, 'base64').toString('utf8');
    const assets = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const path of ['index.html', ...assets]) {
      const response = await app.fetch(`app://desk/${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(response.headers['content-security-policy'], path).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
    }
    expect((await app.fetch('app://desk/assets/../../main/index.js')).status).toBe(404);
    expect((await app.fetch('app://desk/%2e%2e/main/index.js')).status).toBe(404);
    expect((await app.fetch('app://elsewhere/index.html')).status).toBe(404);

    // Chromium gets exactly those responses (the page at a stand-in https origin), the real
    // preload bundle in place of Electron's, and its calls go to the bundle's ipcMain handlers.
    const browser = await launchBrowser();
    try {
      const tab = await browser.context.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(error.message));
      await tab.exposeFunction('__ipcInvoke', (channel: string, input: unknown) =>
        app.invoke(channel, input),
      );
      await tab.addInitScript({ content: preloadShim(readFileSync(PRELOAD_BUNDLE, 'utf8')) });
      await tab.route('https://desk.test/**', async (route) => {
        const url = new URL(route.request().url());
        const answer = await app.fetch(`app://desk${url.pathname}`);
        await route.fulfill({
          status: answer.status,
          headers: answer.headers,
          body: Buffer.from(answer.body, 'base64'),
        });
      });
      await tab.goto('https://desk.test/index.html');
      const overview = new OverviewPage(tab);
      await overview.total.waitFor({ timeout: 20_000 });
      await overview.rows.first().waitFor();
      expect(await overview.totalText()).toMatch(/^[\d,]+\.\d+ USDT$/);
      await mkdir('test-results/screenshots', { recursive: true });
      await tab.screenshot({ path: 'test-results/screenshots/boot-overview.png' });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('a second launch quits at once; the running one focuses its window', async () => {
    const second = await boot({ lockTaken: true });
    const exit = await second.exited;
    expect(exit.code).toBe(0);
    expect(exit.calls.map((c) => c.what)).toEqual(
      expect.arrayContaining(['app.requestSingleInstanceLock', 'app.quit', 'process.exit']),
    );
    expect(callsNamed(exit.calls, 'BrowserWindow')).toEqual([]);
    expect(exit.calls.some((c) => c.what.startsWith('keytar.'))).toBe(false);

    const first = await boot();
    await first.ready();
    await first.emit('app', 'second-instance', [{}, [], '/']);
    const calls = await first.waitFor((c) => callsNamed(c, 'window.focus').length > 0);
    expect(callsNamed(calls, 'window.focus')).toHaveLength(1);
  });

  it('quit waits for the core: the demo exchange state and the window size are on disk', async () => {
    const app = await boot();
    await app.ready();
    const clientOrderId = `boot-${Date.now()}`;
    const placed = await app.invoke('orders.place', {
      kind: 'stock_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      clientOrderId,
    });
    expect(placed).toMatchObject({ ok: true });
    await app.send({ cmd: 'setBounds', bounds: { x: 40, y: 50, width: 1111, height: 777 } });
    const exit = await app.quit();
    expect(exit.code).toBe(0);
    const names = exit.calls.map((c) => c.what);
    expect(names.indexOf('quit.prevented')).toBeGreaterThan(-1);
    expect(names.lastIndexOf('app.quit')).toBeGreaterThan(names.indexOf('quit.prevented'));
    const data = join(app.dir, 'appData', 'Exchange Desk (development)');
    const state = await readFile(join(data, 'demo-exchange.json'), 'utf8');
    expect(state).toContain(clientOrderId);
    expect(JSON.parse(await readFile(join(data, 'window-state.json'), 'utf8'))).toEqual({
      bounds: { x: 40, y: 50, width: 1111, height: 777 },
      maximized: false,
    });

    // The next launch opens where the window was; on a smaller display it is pulled inside it.
    const again = await boot({ dir: app.dir });
    await again.ready();
    expect(windowOptions(await again.calls())).toMatchObject({
      x: 40,
      y: 50,
      width: 1111,
      height: 777,
    });
    await again.quit();
    const moved = await boot({
      dir: app.dir,
      displays: [{ x: 0, y: 0, width: 1024, height: 700 }],
    });
    await moved.ready();
    const placed2 = windowOptions(await moved.calls());
    expect(Number(placed2['x']) + Number(placed2['width'])).toBeLessThanOrEqual(1024);
    expect(Number(placed2['y']) + Number(placed2['height'])).toBeLessThanOrEqual(700);
  });

  it('a desktop notification only while no window is focused; one the system refuses is logged', async () => {
    const app = await boot();
    await app.ready();
    const note = { title: 'Order filled', body: 'An order filled on BTC\u202E/TSDU\nnow' };
    expect(await app.invoke('app.notify', note)).toEqual({ ok: true, value: false });
    await app.emit('window', 'blur');
    expect(await app.invoke('app.notify', note)).toEqual({ ok: true, value: true });
    await app.emit('window', 'focus');
    expect(await app.invoke('app.notify', note)).toEqual({ ok: true, value: false });
    const shown = (await app.calls()).filter((c) => c.what === 'Notification.show');
    // Shown with a `failed` listener, the bidi override and the line break taken out.
    expect(shown).toEqual([
      {
        what: 'Notification.show',
        detail: {
          title: 'Order filled',
          body: 'An order filled on BTC/TSDU now',
          failedListeners: 1,
        },
      },
    ]);

    // macOS refuses an unsigned app's notification: logged, the window asks for attention (the
    // in-app notice is the one left), and no desktop notification is promised any more.
    await app.emit('notification', 'failed', [{}, 'Notifications are not allowed']);
    await app.emit('window', 'blur');
    expect(await app.invoke('app.notify', note)).toEqual({ ok: true, value: false });
    expect(callsNamed(await app.calls(), 'window.flashFrame')).toEqual([
      { what: 'window.flashFrame', detail: { id: 1, flag: true } },
    ]);
    const log = await readFile(
      join(app.dir, 'appData', 'Exchange Desk (development)', 'logs', 'main.log'),
      'utf8',
    );
    expect(log).toMatch(
      /WARN \[notify\] the desktop notification could not be shown: Notifications are not allowed/,
    );
  });

  it('a price alert fires in main with the window hidden: a desktop notification and the page told', async () => {
    const app = await boot();
    await app.ready();
    await app.emit('window', 'blur');
    // Far under the demo's BTC price: reached already, so main fires it as soon as it has a price
    // (the stream's, or the ticker it reads for a new alert).
    const added = await app.invoke('priceAlerts.add', {
      market: 'BTC_USDT',
      direction: 'above',
      price: '1',
      repeat: 'once',
      note: 'boot test',
    });
    expect(added).toMatchObject({ ok: true });
    const calls = await app.waitFor((c) => callsNamed(c, 'Notification.show').length > 0);
    expect(callsNamed(calls, 'Notification.show')).toEqual([
      {
        what: 'Notification.show',
        detail: {
          title: expect.stringMatching(/^BTC\/USDT above 1(\.0+)?$/),
          body: expect.stringMatching(/^Last price [\d,.]+ · boot test$/),
          failedListeners: 1,
        },
      },
    ]);
    const [window] = await app.windows();
    const fired = window!.sent.filter((m) => m[0] === 'desk:event' && m[1] === 'priceAlerts.fired');
    expect(fired).toHaveLength(1);
    expect(await app.invoke('priceAlerts.list')).toMatchObject({
      ok: true,
      value: { alerts: [{ market: 'BTC_USDT', state: 'fired', note: 'boot test' }] },
    });
  });

  it('sleep pauses and wake re-checks, the page told both; a system shutdown saves and quits', async () => {
    const app = await boot();
    await app.ready();
    await app.emit('powerMonitor', 'suspend');
    await app.emit('powerMonitor', 'resume');
    const deadline = Date.now() + 10_000;
    let power: string[] = [];
    while (Date.now() < deadline) {
      const [window] = await app.windows();
      power = window!.sent
        .filter((m) => m[0] === 'desk:event' && m[1] === 'app.power')
        .map((m) => (m[2] as { state: string }).state);
      if (power.length === 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(power).toEqual(['suspended', 'resumed']);

    // Linux and macOS: powerMonitor's shutdown; the system is asked to wait while the app quits.
    await placeOrderAndMove(app, 'shutdown');
    await app.emit('powerMonitor', 'shutdown', [], true);
    const exit = await app.exited;
    expect(exit.code).toBe(0);
    expect(callsNamed(exit.calls, 'event.preventDefault')).toEqual([
      { what: 'event.preventDefault', detail: { target: 'powerMonitor', event: 'shutdown' } },
    ]);
    await expectSavedAt(join(app.dir, 'appData', 'Exchange Desk (development)'), 'shutdown');
  });

  it('Windows: the AppUserModelID is the appId; a session end (logoff, shutdown) saves and quits', async () => {
    const app = await boot({ env: { STANDIN_PLATFORM: 'win32' } });
    await app.ready();
    expect(callsNamed(await app.calls(), 'app.setAppUserModelId')).toEqual([
      { what: 'app.setAppUserModelId', detail: { id: builderConfig().appId, beforeReady: true } },
    ]);
    // Windows sends no before-quit at logoff: the window's session-end is all there is.
    await placeOrderAndMove(app, 'session-end');
    await app.emit('window', 'session-end', [], true);
    const exit = await app.exited;
    expect(exit.code).toBe(0);
    await expectSavedAt(join(app.dir, 'appData', 'Exchange Desk (development)'), 'session-end');
  });
});

describe('boot: keep watching in the tray (issue 33, item 3)', () => {
  it('the setting on: closing hides the window, a tray icon opens it or quits, main keeps polling', async () => {
    const app = await boot();
    await app.ready();
    expect(await app.invoke('app.setKeepWatching', { on: true })).toEqual({
      ok: true,
      value: true,
    });
    await app.send({ cmd: 'close' });
    const [window] = await app.windows();
    expect(window).toMatchObject({ id: 1, visible: false });
    expect(await app.trays()).toBe(1);
    const calls = await app.calls();
    expect(callsNamed(calls, 'window.hide')).toHaveLength(1);
    expect(callsNamed(calls, 'app.quit')).toEqual([]);
    expect(callsNamed(calls, 'tray.setContextMenu')[0]!.detail!['template']).toEqual([
      { id: 'tray-open', label: 'Open Exchange Desk', clickable: true },
      { type: 'separator' },
      { id: 'tray-quit', label: 'Quit Exchange Desk', clickable: true },
    ]);

    // Main still polls the pool (the poller's own poll, as its timer runs it) and, the window
    // hidden, a desktop notification is shown (the poller's go through the same notifier).
    const checked = await app.invoke<{ lastPollAt: number | null }>('mining.checkAlerts');
    expect(checked.ok && checked.value.lastPollAt).toBeGreaterThan(0);
    const note = { title: 'Mining alert', body: 'rig-01 (demo-miner) is offline since 10:05 UTC' };
    expect(await app.invoke('app.notify', note)).toEqual({ ok: true, value: true });
    expect(callsNamed(await app.calls(), 'Notification.show')).toHaveLength(1);
    expect((await app.windows())[0]).toMatchObject({ visible: false });

    // macOS: a click on the Dock icon (activate) shows the hidden window too.
    await app.emit('app', 'activate');
    expect((await app.windows())[0]).toMatchObject({ visible: true });
    await app.send({ cmd: 'close' });
    expect((await app.windows())[0]).toMatchObject({ visible: false });
    expect(await app.trays()).toBe(1);

    // Open from the tray shows the window again; Quit from the tray quits (the core stopped).
    expect(await app.click('tray-open')).toEqual({ clicked: true });
    expect((await app.windows())[0]).toMatchObject({ visible: true });
    expect(await app.click('tray-quit')).toEqual({ clicked: true });
    const exit = await app.exited;
    expect(exit.code).toBe(0);
    const names = exit.calls.map((c) => c.what);
    expect(names).toContain('quit.prevented');
    expect(names).toContain('tray.destroy');
  });

  it('the setting off (the default, or turned off): closing quits as before; macOS keeps its rule', async () => {
    const app = await boot();
    await app.ready();
    await app.invoke('app.setKeepWatching', { on: true });
    await app.invoke('app.setKeepWatching', { on: false });
    await app.send({ cmd: 'close' });
    const exit = await app.exited;
    expect(exit.code).toBe(0);
    expect(callsNamed(exit.calls, 'window.hide')).toEqual([]);
    expect(callsNamed(exit.calls, 'Tray')).toEqual([]);

    // macOS: closing the last window leaves the app running (its rule), no tray, no hidden window.
    const mac = await boot({ env: { STANDIN_PLATFORM: 'darwin' } });
    await mac.ready();
    await mac.send({ cmd: 'close' });
    expect(await mac.windows()).toEqual([]);
    expect(await mac.trays()).toBe(0);
    expect(callsNamed(await mac.calls(), 'app.quit')).toEqual([]);
  });
});

/** Places a demo order whose client order id carries `tag`, and moves the window. */
async function placeOrderAndMove(app: BootedApp, tag: string): Promise<void> {
  const placed = await app.invoke('orders.place', {
    kind: 'stock_market',
    market: 'BTC_USDT',
    side: 'buy',
    amount: '0.001',
    clientOrderId: `boot-${tag}`,
  });
  expect(placed).toMatchObject({ ok: true });
  await app.send({ cmd: 'setBounds', bounds: { x: 40, y: 50, width: 1111, height: 777 } });
}

/**
 * The demo exchange's state holds the order of `tag`, the window's place is remembered, and the
 * history database was closed (SQLite removes its write-ahead log when the last connection closes).
 */
async function expectSavedAt(data: string, tag: string): Promise<void> {
  expect(await readFile(join(data, 'demo-exchange.json'), 'utf8')).toContain(`boot-${tag}`);
  expect(existsSync(join(data, 'history.sqlite'))).toBe(true);
  expect(existsSync(join(data, 'history.sqlite-wal'))).toBe(false);
  expect(JSON.parse(await readFile(join(data, 'window-state.json'), 'utf8'))).toEqual({
    bounds: { x: 40, y: 50, width: 1111, height: 777 },
    maximized: false,
  });
}

describe('boot: failures a user can see', () => {
  it('the core cannot start: a dialog with the reason and the next step, then the process ends', async () => {
    const app = await boot({ env: { STANDIN_BREAK_LISTEN: '1' } });
    const exit = await app.exited;
    expect(exit.code).toBe(1);
    const names = exit.calls.map((c) => c.what);
    expect(names.indexOf('BrowserWindow')).toBeGreaterThan(-1);
    const [box] = callsNamed(exit.calls, 'dialog.showMessageBox');
    const options = box!.detail!['options'] as {
      message: string;
      detail: string;
      buttons: string[];
    };
    expect(options.message).toBe('Exchange Desk could not start.');
    expect(options.detail).toContain('listen EACCES');
    expect(options.detail).toContain('Quit and start it again');
    expect(options.buttons).toEqual(['Quit', 'Open Log Folder']);
    expect(names.at(-2)).toBe('app.exit');
    // The log file says why.
    const logFile = join(app.dir, 'appData', 'Exchange Desk (development)', 'logs', 'main.log');
    expect(await readFile(logFile, 'utf8')).toMatch(
      /ERROR \[main\] the core did not start:.*EACCES/,
    );
  });

  it('node:sqlite missing: the core cannot start, and a dialog says why (no silent death)', async () => {
    const app = await boot({ env: { STANDIN_BREAK_SQLITE: '1' } });
    const exit = await app.exited;
    expect(exit.code).toBe(1);
    const [box] = callsNamed(exit.calls, 'dialog.showMessageBox');
    const options = box!.detail!['options'] as { message: string; detail: string };
    expect(options.message).toBe('Exchange Desk could not start.');
    expect(options.detail).toContain('node:sqlite');
    expect(callsNamed(exit.calls, 'BrowserWindow')).toHaveLength(1);
  });

  it('the keychain fails: the app still opens on Demo and says what is wrong', async () => {
    const app = await boot({ env: { STANDIN_KEYTAR: 'broken' } });
    await app.ready();
    const profiles = await app.invoke<{
      activeId: string;
      keychain: { available: boolean; message: string };
    }>('profiles.list');
    expect(profiles.ok).toBe(true);
    if (!profiles.ok) return;
    expect(profiles.value.activeId).toBe('demo');
    expect(profiles.value.keychain.available).toBe(false);
    expect(profiles.value.keychain.message).toMatch(/D-Bus/);
    expect((await app.windows())[0]!.visible).toBe(true);
  });

  it('the page fails to load: a dialog, and Reload loads it again', async () => {
    const app = await boot({ dialogAnswer: 0 });
    await app.ready();
    await app.emit('webContents', 'did-fail-load', [{}, -6, 'ERR_FILE_NOT_FOUND', APP_PAGE, true]);
    const calls = await app.waitFor((c) => callsNamed(c, 'window.loadURL').length === 2);
    const box = callsNamed(calls, 'dialog.showMessageBox').at(-1)!.detail!['options'] as {
      message: string;
      detail: string;
    };
    expect(box.message).toBe('The app’s page did not load.');
    expect(box.detail).toContain('ERR_FILE_NOT_FOUND (-6)');
    expect(box.detail).toContain(join('Exchange Desk (development)', 'logs'));
    expect(callsNamed(calls, 'window.loadURL')[1]!.detail!['url']).toBe(APP_PAGE);
  });

  it("the page's errors and a hung window are logged; a crash: a dialog, Quit ends the process after the core stopped", async () => {
    const app = await boot({ dialogAnswer: 1 });
    await app.ready();
    await app.emit('webContents', 'console-message', [
      {
        level: 'error',
        message: 'Uncaught TypeError: boom',
        sourceId: 'app://desk/assets/index.js',
        lineNumber: 3,
      },
    ]);
    await app.emit('window', 'unresponsive');
    await app.emit('webContents', 'render-process-gone', [{}, { reason: 'crashed', exitCode: 11 }]);
    const exit = await app.exited;
    expect(exit.code).toBe(0);
    const box = callsNamed(exit.calls, 'dialog.showMessageBox')[0]!.detail!['options'] as {
      message: string;
      detail: string;
    };
    expect(box.message).toBe('The window stopped working.');
    expect(box.detail).toContain('(crashed)');
    expect(exit.calls.map((c) => c.what)).toContain('quit.prevented');
    const log = await readFile(
      join(app.dir, 'appData', 'Exchange Desk (development)', 'logs', 'main.log'),
      'utf8',
    );
    expect(log).toContain("the page's process is gone: crashed (exit 11)");
    expect(log).toMatch(
      /ERROR \[page\] Uncaught TypeError: boom \(app:\/\/desk\/assets\/index\.js:3\)/,
    );
    expect(log).toMatch(/WARN \[desk\] the window is not responding/);
  });

  it('the page itself missing from the app (a 404 through app://): the load-failure dialog', async () => {
    // The built main and preload without the renderer beside them, inside the repository so that
    // node_modules resolves as for out/.
    const copy = join(REPO, 'test-results', `boot-no-page-${process.pid}`);
    await rm(copy, { recursive: true, force: true });
    await cp(join(REPO, 'out/main'), join(copy, 'out/main'), { recursive: true });
    await cp(join(REPO, 'out/preload'), join(copy, 'out/preload'), { recursive: true });
    try {
      const app = await boot({ main: join(copy, 'out/main/index.js'), dialogAnswer: 1 });
      const exit = await app.exited;
      const [box] = callsNamed(exit.calls, 'dialog.showMessageBox');
      const options = box!.detail!['options'] as { message: string; detail: string };
      expect(options.message).toBe('The app’s page did not load.');
      expect(options.detail).toContain('HTTP 404 Not Found');
      expect(exit.code).toBe(0);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});

describe('boot: automatic updates from a local feed', () => {
  let feed: Server | undefined;
  afterEach(() => {
    feed?.close();
    feed?.closeAllConnections();
  });

  /**
   * A feed on 127.0.0.1 offering version 0.2.0 as `name` (`payload`), slowly when asked (so that
   * progress is reported on the way), and a resources folder whose app-update.yml points at it.
   */
  async function startFeed(name: string, payload: Buffer, slow: boolean) {
    const sha512 = createHash('sha512').update(payload).digest('base64');
    const requests: string[] = [];
    feed = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://feed').pathname;
      requests.push(path);
      if (path === '/latest-linux.yml') {
        res.writeHead(200, { 'content-type': 'text/yaml' });
        res.end(
          `version: 0.2.0\nfiles:\n  - url: ${name}\n    sha512: ${sha512}\n    size: ${payload.length}\n` +
            `path: ${name}\nsha512: ${sha512}\nreleaseDate: '2026-11-20T00:00:00.000Z'\n`,
        );
        return;
      }
      if (path !== `/${name}`) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-length': payload.length });
      if (!slow) return void res.end(payload);
      let offset = 0;
      const chunk = 64 * 1024;
      const timer = setInterval(() => {
        res.write(payload.subarray(offset, offset + chunk));
        offset += chunk;
        if (offset >= payload.length) {
          clearInterval(timer);
          res.end();
        }
      }, 80);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => feed!.listen(0, '127.0.0.1', resolve));
    const port = (feed.address() as AddressInfo).port;
    const resources = await mkdtemp(join(tmpdir(), 'desk-resources-'));
    await writeFile(
      join(resources, 'app-update.yml'),
      `provider: generic\nurl: http://127.0.0.1:${port}/\nupdaterCacheDirName: exchange-desk-updater\n`,
    );
    return { requests, resources };
  }

  type Pushed = { state: string; version?: string; percent?: number; message?: string };
  /** The update states main pushed to the page, once one of them is `until`'s. */
  async function updatesPushed(app: BootedApp, until: (u: Pushed) => boolean): Promise<Pushed[]> {
    const deadline = Date.now() + 30_000;
    let updates: Pushed[] = [];
    while (Date.now() < deadline) {
      const [window] = await app.windows();
      updates = window!.sent
        .filter((m) => m[0] === 'desk:event' && m[1] === 'app.update')
        .map((m) => m[2] as Pushed);
      if (updates.some(until)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return updates;
  }

  it('finds the newer version and reports its download progress to the page', async () => {
    const name = 'Exchange-Desk-0.2.0.AppImage';
    const { requests, resources } = await startFeed(name, Buffer.alloc(2 * 1024 * 1024, 7), true);
    const installed = join(resources, 'Exchange-Desk-0.1.0.AppImage');
    await writeFile(installed, 'the installed version');
    const app = await boot({ packaged: true, resources, env: { APPIMAGE: installed } });
    await app.ready();

    const updates = await updatesPushed(
      app,
      (u) => u.state === 'downloaded' || u.state === 'error',
    );
    const states = updates.map((u) => u.state);
    expect(states[0]).toBe('checking');
    expect(updates).toContainEqual({ state: 'available', version: '0.2.0' });
    const progress = updates.filter((u) => u.state === 'downloading').map((u) => u.percent!);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(updates.at(-1)).toEqual({ state: 'downloaded', version: '0.2.0', percent: 100 });
    expect(requests).toContain('/latest-linux.yml');
    expect(requests).toContain(`/${name}`);
    // What the page sees through the channel matches the pushes.
    expect(await app.invoke('app.updateStatus')).toEqual({ ok: true, value: updates.at(-1) });
    const cached = join(app.dir, 'home', '.cache', 'exchange-desk-updater', 'pending', name);
    expect(existsSync(cached)).toBe(true);
  });

  it('.deb: installed only on Restart and install, which asks for the password; a failure is shown', async () => {
    const name = 'exchange-desk_0.2.0_amd64.deb';
    const { requests, resources } = await startFeed(name, Buffer.alloc(4096, 3), false);
    // electron-builder marks a .deb install so; electron-updater then installs with dpkg, through
    // pkexec or sudo. Here every one of them is a stand-in that records its call and fails, as a
    // cancelled password prompt does, and the app's PATH holds nothing else.
    await writeFile(join(resources, 'package-type'), 'deb\n');
    const bin = join(resources, 'bin');
    const calledLog = join(resources, 'called.log');
    await mkdir(bin);
    for (const tool of ['dpkg', 'apt', 'apt-get', 'pkexec', 'sudo', 'gksudo', 'kdesudo', 'beesu']) {
      await writeFile(
        join(bin, tool),
        `#!/bin/sh\necho "${tool} $*" >> '${calledLog}'\necho "${tool}: not allowed" >&2\nexit 126\n`,
        { mode: 0o755 },
      );
    }
    const called = async () =>
      existsSync(calledLog) ? (await readFile(calledLog, 'utf8')).trim().split('\n') : [];
    const app = await boot({ packaged: true, resources, env: { PATH: bin } });
    await app.ready();

    const updates = await updatesPushed(
      app,
      (u) => u.state === 'downloaded' || u.state === 'error',
    );
    expect(updates.at(-1)).toEqual({
      state: 'downloaded',
      version: '0.2.0',
      percent: 100,
      asksForPassword: true,
    });
    expect(requests).toContain(`/${name}`);
    // Nothing is installed behind the user's back.
    expect(await called()).toEqual([]);

    const answer = await app.invoke<Pushed>('app.installUpdate');
    expect(answer.ok && answer.value).toMatchObject({ state: 'downloaded', version: '0.2.0' });
    expect(answer.ok && answer.value.message).toMatch(/exited with code 126/);
    expect((await called()).some((line) => /^(dpkg -i|pkexec|sudo) /.test(line))).toBe(true);
    const [window] = await app.windows();
    const pushed = window!.sent.filter((m) => m[0] === 'desk:event' && m[1] === 'app.update');
    expect(pushed.at(-1)![2]).toEqual(answer.ok && answer.value);

    // Quitting does not try again: the install is the user's to ask for.
    const before = (await called()).length;
    const exit = await app.quit();
    expect(exit.code).toBe(0);
    expect(await called()).toHaveLength(before);
    const log = await readFile(
      join(app.dir, 'appData', 'Exchange Desk', 'logs', 'main.log'),
      'utf8',
    );
    expect(log).toMatch(/WARN \[updates\].*exited with code 126/);
  });
});

/**
 * The preload bundle as Electron's sandboxed preload would run it: `require('electron')` answers
 * a contextBridge that defines `window.desk`, and an ipcRenderer whose invoke goes to the booted
 * bundle's ipcMain handlers (through the exposed `__ipcInvoke`).
 */
function preloadShim(preload: string): string {
  return `(() => {
    const electron = {
      contextBridge: {
        exposeInMainWorld(key, api) {
          Object.defineProperty(window, key, { value: Object.freeze(api) });
        },
      },
      ipcRenderer: {
        invoke: (channel, input) => window.__ipcInvoke(channel, input),
        on() {},
        removeListener() {},
      },
    };
    const module = { exports: {} };
    (function (require, module, exports) {
      ${preload}
    })((name) => {
      if (name !== 'electron') throw new Error('the sandboxed preload may only require electron');
      return electron;
    }, module, module.exports);
  })();`;
}
