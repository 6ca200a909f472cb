import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startCore } from '../../src/main/core/core';
import { KeytarStore } from '../../src/main/vault/vault';
import {
  fmt,
  median,
  RunLimit,
  type BenchContext,
  type BenchSuite,
  type SuiteResult,
} from '../support';

/**
 * Every active order of a large account through main (`orders.active`): the demo exchange holds
 * ORDERS open orders, listed oldest first as the seed lists them; main reads them in overlapping
 * pages of 100 (as the exchange allows), keeps each once and sorts them newest first. Wall time
 * per load, requests sent, median of RUNS runs after one warm-up.
 */

const ORDERS = 10_000;
const RUNS = 5;
const TARGET_MS = 5_000;

export const suite: BenchSuite = {
  name: 'orders',
  title: `Active orders: ${ORDERS.toLocaleString('en-US')} open orders through main`,
  async run(context: BenchContext): Promise<SuiteResult> {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-orders-'));
    // The Demo profile needs no keychain: one that cannot load stands in.
    const vault = new KeytarStore('unused', () => {
      throw new Error('no keychain in the bench');
    });
    const core = await startCore({ version: 'bench', dataDir, vault });
    try {
      const state = core.demoExchange.engine.state;
      const template = state.active[0]!;
      state.active = Array.from({ length: ORDERS }, (_, i) => ({
        ...template,
        id: 9_000_000_000 + i,
        clientOrderId: '',
        timestamp: template.timestamp + i,
        frozen: '0',
      }));
      const load = () => core.handlers['orders.active'](undefined);
      await load();
      const times: number[] = [];
      let requests = 0;
      let count = 0;
      const limit = new RunLimit(context, RUNS);
      for (let run = 0; limit.next(); run++) {
        const before = core.demoExchange.requestLog().length;
        const start = performance.now();
        const answer = await load();
        times.push(performance.now() - start);
        requests = core.demoExchange.requestLog().length - before;
        count = answer.orders.length;
      }
      const ms = median(times);
      return {
        noisy: limit.noisy('loads'),
        tables: [
          {
            title: 'orders.active over the demo exchange (127.0.0.1)',
            columns: ['open orders', 'loaded', 'requests', 'wall ms (median)', 'per request ms'],
            rows: [
              [String(ORDERS), String(count), String(requests), fmt(ms, 0), fmt(ms / requests, 2)],
            ],
          },
        ],
        verdicts: [
          {
            name: `${ORDERS} orders loaded`,
            ratio: ms / TARGET_MS,
            target: 1,
            pass: ms <= TARGET_MS,
          },
        ],
        notes: [
          `Median of ${times.length} loads after one warm-up; the demo exchange runs in this process (signing, HTTP and parsing included).`,
          `Target: the whole list within ${TARGET_MS / 1000} s (the screen shows it as it arrives only once whole).`,
        ],
        data: { orders: ORDERS, loaded: count, requests, medianMs: ms, runsMs: times },
      };
    } finally {
      await core.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
