import { CHANNEL_NAMES } from './channels';
import type { ChannelName, Desk, EventName } from './contract';
import { asDeskError, type Envelope } from './errors';

/** How a bridge reaches main: IPC in Electron, HTTP in the web host. */
export interface DeskTransport {
  invoke(channel: ChannelName, input: unknown): Promise<Envelope<unknown>>;
  /** Starts delivering events; returns a function that stops. */
  subscribe(listener: (event: string, payload: unknown) => void): () => void;
}

/**
 * The one bridge builder. It needs only the channel names (channels.ts), never the contract's
 * schemas, so the preload that bundles it stays small; main validates every input. The preload builds `window.desk` with an IPC transport; the web host's
 * browser client builds the same object with an HTTP transport.
 */
export function createDesk(transport: DeskTransport): Desk {
  const groups: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const name of CHANNEL_NAMES) {
    const [group, method] = name.split('.') as [string, string];
    groups[group] ??= {};
    groups[group][method] = async (input?: unknown) => {
      let envelope: Envelope<unknown>;
      try {
        envelope = await transport.invoke(name, input);
      } catch (error) {
        throw asDeskError(error);
      }
      if (envelope.ok) return envelope.value;
      throw asDeskError(envelope.error);
    };
  }

  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let unsubscribe: (() => void) | undefined;

  const on = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    unsubscribe ??= transport.subscribe((name, payload) => {
      for (const l of listeners.get(name) ?? []) l(payload);
    });
    return () => {
      set.delete(listener);
      if ([...listeners.values()].every((s) => s.size === 0)) {
        unsubscribe?.();
        unsubscribe = undefined;
      }
    };
  };

  return { ...groups, on } as unknown as Desk;
}
