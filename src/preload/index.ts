import { contextBridge, ipcRenderer } from 'electron';
import { createDesk } from '../shared/bridge';
import { EVENT_IPC_CHANNEL } from '../shared/channels';
import type { ChannelName } from '../shared/contract';
import type { Envelope } from '../shared/errors';

// Only the contract's channels are reachable: createDesk builds one method per channel and nothing
// else. There is no generic ipcRenderer pass-through.
const desk = createDesk({
  invoke: (channel: ChannelName, input: unknown) =>
    ipcRenderer.invoke(channel, input) as Promise<Envelope<unknown>>,
  subscribe(listener) {
    const handler = (_event: Electron.IpcRendererEvent, name: string, payload: unknown) =>
      listener(name, payload);
    ipcRenderer.on(EVENT_IPC_CHANNEL, handler);
    return () => ipcRenderer.removeListener(EVENT_IPC_CHANNEL, handler);
  },
});

contextBridge.exposeInMainWorld('desk', desk);
