import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { bindChannels, callChannel, type Handlers } from '../core/binder';
import { isOwnPage } from '../page/security';
import { EVENT_IPC_CHANNEL } from '../../shared/channels';
import { channelNames } from '../../shared/contract';
import { ErrorCode, type Envelope } from '../../shared/errors';
import type { AppEvents } from '../core/events';

/** Is this invoke from the app's own page, in the top frame? */
export function isTrustedSender(event: IpcMainInvokeEvent, appUrl: string): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isOwnPage(frame.url, appUrl);
}

/**
 * Binds every contract channel to ipcMain, once, behind the sender check. The handlers may still be
 * on their way (the window opens before the core has started, so before any keychain read): calls
 * wait for them, and answer with the reason if the core failed to start.
 */
export function registerIpc(handlers: Handlers | Promise<Handlers>, appUrl: string): () => void {
  // Handlers given now are checked now (a mismatch with the contract throws before registering).
  const bound =
    handlers instanceof Promise
      ? handlers.then(bindChannels)
      : Promise.resolve(bindChannels(handlers));
  bound.catch(() => undefined); // answered per call below
  for (const name of channelNames) {
    ipcMain.handle(name, async (event, input: unknown): Promise<Envelope<unknown>> => {
      if (!isTrustedSender(event, appUrl)) {
        return {
          ok: false,
          error: {
            code: ErrorCode.Forbidden,
            message: 'Refused: the call did not come from Exchange Desk.',
          },
        };
      }
      let calls: Awaited<typeof bound>;
      try {
        calls = await bound;
      } catch (error) {
        return {
          ok: false,
          error: {
            code: ErrorCode.Internal,
            message: `Exchange Desk could not start: ${error instanceof Error ? error.message : String(error)}`,
          },
        };
      }
      return callChannel(calls, name, input);
    });
  }
  return () => {
    for (const name of channelNames) ipcMain.removeHandler(name);
  };
}

/** Forwards contract events to a window's page. */
export function forwardEvents(events: AppEvents, contents: WebContents): () => void {
  return events.subscribe((name, payload) => {
    if (!contents.isDestroyed()) contents.send(EVENT_IPC_CHANNEL, name, payload);
  });
}
