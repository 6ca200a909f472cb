import { describe, expect, it } from 'vitest';
import { feeAssetOf } from '../../src/shared/executed';

describe('feeAssetOf (a deal or an executed order)', () => {
  it('is the asset the exchange names', () => {
    expect(feeAssetOf({ market: 'BTC_USDT', side: 'buy', feeAsset: 'WBT' })).toBe('WBT');
  });

  it('unnamed: what the deal received, a buy’s stock, a sell’s money (the deployed server’s rule)', () => {
    expect(feeAssetOf({ market: 'ETH_BTC', side: 'buy' })).toBe('ETH');
    expect(feeAssetOf({ market: 'ETH_BTC', side: 'sell', feeAsset: '' })).toBe('BTC');
  });

  it('unnamed and without a side: the money', () => {
    expect(feeAssetOf({ market: 'ETH_BTC' })).toBe('BTC');
  });
});
