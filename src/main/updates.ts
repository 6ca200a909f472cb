import type { UpdateStatus } from '../shared/model';
import { log } from './log';

/**
 * Automatic updates (packaged builds only): check on start and from the menu, download in the
 * background with progress, install when the app quits (or at once on request). The updater is
 * electron-updater's `autoUpdater`, handed in by index.ts; in development and in the web host
 * there is none and the state says `disabled`.
 */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: string, listener: (...args: never[]) => void): unknown;
}

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

export class UpdateService {
  private status: UpdateStatus;

  constructor(
    private readonly updater: UpdaterLike | undefined,
    private readonly emit: (status: UpdateStatus) => void,
  ) {
    this.status = { state: updater ? 'idle' : 'disabled' };
    if (!updater) return;
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
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
      this.set({ state: 'downloaded', ...version(info), percent: 100 }),
    );
    updater.on('error', (error: Error) => {
      log.warn('[updates]', error);
      this.set({ state: 'error', message: clip(error?.message ?? String(error)) });
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
      this.set({
        state: 'error',
        message: clip(error instanceof Error ? error.message : String(error)),
      });
    }
    return this.status;
  }

  /** Quits and installs a downloaded update now (otherwise it installs when the app quits). */
  install(): UpdateStatus {
    if (this.updater && this.status.state === 'downloaded') this.updater.quitAndInstall();
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
