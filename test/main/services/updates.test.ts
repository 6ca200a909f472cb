import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateService, type UpdaterLike } from '../../../src/main/services/updates';
import type { UpdateStatus } from '../../../src/shared/model';

/** An updater that emits electron-updater's events when told to. */
class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  check = vi.fn(async () => undefined as unknown);
  quitAndInstall = vi.fn();
  override on(event: string, listener: (...args: never[]) => void): this {
    return super.on(event, listener as (...args: unknown[]) => void);
  }
  checkForUpdates(): Promise<unknown> {
    return this.check();
  }
}

function service(viaPackageManager = false) {
  const updater = new FakeUpdater();
  const pushed: UpdateStatus[] = [];
  const updates = new UpdateService({ updater, viaPackageManager }, (status) =>
    pushed.push(status),
  );
  return { updater, pushed, updates };
}

afterEach(() => vi.restoreAllMocks());

describe('UpdateService', () => {
  it('is disabled without an updater, saying why, and never calls anything', async () => {
    const pushed: UpdateStatus[] = [];
    const off = 'Automatic updates are off: this build has no update feed.';
    const updates = new UpdateService({ off }, (s) => pushed.push(s));
    expect(await updates.check()).toEqual({ state: 'disabled', message: off });
    expect(updates.install()).toEqual({ state: 'disabled', message: off });
    expect(pushed).toEqual([]);
    // The web host: no setup at all.
    expect(new UpdateService(undefined, () => undefined).current()).toEqual({
      state: 'disabled',
      message: 'Automatic updates come with the installed desktop app.',
    });
  });

  it('downloads automatically and installs on quit (AppImage, macOS, Windows)', () => {
    const { updater } = service();
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('through a package manager (.deb): never on quit, and the page is told it asks for the password', () => {
    const { updater, pushed } = service(true);
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    updater.emit('update-downloaded', { version: '0.2.0' });
    expect(pushed.at(-1)).toEqual({
      state: 'downloaded',
      version: '0.2.0',
      percent: 100,
      asksForPassword: true,
    });
  });

  it('a cancelled or failed install is answered and pushed; the update stays ready to try again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { updater, pushed, updates } = service(true);
    updater.emit('update-downloaded', { version: '0.2.0' });
    // electron-updater reports the package manager's failure as an error event, synchronously.
    updater.quitAndInstall.mockImplementationOnce(() =>
      updater.emit('error', new Error('Command pkexec exited with code 126')),
    );
    const ready = { state: 'downloaded', version: '0.2.0', percent: 100, asksForPassword: true };
    expect(updates.install()).toEqual({ ...ready, message: 'Command pkexec exited with code 126' });
    expect(pushed.at(-1)).toEqual({ ...ready, message: 'Command pkexec exited with code 126' });
    updates.install();
    expect(updater.quitAndInstall).toHaveBeenCalledTimes(2);
    expect(updates.current()).toEqual(ready);
  });

  it('an error before the download is the error state (the strip shows it)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { updater, pushed } = service();
    updater.emit('checking-for-update');
    updater.emit('error', new Error('ERR_UPDATER_ZIP_FILE_NOT_FOUND: no zip in the release'));
    expect(pushed.at(-1)).toEqual({
      state: 'error',
      message: 'ERR_UPDATER_ZIP_FILE_NOT_FOUND: no zip in the release',
    });
  });

  it('turns the updater events into states, progress clamped and rounded', () => {
    const { updater, pushed } = service();
    updater.emit('checking-for-update');
    updater.emit('update-available', { version: '0.2.0' });
    updater.emit('download-progress', { percent: 41.6, transferred: 416, total: 1000 });
    updater.emit('download-progress', { percent: 140 });
    updater.emit('download-progress', { percent: Number.NaN });
    updater.emit('update-downloaded', { version: '0.2.0' });
    expect(pushed).toEqual([
      { state: 'checking' },
      { state: 'available', version: '0.2.0' },
      { state: 'downloading', version: '0.2.0', percent: 42, transferred: 416, total: 1000 },
      { state: 'downloading', version: '0.2.0', percent: 100 },
      { state: 'downloading', version: '0.2.0', percent: 0 },
      { state: 'downloaded', version: '0.2.0', percent: 100 },
    ]);
  });

  it('a failed check is the error state with a clipped message, never a throw', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { updater, updates } = service();
    updater.check.mockRejectedValueOnce(new Error('x'.repeat(5000)));
    const status = await updates.check();
    expect(status.state).toBe('error');
    expect(status.message!.length).toBeLessThanOrEqual(301);
  });

  it('installs only a downloaded update, and does not check again while downloading', async () => {
    const { updater, updates } = service();
    updates.install();
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    updater.emit('download-progress', { percent: 10 });
    await updates.check();
    expect(updater.check).not.toHaveBeenCalled();
    updater.emit('update-downloaded', { version: '0.2.0' });
    updates.install();
    expect(updater.quitAndInstall).toHaveBeenCalledTimes(1);
  });

  it('clips a hostile version string from the feed', () => {
    const { updater, pushed } = service();
    updater.emit('update-available', { version: 'v'.repeat(1000) });
    expect(pushed[0]!.version!.length).toBeLessThanOrEqual(65);
  });
});
