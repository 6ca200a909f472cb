import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../src/shared/channels';
import { channelNames, contract, events } from '../../src/shared/contract';

describe('channels.ts, the names the preload carries', () => {
  it('lists exactly the contract channels, in contract order', () => {
    const fromContract = Object.entries(contract).flatMap(([group, methods]) =>
      Object.keys(methods).map((method) => `${group}.${method}`),
    );
    expect([...CHANNEL_NAMES]).toEqual(fromContract);
    expect([...CHANNEL_NAMES]).toEqual([...channelNames]);
  });

  it('lists exactly the contract events, in contract order', () => {
    expect([...EVENT_NAMES]).toEqual(Object.keys(events));
  });

  it('names each channel and event once', () => {
    expect(new Set(CHANNEL_NAMES).size).toBe(CHANNEL_NAMES.length);
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
  });
});
