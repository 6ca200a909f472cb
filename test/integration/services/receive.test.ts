import { describe, expect, it } from 'vitest';
import { CASINGS } from '@exchange-desk/demo-exchange';
import { startMain } from '../../support/core';
import type { DepositAddress, ReceiveAssets } from '../../../src/shared/model';

/** The receive channels end to end in main, on the Demo profile, in both casings. */

describe.each(CASINGS)('%s casing', (casing) => {
  it('lists the assets with their deposit networks, fiat left out', async () => {
    const call = await startMain({ demoExchange: { casing } });
    const { assets } = await call<ReceiveAssets>('receive.assets');
    const usdt = assets.find((a) => a.ticker === 'USDT');
    expect(usdt).toMatchObject({ precision: 6, networks: ['ERC20', 'TRC20', 'BEP20', 'SOL'] });
    expect(assets.find((a) => a.ticker === 'XRP')?.memo).toBe(true);
    expect(assets.map((a) => a.ticker)).not.toContain('EUR');
  });

  it('answers an address per network, a memo where the network takes one, and a new address on request', async () => {
    const call = await startMain({ demoExchange: { casing } });
    const address = (ticker: string, network?: string) =>
      call<DepositAddress>('receive.address', { ticker, ...(network ? { network } : {}) });
    const erc20 = await address('USDT', 'ERC20');
    const trc20 = await address('USDT', 'TRC20');
    expect(erc20).toMatchObject({ ticker: 'USDT', network: 'ERC20', minAmount: '10' });
    expect(erc20.address).not.toBe(trc20.address);
    expect(erc20.memo).toBeUndefined();
    expect((await address('XRP')).memo).toMatch(/^\d+$/);

    const made = await call<DepositAddress>('receive.newAddress', {
      ticker: 'USDT',
      network: 'TRC20',
    });
    expect(made.address).not.toBe(trc20.address);
    // The address asked for afterwards is the new one; the other network's is unchanged.
    expect((await address('USDT', 'TRC20')).address).toBe(made.address);
    expect((await address('USDT', 'ERC20')).address).toBe(erc20.address);
  });

  it('passes on the exchange’s refusal of a network the asset does not have', async () => {
    const call = await startMain({ demoExchange: { casing } });
    await expect(call('receive.address', { ticker: 'USDT', network: 'XRP' })).rejects.toMatchObject(
      { code: 'EXCHANGE_VALIDATION', message: expect.stringMatching(/network/i) },
    );
  });
});
