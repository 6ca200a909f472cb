import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { ORDER_PATHS } from '../../../src/main/exchange/api';
import type { Core } from '../../../src/main/core/core';
import type { PlacementOutcome } from '../../../src/shared/model';
import { startMainCore } from '../../support/core';

/**
 * "Hardening", item 2: one client order id executes at most once from this app. The exchange (and
 * the demo) only refuse an id used by an OPEN order on the same market, so a market order's id could
 * be reused at once; main keeps an order journal and refuses the reuse itself.
 *
 * "Hardening, round 2", item 1: the journal fails closed. On a full or a read-only data folder an
 * order whose record cannot be written is refused before it is sent (it used to go out unrecorded,
 * and after a restart the same client order id executed a second time). The disk's refusal is
 * injected: node:fs/promises is wrapped so that opening a file for writing in the data folder fails
 * as a full (ENOSPC) or read-only (EROFS) disk fails, while `disk.refusing` is set; otherwise every
 * call goes to the real one. The demo exchange's own state file stands for the exchange's books,
 * not the app's data: it is left alone.
 */
const disk = vi.hoisted(() => ({
  refusing: undefined as { code: string; folder: string } | undefined,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof actual.open = async (path, flags, mode) => {
    const refusing = disk.refusing;
    const at = String(path);
    if (
      refusing &&
      flags !== undefined &&
      flags !== 'r' &&
      at.startsWith(refusing.folder) &&
      !basename(at).startsWith('demo-exchange.json')
    ) {
      const { code } = refusing;
      throw Object.assign(new Error(`${code}: refused, open '${at}'`), { code, path: at });
    }
    return actual.open(path, flags, mode);
  };
  return { ...actual, open, default: { ...actual, open } };
});

const ORDER_PATH_SET = new Set(Object.values(ORDER_PATHS));

/** Order-placing requests the demo received with this client order id (either casing). */
function sent(core: Core, clientOrderId: string) {
  return core.demoExchange.requestLog().filter((e) => {
    const body = e.body as Record<string, unknown> | null;
    return (
      ORDER_PATH_SET.has(e.path) &&
      (body?.clientOrderId === clientOrderId || body?.client_order_id === clientOrderId)
    );
  });
}

/** Every order the demo holds (active and finished) with this client order id. */
function ordersWith(core: Core, clientOrderId: string) {
  const { active, history } = core.demoExchange.engine.state;
  return [...active, ...history].filter((o) => o.clientOrderId === clientOrderId);
}

const REFUSED = {
  code: 'CLIENT_ORDER_ID_USED',
  fields: { clientOrderId: [expect.stringMatching(/already (used|in use)/)] },
};

/** A market buy of 0.0002 BTC, as small as the demo's BTC_USDT allows. */
const smallBuy = (clientOrderId: string) => ({
  kind: 'stock_market',
  market: 'BTC_USDT',
  side: 'buy',
  amount: '0.0002',
  clientOrderId,
});

const dirs: string[] = [];
afterEach(async () => {
  disk.refusing = undefined;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.each(CASINGS)('a client order id executes once, %s casing', (casing) => {
  it('8 concurrent market orders with one id: exactly one is sent and executes, 7 are refused', async () => {
    const { core, call } = await startMainCore({ demoExchange: { casing, freezePrices: true } });
    const clientOrderId = 'once-concurrent';
    const input = { kind: 'market', market: 'BTC_USDT', side: 'buy', amount: '10', clientOrderId };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => call<PlacementOutcome>('orders.place', input)),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(sent(core, clientOrderId)).toHaveLength(1);
    expect(ordersWith(core, clientOrderId)).toHaveLength(1);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.value).toMatchObject({ outcome: 'placed', clientOrderId });
    expect(refused).toHaveLength(7);
    for (const error of refused) expect(error).toMatchObject(REFUSED);
  });

  it('3 sequential placements with one id: the first executes, the next two are refused with when and what', async () => {
    const { core, call } = await startMainCore({ demoExchange: { casing, freezePrices: true } });
    const clientOrderId = 'once-sequential';
    const input = smallBuy(clientOrderId);
    const results: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      results.push(await call<PlacementOutcome>('orders.place', input).catch((e: unknown) => e));
    }
    expect(sent(core, clientOrderId)).toHaveLength(1);
    expect(ordersWith(core, clientOrderId)).toHaveLength(1);
    const [first, ...again] = results;
    expect(first).toMatchObject({ outcome: 'placed', clientOrderId });
    for (const error of again) {
      expect(error).toMatchObject(REFUSED);
      const [message] = (error as { fields: { clientOrderId: string[] } }).fields.clientOrderId;
      expect(message).toMatch(
        /^This client order id was already used for an order at \d\d:\d\d \(BTC_USDT buy\)\. Leave it empty for a new one, or choose another\.$/,
      );
    }
  });

  it('an id refused by the exchange (not executed) may be used again', async () => {
    const { core, call } = await startMainCore({ demoExchange: { casing, freezePrices: true } });
    const clientOrderId = 'once-refused';
    const base = { kind: 'stock_market', market: 'BTC_USDT', side: 'buy', clientOrderId };
    // Below the market's minimum amount: the exchange refuses it (code 32), nothing executes.
    await expect(call('orders.place', { ...base, amount: '0.00001' })).rejects.toMatchObject({
      fields: { amount: [expect.any(String)] },
    });
    await expect(
      call<PlacementOutcome>('orders.place', { ...base, amount: '0.0002' }),
    ).resolves.toMatchObject({ outcome: 'placed', clientOrderId });
    expect(sent(core, clientOrderId)).toHaveLength(2);
    expect(ordersWith(core, clientOrderId)).toHaveLength(1);
  });

  it('generated ids stay fresh: two placements without an id both execute', async () => {
    const { call } = await startMainCore({ demoExchange: { casing, freezePrices: true } });
    const input = { kind: 'stock_market', market: 'BTC_USDT', side: 'buy', amount: '0.0002' };
    const a = await call<PlacementOutcome>('orders.place', input);
    const b = await call<PlacementOutcome>('orders.place', input);
    expect(a.outcome).toBe('placed');
    expect(b.outcome).toBe('placed');
    expect(a.clientOrderId).not.toBe(b.clientOrderId);
  });

  it('across a restart: an id used before the app restarted is still refused', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'desk-once-'));
    dirs.push(dataDir);
    const clientOrderId = 'once-restart';
    const input = smallBuy(clientOrderId);
    const first = await startMainCore({ dataDir, demoExchange: { casing, freezePrices: true } });
    await expect(call(first, input)).resolves.toMatchObject({ outcome: 'placed' });
    await first.core.stop();

    const second = await startMainCore({ dataDir, demoExchange: { casing, freezePrices: true } });
    await expect(call(second, input)).rejects.toMatchObject(REFUSED);
    expect(sent(second.core, clientOrderId)).toHaveLength(0);
  });
});

function call(main: Awaited<ReturnType<typeof startMainCore>>, input: unknown) {
  return main.call<PlacementOutcome>('orders.place', input);
}

describe.each([
  ['full', 'ENOSPC', 'The disk is full. Free some space on it, then try again.'],
  ['read-only', 'EROFS', 'The disk is read-only. Make it writable, then try again.'],
])('a %s data folder (%s)', (_name, code, words) => {
  it('refuses the order before it is sent; once, after a restart too, one order on the exchange', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'desk-journal-disk-'));
    dirs.push(dataDir);
    const clientOrderId = `disk-${code.toLowerCase()}`;
    const input = smallBuy(clientOrderId);
    const options = { dataDir, demoExchange: { freezePrices: true } };
    const first = await startMainCore(options);

    disk.refusing = { code, folder: dataDir };
    const refusal = {
      code: 'DISK',
      message: `Exchange Desk could not record this order in ${dataDir}; it was not sent. ${words}`,
    };
    await expect(first.call('orders.place', input)).rejects.toEqual(refusal);
    // Asked again while the disk still refuses: the same refusal, still nothing sent.
    await expect(first.call('orders.place', input)).rejects.toEqual(refusal);
    expect(sent(first.core, clientOrderId)).toHaveLength(0);

    // The disk has room (or is writable) again: the order goes out once, recorded first.
    disk.refusing = undefined;
    await expect(first.call<PlacementOutcome>('orders.place', input)).resolves.toMatchObject({
      outcome: 'placed',
      clientOrderId,
    });
    expect(sent(first.core, clientOrderId)).toHaveLength(1);
    await first.core.stop();

    // After a restart the id is still refused, before the exchange.
    const second = await startMainCore(options);
    await expect(second.call('orders.place', input)).rejects.toMatchObject({
      code: 'CLIENT_ORDER_ID_USED',
    });
    expect(sent(second.core, clientOrderId)).toHaveLength(0);
    expect(ordersWith(second.core, clientOrderId)).toHaveLength(1);
  });
});
