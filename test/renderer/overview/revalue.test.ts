import { describe, expect, it } from 'vitest';
import { revalue } from '../../../src/renderer/features/overview/revalue';
import { useOverviewStore } from '../../../src/renderer/features/overview/overviewStore';
import { btc, dot, eth, overview, row, usdt, xrp } from './fixtures';

describe('revalue (pushed last prices)', () => {
  it('revalues the row whose direct market moved, in decimal, and the total follows', () => {
    const next = revalue(overview(), { BTC_USDT: '65000.1' });
    const btcRow = next.rows.find((r) => r.ticker === 'BTC');
    expect(btcRow?.price).toBe('65000.1');
    // 0.88234567 × 65000.1 = 57352.556784567, at 8 places as main values it.
    expect(btcRow?.value).toBe('57352.55678457');
    // 57352.55678457 + 14821.9 (ETH) + 1773.77 (USDT) + 0 (XRP); a float sum gives 73948.226784567.
    expect(next.total).toBe('73948.22678457');
    // The other rows are the same objects: nothing else changed.
    expect(next.rows.find((r) => r.ticker === 'ETH')).toBe(eth);
    expect(next.rows.find((r) => r.ticker === 'USDT')).toBe(usdt);
  });

  it('keeps amounts exact where binary floating point would not', () => {
    const cents = row({ ticker: 'ABC', total: '0.1', price: '0.3', value: '0.03' });
    const more = row({ ticker: 'XYZ', total: '0.2', price: '1', value: '0.2' });
    const data = overview({ rows: [cents, more], total: '0.23', unpriced: [] });
    const next = revalue(data, { ABC_USDT: '0.7' });
    expect(next.rows[0]?.value).toBe('0.07');
    expect(next.total).toBe('0.27');
  });

  it('leaves cross-priced and unpriced rows, other quotes and unreadable prices alone', () => {
    const data = overview();
    // DOT has no price; ETH priced in USDT, so ETH_BTC is not its market; a bad price is dropped.
    const next = revalue(data, { DOT_USDT: '5', ETH_BTC: '0.05', XRP_USDT: 'NaN', BTC_EUR: '1' });
    expect(next).toBe(data);
    expect(next.rows.find((r) => r.ticker === 'DOT')).toBe(dot);
  });

  it('is the same object when the pushed price equals the shown one', () => {
    const data = overview();
    expect(revalue(data, { BTC_USDT: '64000.50', XRP_USDT: '0.61' })).toBe(data);
  });

  it('values a row in the quote of the data (a BTC overview follows ETH_BTC)', () => {
    const ethInBtc = row({ ticker: 'ETH', total: '4.75', price: '0.05', value: '0.2375' });
    const data = overview({ quote: 'BTC', rows: [ethInBtc, xrp], total: '0.2375' });
    const next = revalue(data, { ETH_USDT: '3000', ETH_BTC: '0.1' });
    expect(next.rows[0]?.value).toBe('0.475');
    expect(next.total).toBe('0.475');
  });
});

describe('the overview slot takes pushed prices', () => {
  it('revalues the data it holds, and does nothing before the first load', () => {
    useOverviewStore.getState().applyPrices({ prices: { BTC_USDT: '65000.1' }, at: 1 });
    expect(useOverviewStore.getState().data).toBeUndefined();
    useOverviewStore.setState({ data: overview() });
    useOverviewStore.getState().applyPrices({ prices: { BTC_USDT: '65000.1' }, at: 2 });
    expect(useOverviewStore.getState().data?.total).toBe('73948.22678457');
    expect(useOverviewStore.getState().data?.rows.find((r) => r.ticker === 'BTC')?.value).toBe(
      '57352.55678457',
    );
  });
});

// Keep the fixture's own BTC row untouched by the functions above (they return new rows).
it('never mutates the overview it was given', () => {
  const data = overview();
  revalue(data, { BTC_USDT: '1' });
  expect(data.rows.find((r) => r.ticker === 'BTC')).toBe(btc);
  expect(btc.value).toBe('56470.56405284');
});
