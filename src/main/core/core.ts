import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { Accounts, type AccountsOptions } from '../accounts/accounts';
import { AppLock } from '../accounts/lock';
import { ensurePrivateDir, writeFileAtomic } from '../lib/atomicFile';
import { log } from '../lib/log';
import type { Handlers } from './binder';
import {
  startDemoExchange,
  type DemoExchange,
  type DemoExchangeOptions,
} from '@exchange-desk/demo-exchange';
import { AppEvents } from './events';
import { createHandlers } from './handlers';
import { SnapshotRecorder } from '../portfolioHistory/recorder';
import { PortfolioHistory } from '../portfolioHistory/service';
import type { HistoryStore } from '../portfolioHistory/store';
import type { SaveFile } from '../services/csv';
import { KillSwitchKeeper } from '../services/killSwitchKeeper';
import { TransferWatch } from '../services/transferWatch';
import { MiningAlertPoller } from '../services/miningAlertPoller';
import { MiningRewardsService } from '../services/miningRewards';
import { OrderJournal } from '../services/orderJournal';
import { PriceAlertService } from '../services/priceAlerts';
import { StreamService } from '../stream/service';
import type { SessionOptions } from '../stream/session';
import { UpdateService, type UpdatesSetup } from '../services/updates';
import { KeytarStore } from '../vault/vault';
import { separatorsOf } from '../../shared/separators';
import { APP_FILES, DEMO_STATE_FILE } from '../lib/dataFiles';

export interface CoreOptions {
  version: string;
  /**
   * The app data folder: profiles.json and the demo exchange's state live there. Without one (a
   * web host run without --data-dir) profiles live in memory and the demo starts from its seed.
   */
  dataDir?: string;
  /** How often the exchange status is re-checked (default 15 s). */
  statusIntervalMs?: number;
  /** Options of the built-in demo exchange (tests). */
  demoExchange?: DemoExchangeOptions;
  /** Opens a URL in the system browser (Electron only). */
  openExternal?: (url: string) => Promise<void>;
  /** Saves a file through a native dialog (Electron); the web host lets the page download it. */
  saveFile?: SaveFile;
  /** The secret store (default: the OS keychain). */
  vault?: KeytarStore;
  /**
   * electron-updater's autoUpdater (packaged builds with an update feed), or why updates are off;
   * absent in the web host (off).
   */
  updates?: UpdatesSetup;
  /**
   * Shows a desktop notification when no window of the app is focused (Electron); true when shown.
   * Absent in the web host: `app.notify` answers false.
   */
  notify?: (title: string, body: string) => boolean;
  /**
   * The tray setting as the page sends it (Electron: closing the window then hides it); absent in
   * the web host, where `app.setKeepWatching` answers false.
   */
  keepWatching?: (on: boolean) => void;
  /** Where profiles of a deployed region are sent instead of the exchange's (tests; AccountsOptions). */
  regionUrls?: AccountsOptions['regionUrls'];
  /** Timings of the live stream (tests). */
  stream?: Partial<SessionOptions>;
  /** How often a balance snapshot is taken while the app runs (default 15 minutes). */
  snapshotIntervalMs?: number;
  /**
   * How often main looks for deposits and withdrawals that arrived (default 30 s; 0: never on its
   * own, the web host's tests call `transferWatch.check()`).
   */
  transferWatchIntervalMs?: number;
  /** The exchange clients' time limits (default: the Transport's; tests of a hanging exchange). */
  transport?: AccountsOptions['transport'];
  /** How often the mining alerts poll the pool (default 5 minutes). */
  miningAlertIntervalMs?: number;
  /** How often price alerts read the ticker for markets the stream does not price (default 10 s). */
  priceAlertPollMs?: number;
}

/** Everything main runs, without Electron: shared by the Electron app and the web host. */
export interface Core {
  readonly handlers: Handlers;
  readonly events: AppEvents;
  readonly demoExchange: DemoExchange;
  readonly accounts: Accounts;
  readonly updates: UpdateService;
  readonly stream: StreamService;
  /** The local history database (snapshots, fetched history, daily closes): its one writer. */
  readonly history: HistoryStore;
  /** Takes the balance snapshots (every Overview refresh, and a timer). */
  readonly recorder: SnapshotRecorder;
  /** Looks for deposits and withdrawals that arrived (a timer; tests call `check`). */
  readonly transferWatch: TransferWatch;
  /** Polls the mining pool for the alerts (with the window hidden too). */
  readonly miningAlerts: MiningAlertPoller;
  /** Evaluates the price alerts from the stream's last prices (polling without it). */
  readonly priceAlerts: PriceAlertService;
  /** The computer goes to sleep: polling and the live stream stop, the page is told. */
  suspend(): void;
  /**
   * The computer woke up: the connection is re-checked, the live stream reopens, OAuth tokens are
   * refreshed ahead of expiry, and the page is told so that views reload what went stale.
   */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Whether the app has never used this data folder: none of its own files is there. In Electron the
 * folder is userData, where Chromium writes its files before the core starts, so "empty" would
 * never be true on a first launch.
 */
export async function dataFolderIsNew(dir: string): Promise<boolean> {
  const present = await Promise.all(
    APP_FILES.map((name) =>
      access(join(dir, name)).then(
        () => true,
        () => false,
      ),
    ),
  );
  return !present.includes(true);
}

export async function startCore(options: CoreOptions): Promise<Core> {
  // Profile names and portfolio data live there: only this user may read it (0700).
  if (options.dataDir) await ensurePrivateDir(options.dataDir);
  const freshDataDir = options.dataDir ? await dataFolderIsNew(options.dataDir) : false;
  const events = new AppEvents();
  // The demo exchange is a package of its own: main hands it its log and its durable writer.
  const demoExchange = await startDemoExchange({
    ...(options.dataDir ? { statePath: join(options.dataDir, DEMO_STATE_FILE) } : {}),
    log,
    writeFile: writeFileAtomic,
    ...options.demoExchange,
  });
  const vault = options.vault ?? new KeytarStore();
  // A history file that could not be used as it was (set aside, from a newer app, the disk): the
  // page is told with the profiles' notice, and the app goes on. `node:sqlite` is loaded here, as
  // the core starts, not when main's bundle loads: where it is missing, the start fails with that
  // reason in a dialog (index.ts) instead of the process ending before any window.
  const { HistoryStore } = await import('../portfolioHistory/store');
  const history = HistoryStore.open(options.dataDir);
  const accounts = await Accounts.create({
    dataDir: options.dataDir,
    vault,
    demo: demoExchange,
    events,
    ...(options.openExternal ? { openExternal: options.openExternal } : {}),
    ...(options.statusIntervalMs ? { statusIntervalMs: options.statusIntervalMs } : {}),
    ...(options.regionUrls ? { regionUrls: options.regionUrls } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
    ...(history.notice ? { notices: [history.notice] } : {}),
  });
  const lock = await AppLock.create(vault, events, { dataDir: options.dataDir, freshDataDir });
  const updates = new UpdateService(options.updates, (status) => events.emit('app.update', status));
  const stream = new StreamService({ accounts, lock, events, session: options.stream });
  stream.start();
  const recorder = new SnapshotRecorder({
    store: history,
    active: () => accounts.active(),
    isLocked: () => lock.isLocked(),
    ...(options.snapshotIntervalMs ? { intervalMs: options.snapshotIntervalMs } : {}),
  });
  recorder.start();
  const portfolioHistory = new PortfolioHistory({
    store: history,
    recorder,
    active: () => accounts.active(),
  });
  accounts.onForget((profileId) => history.deleteProfile(profileId));
  const miningAlerts = new MiningAlertPoller({
    store: history.miningAlerts,
    active: () => accounts.active(),
    isLocked: () => lock.isLocked(),
    emit: (added) => events.emit('mining.alert', added),
    ...(options.notify ? { notify: options.notify } : {}),
    ...(options.miningAlertIntervalMs ? { intervalMs: options.miningAlertIntervalMs } : {}),
  });
  miningAlerts.start();
  const miningRewards = new MiningRewardsService({
    store: history,
    active: () => accounts.active(),
    isLocked: () => lock.isLocked(),
  });
  miningRewards.start();
  const killSwitches = new KillSwitchKeeper();
  const transferWatch = new TransferWatch({
    active: () => accounts.active(),
    isLocked: () => lock.isLocked(),
    emit: (arrived) => events.emit('transfers.arrived', arrived),
    ...(options.notify ? { notify: options.notify } : {}),
    ...(options.transferWatchIntervalMs !== undefined
      ? { intervalMs: options.transferWatchIntervalMs }
      : {}),
  });
  transferWatch.start();
  const priceAlerts = new PriceAlertService({
    store: history.priceAlerts,
    active: () => accounts.active(),
    isLocked: () => lock.isLocked(),
    events,
    ...(options.notify ? { notify: options.notify } : {}),
    ...(options.priceAlertPollMs !== undefined ? { pollIntervalMs: options.priceAlertPollMs } : {}),
  });
  priceAlerts.start();
  const handlers = createHandlers({
    info: () => ({
      version: options.version,
      platform: process.platform,
      dataDir: options.dataDir ?? null,
    }),
    updates,
    accounts,
    lock,
    orderJournal: new OrderJournal(options.dataDir),
    stream,
    historyStore: history,
    recorder,
    portfolioHistory,
    killSwitches,
    miningAlerts,
    miningRewards,
    priceAlerts,
    ...(options.saveFile ? { saveFile: options.saveFile } : {}),
    ...(options.notify ? { notify: options.notify } : {}),
    ...(options.keepWatching ? { keepWatching: options.keepWatching } : {}),
  });
  // The page's first screen asks main for its number separators (app.separators): main's Intl
  // starts now, while nothing waits on it, not as the first screen waits (~20 ms the first time).
  setImmediate(() => separatorsOf(undefined));
  return {
    handlers,
    events,
    demoExchange,
    accounts,
    updates,
    stream,
    history,
    recorder,
    transferWatch,
    miningAlerts,
    priceAlerts,
    suspend() {
      priceAlerts.stop();
      recorder.stop();
      transferWatch.stop();
      miningAlerts.stop();
      miningRewards.stop();
      accounts.active().status.stop();
      stream.suspend();
      events.emit('app.power', { state: 'suspended', at: Date.now() });
    },
    async resume() {
      const active = accounts.active();
      active.status.start();
      stream.resume();
      recorder.start();
      transferWatch.start();
      miningAlerts.start();
      miningRewards.start();
      priceAlerts.start();
      // A connected partner app's access token expired during the sleep: refresh it now, ahead
      // of the first call. Not connected (or the refresh token expired too) is fine here.
      await active.oauth.accessToken().catch(() => undefined);
      events.emit('app.power', { state: 'resumed', at: Date.now() });
    },
    async stop() {
      priceAlerts.stop();
      killSwitches.stop();
      transferWatch.stop();
      recorder.stop();
      miningAlerts.stop();
      miningRewards.stop();
      stream.stop();
      accounts.stop();
      await demoExchange.stop().catch(() => undefined);
      history.close();
    },
  };
}
