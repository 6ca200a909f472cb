import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore } from '../src/main/core/core';
import { startWebHost } from '../src/main/page/webHost';
import { collectGarbage } from './support';
import { memoryVault, RENDERER_DIR } from './webhost';

/**
 * Main for the flood bench (bench/suites/flood.ts), in a process of its own so that the memory
 * measured is main's alone (the bench's Playwright, which hears every event the page gets, and
 * the hostile exchange run elsewhere): `node --import tsx bench/flood-main.ts <exchange url>`.
 * The core and the web host with a profile on that exchange. Over IPC it sends
 * {type: 'ready', pageUrl} once the profile is active, and answers:
 *
 *   {type: 'status'}  -> {type: 'status', mode, reason}
 *   {type: 'mark'}    collects garbage and starts a window: its RSS is sampled every 100 ms and
 *                     the pushes it sends the page are counted -> {type: 'marked'}
 *   {type: 'window'}  -> {type: 'window', baseRss, peakRss, atPeak (memoryUsage), balances, orders}
 *   'stop'            stops (also when the parent goes away)
 */

type Command = { type: 'status' } | { type: 'mark' } | { type: 'window' };

async function main(): Promise<void> {
  const [url] = process.argv.slice(2);
  if (!url || !process.send) {
    console.error('usage (from bench/suites): flood-main.ts <exchange url>, with IPC');
    process.exit(2);
  }
  const tell = (message: Record<string, unknown>) => process.send?.(message);
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-flood-'));
  const core = await startCore({ version: 'bench', dataDir, vault: memoryVault() });
  const host = await startWebHost({
    handlers: core.handlers,
    events: core.events,
    rendererDir: RENDERER_DIR,
  });
  const state = await core.handlers['profiles.add']({
    name: 'Hostile',
    region: 'custom',
    customUrl: url,
    apiKey: 'flood-bench-key',
    apiSecret: 'flood-bench-secret',
  });
  const profile = state.profiles.find((p) => p.name === 'Hostile');
  if (!profile) throw new Error('the bench profile was not added');
  await core.handlers['profiles.activate']({ id: profile.id });

  let window = {
    baseRss: 0,
    peakRss: 0,
    atPeak: process.memoryUsage(),
    balances: 0,
    orders: 0,
  };
  setInterval(() => {
    const usage = process.memoryUsage();
    if (usage.rss > window.peakRss) {
      window.peakRss = usage.rss;
      window.atPeak = usage;
    }
  }, 100).unref();
  core.events.subscribe((name) => {
    if (name === 'stream.balances') window.balances += 1;
    if (name === 'stream.orders') window.orders += 1;
  });

  const stop = () => {
    void host
      .stop()
      .then(() => core.stop())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  };
  process.on('message', (message: Command | 'stop') => {
    if (message === 'stop') return stop();
    switch (message.type) {
      case 'status': {
        const { mode, reason } = core.stream.current();
        return tell({ type: 'status', mode, reason });
      }
      case 'mark': {
        collectGarbage();
        const usage = process.memoryUsage();
        window = { baseRss: usage.rss, peakRss: usage.rss, atPeak: usage, balances: 0, orders: 0 };
        return tell({ type: 'marked' });
      }
      case 'window':
        return tell({ type: 'window', ...window });
    }
  });
  process.once('disconnect', stop);
  process.once('SIGTERM', stop);
  tell({ type: 'ready', pageUrl: host.pageUrl, token: host.token });
}

main().catch((error: unknown) => {
  console.error('[bench flood-main] could not start:', error);
  process.exit(1);
});
