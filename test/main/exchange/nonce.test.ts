import { describe, expect, it } from 'vitest';
import { NonceSource } from '../../../src/main/exchange/nonce';

describe('NonceSource', () => {
  it('follows the clock in milliseconds', () => {
    let now = 1_700_000_000_000;
    const nonces = new NonceSource(() => now);
    expect(nonces.next('k')).toBe(1_700_000_000_000);
    now += 250;
    expect(nonces.next('k')).toBe(1_700_000_000_250);
  });

  it('stays strictly increasing within one millisecond and when the clock steps back', () => {
    let now = 1_000;
    const nonces = new NonceSource(() => now);
    const burst = Array.from({ length: 1000 }, () => nonces.next('k'));
    for (let i = 1; i < burst.length; i++) expect(burst[i]).toBe(burst[i - 1]! + 1);
    now = 500; // NTP correction backwards
    expect(nonces.next('k')).toBe(burst.at(-1)! + 1);
  });

  it('keeps one sequence per API key', () => {
    const nonces = new NonceSource(() => 10);
    expect([nonces.next('a'), nonces.next('b'), nonces.next('a')]).toEqual([10, 10, 11]);
  });
});
