import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../../src/main/accounts/accounts';
import { startDemoExchange, type DemoExchange } from '@exchange-desk/demo-exchange';
import { AppEvents } from '../../../src/main/core/events';
import { KeytarStore } from '../../../src/main/vault/vault';
import { addProfileInput } from '../../../src/shared/contract';
import { DeskFailure } from '../../../src/shared/errors';

/**
 * Profile names are unique, compared without regard to case, and "Demo" is taken by the built-in
 * profile: add() and rename() refuse a name in use under the form's `name` field.
 */
class MemoryKeytar {
  readonly entries = new Map<string, string>();
  async getPassword(_service: string, account: string) {
    return this.entries.get(account) ?? null;
  }
  async setPassword(_service: string, account: string, password: string) {
    this.entries.set(account, password);
  }
  async deletePassword(_service: string, account: string) {
    return this.entries.delete(account);
  }
}

let demo: DemoExchange;
let other: DemoExchange;
beforeAll(async () => {
  demo = await startDemoExchange();
  other = await startDemoExchange();
});
afterAll(async () => {
  await demo.stop();
  await other.stop();
});

const running: Accounts[] = [];
afterEach(() => {
  for (const accounts of running.splice(0)) accounts.stop();
});

async function start() {
  const dataDir = await mkdtemp(join(tmpdir(), 'desk-names-'));
  const keytar = new MemoryKeytar();
  const accounts = await Accounts.create({
    dataDir,
    vault: new KeytarStore('Exchange Desk test', () => keytar),
    demo,
    events: new AppEvents(),
    statusIntervalMs: 3_600_000,
  });
  running.push(accounts);
  return accounts;
}

const input = (name: string) =>
  addProfileInput.parse({
    name,
    region: 'custom',
    customUrl: other.url,
    apiKey: other.apiKey,
    apiSecret: other.apiSecret,
  });

const taken = (name: string) => `There is already a profile called “${name}”. Choose another name.`;

/** The failure a call ended with (it must fail). */
async function failure(call: Promise<unknown>): Promise<DeskFailure> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeskFailure);
  return error as DeskFailure;
}

describe('profile names', () => {
  it('refuses to add a profile called Demo, in any case', async () => {
    const accounts = await start();
    for (const name of ['Demo', 'demo', ' DEMO ']) {
      const error = await failure(accounts.add(input(name)));
      expect(error.message).toBe(taken('Demo'));
      expect(error.fields).toEqual({ name: [taken('Demo')] });
    }
    expect((await accounts.state()).profiles.map((p) => p.name)).toEqual(['Demo']);
  });

  it('refuses to add a second profile with a name in use, in any case', async () => {
    const accounts = await start();
    await accounts.add(input('Savings'));
    const error = await failure(accounts.add(input('SAVINGS')));
    expect(error.fields).toEqual({ name: [taken('Savings')] });
    expect((await accounts.state()).profiles.map((p) => p.name)).toEqual(['Demo', 'Savings']);
  });

  it('refuses to rename a profile to Demo or to another profile’s name', async () => {
    const accounts = await start();
    await accounts.add(input('Savings'));
    const state = await accounts.add(input('Trading'));
    const trading = state.profiles.find((p) => p.name === 'Trading')!;

    const demoError = await failure(accounts.rename(trading.id, 'demo'));
    expect(demoError.fields).toEqual({ name: [taken('Demo')] });
    const savingsError = await failure(accounts.rename(trading.id, 'savings'));
    expect(savingsError.message).toBe(taken('Savings'));
    expect(savingsError.fields).toEqual({ name: [taken('Savings')] });

    const names = (await accounts.state()).profiles.map((p) => p.name);
    expect(names).toEqual(['Demo', 'Savings', 'Trading']);
  });

  it('lets a profile keep its own name in another case', async () => {
    const accounts = await start();
    const state = await accounts.add(input('Savings'));
    const savings = state.profiles.find((p) => p.name === 'Savings')!;
    const after = await accounts.rename(savings.id, 'SAVINGS');
    expect(after.profiles.find((p) => p.id === savings.id)?.name).toBe('SAVINGS');
  });
});
