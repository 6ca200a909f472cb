import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstScreenReady, startFirstScreen } from '../../../src/renderer/firstScreen';
import { useLockStore } from '../../../src/renderer/features/lock/lockStore';
import { useOverviewStore } from '../../../src/renderer/features/overview/overviewStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { formatDecimal } from '../../../src/renderer/lib/decimal';
import { DeskFailure } from '../../../src/shared/errors';
import type { LockState, PortfolioOverview } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { deferred, overview, resetStores } from '../overview/fixtures';

/** The app's first requests (boot.ts) and when the first render may go (main.tsx). */
const OPEN: LockState = { enabled: false, locked: false, idleMinutes: 5 };
const LOCKED: LockState = { enabled: true, locked: true, idleMinutes: 5 };

let disconnect: (() => void) | undefined;
beforeEach(() => {
  resetStores();
  useLockStore.setState({ state: undefined, error: undefined });
});
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  setDesk(undefined);
  vi.useRealTimers();
  vi.restoreAllMocks();
  useSettings.setState({ numberFormat: 'system' });
});

/** Whether `promise` has settled once pending callbacks ran. */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return settled;
}

describe('the first requests', () => {
  it('asks for the lock state and the Overview in the chosen quote at once, side by side', async () => {
    const lock = deferred<LockState>();
    const data = deferred<PortfolioOverview>();
    const fake = fakeDesk({
      'lock.status': () => lock.promise,
      'portfolio.overview': () => data.promise,
    });
    setDesk(fake.desk);
    useSettings.setState({ quote: 'BTC' });
    const start = startFirstScreen();
    disconnect = start.disconnect;
    // Neither waits for the other: both are on their way before main answered anything.
    expect(fake.callsTo('lock.status')).toHaveLength(1);
    expect(fake.callsTo('portfolio.overview')).toEqual([{ quote: 'BTC' }]);

    lock.resolve(OPEN);
    expect(await settledNow(start.settled)).toBe(false); // open: the data is what it waits for
    data.resolve(overview({ quote: 'BTC' }));
    expect(await settledNow(start.settled)).toBe(true);
    // The screen's own load finds the answer in its store.
    expect(useOverviewStore.getState().data?.quote).toBe('BTC');
  });

  it('while locked: settles once main says so, and main’s refusal of the data is dropped', async () => {
    const data = deferred<PortfolioOverview>();
    const fake = fakeDesk({
      'lock.status': async () => LOCKED,
      'portfolio.overview': () => data.promise,
    });
    setDesk(fake.desk);
    const start = startFirstScreen();
    disconnect = start.disconnect;
    expect(await settledNow(start.settled)).toBe(true); // the lock screen needs no data
    data.reject(new DeskFailure('LOCKED', 'Exchange Desk is locked. Enter the passcode.'));
    await settledNow(data.promise.catch(() => undefined));
    expect(useOverviewStore.getState().error).toBeUndefined();
    expect(useOverviewStore.getState().data).toBeUndefined();
  });

  it("asks main for the separators of the user's language with them; the first screen waits for them and formats without an Intl call", async () => {
    const lock = deferred<LockState>();
    const separators = deferred<{ group: string; decimal: string }>();
    const fake = fakeDesk({
      'lock.status': () => lock.promise,
      'portfolio.overview': async () => overview(),
      'app.separators': () => separators.promise,
    });
    setDesk(fake.desk);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-ES');
    const made = vi.spyOn(Intl, 'NumberFormat');
    const start = startFirstScreen();
    disconnect = start.disconnect;
    expect(fake.callsTo('app.separators')).toEqual([{ locale: 'es-ES' }]);
    lock.resolve(OPEN);
    expect(await settledNow(start.settled)).toBe(false); // the data is in, the separators not yet
    separators.resolve({ group: '.', decimal: ',' });
    expect(await settledNow(start.settled)).toBe(true);
    expect(formatDecimal('1234567.5', 2)).toBe('1.234.567,50');
    expect(made).not.toHaveBeenCalled();
  });

  it('a chosen number format is asked for by its locale; when main cannot say, the page reads it itself', async () => {
    const fake = fakeDesk({
      'lock.status': async () => OPEN,
      'portfolio.overview': async () => overview(),
    });
    setDesk(fake.desk);
    useSettings.setState({ numberFormat: 'de-CH' });
    const start = startFirstScreen();
    disconnect = start.disconnect;
    expect(fake.callsTo('app.separators')).toEqual([{ locale: 'de-CH' }]);
    expect(await settledNow(start.settled)).toBe(true); // main failed: the render does not wait
    expect(formatDecimal('1234567.5', 2)).toMatch(/^1['’]234['’]567\.50$/); // CLDR's apostrophe
  });

  it('another first screen: only the lock state is asked for', async () => {
    const fake = fakeDesk({ 'lock.status': async () => OPEN });
    setDesk(fake.desk);
    useShellStore.setState({ screen: 'trade' });
    const start = startFirstScreen();
    disconnect = start.disconnect;
    expect(await settledNow(start.settled)).toBe(true);
    expect(fake.callsTo('portfolio.overview')).toHaveLength(0);
  });

  it('the lock gate shares the connection: one lock.status, one subscription', async () => {
    const fake = fakeDesk({
      'lock.status': async () => OPEN,
      'portfolio.overview': async () => overview(),
    });
    setDesk(fake.desk);
    const start = startFirstScreen();
    const gate = useLockStore.getState().connect();
    await settledNow(start.settled);
    expect(fake.callsTo('lock.status')).toHaveLength(1);
    fake.emit('lock.changed', LOCKED);
    expect(useLockStore.getState().state).toEqual(LOCKED);
    gate();
    fake.emit('lock.changed', OPEN); // one holder left: still followed
    expect(useLockStore.getState().state).toEqual(OPEN);
    start.disconnect();
    fake.emit('lock.changed', LOCKED); // nobody holds it: no longer followed
    expect(useLockStore.getState().state).toEqual(OPEN);
  });
});

describe('the first render', () => {
  it('goes when the first screen settled, or after the wait when main is slow', async () => {
    vi.useFakeTimers();
    const slow = deferred<void>();
    const ready = firstScreenReady(slow.promise, 250);
    await vi.advanceTimersByTimeAsync(249);
    expect(await settledNow(ready)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledNow(ready)).toBe(true);

    const fast = deferred<void>();
    const early = firstScreenReady(fast.promise, 250);
    fast.resolve();
    expect(await settledNow(early)).toBe(true);
  });
});
