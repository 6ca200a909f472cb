import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { log } from '../../../src/main/lib/log';
import { JOURNAL_FILE } from '../../../src/main/lib/dataFiles';
import {
  JOURNAL_MAX_ENTRIES,
  JOURNAL_WINDOW_MS,
  OrderJournal,
} from '../../../src/main/services/orderJournal';
import { clientOrderIdUsed, placeOrderOutcome } from '../../../src/main/services/orders';
import type { ExchangeApi, PlaceOrderInput } from '../../../src/main/exchange/api';
import { networkError, parseErrorResponse } from '../../../src/main/exchange/errors';
import type { Order } from '../../../src/shared/model';
import { DeskFailure } from '../../../src/shared/errors';

const ORDER = { market: 'BTC_USDT', side: 'buy', amount: '0.01', kind: 'stock_market' } as const;
const HOUR = 60 * 60 * 1000;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'desk-journal-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** A clock the test moves. */
function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('OrderJournal', () => {
  it('keeps the window at least 24 h', () => {
    expect(JOURNAL_WINDOW_MS).toBeGreaterThanOrEqual(24 * HOUR);
  });

  it('reserves an id once per profile; another profile may use the same id', () => {
    const journal = new OrderJournal(undefined);
    expect(journal.reserve('demo', { ...ORDER, clientOrderId: 'a' }).ok).toBe(true);
    const again = journal.reserve('demo', { ...ORDER, clientOrderId: 'a' });
    expect(again).toMatchObject({ ok: false, blockedBy: { outcome: 'sent', market: 'BTC_USDT' } });
    expect(journal.reserve('p-other', { ...ORDER, clientOrderId: 'a' }).ok).toBe(true);
  });

  it('blocks placed, unknown and not-found ids; a definite refusal frees the id', () => {
    const journal = new OrderJournal(undefined);
    for (const outcome of ['placed', 'unknown', 'not-found'] as const) {
      journal.reserve('demo', { ...ORDER, clientOrderId: outcome });
      journal.settle('demo', outcome, outcome);
      expect(journal.find('demo', outcome)?.outcome).toBe(outcome);
    }
    journal.reserve('demo', { ...ORDER, clientOrderId: 'no' });
    journal.settle('demo', 'no', 'refused');
    expect(journal.find('demo', 'no')).toBeUndefined();
    expect(journal.reserve('demo', { ...ORDER, clientOrderId: 'no' }).ok).toBe(true);
  });

  it('frees an id after the window and prunes old entries', () => {
    const c = clock();
    const journal = new OrderJournal(undefined, { now: c.now });
    journal.reserve('demo', { ...ORDER, clientOrderId: 'old' });
    journal.settle('demo', 'old', 'placed');
    c.advance(JOURNAL_WINDOW_MS - 1);
    expect(journal.reserve('demo', { ...ORDER, clientOrderId: 'old' }).ok).toBe(false);
    c.advance(2);
    expect(journal.find('demo', 'old')).toBeUndefined();
    journal.reserve('demo', { ...ORDER, clientOrderId: 'new' });
    expect(journal.list().map((e) => e.clientOrderId)).toEqual(['new']);
    expect(journal.reserve('demo', { ...ORDER, clientOrderId: 'old' }).ok).toBe(true);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const c = clock();
    const journal = new OrderJournal(undefined, { now: c.now, maxEntries: 3 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      journal.reserve('demo', { ...ORDER, clientOrderId: id });
      c.advance(1);
    }
    expect(journal.list().map((e) => e.clientOrderId)).toEqual(['c', 'd', 'e']);
    expect(JOURNAL_MAX_ENTRIES).toBe(10_000);
  });

  it('the default bound holds 10,000 entries written and read back', async () => {
    const c = clock();
    const journal = new OrderJournal(dir, { now: c.now });
    for (let i = 0; i < JOURNAL_MAX_ENTRIES + 5; i++) {
      journal.reserve('demo', { ...ORDER, clientOrderId: `id-${i}` });
      c.advance(1);
    }
    await journal.persist();
    const again = new OrderJournal(dir, { now: c.now });
    expect(again.list()).toHaveLength(JOURNAL_MAX_ENTRIES);
    expect(again.find('demo', 'id-4')).toBeUndefined();
    expect(again.find('demo', `id-${JOURNAL_MAX_ENTRIES + 4}`)).toBeDefined();
  });

  it('persists to orders-journal.json (mode 0600, no secret) and reads it back after a restart', async () => {
    const c = clock();
    const journal = new OrderJournal(dir, { now: c.now });
    journal.reserve('demo', { ...ORDER, clientOrderId: 'kept' });
    journal.settle('demo', 'kept', 'placed');
    journal.reserve('demo', { ...ORDER, clientOrderId: 'in-flight' });
    await journal.persist();
    const path = join(dir, JOURNAL_FILE);
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
    const text = await readFile(path, 'utf8');
    expect(Object.keys(JSON.parse(text).entries[0]).sort()).toEqual(
      [
        'amount',
        'clientOrderId',
        'kind',
        'market',
        'outcome',
        'profileId',
        'sentAt',
        'side',
      ].sort(),
    );

    c.advance(HOUR);
    const restarted = new OrderJournal(dir, { now: c.now });
    expect(restarted.find('demo', 'kept')).toMatchObject({ outcome: 'placed', amount: '0.01' });
    // In flight when the app stopped: its outcome is unknown, and it still blocks.
    expect(restarted.find('demo', 'in-flight')?.outcome).toBe('unknown');

    c.advance(JOURNAL_WINDOW_MS);
    expect(new OrderJournal(dir, { now: c.now }).list()).toEqual([]);
  });

  it('a corrupt file is ignored, with an error logged', async () => {
    const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    await writeFile(join(dir, JOURNAL_FILE), '{"version":1,"entries":[{"profileId":');
    const journal = new OrderJournal(dir);
    expect(journal.list()).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/orders-journal\.json is corrupt/));

    errors.mockClear();
    await writeFile(join(dir, JOURNAL_FILE), JSON.stringify({ version: 1, entries: [{ x: 1 }] }));
    expect(new OrderJournal(dir).list()).toEqual([]);
    expect(errors).toHaveBeenCalledTimes(1);
    // It is replaced at the next write.
    journal.reserve('demo', { ...ORDER, clientOrderId: 'after' });
    await journal.persist();
    expect(new OrderJournal(dir).find('demo', 'after')).toBeDefined();
  });

  it('no file yet is a first run, not an error', () => {
    const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    expect(new OrderJournal(join(dir, 'missing')).list()).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('overlapping writes: each persist resolves after a write holding its change', async () => {
    const journal = new OrderJournal(dir);
    const writes = ['a', 'b', 'c'].map((id) => {
      journal.reserve('demo', { ...ORDER, clientOrderId: id });
      return journal.persist();
    });
    await Promise.all(writes);
    expect(new OrderJournal(dir).list().map((e) => e.clientOrderId)).toEqual(['a', 'b', 'c']);
  });
});

describe('placeOrderOutcome with the journal', () => {
  const INPUT: PlaceOrderInput = { ...ORDER, clientOrderId: 'cid-1' };
  const placed = { orderId: 1, clientOrderId: 'cid-1', ...ORDER } as unknown as Order;

  function api(create: () => Promise<Order>) {
    const fake = {
      createOrder: vi.fn((_input: PlaceOrderInput & { clientOrderId: string }) => create()),
      activeOrders: vi.fn(async () => []),
      orderHistory: vi.fn(async () => ({})),
    };
    return { fake, asApi: fake as unknown as ExchangeApi };
  }

  it('refuses an id in flight synchronously: 8 concurrent calls, one createOrder', async () => {
    const journal = new OrderJournal(undefined);
    let release: (o: Order) => void = () => undefined;
    const { fake, asApi } = api(() => new Promise<Order>((resolve) => (release = resolve)));
    const calls = Array.from({ length: 8 }, () =>
      placeOrderOutcome(asApi, INPUT, { journal, profileId: 'demo' }),
    );
    const refused = await Promise.allSettled(calls.slice(1));
    for (const r of refused) {
      expect(r.status).toBe('rejected');
      if (r.status === 'rejected') {
        expect(r.reason).toBeInstanceOf(DeskFailure);
        expect((r.reason as DeskFailure).fields?.clientOrderId?.[0]).toMatch(
          /already in use by an order being placed now \(BTC_USDT buy\)/,
        );
      }
    }
    release(placed);
    await expect(calls[0]).resolves.toMatchObject({ outcome: 'placed' });
    expect(fake.createOrder).toHaveBeenCalledTimes(1);
  });

  it('an exchange refusal frees the id; a lost answer not found keeps it blocked', async () => {
    const journal = new OrderJournal(undefined);
    const refusal = parseErrorResponse(
      422,
      '{"code":32,"message":"Validation failed","errors":{"amount":["too small"]}}',
      '/api/v4/order/stock_market',
    );
    const refusing = api(async () => {
      throw refusal;
    });
    await expect(
      placeOrderOutcome(refusing.asApi, INPUT, { journal, profileId: 'demo' }),
    ).rejects.toBe(refusal);
    expect(journal.find('demo', 'cid-1')).toBeUndefined();

    const dropping = api(async () => {
      throw networkError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    });
    await expect(
      placeOrderOutcome(
        dropping.asApi,
        INPUT,
        { journal, profileId: 'demo' },
        { reconcileDelayMs: 0 },
      ),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(journal.find('demo', 'cid-1')?.outcome).toBe('not-found');
  });

  it('a bug (not an exchange error) leaves the id blocked as unknown', async () => {
    const journal = new OrderJournal(undefined);
    const buggy = api(async () => {
      throw new TypeError('bug');
    });
    await expect(
      placeOrderOutcome(buggy.asApi, INPUT, { journal, profileId: 'demo' }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(journal.find('demo', 'cid-1')?.outcome).toBe('unknown');
  });

  it('records a generated id too', async () => {
    const journal = new OrderJournal(undefined);
    const { fake, asApi } = api(async () => placed);
    const { clientOrderId: _none, ...noId } = INPUT;
    const outcome = await placeOrderOutcome(asApi, noId as PlaceOrderInput, {
      journal,
      profileId: 'demo',
    });
    const sent = fake.createOrder.mock.calls[0]![0];
    expect(sent.clientOrderId).toMatch(/^desk-/);
    expect(outcome.clientOrderId).toBe(sent.clientOrderId);
    expect(journal.find('demo', outcome.clientOrderId)?.outcome).toBe('placed');
  });

  it('the message names the time, market and side of the earlier order', () => {
    const at = new Date(2025, 0, 31, 14, 3).getTime();
    const failure = clientOrderIdUsed({
      profileId: 'demo',
      clientOrderId: 'x',
      ...ORDER,
      sentAt: at,
      outcome: 'placed',
    });
    expect(failure.code).toBe('CLIENT_ORDER_ID_USED');
    expect(failure.fields?.clientOrderId).toEqual([failure.message]);
    expect(failure.message).toMatch(
      /^This client order id was already used for an order at (2025-01-31 )?14:03 \(BTC_USDT buy\)\. Leave it empty for a new one, or choose another\.$/,
    );
  });
});

describe('placeOrderOutcome when the journal cannot be written', () => {
  const INPUT: PlaceOrderInput = { ...ORDER, clientOrderId: 'cid-disk' };
  const placed = { orderId: 7, clientOrderId: 'cid-disk', ...ORDER } as unknown as Order;

  /** A disk that refuses every write with `code` while `failing.now` is true. */
  function refusingDisk(code: string) {
    const failing = { now: true, writes: 0 };
    const write = async (path: string, text: string) => {
      failing.writes++;
      if (failing.now) {
        throw Object.assign(new Error(`${code}: refused, open '${path}.tmp'`), { code });
      }
      await writeFile(path, text);
    };
    return { failing, write };
  }

  function exchange() {
    const createOrder = vi.fn(
      async (_input: PlaceOrderInput & { clientOrderId: string }) => placed,
    );
    return { createOrder, api: { createOrder } as unknown as ExchangeApi };
  }

  it.each([
    ['ENOSPC', 'The disk is full. Free some space on it, then try again.'],
    ['EROFS', 'The disk is read-only. Make it writable, then try again.'],
    ['EACCES', 'Permission denied. Make sure your user may write there, then try again.'],
  ])(
    '%s: refused before it is sent, in words naming the folder; the id is free for when it can be',
    async (code, words) => {
      const disk = refusingDisk(code);
      const journal = new OrderJournal(dir, { write: disk.write });
      const { createOrder, api } = exchange();
      const placing = { journal, profileId: 'demo' };

      await expect(placeOrderOutcome(api, INPUT, placing)).rejects.toMatchObject({
        code: 'DISK',
        message: `Exchange Desk could not record this order in ${dir}; it was not sent. ${words}`,
      });
      expect(createOrder).not.toHaveBeenCalled();
      expect(journal.find('demo', 'cid-disk')).toBeUndefined();

      // Room again: the same id goes out once, recorded before it is sent.
      disk.failing.now = false;
      await expect(placeOrderOutcome(api, INPUT, placing)).resolves.toMatchObject({
        outcome: 'placed',
        clientOrderId: 'cid-disk',
      });
      expect(createOrder).toHaveBeenCalledTimes(1);
      expect(new OrderJournal(dir).find('demo', 'cid-disk')?.outcome).toBe('placed');
    },
  );

  it('a record that cannot be written after the order went out: the outcome is answered, the failure logged', async () => {
    const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const disk = refusingDisk('ENOSPC');
    disk.failing.now = false;
    const journal = new OrderJournal(dir, {
      write: async (path, text) => {
        // The record before sending is written; the disk fills before the outcome's.
        await disk.write(path, text);
        disk.failing.now = true;
      },
    });
    const { createOrder, api } = exchange();
    await expect(
      placeOrderOutcome(api, INPUT, { journal, profileId: 'demo' }),
    ).resolves.toMatchObject({ outcome: 'placed' });
    expect(createOrder).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining(`[orders] could not write ${JOURNAL_FILE}`),
      expect.objectContaining({ code: 'ENOSPC' }),
    );
    // On disk it is still "sent": after a restart its outcome is unknown and the id stays blocked.
    expect(new OrderJournal(dir).find('demo', 'cid-disk')?.outcome).toBe('unknown');
  });

  it('concurrent placements that share a failed write are all refused, none sent', async () => {
    const disk = refusingDisk('ENOSPC');
    const journal = new OrderJournal(dir, { write: disk.write });
    const { createOrder, api } = exchange();
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((id) =>
        placeOrderOutcome(api, { ...INPUT, clientOrderId: id }, { journal, profileId: 'demo' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(createOrder).not.toHaveBeenCalled();
    expect(journal.list()).toEqual([]);
    // The journal still writes once the disk does.
    disk.failing.now = false;
    await expect(
      placeOrderOutcome(api, INPUT, { journal, profileId: 'demo' }),
    ).resolves.toMatchObject({ outcome: 'placed' });
  });
});
