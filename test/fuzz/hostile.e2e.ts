import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfilesState } from '../../src/shared/model';
import { startApp, type App } from '../support/webhost';
import {
  HOSTILE_MODES,
  startHostileExchange,
  type HostileExchange,
  type HostileMode,
} from './hostileExchange';
import { figure } from '../support/figures';

/**
 * rule 9, docs/architecture.md, end to end: the real core and web host, a custom profile on a hostile exchange
 * (test/fuzz/hostileExchange.ts), and for every hostile mode every read channel of the contract
 * through the web host's RPC endpoint, all at once. Every answer must arrive (bounded time), in the
 * error shape with a short message and no stack trace; redirects are never followed; memory stays
 * bounded; the API secret never appears in any answer.
 */

/**
 * The exchange client's time limits in this run: what bounds an answer is the client's own total
 * timeout (15 s in the app), whatever its value; a short one keeps the hanging and trickling modes
 * from waiting 15 s each.
 */
const TRANSPORT = { connectTimeoutMs: 2_000, timeoutMs: 3_000 };
/**
 * A call not answered within this has hung (the client gives up after TRANSPORT.timeoutMs): the
 * test stops waiting and fails. Only a failing test ever waits this long.
 */
const HANG_GUARD_MS = 30_000;
/**
 * Growth of the process's resident memory (core, web host and this hostile exchange share it) over
 * the baseline, at its peak. Measured on Linux x64, node 22, in seven runs: +225 to +270 MB at the
 * peak (baseline ~100 MB), most of it after the 'huge' and 'deep' modes (socket chunks and parsed
 * garbage waiting for the collector; the client reads at most 8 MiB per answer and 64 MiB at once).
 * The bound leaves room for the collector's timing; without the caps a 50 MB answer per concurrent
 * request holds gigabytes.
 */
const RSS_GROWTH_LIMIT_MB = 400;
/** Longest message accepted in any error answer. */
const MAX_MESSAGE = 700;
/** What a stack trace looks like in a message. */
const STACK = /\n\s*at |\bat \S+ \(|node:internal|\.[cm]?[jt]s:\d+:\d+/;

const SECRET = `hostile-secret-${randomBytes(16).toString('hex')}`;
const API_KEY = `hostile-key-${randomBytes(8).toString('hex')}`;

interface Answer {
  channel: string;
  ms: number;
  text: string;
  envelope: { ok: boolean; value?: unknown; error?: { code?: unknown; message?: unknown } };
}

let ex: HostileExchange;
let app: App;
let profileId = '';
const rss: number[] = [];
let sampler: NodeJS.Timeout | undefined;
let baselineRss = 0;

async function rpc(channel: string, input?: unknown): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${app.host.url}/rpc/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input === undefined ? {} : { input }),
    signal: AbortSignal.timeout(HANG_GUARD_MS),
  });
  const text = await response.text();
  return {
    channel,
    ms: performance.now() - started,
    text,
    envelope: JSON.parse(text) as Answer['envelope'],
  };
}

/** Every read channel of the contract, with a valid input. */
function readCalls(): [channel: string, input: unknown][] {
  const to = Math.floor(Date.now() / 1000);
  const range = { account: 'rig', from: to - 2 * 86_400, to, interval: '1h' };
  return [
    ['portfolio.overview', { quote: 'USDT' }],
    ['orders.active', undefined],
    ['orders.conditional', {}],
    ['orders.partnerHistory', undefined],
    ['trade.markets', undefined],
    ['trade.context', { market: 'BTC_USDT' }],
    ['flex.overview', undefined],
    ['flex.payments', { quote: 'USDT' }],
    ['subAccounts.list', undefined],
    ['transfers.list', { filters: { transactionMethod: 1 }, offset: 0, limit: 100 }],
    ['transfers.exportCsv', { filters: {} }],
    ['mining.hashrate', { ...range, maxPoints: 200 }],
    ['mining.exportCsv', range],
    ['exchange.checkNow', undefined],
    ['exchange.status', undefined],
    ['profiles.verify', { id: profileId }],
    ['profiles.list', undefined],
  ];
}

/** Channels that answer without asking the exchange anything hostile (or at all). */
const ALWAYS_OK = new Set(['exchange.checkNow', 'exchange.status', 'profiles.list']);
/** Needs an OAuth connection the profile does not have: an error in every mode. */
const NEEDS_OAUTH = new Set(['orders.partnerHistory']);
/** Answers without any decimal (or negative-able number the schema bounds): may pass those modes. */
const NO_DECIMALS = new Set(['subAccounts.list']);
/** Modes whose every answer is broken, down to the ping. */
const BROKEN_TRANSPORT: ReadonlySet<HostileMode> = new Set([
  'html',
  'truncated',
  'huge',
  'deep',
  'wrong-types',
  'redirect',
  'slow',
  'hang',
]);

function mustFail(mode: HostileMode, channel: string): boolean {
  if (NEEDS_OAUTH.has(channel)) return true;
  if (ALWAYS_OK.has(channel) || mode === 'benign') return false;
  if ((mode === 'exponents' || mode === 'negative') && NO_DECIMALS.has(channel)) return false;
  return true;
}

beforeAll(async () => {
  ex = await startHostileExchange();
  app = await startApp({ statusIntervalMs: 600_000, transport: TRANSPORT });
  const added = await rpc('profiles.add', {
    name: 'Hostile',
    region: 'custom',
    customUrl: ex.url,
    apiKey: API_KEY,
    apiSecret: SECRET,
  });
  expect(added.envelope, added.text).toMatchObject({ ok: true });
  const state = added.envelope.value as ProfilesState;
  profileId = state.profiles.find((p) => p.name === 'Hostile')!.id;
  const activated = await rpc('profiles.activate', { id: profileId });
  expect(activated.envelope, activated.text).toMatchObject({ ok: true });
  global.gc?.();
  baselineRss = process.memoryUsage().rss;
  sampler = setInterval(() => rss.push(process.memoryUsage().rss), 50);
}, 60_000);

afterAll(async () => {
  clearInterval(sampler);
  if (app && profileId) await rpc('profiles.remove', { id: profileId }).catch(() => undefined);
  await app?.stop();
  await ex?.stop();
});

describe('a hostile exchange gets error messages, never a crash, a hang or a freeze', () => {
  const byMode = new Map<HostileMode, Answer[]>();

  it('answers every read channel in every mode, in bounded time', async () => {
    const started = performance.now();
    for (const mode of HOSTILE_MODES) {
      ex.setMode(mode);
      const from = rss.length;
      const answers = await Promise.all(readCalls().map(([c, input]) => rpc(c, input)));
      const modePeakMb = (Math.max(...rss.slice(from), baselineRss) - baselineRss) / 2 ** 20;
      byMode.set(mode, answers);
      const codes: Record<string, number> = {};
      for (const a of answers) {
        const code = a.envelope.ok ? 'ok' : String(a.envelope.error?.code);
        codes[code] = (codes[code] ?? 0) + 1;
      }
      figure(
        `[hostile] ${mode.padEnd(11)} calls ${answers.length}, exchange requests ${ex.requests[mode]}, ` +
          `slowest ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms, ` +
          `rss peak +${Math.round(modePeakMb)} MB, answers ${JSON.stringify(codes)}`,
      );
    }
    const totalMs = performance.now() - started;
    const peakMb = (Math.max(...rss, baselineRss) - baselineRss) / 2 ** 20;
    figure(
      `[hostile] all modes in ${Math.round(totalMs)} ms; rss baseline ${Math.round(baselineRss / 2 ** 20)} MB, ` +
        `peak growth ${Math.round(peakMb)} MB; huge mode streamed ${Math.round(ex.hugeBytesSent() / 2 ** 20)} MiB; ` +
        `redirects followed ${ex.redirectsFollowed()}`,
    );
    expect(peakMb).toBeLessThan(RSS_GROWTH_LIMIT_MB);
  }, 120_000);

  it('every answer is the envelope: ok for a benign exchange, the error shape for a hostile one', () => {
    expect(byMode.size).toBe(HOSTILE_MODES.length);
    for (const [mode, answers] of byMode) {
      for (const a of answers) {
        const where = `${mode} ${a.channel}: ${a.text.slice(0, 400)}`;
        if (mustFail(mode, a.channel)) {
          expect(a.envelope.ok, where).toBe(false);
        } else if (mode === 'benign' || ALWAYS_OK.has(a.channel)) {
          expect(a.envelope.ok, where).toBe(true);
        }
        if (!a.envelope.ok) {
          const { code, message } = a.envelope.error ?? {};
          expect(typeof code, where).toBe('string');
          expect(typeof message, where).toBe('string');
          // A crash inside main would answer INTERNAL (or BRIDGE): never for an exchange's answer.
          expect(['INTERNAL', 'BRIDGE'], where).not.toContain(code);
          expect((message as string).length, where).toBeLessThanOrEqual(MAX_MESSAGE);
          expect(message as string, where).not.toMatch(STACK);
        }
      }
    }
  });

  it("an exchange that hangs or trickles is given up on at the client's timeout", () => {
    // Answered at all (a call still waiting would have failed the first test at the hang guard),
    // and as a timeout: the client's own limit ended the wait, not the exchange.
    for (const mode of ['slow', 'hang'] as const) {
      const asked = byMode
        .get(mode)!
        .filter((a) => mustFail(mode, a.channel) && !NEEDS_OAUTH.has(a.channel))
        .filter((a) => a.channel !== 'profiles.verify');
      expect(asked.length, mode).toBeGreaterThan(10);
      for (const a of asked)
        expect(a.envelope.error?.code, `${mode} ${a.channel}`).toBe('EXCHANGE_TIMEOUT');
    }
  });

  it('the status check says offline when the exchange answers nonsense', () => {
    for (const [mode, answers] of byMode) {
      const status = answers.find((a) => a.channel === 'exchange.checkNow')!.envelope.value as {
        state: string;
        reason?: string;
      };
      expect(status.state, mode).toBe(BROKEN_TRANSPORT.has(mode) ? 'offline' : 'online');
      if (status.reason) {
        expect(status.reason.length).toBeLessThanOrEqual(MAX_MESSAGE);
        expect(status.reason).not.toMatch(STACK);
      }
    }
  });

  it('a redirect is never followed', () => {
    expect(ex.requests.redirect).toBeGreaterThan(0);
    expect(ex.redirectsFollowed()).toBe(0);
  });

  it('the API secret appears in no answer and nothing main sent', () => {
    const bodies = [...byMode.values()].flat().map((a) => a.text);
    expect(bodies.filter((text) => text.includes(SECRET))).toEqual([]);
    expect(app.sent.filter((text) => text.includes(SECRET))).toEqual([]);
  });
});
