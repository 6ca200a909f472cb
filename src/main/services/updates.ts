import type { UpdateStatus } from '../../shared/model';
import { log } from '../lib/log';

/**
 * Automatic updates (packaged builds with an update feed only): check on start and from the menu,
 * download in the background with progress, install when the app quits (or at once on request).
 * The updater is electron-updater's `autoUpdater`, handed in by index.ts; in development, in the
 * web host and in a build without a feed there is none and the state says `disabled`, with why.
 */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: string, listener: (...args: never[]) => void): unknown;
}

/** What index.ts hands the core: the updater, or why there is none. */
export type UpdatesSetup =
  | {
      updater: UpdaterLike;
      /**
       * A .deb, .rpm or pacman install: electron-updater installs it with the package manager
       * through pkexec or sudo, which asks for the administrator's password.
       */
      viaPackageManager?: boolean;
    }
  | { off: string };

/** Where the core runs without Electron (the web host, tests). */
const OFF_WITHOUT_APP = 'Automatic updates come with the installed desktop app.';

interface VersionInfo {
  version?: string;
}
interface Progress {
  percent?: number;
  transferred?: number;
  total?: number;
}

/** Clip a text from outside (a feed, an error) before it reaches the page. */
const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);
const messageOf = (error: unknown) =>
  clip(error instanceof Error ? error.message : String(error ?? 'unknown error'));

export class UpdateService {
  private status: UpdateStatus;
  private readonly updater: UpdaterLike | undefined;
  private readonly viaPackageManager: boolean;

  constructor(
    setup: UpdatesSetup | undefined,
    private readonly emit: (status: UpdateStatus) => void,
  ) {
    if (!setup || 'off' in setup) {
      this.updater = undefined;
      this.viaPackageManager = false;
      this.status = { state: 'disabled', message: setup?.off ?? OFF_WITHOUT_APP };
      return;
    }
    const { updater } = setup;
    this.updater = updater;
    this.viaPackageManager = setup.viaPackageManager ?? false;
    this.status = { state: 'idle' };
    updater.autoDownload = true;
    // A package manager's install asks for the administrator's password: only when the user asks
    // for it ("Restart and install"), never as an unexplained prompt when the app quits.
    updater.autoInstallOnAppQuit = !this.viaPackageManager;
    updater.on('checking-for-update', () => this.set({ state: 'checking' }));
    updater.on('update-available', (info: VersionInfo) =>
      this.set({ state: 'available', ...version(info) }),
    );
    updater.on('update-not-available', (info: VersionInfo) =>
      this.set({ state: 'not-available', ...version(info) }),
    );
    updater.on('download-progress', (progress: Progress) =>
      this.set({
        state: 'downloading',
        ...(this.status.version ? { version: this.status.version } : {}),
        percent: Math.max(0, Math.min(100, Math.round(Number(progress.percent) || 0))),
        ...(Number.isFinite(progress.transferred) ? { transferred: progress.transferred! } : {}),
        ...(Number.isFinite(progress.total) ? { total: progress.total! } : {}),
      }),
    );
    updater.on('update-downloaded', (info: VersionInfo) =>
      this.set({
        state: 'downloaded',
        ...version(info),
        percent: 100,
        ...(this.viaPackageManager ? { asksForPassword: true } : {}),
      }),
    );
    updater.on('error', (error: Error) => {
      log.warn('[updates]', error);
      const message = messageOf(error);
      // After the download, an error is the install's (the password asked for and refused, the
      // package manager failing): the update is still there to install, and the page says why
      // it was not.
      if (this.status.state === 'downloaded') this.set({ ...this.status, message });
      else this.set({ state: 'error', message });
    });
  }

  current(): UpdateStatus {
    return this.status;
  }

  /** Looks for a newer version; never throws (a failure is the `error` state). */
  async check(): Promise<UpdateStatus> {
    if (!this.updater) return this.status;
    if (this.status.state === 'downloading' || this.status.state === 'downloaded') {
      return this.status;
    }
    try {
      await this.updater.checkForUpdates();
    } catch (error) {
      log.warn('[updates] check failed:', error);
      this.set({ state: 'error', message: messageOf(error) });
    }
    return this.status;
  }

  /**
   * Quits and installs a downloaded update now (otherwise it installs when the app quits, except
   * through a package manager). An install that fails at once answers with why.
   */
  install(): UpdateStatus {
    if (!this.updater || this.status.state !== 'downloaded') return this.status;
    const { message: _previous, ...ready } = this.status;
    this.set(ready);
    try {
      this.updater.quitAndInstall();
    } catch (error) {
      log.warn('[updates] install failed:', error);
      this.set({ ...ready, message: messageOf(error) });
    }
    return this.status;
  }

  private set(next: UpdateStatus): void {
    this.status = next;
    this.emit(next);
  }
}

function version(info: VersionInfo | undefined): { version?: string } {
  const v = typeof info?.version === 'string' ? clip(info.version, 64) : undefined;
  return v ? { version: v } : {};
}
