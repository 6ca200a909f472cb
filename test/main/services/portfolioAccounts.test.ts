import { describe, expect, it, vi } from 'vitest';
import { ExchangeApi } from '../../../src/main/exchange/api';
import type { ExchangeClient } from '../../../src/main/exchange/client';
import { ExchangeError } from '../../../src/main/exchange/errors';
import { portfolioOverview } from '../../../src/main/services/portfolio';
import type { Assets } from '../../../src/shared/model';
import { tickerOf } from '../../support/ticker';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';

const TICKER = tickerOf({ BTC_USDT: '50000', ETH_BTC: '0.05' });
const asset = (ticker: string, currencyPrecision: number) => ({
  ticker,
  name: ticker,
  canDeposit: true,
  canWithdraw: true,
  currencyPrecision,
});
const ASSETS: Assets = {
  BTC: asset('BTC', 8),
  ETH: asset('ETH', 8),
  USDT: asset('USDT', 6),
};

/**
 * An api whose sub-account calls go through the real client parsing (exchange/api.ts and its
 * schemas: where the exchange's answer enters), over `raw` answers by path; the rest is faked.
 */
function apiOver(raw: Record<string, unknown>, subBalances: Record<string, unknown>) {
  const signedPost = vi.fn(
    (path: string, fields: Record<string, unknown>, parse: (json: unknown) => unknown) => {
      const json =
        path === '/api/v4/sub-account/balances' ? subBalances[String(fields.id)] : raw[path];
      return Promise.resolve().then(() => parse(json));
    },
  );
  const real = new ExchangeApi({ signedPost } as unknown as ExchangeClient);
  const api = {
    mainBalance: vi.fn(() => Promise.resolve({ BTC: '0.1', USDT: '10.1' })),
    tradeBalance: vi.fn(() =>
      Promise.resolve({
        USDT: { available: '0.2', freeze: '0.3' },
        BTC: { available: '0', freeze: '0' },
      }),
    ),
    ticker: vi.fn(() => Promise.resolve(TICKER)),
    assets: vi.fn(() => Promise.resolve(ASSETS)),
    flexInvestments: vi.fn(() => Promise.resolve({ offset: 0, limit: 100, records: [] })),
    subAccounts: real.subAccounts.bind(real),
    subAccountBalances: real.subAccountBalances.bind(real),
  };
  return { api: api as unknown as ExchangeApi, fakes: api, signedPost };
}

const LIST = {
  '/api/v4/sub-account/list': {
    offset: 0,
    limit: 100,
    data: [
      { id: ALICE, alias: 'alice', email: '', status: 'active' },
      { id: BOB, alias: 'bob', email: '', status: 'active' },
    ],
  },
};

describe('portfolioOverview over a set of accounts (issue 34 item 4)', () => {
  it('sums the main account and the chosen sub-accounts per asset, as exact decimals', async () => {
    const { api } = apiOver(LIST, {
      [ALICE]: { USDT: [{ main: '0.1', spot: '0.2', collateral: '0' }] },
      [BOB]: { BTC: [{ main: '0.2', spot: '0', collateral: '0' }] },
    });
    const overview = await portfolioOverview(api, 'USDT', ['main', ALICE, BOB]);
    const usdt = overview.rows.find((r) => r.ticker === 'USDT')!;
    // 10.1 + 0.1 in main, 0.2 + 0.2 available, 0.3 frozen: 10.9 exactly (floats would drift).
    expect(usdt).toMatchObject({
      main: '10.2',
      tradeAvailable: '0.4',
      tradeFrozen: '0.3',
      total: '10.9',
      value: '10.9',
    });
    const btc = overview.rows.find((r) => r.ticker === 'BTC')!;
    expect(btc).toMatchObject({ main: '0.3', total: '0.3', value: '15000' });
    expect(overview.total).toBe('15010.9');
    expect(overview.accounts).toEqual([
      { id: 'main', alias: 'Main account' },
      { id: ALICE, alias: 'alice' },
      { id: BOB, alias: 'bob' },
    ]);
  });

  it('lists an asset held only in a sub-account, priced by the same routing (through BTC)', async () => {
    const { api } = apiOver(LIST, {
      [ALICE]: { ETH: [{ main: '1.5', spot: '0.5', collateral: '0' }] },
    });
    const overview = await portfolioOverview(api, 'USDT', ['main', ALICE]);
    const eth = overview.rows.find((r) => r.ticker === 'ETH')!;
    // ETH_BTC 0.05 × BTC_USDT 50000 = 2500 per ETH; 2 ETH.
    expect(eth).toMatchObject({ main: '1.5', tradeAvailable: '0.5', total: '2', price: '2500' });
    expect(eth.value).toBe('5000');
    const main = await portfolioOverview(api, 'USDT');
    expect(main.rows.map((r) => r.ticker)).not.toContain('ETH');
  });

  it('leaves out a sub-account id that no longer exists, and says which accounts were counted', async () => {
    const { api, signedPost } = apiOver(LIST, {
      [ALICE]: { USDT: [{ main: '1', spot: '0', collateral: '0' }] },
    });
    const overview = await portfolioOverview(api, 'USDT', ['main', ALICE, GONE]);
    expect(overview.accounts?.map((a) => a.id)).toEqual(['main', ALICE]);
    expect(overview.rows.find((r) => r.ticker === 'USDT')?.main).toBe('11.1');
    const asked = signedPost.mock.calls
      .filter(([path]) => path === '/api/v4/sub-account/balances')
      .map(([, fields]) => fields.id);
    expect(asked).toEqual([ALICE]);
  });

  it('counts only the sub-accounts when the main account is not chosen (no main, no flex)', async () => {
    const { api, fakes } = apiOver(LIST, {
      [BOB]: { BTC: [{ main: '0.2', spot: '0.05', collateral: '0' }] },
    });
    const overview = await portfolioOverview(api, 'USDT', [BOB]);
    expect(overview.rows).toHaveLength(1);
    expect(overview.rows[0]).toMatchObject({ ticker: 'BTC', total: '0.25', value: '12500' });
    expect(overview.accounts).toEqual([{ id: BOB, alias: 'bob' }]);
    expect(fakes.mainBalance).not.toHaveBeenCalled();
    expect(fakes.flexInvestments).not.toHaveBeenCalled();
  });

  it('rejects an invalid sub-account balance where it enters, with no total made up', async () => {
    const { api } = apiOver(LIST, {
      [ALICE]: { USDT: [{ main: 'lots', spot: '0', collateral: '0' }] },
    });
    const error: unknown = await portfolioOverview(api, 'USDT', ['main', ALICE]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).kind).toBe('unexpected');
    expect((error as ExchangeError).endpoint).toBe('/api/v4/sub-account/balances');
  });

  it("answers the main account's own view by default, without asking for sub-accounts", async () => {
    const { api, signedPost } = apiOver(LIST, {});
    const overview = await portfolioOverview(api, 'USDT');
    expect(overview.accounts).toEqual([{ id: 'main', alias: 'Main account' }]);
    expect(overview.total).toBe('5010.6');
    expect(signedPost).not.toHaveBeenCalled();
  });
});
