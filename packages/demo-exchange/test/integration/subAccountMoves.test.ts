import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINGS } from '../../src/fields';
import { heldOf, start, type Client, type ErrorBody } from './helpers';

/**
 * sub-account/balances, sub-account/transfer and sub-account/transfer/history, with their errors, in
 * both casings, and kept across a restart.
 */

type Balances = Record<string, { main: string; spot: string; collateral: string }[]>;
interface Page {
  offset: number;
  limit: number;
  data: {
    transaction_id: string;
    id: string;
    direction: string;
    currency: string;
    amount: string;
    createdAt: number;
  }[];
}

async function subAccounts(client: Client): Promise<{ id: string; status: string }[]> {
  return (await client.post<{ data: { id: string; status: string }[] }>('/api/v4/sub-account/list'))
    .json.data;
}

const subMain = async (client: Client, id: string, ticker: string) =>
  (await client.post<Balances>('/api/v4/sub-account/balances', { id, ticker })).json[ticker]![0]!
    .main;

describe.each(CASINGS)('sub-account balances and transfers, %s casing', (casing) => {
  let ex: Awaited<ReturnType<typeof start>>['ex'];
  let client: Client;
  let active: string;
  let blocked: string;
  beforeAll(async () => {
    ({ ex, client } = await start({ casing }));
    const all = await subAccounts(client);
    active = all.find((s) => s.status === 'active')!.id;
    blocked = all.find((s) => s.status === 'blocked')!.id;
  });
  afterAll(() => ex.stop());

  it('balances lists every asset as [{main, spot, collateral}], or the one ticker', async () => {
    const all = await client.post<Balances>('/api/v4/sub-account/balances', { id: active });
    expect(all.status).toBe(200);
    expect(all.json.USDT).toEqual([{ main: '250', spot: '40', collateral: '0' }]);
    expect(all.json.BTC).toEqual([{ main: '0', spot: '0', collateral: '0' }]);
    const one = await client.post<Balances>('/api/v4/sub-account/balances', {
      id: active,
      ticker: 'USDT',
    });
    expect(Object.keys(one.json)).toEqual(['USDT']);
  });

  it('a transfer main_to_sub and back moves exactly the amount and is listed newest first', async () => {
    const before = await heldOf(client, 'USDT');
    const subBefore = await subMain(client, active, 'USDT');
    const there = await client.post<{ transaction_id: string }>('/api/v4/sub-account/transfer', {
      id: active,
      direction: 'main_to_sub',
      amount: '12.5',
      ticker: 'USDT',
    });
    expect(there.status).toBe(200);
    expect(there.json.transaction_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Decimal(before.main).minus((await heldOf(client, 'USDT')).main).toFixed()).toBe(
      '12.5',
    );
    expect(new Decimal(await subMain(client, active, 'USDT')).minus(subBefore).toFixed()).toBe(
      '12.5',
    );
    const back = await client.post<{ transaction_id: string }>('/api/v4/sub-account/transfer', {
      id: active,
      direction: 'sub_to_main',
      amount: '2.5',
      ticker: 'USDT',
    });
    expect((await heldOf(client, 'USDT')).main).toBe(new Decimal(before.main).minus(10).toFixed());
    const page = await client.post<Page>('/api/v4/sub-account/transfer/history', { id: active });
    expect(page.json.limit).toBe(100);
    expect(page.json.offset).toBe(0);
    expect(
      page.json.data.slice(0, 2).map((r) => [r.transaction_id, r.direction, r.amount]),
    ).toEqual([
      [back.json.transaction_id, 'sub_to_main', '2.5'],
      [there.json.transaction_id, 'main_to_sub', '12.5'],
    ]);
    expect(page.json.data[0]!.id).toBe(back.json.transaction_id);
    expect(page.json.data[0]!.currency).toBe('USDT');
    const only = await client.post<Page>('/api/v4/sub-account/transfer/history', {
      id: active,
      direction: 'main_to_sub',
      limit: 1,
    });
    expect(only.json.data.map((r) => r.transaction_id)).toEqual([there.json.transaction_id]);
  });

  it('more than the source holds is code 2 (HTTP 400) and moves nothing', async () => {
    const before = await heldOf(client, 'ETH');
    const r = await client.post<ErrorBody>('/api/v4/sub-account/transfer', {
      id: active,
      direction: 'main_to_sub',
      amount: '1000000',
      ticker: 'ETH',
    });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      code: 2,
      message: 'Inner validation failed',
      errors: {
        amount: [`Not enough balance (available ${before.main}, in amount: 1000000)`],
      },
    });
    const out = await client.post<ErrorBody>('/api/v4/sub-account/transfer', {
      id: active,
      direction: 'sub_to_main',
      amount: '1',
      ticker: 'ETH',
    });
    expect([out.status, out.json.code]).toEqual([400, 2]);
    expect(await heldOf(client, 'ETH')).toEqual(before);
    expect(await subMain(client, active, 'ETH')).toBe('0');
  });

  const UNKNOWN = '00000000-0000-4000-8000-000000000000';
  it.each([
    [
      { direction: 'main_to_sub', amount: '1', ticker: 'USDT' },
      { id: ['The id field is required.'] },
    ],
    [
      { id: 'nope', direction: 'main_to_sub', amount: '1', ticker: 'USDT' },
      { id: ['The id must be a valid UUID.'] },
    ],
    [{ amount: '1', ticker: 'USDT' }, { direction: ['The direction field is required.'] }],
    [
      { direction: 'sideways', amount: '1', ticker: 'USDT' },
      { direction: ['The selected direction is invalid.'] },
    ],
    [
      { direction: 'main_to_sub', amount: '0.000000001', ticker: 'USDT' },
      { amount: ['The amount must be at least 0.00000001.'] },
    ],
    [
      { direction: 'main_to_sub', amount: '1', ticker: 'NOPE' },
      { ticker: ['The selected ticker is invalid.'] },
    ],
    [{ direction: 'main_to_sub', amount: '1' }, { ticker: ['The ticker field is required.'] }],
  ])('transfer refuses %j with code 30 (HTTP 422)', async (fields, errors) => {
    const r = await client.post<ErrorBody>('/api/v4/sub-account/transfer', {
      ...('id' in errors && !('id' in fields) ? {} : { id: active }),
      ...fields,
    });
    expect([r.status, r.json]).toEqual([422, { code: 30, message: 'Validation failed', errors }]);
  });

  it.each([
    ['/api/v4/sub-account/balances', {}],
    ['/api/v4/sub-account/transfer', { direction: 'main_to_sub', amount: '1', ticker: 'USDT' }],
    ['/api/v4/sub-account/transfer/history', {}],
  ])('%s: an unknown sub-account is code 2 (HTTP 400)', async (path, fields) => {
    const r = await client.post<ErrorBody>(path, { id: UNKNOWN, ...fields });
    expect([r.status, r.json]).toEqual([
      400,
      { code: 2, message: 'Inner validation failed', errors: { id: ['Sub-account not found.'] } },
    ]);
  });

  it('a blocked sub-account takes no transfer', async () => {
    const r = await client.post<ErrorBody>('/api/v4/sub-account/transfer', {
      id: blocked,
      direction: 'main_to_sub',
      amount: '1',
      ticker: 'USDT',
    });
    expect([r.status, r.json.errors]).toEqual([400, { id: ['Sub-account is blocked.'] }]);
  });

  it.each([
    [{ limit: 0 }, { limit: ['The limit must be at least 1.'] }],
    [{ limit: 101 }, { limit: ['The limit may not be greater than 100.'] }],
    [{ offset: 10001 }, { offset: ['The offset may not be greater than 10000.'] }],
    [
      { offset: 9950, limit: 100 },
      { offset: ['Offset is too big. offset + limit must not exceed 10000.'] },
    ],
    [{ direction: 'up' }, { direction: ['The selected direction is invalid.'] }],
    [{ ticker: 'NOPE' }, { ticker: ['The selected ticker is invalid.'] }],
  ])('history or balances refuse %j with code 30', async (fields, errors) => {
    const path =
      'ticker' in fields ? '/api/v4/sub-account/balances' : '/api/v4/sub-account/transfer/history';
    const r = await client.post<ErrorBody>(path, { id: active, ...fields });
    expect([r.status, r.json]).toEqual([422, { code: 30, message: 'Validation failed', errors }]);
  });
});

describe('sub-account balances and transfers in the saved state', () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-exchange-sub-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('survive a restart', async () => {
    const statePath = join(dir, 'state.json');
    const first = await start({ statePath, persistDebounceMs: 10 });
    const [sub] = await subAccounts(first.client);
    const made = await first.client.post<{ transaction_id: string }>(
      '/api/v4/sub-account/transfer',
      {
        id: sub!.id,
        direction: 'main_to_sub',
        amount: '3',
        ticker: 'SOL',
      },
    );
    const main = await heldOf(first.client, 'SOL');
    await first.ex.flush();
    await first.ex.stop();

    const second = await start({ statePath, persistDebounceMs: 10 });
    try {
      expect(await heldOf(second.client, 'SOL')).toEqual(main);
      expect(await subMain(second.client, sub!.id, 'SOL')).toBe('3');
      const page = await second.client.post<Page>('/api/v4/sub-account/transfer/history', {
        id: sub!.id,
      });
      expect(page.json.data.map((r) => r.transaction_id)).toEqual([made.json.transaction_id]);
    } finally {
      await second.ex.stop();
    }
  });
});
