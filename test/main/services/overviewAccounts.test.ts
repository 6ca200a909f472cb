import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileStore } from '../../../src/main/accounts/profileStore';
import type { ExchangeApi } from '../../../src/main/exchange/api';
import { ExchangeError } from '../../../src/main/exchange/errors';
import { overviewAccounts, setOverviewAccounts } from '../../../src/main/services/overviewAccounts';
import type { SubAccount } from '../../../src/shared/model';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const CAROL = '33333333-3333-4333-8333-333333333333';

const sub = (id: string, alias: string): SubAccount => ({ id, alias, email: '', status: 'active' });

/** An api whose sub-account list is `records` (changed by the test as it goes). */
function apiListing(records: SubAccount[]) {
  const subAccounts = vi.fn(() => Promise.resolve({ offset: 0, limit: 100, records }));
  return { api: { subAccounts } as unknown as ExchangeApi, records };
}

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'desk-overview-accounts-'));
  dirs.push(dir);
  return dir;
}

describe('the accounts the Overview counts (issue 34 item 4)', () => {
  it('counts the main account alone until chosen, and offers every sub-account by alias', async () => {
    const store = new ProfileStore(await dataDir());
    const { api } = apiListing([sub(ALICE, 'alice'), sub(BOB, 'bob')]);
    expect(await overviewAccounts(store, api, 'demo')).toMatchObject({
      counted: ['main'],
      choices: [
        { id: 'main', alias: 'Main account' },
        { id: ALICE, alias: 'alice' },
        { id: BOB, alias: 'bob' },
      ],
    });
  });

  it('keeps the choice per profile across a restart (a new store over the same folder)', async () => {
    const dir = await dataDir();
    const { api } = apiListing([sub(ALICE, 'alice'), sub(BOB, 'bob')]);
    await setOverviewAccounts(new ProfileStore(dir), api, 'demo', ['main', BOB]);
    await setOverviewAccounts(new ProfileStore(dir), api, 'other', [ALICE]);
    const restarted = new ProfileStore(dir);
    expect((await overviewAccounts(restarted, api, 'demo')).counted).toEqual(['main', BOB]);
    expect((await overviewAccounts(restarted, api, 'other')).counted).toEqual([ALICE]);
    // In profiles.json, beside the other settings; never a secret.
    const file = JSON.parse(await readFile(join(dir, 'profiles.json'), 'utf8')) as {
      overviewAccounts: unknown;
    };
    expect(file.overviewAccounts).toEqual({ demo: ['main', BOB], other: [ALICE] });
  });

  it('drops a sub-account that no longer exists silently; a new one is not counted until chosen', async () => {
    const dir = await dataDir();
    const listing = apiListing([sub(ALICE, 'alice'), sub(BOB, 'bob')]);
    await setOverviewAccounts(new ProfileStore(dir), listing.api, 'demo', ['main', ALICE, BOB]);
    const later = apiListing([sub(BOB, 'bob'), sub(CAROL, 'carol')]);
    const view = await overviewAccounts(new ProfileStore(dir), later.api, 'demo');
    expect(view.counted).toEqual(['main', BOB]);
    expect(view.choices.map((c) => c.id)).toEqual(['main', BOB, CAROL]);
    expect(new ProfileStore(dir).overviewAccounts('demo')).toEqual(['main', BOB]);
  });

  it('keeps the choice when the key may not list sub-accounts (nothing is known gone)', async () => {
    const dir = await dataDir();
    const listing = apiListing([sub(ALICE, 'alice')]);
    await setOverviewAccounts(new ProfileStore(dir), listing.api, 'demo', ['main', ALICE]);
    const forbidden = {
      subAccounts: () => Promise.reject(new ExchangeError({ kind: 'permission', message: 'no' })),
    } as unknown as ExchangeApi;
    const view = await overviewAccounts(new ProfileStore(dir), forbidden, 'demo');
    expect(view.choices).toEqual([{ id: 'main', alias: 'Main account' }]);
    expect(new ProfileStore(dir).overviewAccounts('demo')).toEqual(['main', ALICE]);
  });

  it("forgets a removed profile's choice", async () => {
    const dir = await dataDir();
    const store = new ProfileStore(dir);
    await store.setOverviewAccounts('p1', ['main', ALICE]);
    await store.remove('p1');
    expect(new ProfileStore(dir).overviewAccounts('p1')).toBeUndefined();
  });
});
