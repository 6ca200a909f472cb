import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TransferWatch,
  transferNotification,
  type TransferWatchOptions,
} from '../../../src/main/services/transferWatch';
import type { DepositWithdraw, TransfersArrived } from '../../../src/shared/model';

/** Issue 32 point 15: main tells of a deposit or a withdrawal that arrived. */

function record(overrides: Partial<DepositWithdraw> = {}): DepositWithdraw {
  return {
    address: 'addr',
    uniqueId: 'u1',
    createdAt: 1_000,
    currency: 'Bitcoin',
    ticker: 'BTC',
    method: 1,
    amount: '0.5',
    description: '',
    memo: '',
    fee: '0',
    status: 3,
    network: 'BTC',
    transactionHash: '',
    transactionId: '',
    ...overrides,
  };
}

function setUp(first: DepositWithdraw[], intervalMs = 10_000) {
  let records = first;
  let failing = false;
  let locked = false;
  let profile = 'demo';
  const reads: string[] = [];
  const events: TransfersArrived[] = [];
  const notes: [string, string][] = [];
  const api = {
    depositWithdrawHistory: vi.fn(async () => {
      reads.push(profile);
      if (failing) throw new Error('offline');
      return { limit: 50, offset: 0, total: records.length, records };
    }),
    assets: vi.fn(async () => ({
      BTC: { name: 'Bitcoin', currencyPrecision: 8 },
      USDT: { name: 'Tether', currencyPrecision: 2 },
    })),
  } as unknown as ReturnType<TransferWatchOptions['active']>['api'];
  const watch = new TransferWatch({
    active: () => ({ id: profile, api }),
    isLocked: () => locked,
    emit: (payload) => events.push(payload),
    notify: (title, body) => {
      notes.push([title, body]);
      return true;
    },
    now: () => 42,
    intervalMs,
  });
  return {
    watch,
    reads,
    events,
    notes,
    set: (next: DepositWithdraw[]) => (records = next),
    fail: (on: boolean) => (failing = on),
    lock: (on: boolean) => (locked = on),
    switchTo: (id: string) => (profile = id),
  };
}

const old = [
  record({ uniqueId: 'a', status: 3 }),
  record({ uniqueId: 'b', method: 2, ticker: 'USDT', amount: '100', status: 3 }),
];

describe('the transfer watch', () => {
  it('never tells of what was there at the first look: no storm at first start', async () => {
    const t = setUp(old);
    await t.watch.check();
    await t.watch.check();
    expect(t.reads).toEqual(['demo', 'demo']);
    expect(t.events).toEqual([]);
    expect(t.notes).toEqual([]);
  });

  it('tells the page and the desktop of a new deposit, with the asset’s places', async () => {
    const t = setUp(old);
    await t.watch.check();
    t.set([record({ uniqueId: 'new', amount: '0.25', createdAt: 2_000 }), ...old]);
    await t.watch.check();
    expect(t.events).toEqual([
      {
        at: 42,
        arrivals: [
          {
            method: 1,
            ticker: 'BTC',
            amount: '0.25',
            places: 8,
            createdAt: 2_000,
            network: 'BTC',
            status: 3,
          },
        ],
      },
    ]);
    // The desktop shows outside the app: the asset, never the amount.
    expect(t.notes).toEqual([['Deposit arrived', 'A deposit of BTC arrived']]);
    // Told once.
    await t.watch.check();
    expect(t.events).toHaveLength(1);
  });

  it('a withdrawal pending at first is told when it completes, not before', async () => {
    const pending = record({ uniqueId: 'w', method: 2, ticker: 'USDT', amount: '40', status: 1 });
    const t = setUp(old);
    await t.watch.check();
    t.set([pending, ...old]);
    await t.watch.check();
    expect(t.events).toEqual([]);
    t.set([{ ...pending, status: 3 }, ...old]);
    await t.watch.check();
    expect(t.events.map((e) => e.arrivals.map((a) => [a.ticker, a.amount, a.places]))).toEqual([
      [['USDT', '40', 2]],
    ]);
    expect(t.notes).toEqual([['Withdrawal completed', 'A withdrawal of USDT completed']]);
  });

  it('a pending deposit already there at the first look is told when it is credited', async () => {
    const t = setUp([record({ uniqueId: 'p', status: 15 }), ...old]);
    await t.watch.check();
    t.set([record({ uniqueId: 'p', status: 3 }), ...old]);
    await t.watch.check();
    expect(t.notes).toEqual([['Deposit arrived', 'A deposit of BTC arrived']]);
  });

  it('reads nothing while locked; a failed read changes nothing', async () => {
    const t = setUp(old);
    t.lock(true);
    await t.watch.check();
    expect(t.reads).toEqual([]);
    t.lock(false);
    t.fail(true);
    await t.watch.check();
    t.fail(false);
    // The first read that succeeds is the first look.
    await t.watch.check();
    expect(t.events).toEqual([]);
    t.set([record({ uniqueId: 'n' }), ...old]);
    await t.watch.check();
    expect(t.events).toHaveLength(1);
  });

  it('another profile starts with a first look of its own', async () => {
    const t = setUp(old);
    await t.watch.check();
    t.switchTo('global');
    t.set([record({ uniqueId: 'theirs' }), ...old]);
    await t.watch.check();
    expect(t.events).toEqual([]);
  });

  it('several at once: one desktop notification, oldest first to the page', async () => {
    const t = setUp(old);
    await t.watch.check();
    t.set([
      record({ uniqueId: 'x', ticker: 'USDT', createdAt: 3_000 }),
      record({ uniqueId: 'y', createdAt: 2_000 }),
      ...old,
    ]);
    await t.watch.check();
    expect(t.events[0]!.arrivals.map((a) => a.createdAt)).toEqual([2_000, 3_000]);
    expect(t.notes).toEqual([['2 deposits arrived', 'In BTC, USDT']]);
  });
});

describe('the transfer watch’s timer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks at once, then every interval, until stopped', async () => {
    const t = setUp(old);
    t.watch.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.reads).toHaveLength(2);
    t.watch.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.reads).toHaveLength(2);
  });

  it('with an interval of 0 it looks only when asked', async () => {
    const t = setUp(old, 0);
    t.watch.start();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(t.reads).toEqual([]);
    await t.watch.check();
    expect(t.reads).toHaveLength(1);
  });
});

describe('the desktop words', () => {
  const a = { ticker: 'BTC', amount: '1', places: 8, createdAt: 0, network: null };
  it('names withdrawals and mixes by what they are', () => {
    expect(
      transferNotification([
        { ...a, method: 2, status: 18 },
        { ...a, method: 2, status: 3, ticker: 'ETH' },
      ]),
    ).toEqual(['2 withdrawals completed', 'In BTC, ETH']);
    expect(transferNotification([{ ...a, method: 2, status: 18 }])).toEqual([
      'Withdrawal partly completed',
      'A withdrawal of BTC partly completed',
    ]);
    expect(
      transferNotification([
        { ...a, method: 1, status: 3 },
        { ...a, method: 2, status: 3 },
      ]),
    ).toEqual(['2 deposits and withdrawals', 'In BTC']);
  });
});
