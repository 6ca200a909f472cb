import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINGS } from '../../src/fields';
import { heldOf, start, type Client, type ErrorBody } from './helpers';

/**
 * main-account/transfer (moves between the main and trade balances) and the deposit addresses
 * (main-account/address, create-new-address), with the reference's errors, in both casings.
 */

const move = (client: Client, fields: Record<string, unknown>) =>
  client.post<ErrorBody | unknown[]>('/api/v4/main-account/transfer', fields);

describe.each(CASINGS)('main-account/transfer, %s casing', (casing) => {
  let ex: Awaited<ReturnType<typeof start>>['ex'];
  let client: Client;
  beforeAll(async () => ({ ex, client } = await start({ casing })));
  afterAll(() => ex.stop());
  const createdStatus = casing === 'deployed' ? 201 : 200;

  it('from/to moves exactly the amount main to spot and back, answering []', async () => {
    const before = await heldOf(client, 'USDT');
    const there = await move(client, { ticker: 'USDT', amount: '12.5', from: 'main', to: 'spot' });
    expect([there.status, there.json]).toEqual([createdStatus, []]);
    const mid = await heldOf(client, 'USDT');
    expect(new Decimal(before.main).minus(mid.main).toFixed()).toBe('12.5');
    expect(new Decimal(mid.trade).minus(before.trade).toFixed()).toBe('12.5');
    const back = await move(client, { ticker: 'USDT', amount: '12.5', from: 'spot', to: 'main' });
    expect(back.status).toBe(createdStatus);
    expect(await heldOf(client, 'USDT')).toEqual(before);
  });

  it('the older method field: deposit is main to spot, withdraw spot to main', async () => {
    const before = await heldOf(client, 'BTC');
    expect((await move(client, { ticker: 'BTC', amount: '0.001', method: 'deposit' })).status).toBe(
      createdStatus,
    );
    const mid = await heldOf(client, 'BTC');
    expect(new Decimal(mid.trade).minus(before.trade).toFixed()).toBe('0.001');
    expect(
      (await move(client, { ticker: 'BTC', amount: '0.001', method: 'withdraw' })).status,
    ).toBe(createdStatus);
    expect(await heldOf(client, 'BTC')).toEqual(before);
  });

  it('more than the source holds is code 3 (HTTP 422) and moves nothing', async () => {
    const before = await heldOf(client, 'ETH');
    const r = await move(client, { ticker: 'ETH', amount: '1000000', from: 'main', to: 'spot' });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      code: 3,
      message: 'Inner validation failed',
      errors: {
        amount: [
          `You don't have such amount for transfer (available ${before.main}, in amount: 1000000)`,
        ],
      },
    });
    const back = await move(client, { ticker: 'ETH', amount: '1000000', from: 'spot', to: 'main' });
    expect((back.json as ErrorBody).code).toBe(3);
    expect(await heldOf(client, 'ETH')).toEqual(before);
  });

  it.each([
    [{ amount: '1', from: 'main', to: 'spot' }, { ticker: ['The ticker field is required.'] }],
    [
      { ticker: 'NOPE', amount: '1', from: 'main', to: 'spot' },
      { ticker: ['The selected ticker is invalid.'] },
    ],
    [
      { ticker: 'USDT', amount: 'abc', from: 'main', to: 'spot' },
      { amount: ['The amount must be a number.', 'Invalid number'] },
    ],
    [
      { ticker: 'BTC', amount: '0.000000001', from: 'main', to: 'spot' },
      { amount: ['The amount must be at least 0.00000001.'] },
    ],
    [
      { ticker: 'USDT', amount: '1.000000001', from: 'main', to: 'spot' },
      { amount: ['The amount may have at most 8 decimal places.'] },
    ],
    [{ ticker: 'USDT', amount: '1' }, { method: ['The method field is required.'] }],
    [
      { ticker: 'USDT', amount: '1', method: 'sideways' },
      { method: ['The selected method is invalid.'] },
    ],
    [
      { ticker: 'USDT', amount: '1', from: 'wallet', to: 'vault' },
      { from: ['The selected from is invalid.'], to: ['The selected to is invalid.'] },
    ],
    [
      { ticker: 'USDT', amount: '1', from: 'main', to: 'main' },
      { to: ['The to and from must be different.'] },
    ],
  ])('refuses %j with HTTP 400 code 0', async (fields, errors) => {
    const before = await heldOf(client, 'USDT');
    const r = await move(client, fields);
    expect([r.status, r.json]).toEqual([400, { code: 0, message: 'Validation failed', errors }]);
    expect(await heldOf(client, 'USDT')).toEqual(before);
  });

  it('a collateral balance is unavailable to the demo account (HTTP 422 code 0)', async () => {
    const r = await move(client, { ticker: 'USDT', amount: '1', from: 'main', to: 'collateral' });
    expect([r.status, r.json]).toEqual([
      422,
      {
        code: 0,
        message: 'Inner validation failed',
        errors: { error: ['Unavailable for legal reasons'] },
      },
    ]);
  });

  it('only the available trade balance moves: what orders freeze stays', async () => {
    const trade = await client.post<Record<string, { available: string; freeze: string }>>(
      '/api/v4/trade-account/balance',
    );
    const usdt = trade.json.USDT!;
    expect(new Decimal(usdt.freeze).gt(0)).toBe(true);
    const all = new Decimal(usdt.available).plus(usdt.freeze).toDecimalPlaces(8).toFixed();
    const r = await move(client, { ticker: 'USDT', amount: all, from: 'spot', to: 'main' });
    expect((r.json as ErrorBody).code).toBe(3);
  });
});

interface AddressAnswer {
  account: { address: string; memo?: string };
  required: {
    fixedFee: string;
    flexFee: { maxFee: string; minFee: string; percent: string };
    maxAmount: string;
    minAmount: string;
  };
}

describe.each(CASINGS)('deposit addresses, %s casing', (casing) => {
  let ex: Awaited<ReturnType<typeof start>>['ex'];
  let client: Client;
  beforeAll(async () => ({ ex, client } = await start({ casing })));
  afterAll(() => ex.stop());
  const address = (fields: Record<string, unknown>) =>
    client.post<AddressAnswer & ErrorBody>('/api/v4/main-account/address', fields);
  const create = (fields: Record<string, unknown>) =>
    client.post<AddressAnswer & ErrorBody>('/api/v4/main-account/create-new-address', fields);

  it('answers an address per network, in the network’s form, with its limits', async () => {
    const erc = await address({ ticker: 'USDT', network: 'ERC20' });
    expect(erc.status).toBe(200);
    expect(erc.json.account.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(erc.json.account.memo).toBeUndefined();
    expect(erc.json.required).toEqual({
      fixedFee: '0',
      flexFee: { maxFee: '0', minFee: '0', percent: '0' },
      maxAmount: '0',
      minAmount: '10',
    });
    const trc = await address({ ticker: 'USDT', network: 'TRC20' });
    expect(trc.json.account.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect((await address({ ticker: 'USDT', network: 'SOL' })).json.required.maxAmount).toBe(
      '1000000',
    );
    // Without a network: the default one (ERC20 for USDT); the same answer every time.
    expect((await address({ ticker: 'USDT' })).json).toEqual(erc.json);
    expect((await address({ ticker: 'BTC' })).json.account.address).toMatch(/^bc1q/);
  });

  it('a network with a destination tag answers the memo beside the address', async () => {
    const xrp = await address({ ticker: 'XRP' });
    expect(xrp.json.account.address).toMatch(/^r/);
    expect(xrp.json.account.memo).toMatch(/^\d{9}$/);
  });

  it.each([
    [{}, 400, 0, { ticker: ['The ticker field is required.'] }],
    [{ ticker: 'NOPE' }, 400, 0, { ticker: ['The selected ticker is invalid.'] }],
    [
      { ticker: 'BTC', network: 'ERC20' },
      400,
      0,
      { network: ['The selected network is invalid.'] },
    ],
    [{ ticker: 'EUR' }, 400, 1, { ticker: ['Currency is not depositable'] }],
  ])('address refuses %j', async (fields, status, code, errors) => {
    const r = await address(fields);
    expect(r.status).toBe(status);
    expect(r.json).toEqual({
      code,
      message: code === 0 ? 'Validation failed' : 'Inner validation failed',
      errors,
    });
  });

  it('create-new-address makes a fresh one that address then answers; other networks keep theirs', async () => {
    const old = (await address({ ticker: 'ETH', network: 'ERC20' })).json.account.address;
    const arbitrum = (await address({ ticker: 'ETH', network: 'ARBITRUM' })).json;
    const made = await create({ ticker: 'ETH', network: 'ERC20' });
    expect(made.status).toBe(casing === 'deployed' ? 201 : 200);
    expect(made.json.account.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(made.json.account.address).not.toBe(old);
    expect((await address({ ticker: 'ETH', network: 'ERC20' })).json.account.address).toBe(
      made.json.account.address,
    );
    expect((await address({ ticker: 'ETH', network: 'ARBITRUM' })).json).toEqual(arbitrum);
    const again = await create({ ticker: 'ETH', network: 'ERC20' });
    expect(again.json.account.address).not.toBe(made.json.account.address);
  });

  it('create-new-address takes the address type for BTC', async () => {
    const p2sh = await create({ ticker: 'BTC', type: 'p2sh-segwit' });
    expect(p2sh.json.account.address).toMatch(/^3/);
    expect((await address({ ticker: 'BTC' })).json.account.address).toBe(p2sh.json.account.address);
    expect((await create({ ticker: 'BTC' })).json.account.address).toMatch(/^bc1q/);
  });

  it.each([
    [{ ticker: 'USDT', network: 'NOWHERE' }, 400, { network: ['Unsupported network'] }],
    [
      { ticker: 'BTC', network: 'ERC20' },
      400,
      { network: ['Cannot find currency for specified network'] },
    ],
    [{ ticker: 'ETH', type: 'bech32' }, 400, { type: ['The selected type is invalid.'] }],
    [{ ticker: 'EUR' }, 422, { ticker: ['Fiat currencies are unavailable for this action'] }],
  ])('create-new-address refuses %j', async (fields, status, errors) => {
    const r = await create(fields);
    expect(r.status).toBe(status);
    expect(r.json).toEqual({
      code: 0,
      message: status === 400 ? 'Validation failed' : 'Inner validation failed',
      errors,
    });
  });
});

describe('moves and new addresses in the saved state', () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-exchange-moves-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('survive a restart', async () => {
    const statePath = join(dir, 'state.json');
    const first = await start({ statePath, persistDebounceMs: 10 });
    await move(first.client, { ticker: 'SOL', amount: '1.25', from: 'main', to: 'spot' });
    const made = await first.client.post<AddressAnswer>('/api/v4/main-account/create-new-address', {
      ticker: 'SOL',
    });
    const moved = await heldOf(first.client, 'SOL');
    await first.ex.flush();
    await first.ex.stop();

    const second = await start({ statePath, persistDebounceMs: 10 });
    try {
      expect(await heldOf(second.client, 'SOL')).toEqual(moved);
      const now = await second.client.post<AddressAnswer>('/api/v4/main-account/address', {
        ticker: 'SOL',
      });
      expect(now.json.account.address).toBe(made.json.account.address);
    } finally {
      await second.ex.stop();
    }
  });
});
