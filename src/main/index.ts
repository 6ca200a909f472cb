import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow } from 'electron';
import { startCore, type Core } from './core';
import { forwardEvents, registerIpc } from './ipc';
import {
  createMainWindow,
  enforceSessionPolicy,
  openAuthorizePage,
  saveWithDialog,
} from './window';

// One instance: a second launch focuses the first window.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: Core | undefined;

  const appUrl =
    !app.isPackaged && process.env['ELECTRON_RENDERER_URL']
      ? process.env['ELECTRON_RENDERER_URL']
      : pathToFileURL(join(__dirname, '../renderer/index.html')).toString();

  const openWindow = (running: Core) => {
    const window = createMainWindow({
      preload: join(__dirname, '../preload/index.cjs'),
      appUrl,
      icon: join(__dirname, '../../resources/icon.png'),
    });
    const stopForwarding = forwardEvents(running.events, window.webContents);
    window.on('closed', stopForwarding);
  };

  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('before-quit', () => {
    void core?.stop();
  });

  void app.whenReady().then(async () => {
    enforceSessionPolicy();
    core = await startCore({
      version: app.getVersion(),
      dataDir: app.getPath('userData'),
      openExternal: openAuthorizePage,
      saveFile: saveWithDialog,
    });
    registerIpc(core.handlers, appUrl);
    openWindow(core);
    app.on('activate', () => {
      if (core && BrowserWindow.getAllWindows().length === 0) openWindow(core);
    });
  });
}
