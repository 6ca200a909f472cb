import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { TRANSFER_COUNT } from '../../src/transfers';
import { TRANSFERS_LIMIT } from '../../src/state';
import { CASINGS } from '../../src/fields';
import { camelKeys, start, type Client } from './helpers';

/**
 * The control endpoint's deposits and withdrawals (POST /__control/deposit, /__control/withdraw):
 * each moves the main balance as the exchange would and heads main-account/history as a successful
 * record, kept with the state.
 */

interface Transfer {
  address: string;
  uniqueId: string | null;
  createdAt: number;
  ticker: string;
  method: number;
  amount: string;
  description: string;
  fee: string;
  status: number;
  network: string | null;
  transactionHash: string;
  transactionId: string;
  details: { partial: { requestAmount: string; processedAmount: string; processedFee: string } };
  confirmations: { actual: number; required: number };
}

interface Page {
  total: number;
  records: Transfer[];
}

async function mainBalance(client: Client, ticker: string): Promise<string> {
  const r = await client.post<{ main_balance: string }>('/api/v4/main-account/balance', {
    ticker,
  });
  return r.json.main_balance;
}

async function history(client: Client, fields: Record<string, unknown> = {}): Promise<Page> {
  const r = await client.post('/api/v4/main-account/history', { limit: 100, ...fields });
  return camelKeys<Page>(r.json);
}

const deposit = (client: Client, body: unknown) =>
  client.control<{ record: Transfer; main: string; error?: string }>('POST', '/deposit', body);
const withdraw = (client: Client, body: unknown) =>
  client.control<{ record: Transfer; main: string; error?: string }>('POST', '/withdraw', body);

describe.each(CASINGS)('%s casing', (casing) => {
  let ex: Awaited<ReturnType<typeof start>>['ex'] | undefined;
  let client: Client;
  beforeEach(async () => {
    await ex?.stop();
    ({ ex, client } = await start({ casing }));
  });
  afterAll(() => ex?.stop());

  it('a deposit credits the main balance and heads the history as a successful one, fee 0', async () => {
    const before = await mainBalance(client, 'SOL');
    const from = Math.floor(Date.now() / 1000);
    const r = await deposit(client, { ticker: 'SOL', amount: '12.345' });
    const to = Math.ceil(Date.now() / 1000);
    expect(r.status).toBe(200);
    const after = new Decimal(before).add('12.345').toFixed();
    expect(r.json.main).toBe(after);
    expect(await mainBalance(client, 'SOL')).toBe(after);

    const page = await history(client);
    expect(page.total).toBe(TRANSFER_COUNT + 1);
    const first = page.records[0]!;
    expect(first).toMatchObject({
      ticker: 'SOL',
      method: 1,
      amount: '12.345',
      fee: '0',
      status: 3,
      description: 'Deposit',
      network: 'SOL',
      details: { partial: { requestAmount: '12.345', processedAmount: '12.345' } },
      confirmations: { actual: 30, required: 30 },
    });
    expect(first.createdAt).toBeGreaterThanOrEqual(from);
    expect(first.createdAt).toBeLessThanOrEqual(to);
    expect(first.address).not.toBe('');
    expect(first.transactionHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first).toMatchObject(camelKeys<Transfer>(r.json.record));
    // The filters find it as any other record.
    const mine = await history(client, { uniqueId: first.uniqueId, transactionMethod: 1 });
    expect(mine.records).toEqual([first]);
  });

  it('a withdrawal takes amount + the asset’s fee from the main balance; too much changes nothing', async () => {
    const before = await mainBalance(client, 'BTC');
    const r = await withdraw(client, { ticker: 'BTC', amount: '0.1' });
    expect(r.status).toBe(200);
    expect(r.json.record).toMatchObject({ method: 2, status: 3, amount: '0.1', fee: '0.0002' });
    const after = new Decimal(before).sub('0.1').sub('0.0002').toFixed();
    expect(await mainBalance(client, 'BTC')).toBe(after);
    expect((await history(client)).records[0]).toMatchObject({
      ticker: 'BTC',
      method: 2,
      status: 3,
      fee: '0.0002',
      description: 'Withdraw',
    });

    // All of it but the fee: more than the balance holds.
    const tooMuch = await withdraw(client, { ticker: 'BTC', amount: after });
    expect([tooMuch.status, tooMuch.json.error]).toEqual([
      400,
      'not enough in the main balance (amount + fee)',
    ]);
    expect(await mainBalance(client, 'BTC')).toBe(after);
    expect((await history(client)).total).toBe(TRANSFER_COUNT + 1);
  });

  it('refuses what the exchange would not take, and changes nothing', async () => {
    const refused: [string, (c: Client, b: unknown) => ReturnType<typeof deposit>, unknown][] = [
      ['unknown ticker', deposit, { ticker: 'NOPE', amount: '1' }],
      ['fiat', deposit, { ticker: 'EUR', amount: '100' }],
      ['no ticker', deposit, { amount: '1' }],
      ['a number', deposit, { ticker: 'USDT', amount: 100 }],
      ['negative', deposit, { ticker: 'USDT', amount: '-100' }],
      ['exponent', deposit, { ticker: 'USDT', amount: '1e3' }],
      ['more places than the asset', deposit, { ticker: 'USDT', amount: '10.1234567' }],
      ['below the network minimum', deposit, { ticker: 'USDT', amount: '9.99' }],
      ['above 10^9', deposit, { ticker: 'USDT', amount: '1000000000.01' }],
      ['withdrawals closed', withdraw, { ticker: 'DOT', amount: '5' }],
    ];
    const before = await mainBalance(client, 'USDT');
    for (const [name, call, body] of refused) {
      const r = await call(client, body);
      expect(r.status, name).toBe(400);
      expect(r.json.error, name).toEqual(expect.any(String));
    }
    expect(await mainBalance(client, 'USDT')).toBe(before);
    expect((await history(client)).total).toBe(TRANSFER_COUNT);
  });

  it(`keeps the last ${TRANSFERS_LIMIT} it made`, async () => {
    const before = await mainBalance(client, 'TRX');
    for (let i = 0; i <= TRANSFERS_LIMIT; i++) {
      expect((await deposit(client, { ticker: 'TRX', amount: '10' })).status).toBe(200);
    }
    // Every one was credited; the oldest record is no longer listed.
    expect(await mainBalance(client, 'TRX')).toBe(
      new Decimal(before).add(10 * (TRANSFERS_LIMIT + 1)).toFixed(),
    );
    expect((await history(client)).total).toBe(TRANSFER_COUNT + TRANSFERS_LIMIT);
    expect(ex!.engine.state.transfers).toHaveLength(TRANSFERS_LIMIT);
  });
});

describe('control transfers and the saved state', () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-exchange-transfers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('survive a restart; reset forgets them with the rest', async () => {
    const statePath = join(dir, 'state.json');
    const first = await start({ statePath, persistDebounceMs: 10 });
    const made = await deposit(first.client, { ticker: 'ETH', amount: '1.5' });
    expect(made.status).toBe(200);
    const balance = await mainBalance(first.client, 'ETH');
    const page = await history(first.client);
    await first.ex.flush();
    await first.ex.stop();

    const second = await start({ statePath, persistDebounceMs: 10 });
    try {
      expect(await mainBalance(second.client, 'ETH')).toBe(balance);
      const again = await history(second.client);
      expect(again.total).toBe(TRANSFER_COUNT + 1);
      expect(again.records[0]).toEqual(page.records[0]);
      await second.client.control('POST', '/reset');
      expect((await history(second.client)).total).toBe(TRANSFER_COUNT);
      expect(await mainBalance(second.client, 'ETH')).toBe('3');
    } finally {
      await second.ex.stop();
    }
  });
});
