import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames, type ChannelName } from '../../src/shared/contract';
import { startApp, type App } from '../support/webhost';
import { figure } from '../support/figures';

/**
 * Every contract channel through the web host (the same binder and handlers as Electron's IPC)
 * with generated bad inputs: valid inputs with one field replaced by a hostile value, and arbitrary
 * JSON. The app must stay up, every answer must have the one error shape, no refused input may
 * reach the exchange (the demo exchange's request log), memory stays bounded, and no secret shows
 * up in any answer. Prints its counts.
 */

/** A valid input per channel (the fuzzer breaks one field at a time). Local addresses only. */
const VALID: Partial<Record<ChannelName, Record<string, unknown>>> = {
  'profiles.add': {
    name: 'Fuzz',
    region: 'custom',
    customUrl: 'http://127.0.0.1:1',
    apiKey: 'key',
    apiSecret: 'secret',
  },
  'profiles.rename': { id: 'demo', name: 'Demo' },
  'profiles.remove': { id: 'p-000000000000' },
  'profiles.verify': { id: 'demo' },
  'profiles.activate': { id: 'demo' },
  'profiles.setOAuthPort': { port: 53682 },
  'oauth.setPartner': { profileId: 'demo', clientId: 'id', clientSecret: 'secret' },
  'oauth.connect': { profileId: 'p-000000000000' },
  'oauth.disconnect': { profileId: 'p-000000000000' },
  'portfolio.overview': { quote: 'USDT' },
  'orders.active': { market: 'BTC_USDT', offset: 0, limit: 10 },
  'orders.cancel': { market: 'BTC_USDT', orderId: 1 },
  'orders.conditional': { market: 'BTC_USDT', offset: 0, limit: 10 },
  'orders.place': { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '1' },
  'orders.partnerHistory': { market: 'BTC_USDT', offset: 0, limit: 10 },
  'trade.context': { market: 'BTC_USDT' },
  'flex.invest': {
    plan: '00000000-0000-4000-8000-000000000000',
    amount: '1',
    withReinvest: false,
  },
  'flex.close': { plan: '00000000-0000-4000-8000-000000000000' },
  'subAccounts.block': { id: '00000000-0000-4000-8000-000000000000' },
  'subAccounts.unblock': { id: '00000000-0000-4000-8000-000000000000' },
  'transfers.list': { filters: { ticker: 'BTC' }, offset: 0, limit: 10 },
  'transfers.exportCsv': { filters: { ticker: 'BTC', transactionMethod: 1 } },
  'mining.hashrate': {
    account: 'demo-miner',
    from: 1_760_000_000,
    to: 1_760_086_400,
    interval: '1h',
    maxPoints: 100,
  },
  'mining.exportCsv': {
    account: 'demo-miner',
    from: 1_760_000_000,
    to: 1_760_086_400,
    interval: '1h',
  },
  'lock.unlock': { passcode: 'wrong-guess' },
  'lock.disable': { passcode: 'wrong-guess' },
};

/** Values that no field of the contract should take as they are. */
const HOSTILE: unknown[] = [
  null,
  true,
  -1,
  0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  '0',
  '-0.0',
  '1e600000000',
  '9'.repeat(1000),
  'x'.repeat(200_000),
  '\u0000\u202e<script>alert(1)</script>',
  '../../../etc/passwd',
  'http://169.254.169.254/latest/meta-data',
  [],
  Array.from({ length: 5000 }, (_, i) => i),
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'),
  JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`),
];

/** Paths in the demo's log that a refused input may still cause (the status monitor's checks). */
const BACKGROUND = new Set([
  '/api/v4/public/ping',
  '/api/v4/public/time',
  // The live stream's (re)connection, on its own schedule: the markets and a token.
  '/api/v4/public/markets',
  '/api/v4/profile/websocket_token',
]);

interface Tally {
  calls: number;
  byCode: Record<string, number>;
  refusedThenSent: string[];
  badShape: string[];
}

let app: App;
const answers: string[] = [];
const tally: Tally = { calls: 0, byCode: {}, refusedThenSent: [], badShape: [] };

async function call(channel: string, input: unknown): Promise<void> {
  const before = app.core.demoExchange.requestLog().at(-1)?.id ?? 0;
  const response = await fetch(`${app.host.url}/rpc/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${app.host.token}` },
    body: JSON.stringify({ input }),
  });
  const text = await response.text();
  answers.push(text);
  tally.calls += 1;
  let envelope: { ok?: unknown; value?: unknown; error?: Record<string, unknown> };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    tally.badShape.push(`${channel}: not JSON (${response.status})`);
    return;
  }
  if (envelope.ok === true) {
    tally.byCode['ok'] = (tally.byCode['ok'] ?? 0) + 1;
    return;
  }
  const error = envelope.error;
  const shaped =
    envelope.ok === false &&
    typeof error?.['code'] === 'string' &&
    typeof error['message'] === 'string' &&
    (error['fields'] === undefined ||
      (typeof error['fields'] === 'object' &&
        Object.values(error['fields'] as object).every(
          (list) => Array.isArray(list) && list.every((m) => typeof m === 'string'),
        )));
  if (!shaped) {
    tally.badShape.push(`${channel}: ${text.slice(0, 200)}`);
    return;
  }
  const code = error!['code'] as string;
  tally.byCode[code] = (tally.byCode[code] ?? 0) + 1;
  if (code === 'INVALID_INPUT') {
    const sent = app.core.demoExchange
      .requestLog(before)
      .filter((entry) => !BACKGROUND.has(entry.path));
    if (sent.length > 0) tally.refusedThenSent.push(`${channel}: ${sent[0]!.path}`);
  }
}

/** Every way to break one field of a valid input (nested objects one level down too). */
function mutations(valid: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  for (const [key, value] of Object.entries(valid)) {
    for (const bad of HOSTILE) out.push({ ...valid, [key]: bad });
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner] of Object.entries(value)) {
        for (const bad of HOSTILE.slice(0, 12)) {
          out.push({ ...valid, [key]: { ...(value as object), [inner]: bad } });
        }
      }
    }
  }
  return out;
}

beforeAll(async () => {
  app = await startApp({ demoExchange: { control: true } });
});

afterAll(async () => {
  await app?.stop();
});

describe('bridge fuzz: every channel through the web host with generated bad inputs', () => {
  it('stays up, answers with the error shape, sends no refused input to the exchange', async () => {
    const started = performance.now();
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;

    // 1. Valid inputs with one field broken, for every channel that takes an input.
    for (const channel of channelNames) {
      const valid = VALID[channel];
      if (valid) for (const input of mutations(valid)) await call(channel, input);
    }
    const mutated = tally.calls;

    // 2. Arbitrary JSON for every channel (inputs that take no input refuse anything given).
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...channelNames),
        fc.jsonValue({ maxDepth: 4 }),
        async (channel, input) => {
          await call(channel, input);
          return true;
        },
      ),
      { numRuns: 1200, seed: 20261124 },
    );

    // 3. Channel names that do not exist, and the app still answers afterwards.
    for (const name of ['', 'x', 'profiles', 'profiles.list.x', '__proto__.x', 'a'.repeat(5000)]) {
      await call(name, {});
    }
    const info = await fetch(`${app.host.url}/rpc/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${app.host.token}` },
      body: '{}',
    });
    expect(((await info.json()) as { ok: boolean }).ok).toBe(true);

    global.gc?.();
    const growthMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    const seconds = (performance.now() - started) / 1000;
    figure(
      `[bridge fuzz] ${tally.calls} calls (${mutated} mutated valid inputs, ${tally.calls - mutated} arbitrary) over ${channelNames.length} channels in ${seconds.toFixed(1)} s; answers by code ${JSON.stringify(tally.byCode)}; memory growth ${growthMb.toFixed(0)} MB`,
    );

    expect(tally.calls).toBeGreaterThanOrEqual(2000);
    expect(tally.badShape).toEqual([]);
    expect(tally.refusedThenSent).toEqual([]);
    expect(tally.byCode['INVALID_INPUT']).toBeGreaterThan(tally.calls / 2);
    expect(tally.byCode['INTERNAL'] ?? 0).toBe(0);
    expect(growthMb).toBeLessThan(300);
    // No secret in any answer: the demo's API secret and OAuth client secret.
    const all = answers.join('\n');
    expect(all.includes(app.core.demoExchange.apiSecret)).toBe(false);
    expect(all.includes(app.core.demoExchange.oauthClientSecret)).toBe(false);
  });
});
