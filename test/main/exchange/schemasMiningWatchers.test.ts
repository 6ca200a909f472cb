import { describe, expect, it } from 'vitest';
import {
  parseCreatedWatcherLink,
  parseMiningPool,
  parseWatcherLinks,
} from '../../../src/main/exchange/schemas';
import { thrown } from '../../support/exchangeErrors';

/** watcher-links and public/mining-pool as main_api_v4.yaml / http-v4.yaml give them. */
const LINK = 'https://whitebit.com/mining-pool/watcher-link/abc123-external-id';
const listed = (overrides: Record<string, unknown> = {}) => ({
  data: [
    {
      id: 'abc123-external-id',
      accounts: ['my_miner_01'],
      name: 'monitoring_link',
      link: LINK,
      permissions: ['dashboard', 'workers'],
      liveUntil: 1709944800,
      createdAt: 1709340000,
      ...overrides,
    },
  ],
});
const pool = (overrides: Record<string, unknown> = {}) => ({
  data: {
    connection_links: ['stratum+tcp://1.1.1.1:80'],
    location: 'global',
    assets: ['BTC'],
    reward_schemes: ['FPPS'],
    workers: 1846,
    current_hash_rate: '39353570.8006319183174839',
    last7days_hash_rate: [
      { timestamp: 1732579200, hashrate: '100' },
      { timestamp: 1732665600, hashrate: '201' },
    ],
    blocks: [{ block_found_at: 1715339355, block_height: 18329 }],
    ...overrides,
  },
});

describe('watcher-links/list', () => {
  it('reads the OpenAPI example (times in ms, never-expiring as null)', () => {
    expect(parseWatcherLinks(listed())).toEqual([
      {
        id: 'abc123-external-id',
        accounts: ['my_miner_01'],
        name: 'monitoring_link',
        link: LINK,
        permissions: ['dashboard', 'workers'],
        liveUntil: 1709944800_000,
        createdAt: 1709340000_000,
      },
    ]);
    expect(parseWatcherLinks(listed({ liveUntil: null }))[0]!.liveUntil).toBeNull();
  });

  it('refuses an over-long link, never clipping it', () => {
    const error = thrown(() =>
      parseWatcherLinks(listed({ link: `${LINK}/${'a'.repeat(10_000)}` })),
    );
    expect(error.kind).toBe('unexpected');
    expect(error.message).toContain('/api/v4/mining/watcher-links/list');
    expect(error.message).toContain('data[0].link');
  });

  it('refuses a link that is not https (nothing else is offered to copy)', () => {
    for (const link of ['javascript:alert(1)', 'http://whitebit.com/x', 'https://a b', '']) {
      expect(thrown(() => parseWatcherLinks(listed({ link }))).kind).toBe('unexpected');
    }
  });

  it('refuses an unknown permission', () => {
    const error = thrown(() => parseWatcherLinks(listed({ permissions: ['dashboard', 'admin'] })));
    expect(error.message).toContain('data[0].permissions[1]');
  });

  it('refuses an account name of 10,000 characters', () => {
    const error = thrown(() => parseWatcherLinks(listed({ accounts: ['a'.repeat(10_000)] })));
    expect(error.message).toContain('data[0].accounts[0]');
  });
});

describe('watcher-links/create', () => {
  it('reads the OpenAPI example', () => {
    expect(
      parseCreatedWatcherLink({
        data: {
          id: 'abc123-external-id',
          link: LINK,
          liveUntil: 1709944800,
          createdAt: 1709340000,
        },
      }),
    ).toEqual({
      id: 'abc123-external-id',
      link: LINK,
      liveUntil: 1709944800_000,
      createdAt: 1709340000_000,
    });
  });

  it('refuses an over-long link', () => {
    const error = thrown(() =>
      parseCreatedWatcherLink({
        data: { id: 'x', link: `https://${'a'.repeat(600)}`, liveUntil: null, createdAt: 1 },
      }),
    );
    expect(error.message).toContain('/api/v4/mining/watcher-links/create');
  });
});

describe('public/mining-pool', () => {
  it('reads the OpenAPI example in both casings: hashrate, workers, the 7-day mean', () => {
    const expected = { hashrate: '39353570.8006319183174839', workers: 1846, average7d: '151' };
    expect(parseMiningPool(pool())).toEqual(expected);
    expect(
      parseMiningPool({
        data: {
          workers: 1846,
          currentHashRate: '39353570.8006319183174839',
          last7daysHashRate: [
            { timestamp: 1732579200, hashrate: '100' },
            { timestamp: 1732665600, hashrate: '201' },
          ],
        },
      }),
    ).toEqual(expected);
    expect(parseMiningPool(pool({ last7days_hash_rate: [] })).average7d).toBeNull();
  });

  it('refuses a negative hashrate, now or in the last 7 days', () => {
    expect(thrown(() => parseMiningPool(pool({ current_hash_rate: '-1' }))).message).toContain(
      'data.currentHashRate',
    );
    expect(
      thrown(() =>
        parseMiningPool(pool({ last7days_hash_rate: [{ timestamp: 1, hashrate: '-5' }] })),
      ).message,
    ).toContain('data.last7daysHashRate[0].hashrate');
  });

  it('refuses a negative, fractional or absurd worker count', () => {
    for (const workers of [-1, 1.5, 1e12, '12']) {
      expect(thrown(() => parseMiningPool(pool({ workers }))).message).toContain('data.workers');
    }
  });
});
