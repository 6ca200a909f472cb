import { getDesk } from '../../lib/desk';

/**
 * Tells main the setting "Keep watching in the tray when the window is closed". A refusal (main
 * not started yet, the web host) leaves closing as it is: nothing to show, nothing to retry.
 */
export async function sendKeepWatching(on: boolean): Promise<void> {
  await getDesk()
    .app.setKeepWatching({ on })
    .catch(() => undefined);
}
