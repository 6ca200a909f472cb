import { parse } from 'csv-parse/sync';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '../../../src/main/lib/log';
import type { KeytarStore } from '../../../src/main/vault/vault';
import type { CsvExport, PortfolioOverview, ProfilesState } from '../../../src/shared/model';
import { startMainCore } from '../../support/core';
import { MemoryVault } from '../../support/memoryVault';

/** The history database in main: the Overview records, exports, and a profile's rows go with it. */

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
});
// After every core has stopped (they stop after each test, writing their state on the way out).
afterAll(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A data folder with one stored profile besides Demo (never opened: it points nowhere). */
async function dataDirWithProfile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'desk-history-core-'));
  dirs.push(dir);
  const profile = {
    id: 'p-work',
    name: 'Work',
    region: 'custom',
    baseUrl: 'https://work.example',
    keyHint: 'abcd',
    missingPermissions: [],
  };
  await writeFile(
    join(dir, 'profiles.json'),
    JSON.stringify({ version: 1, activeId: 'demo', profiles: [profile] }),
  );
  return dir;
}

const held = { BTC: '1' };
const snapshotAt = (takenAt: number) => ({
  takenAt,
  quote: 'USDT',
  total: '1',
  holdings: Object.entries(held).map(([ticker, main]) => ({
    ticker,
    main,
    trade: '0',
    flex: '0',
    price: '1',
  })),
});

async function start() {
  const dataDir = await dataDirWithProfile();
  const vault = new MemoryVault();
  vault.entries.set('profile:p-work:api', JSON.stringify({ apiKey: 'k', apiSecret: 's' }));
  const main = await startMainCore({ dataDir, vault: vault as unknown as KeytarStore });
  return { ...main, dataDir };
}

describe('the history database in main', () => {
  it('is a private file in the data folder', async () => {
    const { dataDir } = await start();
    expect((await stat(join(dataDir, 'history.sqlite'))).mode & 0o777).toBe(0o600);
  });

  it('records a snapshot of every successful Overview, deduplicated', async () => {
    const { core, call } = await start();
    const overview = await call<PortfolioOverview>('portfolio.overview', { quote: 'USDT' });
    await call('portfolio.overview', { quote: 'USDT' });
    const snapshots = core.history.snapshots('demo');
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]).toMatchObject({ quote: 'USDT', total: overview.total });
    const btc = overview.rows.find((r) => r.ticker === 'BTC')!;
    expect(snapshots[0]!.holdings.find((h) => h.ticker === 'BTC')).toMatchObject({
      main: btc.main,
      flex: btc.flex,
      price: btc.price,
    });
    // Another quote is another snapshot.
    await call('portfolio.overview', { quote: 'BTC' });
    expect(core.history.snapshots('demo')).toHaveLength(2);
  });

  it('exports the snapshots of a quote as CSV, one row per asset', async () => {
    const { call } = await start();
    const overview = await call<PortfolioOverview>('portfolio.overview', { quote: 'USDT' });
    const file = await call<CsvExport>('portfolio.exportSnapshotsCsv', { quote: 'USDT' });
    const rows = parse(file.csv!, { columns: true }) as Record<string, string>[];
    const heldRows = overview.rows.filter((r) => r.total !== '0');
    expect(file.rows).toBe(heldRows.length);
    expect(rows.map((r) => r.Asset)).toEqual(heldRows.map((r) => r.ticker));
    const btc = rows.find((r) => r.Asset === 'BTC')!;
    expect(btc['Amount unit']).toBe('BTC');
    expect(btc['Price, value and snapshot total unit']).toBe('USDT');
    expect(btc.Total).toBe(overview.rows.find((r) => r.ticker === 'BTC')!.total);
    expect(btc.Value).toBe(overview.rows.find((r) => r.ticker === 'BTC')!.value);
    expect(btc['Snapshot total']).toBe(overview.total);
    const none = await call<CsvExport>('portfolio.exportSnapshotsCsv', { quote: 'EUR' });
    expect(none.rows).toBe(0);
  });

  it('deletes a removed profile’s rows, and only its', async () => {
    const { core, call } = await start();
    core.history.addSnapshot('p-work', snapshotAt(1));
    core.history.putDeals('p-work', []);
    core.history.setCursor('p-work', { source: 'deals', earliest: 0, through: 1 });
    core.history.addSnapshot('demo', snapshotAt(1));
    await call('profiles.remove', { id: 'p-work' });
    expect(core.history.snapshots('p-work')).toEqual([]);
    expect(core.history.cursor('p-work', 'deals')).toBeUndefined();
    expect(core.history.snapshots('demo')).toHaveLength(1);
  });

  it('deletes the Demo profile’s rows when the demo is reset', async () => {
    const { core, call } = await start();
    core.history.addSnapshot('demo', snapshotAt(1));
    core.history.addSnapshot('p-work', snapshotAt(1));
    await call('profiles.resetDemo');
    expect(core.history.snapshots('demo')).toEqual([]);
    expect(core.history.snapshots('p-work')).toHaveLength(1);
  });

  it('takes timed snapshots while the app runs: not while it sleeps, nor once it stops', async () => {
    const { core } = await start();
    expect(core.recorder.running).toBe(true);
    core.suspend();
    expect(core.recorder.running).toBe(false);
    await core.resume();
    expect(core.recorder.running).toBe(true);
    await core.stop();
    expect(core.recorder.running).toBe(false);
  });
});

describe('a damaged history file at start', () => {
  it('is set aside and a new one kept in the data folder; the page is told through the profiles notice', async () => {
    const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const dataDir = await dataDirWithProfile();
    await writeFile(join(dataDir, 'history.sqlite'), 'not a database'.repeat(500));
    const vault = new MemoryVault();
    const { core, call } = await startMainCore({ dataDir, vault: vault as unknown as KeytarStore });
    const aside = (await readdir(dataDir)).find((n) => n.startsWith('history.sqlite.set-aside-'));
    expect(aside).toBeDefined();
    const state = await call<ProfilesState>('profiles.list');
    expect(state.notice).toBe(
      `The portfolio history in ${dataDir} could not be used (file is not a database), so it was set aside as ${aside} and a new one started: what it recorded before is in that file, not in the chart.`,
    );
    expect(errors).toHaveBeenCalledWith(`[history] ${state.notice}`);
    // The new file is the data folder's (not memory): what it records is there after a restart.
    core.history.addSnapshot('demo', snapshotAt(1));
    await core.stop();
    const again = await startMainCore({ dataDir, vault: vault as unknown as KeytarStore });
    expect(again.core.history.snapshots('demo')).toHaveLength(1);
    expect((await again.call<ProfilesState>('profiles.list')).notice).toBeUndefined();
  });
});
