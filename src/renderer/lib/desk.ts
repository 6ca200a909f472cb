import { createDesk, type DeskTransport } from '../../shared/bridge';
import type { Desk } from '../../shared/contract';
import type { Envelope } from '../../shared/errors';

/** The web host's transport: RPC over fetch, events over Server-Sent Events, same origin. */
export function webTransport(token: string, base = ''): DeskTransport {
  return {
    async invoke(channel, input) {
      const response = await fetch(`${base}/rpc/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ input }),
      });
      return (await response.json()) as Envelope<unknown>;
    },
    subscribe(listener) {
      const source = new EventSource(`${base}/events?token=${encodeURIComponent(token)}`);
      source.addEventListener('desk', (message) => {
        const { name, payload } = JSON.parse((message as MessageEvent<string>).data) as {
          name: string;
          payload: unknown;
        };
        listener(name, payload);
      });
      return () => source.close();
    },
  };
}

function tokenFromLocation(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

let current: Desk | undefined;

/** The bridge: the preload's in Electron, the web host's in a browser. */
export function getDesk(): Desk {
  current ??= window.desk ?? createDesk(webTransport(tokenFromLocation()));
  return current;
}

/** Tests put a fake bridge (built with the real createDesk) in place. */
export function setDesk(desk: Desk | undefined): void {
  current = desk;
}
