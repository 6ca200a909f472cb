'use strict';
/**
 * A stand-in `electron` module for the boot test: the built main bundle (out/main/index.js) runs
 * under plain Node with this in place of Electron. Every call the bundle makes is recorded; the
 * test drives it over the child-process IPC channel (see harness.ts): it reads the records, fetches
 * pages through the registered `app://` handler, invokes ipcMain handlers as the page would, emits
 * app/window/powerMonitor/tray events, clicks menu items (the tray's too), answers dialogs and quits.
 *
 * Configuration (environment):
 *   STANDIN_DIR        a folder for userData/appData/logs/temp (required)
 *   STANDIN_PACKAGED   "1": app.isPackaged is true
 *   STANDIN_LOCK       "taken": another instance holds the single-instance lock
 *   STANDIN_RESOURCES  process.resourcesPath
 *   STANDIN_DISPLAYS   JSON array of work areas [{x,y,width,height}] (default one 1920x1040)
 *   STANDIN_DIALOG     the button index every dialog answers (default 0)
 */
const { EventEmitter } = require('node:events');
const { existsSync } = require('node:fs');
const http = require('node:http');
const https = require('node:https');
const { join } = require('node:path');

const dir = process.env.STANDIN_DIR;
if (!dir) throw new Error('STANDIN_DIR is not set');
if (process.env.STANDIN_RESOURCES) process.resourcesPath = process.env.STANDIN_RESOURCES;
process.versions.electron = '45.4.1-standin';
process.versions.chrome = 'standin';

const calls = [];
const record = (what, detail) => calls.push({ what, ...(detail === undefined ? {} : { detail }) });
let ready = false;
let dialogAnswer = Number(process.env.STANDIN_DIALOG ?? 0);

/** Menu templates without their functions, for the test to read. */
function plainTemplate(items) {
  return items.map((item) => {
    const { click, submenu, ...rest } = item;
    return {
      ...rest,
      ...(click ? { clickable: true } : {}),
      ...(submenu ? { submenu: plainTemplate(submenu) } : {}),
    };
  });
}

// app ------------------------------------------------------------------------------------------
const paths = {
  home: join(dir, 'home'),
  downloads: join(dir, 'home', 'Downloads'),
  appData: join(dir, 'appData'),
  userData: join(dir, 'appData', 'Exchange Desk'),
  temp: join(dir, 'temp'),
  logs: join(dir, 'appData', 'Exchange Desk', 'logs'),
};
let quitState = 'running';

class App extends EventEmitter {
  constructor() {
    super();
    this.isPackaged = process.env.STANDIN_PACKAGED === '1';
  }
  getName() {
    return 'Exchange Desk';
  }
  getVersion() {
    return process.env.STANDIN_VERSION ?? '0.1.0';
  }
  getAppPath() {
    return join(__dirname, '..', '..', '..');
  }
  getPath(name) {
    if (!(name in paths)) throw new Error(`stand-in: no path ${name}`);
    return paths[name];
  }
  setPath(name, value) {
    record('app.setPath', { name, value });
    paths[name] = value;
  }
  setAppLogsPath(value) {
    record('app.setAppLogsPath', { value: value ?? null });
    paths.logs = value ?? join(paths.userData, 'logs');
  }
  requestSingleInstanceLock() {
    const got = process.env.STANDIN_LOCK !== 'taken';
    record('app.requestSingleInstanceLock', { got });
    return got;
  }
  whenReady() {
    return readyPromise;
  }
  isReady() {
    return ready;
  }
  quit() {
    record('app.quit', { ready });
    if (quitState !== 'running') return;
    setImmediate(() => runQuit());
  }
  exit(code = 0) {
    record('app.exit', { code });
    finish(code);
  }
  relaunch() {
    record('app.relaunch');
  }
  setAppUserModelId(id) {
    record('app.setAppUserModelId', { id, beforeReady: !ready });
  }
  focus() {
    record('app.focus');
  }
}
const app = new App();

function runQuit() {
  if (quitState !== 'running') return;
  let prevented = false;
  app.emit('before-quit', {
    preventDefault: () => {
      prevented = true;
    },
  });
  if (prevented) {
    record('quit.prevented');
    return;
  }
  quitState = 'closing';
  for (const window of [...BrowserWindow.windows]) window.close();
  app.emit('will-quit', { preventDefault: () => undefined });
  app.emit('quit', {}, 0);
  finish(0);
}

function finish(code) {
  quitState = 'done';
  record('process.exit', { code });
  if (process.send && process.connected) {
    process.send({ type: 'exit', code, calls }, () => process.exit(code));
  } else {
    process.exit(code);
  }
}

let markReady;
const readyPromise = new Promise((resolve) => (markReady = resolve));
// Like Electron: ready once the entry script has run.
setImmediate(() => {
  ready = true;
  record('app.ready');
  app.emit('ready');
  markReady();
});

// windows ----------------------------------------------------------------------------------------
class WebContents extends EventEmitter {
  constructor(window) {
    super();
    this.window = window;
    this.sent = [];
    this.destroyed = false;
    this.windowOpenHandler = undefined;
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  send(channel, ...args) {
    this.sent.push([channel, ...args]);
  }
  isDestroyed() {
    return this.destroyed;
  }
  reload() {
    record('webContents.reload');
  }
}

class BrowserWindow extends EventEmitter {
  static windows = [];
  static getAllWindows() {
    return [...BrowserWindow.windows];
  }
  /** Focused until the test emits 'blur' on it (and again after 'focus'). */
  static getFocusedWindow() {
    return BrowserWindow.windows.find((w) => w.focused && !w.destroyed) ?? null;
  }
  constructor(options) {
    super();
    if (!ready) throw new Error('stand-in: BrowserWindow created before the app is ready');
    this.id = BrowserWindow.windows.length + 1;
    this.options = options;
    this.focused = true;
    this.on('blur', () => (this.focused = false));
    this.on('focus', () => (this.focused = true));
    this.webContents = new WebContents(this);
    this.visible = false;
    this.minimized = false;
    this.maximized = false;
    this.destroyed = false;
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    };
    BrowserWindow.windows.push(this);
    record('BrowserWindow', { id: this.id, options });
  }
  loadURL(url) {
    record('window.loadURL', { id: this.id, url });
    // Like a real window: the page comes through the scheme's handler when there is one (its
    // scripts are the test's to fetch), then did-navigate with the answer's status.
    setImmediate(async () => {
      const handler = protocolHandlers.get(new URL(url).protocol.slice(0, -1));
      if (handler && !this.destroyed) {
        const response = await handler(new Request(url));
        const status = response.statusText || http.STATUS_CODES[response.status] || '';
        this.webContents.emit('did-navigate', {}, url, response.status, status);
      }
      if (!this.destroyed) this.emit('ready-to-show');
    });
    return Promise.resolve();
  }
  show() {
    this.visible = true;
    record('window.show', { id: this.id });
  }
  hide() {
    this.visible = false;
    this.focused = false;
    record('window.hide', { id: this.id });
  }
  isVisible() {
    return this.visible;
  }
  isMinimized() {
    return this.minimized;
  }
  minimize() {
    this.minimized = true;
  }
  restore() {
    this.minimized = false;
    record('window.restore', { id: this.id });
  }
  focus() {
    record('window.focus', { id: this.id });
  }
  maximize() {
    this.maximized = true;
    record('window.maximize', { id: this.id });
  }
  isMaximized() {
    return this.maximized;
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  setBounds(bounds) {
    this.bounds = { ...this.bounds, ...bounds };
  }
  isDestroyed() {
    return this.destroyed;
  }
  flashFrame(flag) {
    record('window.flashFrame', { id: this.id, flag });
  }
  close() {
    if (this.destroyed) return;
    record('window.close', { id: this.id });
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    BrowserWindow.windows = BrowserWindow.windows.filter((w) => w !== this);
    this.emit('closed');
    if (BrowserWindow.windows.length === 0 && quitState === 'running') {
      app.emit('window-all-closed');
    }
  }
}

// menus and dialogs ------------------------------------------------------------------------------
let applicationMenu = null;
const Menu = {
  buildFromTemplate(template) {
    return {
      template,
      popup: (options) =>
        record('menu.popup', { template: plainTemplate(template), options: !!options }),
    };
  },
  setApplicationMenu(menu) {
    applicationMenu = menu;
    record('Menu.setApplicationMenu', { template: menu ? plainTemplate(menu.template) : null });
  },
  getApplicationMenu() {
    return applicationMenu;
  },
};

/** Tray icons alive (a destroyed one leaves the list). */
const trays = [];
class Tray extends EventEmitter {
  constructor(icon) {
    super();
    if (!ready) throw new Error('stand-in: Tray created before the app is ready');
    this.menu = null;
    trays.push(this);
    record('Tray', { icon });
  }
  setToolTip(text) {
    record('tray.setToolTip', { text });
  }
  setContextMenu(menu) {
    this.menu = menu;
    record('tray.setContextMenu', { template: plainTemplate(menu.template) });
  }
  destroy() {
    trays.splice(trays.indexOf(this), 1);
    record('tray.destroy');
  }
}

function recordDialog(kind, args) {
  const options = args.find((a) => a && typeof a === 'object' && !(a instanceof BrowserWindow));
  const parent = args.find((a) => a instanceof BrowserWindow);
  record(kind, { options, parent: parent ? parent.id : null });
}
const dialog = {
  showMessageBox(...args) {
    recordDialog('dialog.showMessageBox', args);
    return Promise.resolve({ response: dialogAnswer, checkboxChecked: false });
  },
  showMessageBoxSync(...args) {
    recordDialog('dialog.showMessageBoxSync', args);
    return dialogAnswer;
  },
  showErrorBox(title, content) {
    record('dialog.showErrorBox', { title, content });
  },
  showSaveDialog(...args) {
    recordDialog('dialog.showSaveDialog', args);
    return Promise.resolve({ canceled: true });
  },
};

// protocol, session, ipc -------------------------------------------------------------------------
const protocolHandlers = new Map();
const protocol = {
  registerSchemesAsPrivileged(schemes) {
    record('protocol.registerSchemesAsPrivileged', { schemes, beforeReady: !ready });
  },
  handle(scheme, handler) {
    record('protocol.handle', { scheme, afterReady: ready });
    protocolHandlers.set(scheme, handler);
  },
  unhandle(scheme) {
    protocolHandlers.delete(scheme);
  },
};

const defaultSession = {
  webRequest: {
    onHeadersReceived() {
      record('session.onHeadersReceived');
    },
  },
  setPermissionRequestHandler() {
    record('session.setPermissionRequestHandler');
  },
};
const session = { defaultSession, fromPartition: () => defaultSession };

const ipcHandlers = new Map();
const ipcMain = {
  handle(name, handler) {
    if (ipcHandlers.has(name)) throw new Error(`second handler for ${name}`);
    ipcHandlers.set(name, handler);
  },
  removeHandler(name) {
    ipcHandlers.delete(name);
  },
};

const shell = {
  openExternal(url) {
    record('shell.openExternal', { url });
    return Promise.resolve();
  },
  /** Like Electron's: '' when it opened, else why not (here: the path does not exist). */
  openPath(path) {
    record('shell.openPath', { path });
    return Promise.resolve(existsSync(path) ? '' : `Failed to open path: ${path}`);
  },
};

const displays = (
  process.env.STANDIN_DISPLAYS
    ? JSON.parse(process.env.STANDIN_DISPLAYS)
    : [{ x: 0, y: 0, width: 1920, height: 1040 }]
).map((workArea, i) => ({ id: i + 1, workArea, bounds: workArea }));
const screen = {
  getPrimaryDisplay: () => displays[0],
  getAllDisplays: () => displays,
};

const powerMonitor = new EventEmitter();

/** Records each notification shown, with how many `failed` listeners it had by then. */
const notifications = [];
class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  constructor(options) {
    super();
    this.options = options;
    notifications.push(this);
  }
  show() {
    record('Notification.show', {
      title: this.options.title,
      body: this.options.body,
      failedListeners: this.listenerCount('failed'),
    });
  }
}

/** electron-updater fetches through `net.request`: Node's http(s) stands in for it. */
const net = {
  request(options) {
    const { session: _session, redirect: _redirect, ...rest } = options;
    record('net.request', { host: rest.hostname ?? rest.host, path: rest.path });
    return (rest.protocol === 'https:' ? https : http).request(rest);
  },
};

module.exports = {
  __calls: calls,
  app,
  BrowserWindow,
  Menu,
  Tray,
  dialog,
  protocol,
  session,
  ipcMain,
  shell,
  screen,
  powerMonitor,
  net,
  Notification,
};

// the test's side of the IPC channel -------------------------------------------------------------
function findMenuItem(items, id) {
  for (const item of items ?? []) {
    if (item.id === id) return item;
    const found = findMenuItem(item.submenu, id);
    if (found) return found;
  }
  return undefined;
}

const emitters = () => ({
  app,
  powerMonitor,
  notification: notifications.at(-1),
  window: BrowserWindow.windows[0],
  webContents: BrowserWindow.windows[0]?.webContents,
  tray: trays.at(-1),
});

async function command(message) {
  switch (message.cmd) {
    case 'calls':
      return calls;
    case 'trays':
      return trays.length;
    case 'windows':
      return BrowserWindow.windows.map((w) => ({
        id: w.id,
        visible: w.visible,
        maximized: w.maximized,
        bounds: w.bounds,
        sent: w.webContents.sent,
      }));
    case 'fetch': {
      const handler = protocolHandlers.get(new URL(message.url).protocol.slice(0, -1));
      if (!handler) return { status: -1 };
      const response = await handler(new Request(message.url, { method: message.method ?? 'GET' }));
      const body = Buffer.from(await response.arrayBuffer());
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers.entries()),
        body: body.toString('base64'),
      };
    }
    case 'channels':
      return [...ipcHandlers.keys()];
    case 'modules':
      return Object.keys(require.cache);
    case 'invoke': {
      const handler = ipcHandlers.get(message.channel);
      if (!handler) return { missing: message.channel };
      const event = { senderFrame: { url: message.senderUrl, parent: null } };
      return handler(event, message.input);
    }
    case 'emit': {
      const target = emitters()[message.target];
      if (!target) return { emitted: false };
      // An Electron event object first, when asked: its preventDefault is recorded.
      const event = {
        preventDefault: () =>
          record('event.preventDefault', { target: message.target, event: message.event }),
      };
      target.emit(message.event, ...(message.withEvent ? [event] : []), ...(message.args ?? []));
      return { emitted: true };
    }
    case 'setBounds':
      BrowserWindow.windows[0]?.setBounds(message.bounds);
      return true;
    case 'click': {
      // The application menu's items, then the tray icon's.
      const item =
        findMenuItem(applicationMenu?.template, message.menuId) ??
        findMenuItem(trays.at(-1)?.menu?.template, message.menuId);
      if (!item?.click) return { clicked: false };
      item.click();
      return { clicked: true };
    }
    case 'dialogAnswer':
      dialogAnswer = message.response;
      return true;
    case 'close':
      BrowserWindow.windows[0]?.close();
      return true;
    case 'quit':
      app.quit();
      return true;
    default:
      throw new Error(`unknown command ${message.cmd}`);
  }
}

if (process.send) {
  process.on('message', (message) => {
    if (!message || typeof message.id !== 'number') return;
    command(message).then(
      (result) => process.send({ id: message.id, result }),
      (error) => process.send({ id: message.id, error: String(error && error.stack) }),
    );
  });
}
