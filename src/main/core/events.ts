import type { EventName, EventPayload } from '../../shared/contract';

type Listener = (event: EventName, payload: unknown) => void;

/** Main-side event hub: services emit contract events; the IPC layer and web host forward them. */
export class AppEvents {
  private readonly listeners = new Set<Listener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) listener(event, payload);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
