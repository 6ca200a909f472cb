import type { LookupFunction } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamConnection, StreamError } from '../../../src/main/stream/connection';
import { TinyExchange } from './tinyExchange';

/**
 * One connection over a real socket to the small exchange of ./tinyExchange.ts: where it may
 * connect, and what it does with frames before the session sees them.
 */

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function exchange(): Promise<TinyExchange> {
  const tiny = await TinyExchange.start();
  cleanups.push(() => tiny.stop());
  return tiny;
}

/** A resolver that answers every name with one address. */
const resolvingTo =
  (address: string): LookupFunction =>
  (_hostname, options, callback) => {
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

const handlers = { onUpdate: () => undefined, onClose: () => undefined };

describe('StreamConnection: where it connects', () => {
  it('refuses a host name that resolves to a link-local or metadata address', async () => {
    const tiny = await exchange();
    const url = `ws://exchange.test:${new URL(tiny.url).port}/ws`;
    const failure = await StreamConnection.open(url, handlers, {
      lookup: resolvingTo('169.254.169.254'),
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StreamError);
    expect((failure as StreamError).message).toMatch(
      /exchange\.test resolves to 169\.254\.169\.254, a link-local or cloud metadata address/,
    );
    expect(tiny.sockets.size).toBe(0);
  });

  it('connects through the same resolver when the address is an ordinary one', async () => {
    const tiny = await exchange();
    const url = `ws://exchange.test:${new URL(tiny.url).port}/ws`;
    const connection = await StreamConnection.open(url, handlers, {
      lookup: resolvingTo('127.0.0.1'),
    });
    cleanups.push(() => connection.close());
    await vi.waitFor(() => expect(tiny.sockets.size).toBe(1));
  });
});
