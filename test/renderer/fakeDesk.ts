import { createDesk } from '../../src/shared/bridge';
import type { ChannelName, ChannelOutput, Desk } from '../../src/shared/contract';
import { asDeskError, type Envelope } from '../../src/shared/errors';

export type FakeImpl = {
  [C in ChannelName]?: (input: unknown) => Promise<ChannelOutput<C>>;
};

/**
 * A fake bridge typed by the contract, one channel at a time, built with the real createDesk so the
 * renderer sees exactly what it sees in production (envelopes unwrapped, errors as plain shapes).
 * A channel with no fake answers with an error, as an unbound channel would. `emit` pushes an event.
 */
export function fakeDesk(impl: FakeImpl): {
  desk: Desk;
  emit(event: string, payload: unknown): void;
} {
  const listeners = new Set<(event: string, payload: unknown) => void>();
  const desk = createDesk({
    async invoke(channel, input): Promise<Envelope<unknown>> {
      const fn = impl[channel];
      if (!fn)
        return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `No fake for ${channel}` } };
      try {
        return { ok: true, value: await fn(input) };
      } catch (error) {
        return { ok: false, error: asDeskError(error) };
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return { desk, emit: (event, payload) => listeners.forEach((l) => l(event, payload)) };
}
