import type { Handlers } from '../../src/main/core/binder';
import { channelNames, type ChannelName } from '../../src/shared/contract';
import { DeskFailure } from '../../src/shared/errors';

/**
 * Handlers for every contract channel, for tests of the binding layers (IPC, web host): each
 * channel fails (INTERNAL, "No stub for <channel>") unless the test gives it an implementation.
 */
export function stubHandlers(overrides: Partial<Handlers> = {}): Handlers {
  const all = Object.fromEntries(
    channelNames.map((name: ChannelName) => [
      name,
      async () => {
        throw new DeskFailure('INTERNAL', `No stub for ${name}`);
      },
    ]),
  ) as unknown as Handlers;
  return { ...all, ...overrides };
}
