import { z } from 'zod';
import type { Separators } from '../separators';
import { channel, event, noInput } from './common';
import type { AppInfo, PowerEvent, UpdateStatus } from '../model';

/** The app itself: its version, updates, desktop notifications, number separators. */
export const app = {
  info: channel<AppInfo>()(noInput),
  updateStatus: channel<UpdateStatus>()(noInput),
  /** Looks for a newer version now (it downloads in the background when there is one). */
  checkForUpdates: channel<UpdateStatus>()(noInput),
  /** Quits and installs a downloaded update. */
  installUpdate: channel<UpdateStatus>()(noInput),
  /**
   * A desktop notification, shown only while the window is not focused (Electron; the web host
   * shows none). The page words it, so privacy mode decides what it says. true: it was shown.
   */
  notify: channel<boolean>()(
    z.object({ title: z.string().min(1).max(100), body: z.string().max(300) }),
  ),
  /**
   * A locale's number separators (main's Intl, already started), for the page's first screen:
   * its own first Intl call would start the ICU library on the way to its first paint.
   */
  separators: channel<Separators>()(
    z.object({
      locale: z
        .string()
        .min(1)
        .max(35)
        .regex(/^[A-Za-z0-9-]+$/),
    }),
  ),
  /**
   * The setting "Keep watching in the tray when the window is closed" (the page's settings hold
   * it; main is told at start and on each change). true: the desktop app took it; the web host
   * has no tray and answers false.
   */
  setKeepWatching: channel<boolean>()(z.object({ on: z.boolean() })),
} as const;

export const appEvents = {
  'app.update': event<UpdateStatus>(),
  'app.power': event<PowerEvent>(),
  /** A menu of the desktop app asks for a screen (macOS: Settings…, ⌘,). */
  'app.open': event<{ screen: 'settings' }>(),
} as const;
