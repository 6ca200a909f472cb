import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryStore } from '../../../src/main/portfolioHistory/store';

const T0 = 1_800_000_000_000;
const spec = {
  market: 'BTC_USDT',
  direction: 'above' as const,
  price: '50000.10',
  repeat: 'every' as const,
  note: 'take profit',
};

describe('PriceAlertStore', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps alerts and their states in the history file, per profile, prices as text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'price-alerts-'));
    dirs.push(dir);
    const first = HistoryStore.open(dir);
    const added = first.priceAlerts.add('p1', spec, T0);
    first.priceAlerts.add('p2', { ...spec, market: 'ETH_USDT' }, T0 + 1);
    first.priceAlerts.setState('p1', added.id, { state: 'fired', at: T0 + 5, price: '50000.20' });
    first.close();

    const again = HistoryStore.open(dir);
    expect(again.priceAlerts.list('p1')).toEqual([
      {
        ...spec,
        id: added.id,
        createdAt: T0,
        state: 'fired',
        firedAt: T0 + 5,
        firedPrice: '50000.20',
      },
    ]);
    // Armed again: the last firing is kept; another profile cannot touch it.
    again.priceAlerts.setState('p1', added.id, { state: 'armed' });
    expect(again.priceAlerts.list('p1')[0]).toMatchObject({ state: 'armed', firedAt: T0 + 5 });
    expect(again.priceAlerts.remove('p2', added.id)).toBe(false);
    expect(again.priceAlerts.edit('p2', added.id, spec)).toBe(false);
    expect(again.priceAlerts.count('p2')).toBe(1);
    again.deleteProfile('p2');
    expect(again.priceAlerts.list('p2')).toEqual([]);
    expect(again.priceAlerts.count('p1')).toBe(1);
    again.close();
  });

  it('an edit arms the alert again and forgets its last firing', () => {
    const store = HistoryStore.open(undefined);
    const { id } = store.priceAlerts.add('p1', spec, T0);
    store.priceAlerts.setState('p1', id, { state: 'fired', at: T0, price: '50001' });
    expect(store.priceAlerts.edit('p1', id, { ...spec, direction: 'below', note: '' })).toBe(true);
    expect(store.priceAlerts.list('p1')[0]).toMatchObject({
      direction: 'below',
      note: '',
      state: 'armed',
      firedAt: null,
      firedPrice: null,
    });
    store.close();
  });
});
