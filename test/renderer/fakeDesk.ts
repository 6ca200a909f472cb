import { createDesk } from '../../src/shared/bridge';
import type { ChannelName, ChannelOutput, Desk } from '../../src/shared/contract';
import { asDeskError, type Envelope } from '../../src/shared/errors';

export type FakeImpl = {
  [C in ChannelName]?: (input: unknown) => Promise<ChannelOutput<C>>;
};

/**
 * A fake bridge typed by the contract, one channel at a time, built with the real createDesk so the
 * renderer sees exactly what it sees in production (envelopes unwrapped, errors as plain shapes).
 * A channel with no fake answers with an error, as an unbound channel would. `emit` pushes an event;
 * `calls` records what was sent, so a test can assert that a channel was (or was not) invoked.
 */
export function fakeDesk(impl: FakeImpl): {
  desk: Desk;
  emit(event: string, payload: unknown): void;
  /** Every call the renderer made, in order (the channel and the input it sent). */
  calls: { channel: ChannelName; input: unknown }[];
  /** The inputs sent to one channel. */
  callsTo(channel: ChannelName): unknown[];
} {
  const listeners = new Set<(event: string, payload: unknown) => void>();
  const calls: { channel: ChannelName; input: unknown }[] = [];
  const desk = createDesk({
    async invoke(channel, input): Promise<Envelope<unknown>> {
      calls.push({ channel, input });
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
  return {
    desk,
    emit: (event, payload) => listeners.forEach((l) => l(event, payload)),
    calls,
    callsTo: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.input),
  };
}
