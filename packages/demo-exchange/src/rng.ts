/**
 * Deterministic hashing and pseudo-random numbers. Everything the demo exchange invents (prices,
 * books, fixture records, hashrate) is a function of the seed, so a given seed always yields the same
 * data.
 */

/** 32-bit hash of a list of integers and strings (murmur3-style mixing). */
export function hash32(...parts: (number | string)[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    if (typeof part === 'number') {
      // Mix both 32-bit halves so large integers (timestamps in ms) hash well.
      h = mix(h, part >>> 0);
      h = mix(h, Math.floor(part / 4294967296) >>> 0);
    } else {
      for (let i = 0; i < part.length; i++) h = mix(h, part.charCodeAt(i));
      h = mix(h, part.length);
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function mix(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** A small seeded generator (mulberry32) for building fixture data in sequence. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = hash32(seed, 'rng') >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from empty list');
    return item;
  }
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }
  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}
