import { describe, expect, it, vi } from 'vitest';
import { createDesk, type DeskTransport } from '../../src/shared/bridge';
import { channelNames } from '../../src/shared/contract';
import type { DeskError, Envelope } from '../../src/shared/errors';
import type { ExchangeStatus } from '../../src/shared/model';

const online: ExchangeStatus = { state: 'online', baseUrl: 'http://x', latencyMs: 7, checkedAt: 1 };

function transport(answer: (channel: string, input: unknown) => Promise<Envelope<unknown>>) {
  let emit: ((event: string, payload: unknown) => void) | undefined;
  const stop = vi.fn();
  const t: DeskTransport = {
    invoke: vi.fn(answer),
    subscribe: vi.fn((listener) => {
      emit = listener;
      return stop;
    }),
  };
  return { t, stop, emit: (event: string, payload: unknown) => emit?.(event, payload) };
}

describe('createDesk', () => {
  it('has one method per contract channel, grouped as in the contract', () => {
    const desk = createDesk(
      transport(async () => ({ ok: true, value: null })).t,
    ) as unknown as Record<string, Record<string, unknown>>;
    for (const name of channelNames) {
      const [group, method] = name.split('.') as [string, string];
      expect(typeof desk[group]?.[method]).toBe('function');
    }
  });

  it('sends the channel name and input, and resolves with the value', async () => {
    const { t } = transport(async (channel) => ({
      ok: true,
      value: channel === 'exchange.status' ? online : null,
    }));
    const desk = createDesk(t);
    await expect(desk.exchange.status()).resolves.toEqual(online);
    expect(t.invoke).toHaveBeenCalledWith('exchange.status', undefined);
  });

  it('rejects with the plain error shape, fields kept, when main answers an error', async () => {
    const error: DeskError = {
      code: 'INVALID_INPUT',
      message: 'Bad',
      fields: { amount: ['Must be > 0'] },
    };
    const desk = createDesk(transport(async () => ({ ok: false, error })).t);
    const failure = await desk.app.info().catch((e: unknown) => e);
    expect(failure).toEqual(error);
    expect(failure).not.toBeInstanceOf(Error);
  });

  it('turns a transport failure into a BRIDGE error instead of throwing something else', async () => {
    const desk = createDesk(
      transport(async () => {
        throw new TypeError('Failed to fetch');
      }).t,
    );
    await expect(desk.exchange.checkNow()).rejects.toEqual({
      code: 'BRIDGE',
      message: 'Failed to fetch',
    });
  });

  it('delivers events to listeners of that event only, and unsubscribes from the transport when the last one leaves', () => {
    const { t, stop, emit } = transport(async () => ({ ok: true, value: null }));
    const desk = createDesk(t);
    const a = vi.fn();
    const b = vi.fn();
    const offA = desk.on('exchange.status', a);
    const offB = desk.on('exchange.status', b);
    expect(t.subscribe).toHaveBeenCalledTimes(1);
    emit('exchange.status', online);
    emit('something.else', 1);
    expect(a).toHaveBeenCalledExactlyOnceWith(online);
    expect(b).toHaveBeenCalledExactlyOnceWith(online);
    offA();
    expect(stop).not.toHaveBeenCalled();
    emit('exchange.status', online);
    expect(a).toHaveBeenCalledTimes(1);
    offB();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
