import { describe, expect, it, vi } from 'vitest';
import type { ExchangeApi } from '../../../src/main/exchange/api';
import { ExchangeError } from '../../../src/main/exchange/errors';
import * as receive from '../../../src/main/services/receive';
import type { Asset } from '../../../src/shared/model';

/** The receive service over a stand-in client: which assets, which networks, and the refusals. */

const asset = (ticker: string, extra: Partial<Asset> = {}): Asset => ({
  ticker,
  name: ticker,
  canDeposit: true,
  canWithdraw: true,
  ...extra,
});

describe('receive.assets', () => {
  it('lists the crypto assets whose deposits are open, with their deposit networks and memo flag', async () => {
    const api = {
      assets: async () => ({
        USDT: asset('USDT', {
          currencyPrecision: 6,
          networks: { deposits: ['ERC20', 'TRC20'], withdraws: ['ERC20'], default: 'ERC20' },
        }),
        XRP: asset('XRP', {
          memo: { deposit: true, withdraw: true },
          networks: { deposits: ['XRP'], withdraws: [] },
        }),
        // The default is a withdraw-only network: not offered as the deposit default.
        ETH: asset('ETH', {
          networks: { deposits: ['ERC20'], withdraws: ['ARB'], default: 'ARB' },
        }),
        EUR: asset('EUR', { providers: { deposits: ['SEPA'], withdraws: ['SEPA'] } }),
        DOT: asset('DOT', { canDeposit: false }),
      }),
    } as unknown as ExchangeApi;
    const { assets } = await receive.assets(api);
    expect(assets).toEqual([
      { ticker: 'ETH', name: 'ETH', networks: ['ERC20'], memo: false },
      {
        ticker: 'USDT',
        name: 'USDT',
        precision: 6,
        networks: ['ERC20', 'TRC20'],
        defaultNetwork: 'ERC20',
        memo: false,
      },
      { ticker: 'XRP', name: 'XRP', networks: ['XRP'], memo: true },
    ]);
  });
});

describe('receive.newAddress', () => {
  it('says in words that the account may not make new addresses when the exchange refuses', async () => {
    const refusal = new ExchangeError({
      kind: 'permission',
      status: 403,
      message: "You don't have permission to use this endpoint.",
    });
    const createDepositAddress = vi.fn(async () => Promise.reject(refusal));
    const api = { createDepositAddress } as unknown as ExchangeApi;
    const error = await receive.newAddress(api, 'USDT', 'TRC20').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).kind).toBe('permission');
    expect((error as ExchangeError).message).toMatch(
      /^This account may not make new deposit addresses.*The current address still works.*permission to use this endpoint/,
    );
    expect(createDepositAddress).toHaveBeenCalledWith('USDT', 'TRC20');
  });

  it('passes any other failure on as it is', async () => {
    const failure = new ExchangeError({ kind: 'validation', message: 'Unsupported network' });
    const api = {
      createDepositAddress: async () => Promise.reject(failure),
    } as unknown as ExchangeApi;
    await expect(receive.newAddress(api, 'USDT', 'X')).rejects.toBe(failure);
  });
});
