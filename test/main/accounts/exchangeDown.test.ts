import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callChannel, bindChannels } from '../../../src/main/core/binder';
import { startCore, type Core } from '../../../src/main/core/core';
import { startDemoExchange } from '@exchange-desk/demo-exchange';
import { KeytarStore } from '../../../src/main/vault/vault';
import type { Envelope } from '../../../src/shared/errors';
import type { ExchangeStatus, ProfilesState } from '../../../src/shared/model';

/**
 * Issue 14, item 5, through the app's own wiring (Accounts.createContext): the active profile's
 * exchange goes down; the first request that fails turns the status offline long before the next
 * check, and an order is reported as not sent (not "we could not tell"). Runs under
 * scripts/with-keyring.sh (the real keychain, a service name of its own).
 */
const vault = new KeytarStore(`Exchange Desk test ${randomBytes(4).toString('hex')}`);
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.stop();
});

describe('the active exchange goes down', () => {
  it('is offline after the first failed request, and an order is not sent', async () => {
    const exchange = await startDemoExchange();
    // An hour between checks: only a failed request can change the status within this test.
    const core = await startCore({
      version: 'test',
      dataDir: await mkdtemp(join(tmpdir(), 'desk-down-')),
      vault,
      statusIntervalMs: 60 * 60_000,
    });
    cores.push(core);
    const bound = bindChannels(core.handlers);
    const call = async <T>(channel: string, input?: unknown): Promise<T> => {
      const answer: Envelope<unknown> = await callChannel(bound, channel, input);
      if (!answer.ok) throw answer.error;
      return answer.value as T;
    };
    const statuses: ExchangeStatus[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'exchange.status') statuses.push(payload as ExchangeStatus);
    });
    const added = (
      await call<ProfilesState>('profiles.add', {
        name: 'Down',
        region: 'custom',
        customUrl: exchange.url,
        apiKey: exchange.apiKey,
        apiSecret: exchange.apiSecret,
      })
    ).profiles.find((p) => !p.isDemo)!;
    await call('profiles.activate', { id: added.id });
    expect(await call('exchange.checkNow')).toMatchObject({ state: 'online' });

    await exchange.stop();
    statuses.length = 0;
    // The first request may go out on a kept-alive socket the server just closed (a reset: the
    // monitor re-checks at once); any later one is refused.
    await call('trade.context', { market: 'BTC_USDT' }).catch(() => undefined);
    await expect
      .poll(() => statuses.at(-1))
      .toMatchObject({
        state: 'offline',
        baseUrl: exchange.url,
        reason: 'connection refused',
      });

    // A profile that worked is down, not misconfigured (issue 32, item 13): no "is the address right?".
    const read = await call('trade.context', { market: 'BTC_USDT' }).catch((e: unknown) => e);
    expect(read).toMatchObject({
      code: 'EXCHANGE_NETWORK',
      message:
        'Could not connect to the exchange (connection refused): it is down or cannot be reached from here.',
    });

    const placed = await call('orders.place', {
      kind: 'limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '100',
    }).catch((e: unknown) => e);
    expect(placed).toMatchObject({
      code: 'EXCHANGE_NETWORK',
      message:
        'Could not reach the exchange (connection refused): the order was not sent. Check the connection and try again.',
    });
  });
});
