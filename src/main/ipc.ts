import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { bindChannels, type Handlers } from './binder';
import { isOwnPage } from './security';
import { EVENT_IPC_CHANNEL } from '../shared/contract';
import { ErrorCode, type Envelope } from '../shared/errors';
import type { AppEvents } from './events';

/** Is this invoke from the app's own page, in the top frame? */
export function isTrustedSender(event: IpcMainInvokeEvent, appUrl: string): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isOwnPage(frame.url, appUrl);
}

/** Binds every contract channel to ipcMain, once, behind the sender check. */
export function registerIpc(handlers: Handlers, appUrl: string): () => void {
  const bound = bindChannels(handlers);
  for (const [name, call] of bound) {
    ipcMain.handle(name, (event, input: unknown): Promise<Envelope<unknown>> => {
      if (!isTrustedSender(event, appUrl)) {
        return Promise.resolve({
          ok: false,
          error: {
            code: ErrorCode.Forbidden,
            message: 'Refused: the call did not come from Exchange Desk.',
          },
        });
      }
      return call(input);
    });
  }
  return () => {
    for (const name of bound.keys()) ipcMain.removeHandler(name);
  };
}

/** Forwards contract events to a window's page. */
export function forwardEvents(events: AppEvents, contents: WebContents): () => void {
  return events.subscribe((name, payload) => {
    if (!contents.isDestroyed()) contents.send(EVENT_IPC_CHANNEL, name, payload);
  });
}
