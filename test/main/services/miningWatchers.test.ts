import { describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../src/main/exchange/api';
import { ExchangeError } from '../../../src/main/exchange/errors';
import { createWatcherLink, miningPool, watcherLinks } from '../../../src/main/services/mining';
import { WATCHER_LINK_CAP_MESSAGE, createWatcherLinkInput } from '../../../src/shared/contract';
import { DeskFailure } from '../../../src/shared/errors';
import type { WatcherLink } from '../../../src/shared/model';

const NOW = 1_800_000_000_000;
const now = () => NOW;

const link = (id: string): WatcherLink => ({
  id,
  accounts: ['demo-miner'],
  name: `link_${id}`,
  link: `https://whitebit.com/mining-pool/watcher-link/${id}`,
  permissions: ['dashboard'],
  liveUntil: NOW + 3_600_000,
  createdAt: NOW,
});

/** An exchange holding `links`; create appends one, or fails with `createFails`. */
function fakeApi(links: WatcherLink[], createFails?: Error) {
  const created: unknown[] = [];
  const api = {
    watcherLinks: async (account: string) => links.filter((l) => l.accounts.includes(account)),
    createWatcherLink: async (input: { name: string }) => {
      created.push(input);
      if (createFails) throw createFails;
      const made = link(String(links.length + 1));
      links.push({ ...made, name: input.name });
      return made;
    },
    miningPool: async () => ({ hashrate: '250000000000000000', workers: 1846, average7d: '1' }),
  } as unknown as ExchangeApi;
  return { api, created };
}

const input = {
  account: 'demo-miner',
  name: 'for_my_partner',
  permissions: ['dashboard', 'workers'] as ('dashboard' | 'workers')[],
  liveUntil: '1h' as const,
};

describe('watcher links', () => {
  it('lists the account’s links with the time main fetched them', async () => {
    const { api } = fakeApi([link('a')]);
    expect(await watcherLinks(api, 'demo-miner', now)).toEqual({
      account: 'demo-miner',
      links: [link('a')],
      fetchedAt: NOW,
    });
  });

  it('creates one for the account and answers the list after it', async () => {
    const { api, created } = fakeApi([link('a')]);
    const after = await createWatcherLink(api, input, now);
    expect(created).toEqual([
      {
        accounts: ['demo-miner'],
        name: 'for_my_partner',
        permissions: ['dashboard', 'workers'],
        liveUntil: '1h',
      },
    ]);
    expect(after.links.map((l) => l.name)).toEqual(['link_a', 'for_my_partner']);
  });

  it('at the cap sends no create and says why', async () => {
    const { api, created } = fakeApi([link('a'), link('b'), link('c')]);
    const error = await createWatcherLink(api, input, now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeskFailure);
    expect((error as DeskFailure).message).toBe(WATCHER_LINK_CAP_MESSAGE);
    expect(created).toEqual([]);
  });

  it('the exchange’s own "Limit exceeded" (a link made elsewhere meanwhile) reads the same', async () => {
    const limit = new ExchangeError({
      kind: 'validation',
      message: 'Validation failed',
      status: 400,
      code: 0,
      fields: { user: ['Limit exceeded'] },
    });
    const { api } = fakeApi([link('a')], limit);
    await expect(createWatcherLink(api, input, now)).rejects.toMatchObject({
      code: 'EXCHANGE_VALIDATION',
      message: WATCHER_LINK_CAP_MESSAGE,
    });
  });
});

describe('miningPool', () => {
  it('answers the pool’s figures with the time main fetched them', async () => {
    const { api } = fakeApi([]);
    expect(await miningPool(api, now)).toEqual({
      hashrate: '250000000000000000',
      workers: 1846,
      average7d: '1',
      fetchedAt: NOW,
    });
  });
});

describe('createWatcherLinkInput (the contract)', () => {
  it('defaults the expiry to the shortest, 1 hour', () => {
    const parsed = createWatcherLinkInput.parse({
      account: 'demo-miner',
      name: 'x',
      permissions: ['rewards'],
    });
    expect(parsed.liveUntil).toBe('1h');
  });

  it('refuses a name the exchange would, no permission, an unknown one, or an unknown expiry', () => {
    const base = { account: 'demo-miner', name: 'ok_1', permissions: ['dashboard'] };
    for (const bad of [
      { name: 'has space' },
      { name: 'a'.repeat(65) },
      { permissions: [] },
      { permissions: ['admin'] },
      { permissions: ['dashboard', 'dashboard'] },
      { liveUntil: '30d' },
    ]) {
      expect(
        createWatcherLinkInput.safeParse({ ...base, ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
    }
    expect(createWatcherLinkInput.safeParse(base).success).toBe(true);
  });
});
