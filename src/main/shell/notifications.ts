import { log } from '../lib/log';

/**
 * Desktop notifications, without Electron: index.ts hands in how to make one (Electron's
 * `Notification`) and whether a window of the app has focus. The page words a fill's (privacy mode
 * decides what they say); main's own (services/transferWatch.ts: a deposit or withdrawal arrived)
 * name no amount. One is shown only while no window of the app is focused, at most one
 * every few seconds, with control and bidirectional-override characters taken out.
 *
 * Coalescing: the first is shown at once; those that come within the interval are held, and when
 * it is over the latest of them is shown, its title counting the others ("Order filled (+2
 * more)"). The page's in-app notices list every one of them.
 *
 * A notification the system refuses (Electron's `failed`: an unsigned macOS app since Electron 42,
 * an error from Windows' notification service) is logged, and from then on none is made: `notify`
 * answers false and the in-app notice, which the page shows for every fill and arrived transfer,
 * is the only one (`fallBack` draws the eye to it: index.ts flashes the window's taskbar or dock
 * entry).
 */
export interface DesktopNotification {
  show(): void;
  on(event: 'failed', listener: (event: unknown, error: string) => void): unknown;
}

export interface NotifierOptions {
  /** Makes a native notification (Electron: `new Notification(content)`). */
  create(content: { title: string; body: string }): DesktopNotification;
  /** Whether a window of the app has focus: then the page's own notice is enough. */
  focused(): boolean;
  /** Called when the system refused a notification: the in-app notice stands in from now on. */
  fallBack?(): void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => void;
  /** At most one notification in this many milliseconds (default 5 s). */
  intervalMs?: number;
}

const DEFAULT_INTERVAL_MS = 5_000;

/** C0 and C1 controls, DEL: each becomes a space. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/** Bidirectional embeddings, overrides, isolates and marks: dropped. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** One line of plain text: no control or bidi-control characters, spaces collapsed. */
export function plainText(text: string): string {
  return text.replace(BIDI, '').replace(CONTROLS, ' ').replace(/ {2,}/g, ' ').trim();
}

const defaultTimer = (run: () => void, ms: number) => {
  setTimeout(run, ms).unref?.();
};

export class Notifier {
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => void;
  private readonly intervalMs: number;
  private lastShownAt = Number.NEGATIVE_INFINITY;
  /** The latest notification held back, and how many were held since the last one shown. */
  private held: { title: string; body: string; count: number } | undefined;
  private timerSet = false;
  private refused = false;

  constructor(private readonly options: NotifierOptions) {
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? defaultTimer;
    this.intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  }

  /**
   * Shows a notification now, or with the next one (see above). False when none will be: a window
   * of the app is focused, or the system refuses notifications.
   */
  notify(title: string, body: string): boolean {
    if (this.refused || this.options.focused()) return false;
    const content = { title: plainText(title), body: plainText(body) };
    const wait = this.lastShownAt + this.intervalMs - this.now();
    if (wait <= 0 && !this.timerSet) {
      this.show(content);
      return true;
    }
    this.held = { ...content, count: (this.held?.count ?? 0) + 1 };
    if (!this.timerSet) {
      this.timerSet = true;
      this.setTimer(() => this.showHeld(), Math.max(0, wait));
    }
    return true;
  }

  private showHeld(): void {
    this.timerSet = false;
    const held = this.held;
    this.held = undefined;
    if (!held || this.refused || this.options.focused()) return;
    const others = held.count - 1;
    this.show({
      title: others > 0 ? `${held.title} (+${others} more)` : held.title,
      body: held.body,
    });
  }

  private show(content: { title: string; body: string }): void {
    this.lastShownAt = this.now();
    const notification = this.options.create(content);
    notification.on('failed', (_event, error) => {
      if (this.refused) return;
      this.refused = true;
      log.warn(
        `[notify] the desktop notification could not be shown: ${plainText(String(error))}; ` +
          'notices are shown in the app only from now on',
      );
      this.options.fallBack?.();
    });
    notification.show();
  }
}
