import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { deletePassword, findCredentials, getPassword } from 'keytar';
import { startDemoExchange, type DemoExchange } from '@exchange-desk/demo-exchange';
import { VAULT_SERVICE } from '../../src/main/vault/vault';
import type { CsvExport, ExecutedOrders, PlacementOutcome } from '../../src/shared/model';
import { freePort } from '../support/ports';
import { launchBrowser, type Browser } from '../support/browser';
import { RENDERER_DIR, startApp, type App } from '../support/webhost';
import { AccountsPage } from './pages/accounts';
import { figure } from '../support/figures';

/**
 * Acceptance of the "Accounts" issue, end to end through the web host: add an account on a second
 * demo exchange ("other"; a wrong secret first), switch to it, connect OAuth against its
 * /auth/login and load order history, place an order through the bridge, lock and unlock; then the
 * leak test: the API secret, the OAuth client secret and the access/refresh tokens appear 0 times
 * in the renderer (heap, DOM, inputs, storage, IndexedDB), the data folder, the app's log output,
 * everything main sent to the page and every RPC/SSE body the page received.
 */

const SHOTS = 'test-results/screenshots';
const NAME = 'Other exchange';
const PASSCODE = 'lock-e2e-4821';
const shot = (page: Page, step: string) =>
  page.screenshot({ path: `${SHOTS}/e2e-accounts-${step}.png`, fullPage: true });

/** Occurrences of `needle` in `haystack`. */
const count = (haystack: string, needle: string): number =>
  needle === '' ? 0 : haystack.split(needle).length - 1;

/** Captures everything the test process (where main runs) writes to stdout/stderr or console. */
function captureLogs(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const stdoutWrite = process.stdout.write;
  const stderrWrite = process.stderr.write;
  const wrap = (stream: NodeJS.WriteStream, original: typeof stream.write) =>
    ((chunk: unknown, ...rest: unknown[]) => {
      lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
      return (original as (...a: unknown[]) => boolean).call(stream, chunk, ...rest);
    }) as typeof stream.write;
  process.stdout.write = wrap(process.stdout, stdoutWrite);
  process.stderr.write = wrap(process.stderr, stderrWrite);
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  const consoleOriginals = methods.map((m) => console[m]);
  methods.forEach((m, i) => {
    console[m] = (...args: unknown[]) => {
      lines.push(format(...args));
      consoleOriginals[i]!.apply(console, args);
    };
  });
  return {
    lines,
    restore() {
      process.stdout.write = stdoutWrite;
      process.stderr.write = stderrWrite;
      methods.forEach((m, i) => (console[m] = consoleOriginals[i]!));
    },
  };
}

/** A V8 heap snapshot of the page (after a garbage collection), as its JSON text. */
async function heapSnapshot(cdp: CDPSession): Promise<string> {
  const chunks: string[] = [];
  const onChunk = (event: { chunk: string }) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  return chunks.join('');
}

interface SnapshotJson {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** V8 names a string node in a heap snapshot by its first 1024 characters only. */
const SNAPSHOT_NAME_LIMIT = 1024;

type Parents = Map<number, { from: number; edge: number }[]>;

/** Node index -> the nodes (and edge offsets) that point at it. */
function parentsOf(snap: SnapshotJson): Parents {
  const { node_fields, edge_fields } = snap.snapshot.meta;
  const nf = node_fields.length;
  const ef = edge_fields.length;
  const countOff = node_fields.indexOf('edge_count');
  const toOff = edge_fields.indexOf('to_node');
  const parents: Parents = new Map();
  let edge = 0;
  for (let n = 0; n < snap.nodes.length / nf; n++) {
    const edgesOfNode = snap.nodes[n * nf + countOff]!;
    for (let k = 0; k < edgesOfNode; k++, edge += ef) {
      const to = snap.edges[edge + toOff]! / nf;
      let list = parents.get(to);
      if (!list) parents.set(to, (list = []));
      list.push({ from: n, edge });
    }
  }
  return parents;
}

/**
 * The full text of every string the snapshot shows truncated (V8 names a string node by its first
 * 1024 characters only, so a secret past that point of a long flat string, e.g. a JSON body kept
 * whole, would go unseen). A string is not an object, so CDP cannot hand it out by heap id: each is
 * read through an object holding it (a property or element edge). Those no object holds that way
 * (script sources held by V8 internals, string literals held by closures) are answered as
 * `unreadable`, with their retainers.
 */
async function longStrings(
  cdp: CDPSession,
  snap: SnapshotJson,
  parents: Parents,
): Promise<{
  read: { node: number; text: string }[];
  unreadable: { prefix: string; holders: string }[];
}> {
  const { node_fields, node_types, edge_fields, edge_types } = snap.snapshot.meta;
  const nf = node_fields.length;
  const [typeOff, nameOff, idOff] = ['type', 'name', 'id'].map((f) => node_fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const [eTypeOff, eNameOff] = ['type', 'name_or_index'].map((f) => edge_fields.indexOf(f)) as [
    number,
    number,
  ];
  const stringTypes = new Set(['string', 'concatenated string', 'sliced string']);
  const read: { node: number; text: string }[] = [];
  const unreadable: { prefix: string; holders: string }[] = [];
  for (let n = 0; n < snap.nodes.length / nf; n++) {
    if (!stringTypes.has(node_types[0][snap.nodes[n * nf + typeOff]!] ?? '')) continue;
    const name = snap.strings[snap.nodes[n * nf + nameOff]!] ?? '';
    if (name.length < SNAPSHOT_NAME_LIMIT) continue;
    let text: string | undefined;
    const tried: string[] = [];
    for (const { from, edge } of parents.get(n) ?? []) {
      const type = edge_types[0][snap.edges[edge + eTypeOff]!] ?? '?';
      const raw = snap.edges[edge + eNameOff]!;
      const key = type === 'element' ? raw : type === 'property' ? snap.strings[raw] : undefined;
      const holder = `${node_types[0][snap.nodes[from * nf + typeOff]!]} ${JSON.stringify(
        (snap.strings[snap.nodes[from * nf + nameOff]!] ?? '').slice(0, 40),
      )} -${type}->`;
      tried.push(holder);
      if (key === undefined) continue;
      const object = await cdp
        .send('HeapProfiler.getObjectByHeapObjectId', {
          objectId: String(snap.nodes[from * nf + idOff]),
          objectGroup: 'leak-scan',
        })
        .catch(() => undefined);
      if (!object?.result.objectId) continue;
      const value = await cdp.send('Runtime.callFunctionOn', {
        objectId: object.result.objectId,
        functionDeclaration:
          'function (key) { const v = this[key]; return typeof v === "string" ? v : null; }',
        arguments: [{ value: key }],
        returnByValue: true,
      });
      if (typeof value.result.value === 'string' && value.result.value.startsWith(name)) {
        text = value.result.value;
        break;
      }
    }
    if (text !== undefined) read.push({ node: n, text });
    else unreadable.push({ prefix: name, holders: tried.join(', ') || 'nothing' });
  }
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'leak-scan' });
  return { read, unreadable };
}

/** The source of every script of the page (every world: the app's and Playwright's). */
/** The app's own built scripts: a document loaded earlier can leave its copy in the heap. */
async function builtScripts(): Promise<string[]> {
  const dir = join(RENDERER_DIR, 'assets');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
  return Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
}

async function scriptSources(cdp: CDPSession): Promise<string[]> {
  const ids: string[] = [];
  const onParsed = (event: { scriptId: string }) => ids.push(event.scriptId);
  cdp.on('Debugger.scriptParsed', onParsed);
  try {
    await cdp.send('Debugger.enable'); // reports every script already parsed
  } finally {
    cdp.off('Debugger.scriptParsed', onParsed);
  }
  const sources = await Promise.all(
    ids.map((scriptId) =>
      cdp.send('Debugger.getScriptSource', { scriptId }).then((r) => r.scriptSource),
    ),
  );
  await cdp.send('Debugger.disable');
  return sources;
}

/**
 * For a failure message: the retainer chains (up to `depth` steps, at most `limit` of them) of every
 * heap-snapshot node whose name contains `needle`, and of the `extra` nodes (long strings holding it).
 */
function retainers(
  snap: SnapshotJson,
  parents: Parents,
  needle: string,
  extra: number[] = [],
  depth = 8,
  limit = 12,
): string[] {
  const { node_fields, node_types, edge_fields, edge_types } = snap.snapshot.meta;
  const nf = node_fields.length;
  const [typeOff, nameOff] = ['type', 'name'].map((f) => node_fields.indexOf(f)) as [
    number,
    number,
  ];
  const [eTypeOff, eNameOff] = ['type', 'name_or_index'].map((f) => edge_fields.indexOf(f)) as [
    number,
    number,
  ];
  const { nodes, edges, strings } = snap;
  const nodeCount = nodes.length / nf;
  const describeNode = (n: number) =>
    `${node_types[0][nodes[n * nf + typeOff]!]} ${JSON.stringify(
      (strings[nodes[n * nf + nameOff]!] ?? '').slice(0, 80),
    )}`;
  const describeEdge = (e: number) => {
    const type = edge_types[0][edges[e + eTypeOff]!] ?? '?';
    const name = edges[e + eNameOff]!;
    return type === 'element' || type === 'hidden' ? `[${name}]` : `.${strings[name]} (${type})`;
  };
  const chains: string[] = [];
  for (let n = 0; n < nodeCount && chains.length < limit; n++) {
    if (!extra.includes(n) && !(strings[nodes[n * nf + nameOff]!] ?? '').includes(needle)) continue;
    const walk = (node: number, path: string, left: number, seen: Set<number>) => {
      if (chains.length >= limit) return;
      const up = (parents.get(node) ?? []).filter((p) => !seen.has(p.from));
      if (left === 0 || up.length === 0) {
        chains.push(path);
        return;
      }
      for (const p of up.slice(0, 3)) {
        walk(
          p.from,
          `${path}\n    <- ${describeEdge(p.edge)} of ${describeNode(p.from)}`,
          left - 1,
          new Set([...seen, p.from]),
        );
      }
    };
    walk(n, describeNode(n), depth, new Set([n]));
  }
  return chains;
}

/** Every file under `dir`, recursively, as text (path -> content). */
async function readTree(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path, await readFile(path, 'utf8'));
  }
  return files;
}

/** Calls a channel from the page, exactly as the renderer's web transport does. */
const rpcFromPage = <T>(page: Page, channel: string, input?: unknown) =>
  page.evaluate(
    `(async () => {
      const token = new URLSearchParams(location.hash.slice(1)).get('token');
      const response = await fetch('/rpc/' + ${JSON.stringify(channel)}, {
        method: 'POST',
        headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
        body: JSON.stringify(${JSON.stringify(input === undefined ? {} : { input })}),
      });
      return response.json();
    })()`,
  ) as Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>;

describe('Accounts: add, switch, OAuth, order, lock, and no secret leaks (web host, Chromium)', () => {
  let logs: ReturnType<typeof captureLogs>;
  let dataDir: string;
  let other: DemoExchange;
  let app: App;
  let browser: Browser;
  let page: Page;
  let cdp: CDPSession;
  let accounts: AccountsPage;
  let profileId = '';
  let historyBefore = 0;
  /** The app lock this test turned on and has not turned off yet (removed in afterAll if so). */
  let lockLeftOn = false;
  /** The secrets of the leak test, checked once more against the whole run's log in afterAll. */
  let secretsForLog: Record<string, string> = {};
  const pageErrors: string[] = [];
  /** Bodies of every /rpc/ answer the page received (read as they arrive). */
  const rpcBodies: Promise<string>[] = [];
  /** Every Server-Sent Event message the page received. */
  const sseMessages: string[] = [];
  const timings: Record<string, number> = {};
  let stepStarted = Date.now();
  const step = (name: string) => {
    const now = Date.now();
    timings[name] = now - stepStarted;
    stepStarted = now;
  };

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    logs = captureLogs();
    dataDir = await mkdtemp(join(tmpdir(), 'desk-e2e-accounts-'));
    // Another seed than the built-in demo (42), so its data differs.
    other = await startDemoExchange({ control: true, seed: 7 });
    app = await startApp({ dataDir });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/rpc/'))
        rpcBodies.push(response.text().catch((error: unknown) => `unreadable: ${String(error)}`));
    });
    cdp = await browser.context.newCDPSession(page);
    cdp.on('Network.eventSourceMessageReceived', (event) => sseMessages.push(event.data));
    await cdp.send('Network.enable');
    await page.goto(app.host.pageUrl);
    accounts = new AccountsPage(page);
    await accounts.shell.profile.filter({ hasText: 'Demo' }).waitFor();
    step('start');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await other?.stop();
    logs?.restore();
    for (const kind of ['api', 'partner', 'tokens']) {
      if (profileId) {
        await deletePassword(VAULT_SERVICE, `profile:${profileId}:${kind}`).catch(() => false);
      }
    }
    // A failed lock step must not leave the next spec's app starting locked.
    if (lockLeftOn) await deletePassword(VAULT_SERVICE, 'app-lock').catch(() => false);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    figure(`[accounts.e2e] step timings (ms): ${JSON.stringify(timings)}`);
    // The log capture covered the whole run, the app's shutdown included.
    const log = logs?.lines.join('') ?? '';
    const leaked = Object.entries(secretsForLog).filter(([, value]) => log.includes(value));
    if (leaked.length > 0)
      throw new Error(`Secrets in the app's log output: ${leaked.map(([n]) => n).join(', ')}`);
  });

  it('refuses a wrong secret under the API secret field and stores nothing', async () => {
    await accounts.open();
    await accounts.fillAddForm({
      name: NAME,
      customUrl: other.url,
      apiKey: other.apiKey,
      apiSecret: randomBytes(32).toString('hex'), // a wrong secret of the right shape
    });
    await accounts.submitAdd();
    await accounts.apiSecretError.waitFor();
    const error = (await accounts.apiSecretError.textContent()) ?? '';
    expect(error).toMatch(/signature/i);
    expect(error).toContain('“Unauthorized request.”');
    expect(await accounts.apiSecretInput.getAttribute('aria-invalid')).toBe('true');
    expect(await accounts.apiSecretInput.getAttribute('aria-describedby')).toBe(
      'add-api-secret-error',
    );
    // The values are kept so the user can fix them.
    expect(await accounts.nameInput.inputValue()).toBe(NAME);
    await shot(page, '1-wrong-secret');

    // The other exchange saw the attempt, and refused it.
    const attempts = other
      .requestLog()
      .filter((e) => e.apiKey === other.apiKey && e.path === '/api/v4/main-account/balance');
    expect(attempts.map((e) => e.status)).toEqual([401]);
    // Nothing stored: not listed, not in profiles.json, nothing in the keychain.
    expect(await accounts.card(NAME).count()).toBe(0);
    expect((await app.core.accounts.state()).profiles.map((p) => p.name)).toEqual(['Demo']);
    const profilesJson = await readFile(join(dataDir, 'profiles.json'), 'utf8').catch(() => '');
    expect(count(profilesJson, NAME)).toBe(0);
    // The keychain is shared with the E2E files running beside this one (their own profiles):
    // nothing in it holds this attempt's key.
    const entries = await findCredentials(VAULT_SERVICE);
    expect(entries.filter((e) => e.password.includes(other.apiKey))).toEqual([]);
    step('wrongSecret');
  });

  it('adds the account with the right secret: listed with its key hint, the secret input cleared', async () => {
    await accounts.apiSecretInput.fill(other.apiSecret);
    await accounts.submitAdd();
    await accounts.card(NAME).waitFor();
    expect(await accounts.keyHint(NAME).textContent()).toBe(`•••• ${other.apiKey.slice(-4)}`);
    expect(await accounts.apiSecretInput.inputValue()).toBe('');
    expect(await accounts.apiKeyInput.inputValue()).toBe('');
    expect(await accounts.addNotice.textContent()).toContain(`Added “${NAME}”`);
    expect(await accounts.apiSecretError.count()).toBe(0);

    const state = await app.core.accounts.state();
    const added = state.profiles.find((p) => p.name === NAME);
    expect(added).toMatchObject({ region: 'custom', baseUrl: other.url, isDemo: false });
    profileId = added!.id;
    const profilesJson = await readFile(join(dataDir, 'profiles.json'), 'utf8');
    expect(count(profilesJson, NAME)).toBe(1);
    const entries = await findCredentials(VAULT_SERVICE);
    // One entry per kind of secret (each within Windows Credential Manager's 2,560 bytes).
    expect(
      entries.map((e) => e.account).filter((a) => a.startsWith(`profile:${profileId}`)),
    ).toEqual([`profile:${profileId}:api`]);
    await shot(page, '2-added');
    step('add');
  });

  it('switches to it: header, status pill and data follow the other exchange', async () => {
    const since = other.requestLog().at(-1)?.id ?? 0;
    const demoSince = app.core.demoExchange.requestLog().at(-1)?.id ?? 0;
    await accounts.use(NAME);
    await accounts.shell.profile.filter({ hasText: NAME }).waitFor();
    expect(await accounts.shell.profile.textContent()).toContain(NAME);
    await page.waitForFunction(
      `document.querySelector('[data-testid="status-pill"]')?.title.includes(${JSON.stringify(
        `${other.url} answered`,
      )})`,
    );
    // The other exchange streams too: live once its stream is up.
    await accounts.shell.pillLabel
      .filter({ hasText: /^Live · \d+ ms$/ })
      .waitFor({ timeout: 10_000 });
    expect(app.core.accounts.active().status.current()).toMatchObject({
      state: 'online',
      baseUrl: other.url,
    });
    expect(app.core.accounts.active().id).toBe(profileId);

    // Data comes from the other exchange now: a portfolio read through the bridge is signed with
    // the other's key and reaches the other only.
    const overview = await rpcFromPage<unknown>(page, 'portfolio.overview', { quote: 'USDT' });
    expect(overview.ok).toBe(true);
    const seen = other.requestLog(since);
    expect(seen.some((e) => e.path === '/api/v4/public/ping' && e.status === 200)).toBe(true);
    const signed = seen.filter((e) => e.apiKey !== undefined);
    expect(signed.length).toBeGreaterThan(0);
    // Every one succeeded: 200, or 201 where the deployed server answers so (main-account/history,
    // read by the Overview's history sync).
    const ok = (status?: number) => status !== undefined && status >= 200 && status < 300;
    expect(signed.every((e) => e.apiKey === other.apiKey && ok(e.status))).toBe(true);
    const demoAfter = app.core.demoExchange.requestLog(demoSince);
    expect(demoAfter.filter((e) => e.apiKey !== undefined)).toEqual([]);
    await shot(page, '3-switched');
    step('switch');
  });

  it('connects OAuth through the other exchange’s /auth/login and loads order history', async () => {
    await accounts.savePartner(NAME, other.oauthClientId, other.oauthClientSecret);
    // The default redirect port (53682) is one fixed port on this machine: anything else holding
    // it (another run of the suite, another program) made Connect fail with "port in use" and the
    // popup never opened. The test moves to a free port, as a user would.
    await accounts.setRedirectPort(NAME, await freePort());
    const popupOpened = browser.context.waitForEvent('page');
    await accounts.connectButton(NAME).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    expect(popup.url()).toContain(`${other.url}/auth/login?`);
    expect(new URL(popup.url()).searchParams.get('client_id') ?? popup.url()).toContain(
      other.oauthClientId,
    );
    await popup.locator('#approve').click();
    await popup.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
    await popup.locator('h1', { hasText: 'Connected' }).waitFor();
    await popup.screenshot({ path: `${SHOTS}/e2e-accounts-4-oauth-callback.png` });
    await popup.close();

    await accounts.connectedBadge(NAME).waitFor();
    historyBefore = await accounts.loadHistory(NAME);
    const executed = other.engine.state.history.filter((o) =>
      ['FILLED', 'PARTIALLY_FILLED'].includes(o.status),
    ).length;
    expect(historyBefore).toBeGreaterThan(0);
    expect(historyBefore).toBeLessThanOrEqual(executed);
    // Through the bearer route (OAuth), not a signed one.
    const bearer = other.requestLog().filter((e) => e.path === '/api/v4/accounts/orders');
    expect(bearer.length).toBeGreaterThan(0);
    expect(bearer.every((e) => e.status === 200 && e.apiKey === undefined)).toBe(true);
    await shot(page, '4-oauth-connected');
    step('oauth');
  });

  it('places an order through the bridge on the other exchange', async () => {
    const since = other.requestLog().at(-1)?.id ?? 0;
    const placed = await rpcFromPage<PlacementOutcome>(page, 'orders.place', {
      kind: 'stock_market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
    });
    if (!placed.ok) throw new Error(`orders.place failed: ${JSON.stringify(placed.error)}`);
    expect(placed.value.outcome).toBe('placed');
    const outcome = placed.value as Extract<PlacementOutcome, { outcome: 'placed' }>;
    expect(outcome.market).toBe('BTC_USDT');
    const orders = other
      .requestLog(since)
      .filter((e) => e.path === '/api/v4/order/stock_market' && e.status === 200);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.apiKey).toBe(other.apiKey);
    const engine = other.engine.state;
    expect([...engine.active, ...engine.history].some((o) => o.id === outcome.orderId)).toBe(true);
    // The order history through OAuth now holds it too.
    const history = await rpcFromPage<ExecutedOrders>(page, 'orders.partnerHistory', {
      market: 'BTC_USDT',
      limit: 500,
    });
    if (!history.ok)
      throw new Error(`orders.partnerHistory failed: ${JSON.stringify(history.error)}`);
    expect((history.value['BTC_USDT'] ?? []).map((o) => o.orderId)).toContain(outcome.orderId);
    // Its CSV (Orders › Order history › Export CSV) has the same orders, one row each.
    const csv = await rpcFromPage<CsvExport>(page, 'orders.exportPartnerHistoryCsv', {
      market: 'BTC_USDT',
    });
    if (!csv.ok)
      throw new Error(`orders.exportPartnerHistoryCsv failed: ${JSON.stringify(csv.error)}`);
    const csvRows = parse(csv.value.csv!, { columns: true }) as Record<string, string>[];
    expect(csv.value.rows).toBe(csvRows.length);
    expect(csvRows.map((r) => Number(r['Order id'])).sort((a, b) => a - b)).toEqual(
      (history.value['BTC_USDT'] ?? []).map((o) => o.orderId).sort((a, b) => a - b),
    );
    expect(csvRows.find((r) => Number(r['Order id']) === outcome.orderId)).toMatchObject({
      Market: 'BTC/USDT',
      Side: 'buy',
      'Amount unit': 'BTC',
    });
    // And the screen's "Load order history" still answers (it shows at most its first page).
    expect(await accounts.loadHistory(NAME)).toBeGreaterThanOrEqual(historyBefore);
    step('order');
  });

  it('locks and unlocks: nothing of the app in the DOM while locked, a wrong passcode refused', async () => {
    expect((await findCredentials(VAULT_SERVICE)).map((e) => e.account)).not.toContain('app-lock');
    await accounts.turnOnLock(PASSCODE, 1);
    lockLeftOn = true;
    expect(await accounts.lockCard.textContent()).toContain('Locks after 1 minute idle.');
    await accounts.lockNow();
    const lockedHtml = await page.content();
    for (const absent of [NAME, 'Demo', other.apiKey.slice(-4), 'Your accounts', 'Screens'])
      expect(count(lockedHtml, absent), absent).toBe(0);
    // Only the lock screen's words: no amount, no number of any kind.
    const lockedText = (await page.locator('body').innerText()).replace(/\s+/g, ' ').trim();
    expect(lockedText).toBe(
      '◆ Exchange Desk Exchange Desk is locked Enter your passcode to continue. Passcode Unlock',
    );
    expect(await page.locator('nav, header, [data-testid="status-pill"]').count()).toBe(0);
    // Main enforces the lock too.
    const refused = await rpcFromPage(page, 'profiles.list');
    expect(refused).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    await shot(page, '5-locked');

    await accounts.submitUnlock('not-the-passcode');
    await accounts.unlockError.waitFor();
    expect(await accounts.unlockError.textContent()).toBe('That passcode is not right.');
    expect(await accounts.lockScreen.isVisible()).toBe(true);
    await shot(page, '6-wrong-passcode');

    await accounts.submitUnlock(PASSCODE);
    await accounts.lockScreen.waitFor({ state: 'detached' });
    await accounts.card(NAME).waitFor();
    expect(await accounts.shell.profile.textContent()).toContain(NAME);

    await accounts.turnOffLock(PASSCODE);
    lockLeftOn = false;
    const lockEntry = (await findCredentials(VAULT_SERVICE)).filter(
      (e) => e.account === 'app-lock',
    );
    expect(lockEntry).toEqual([]);
    step('lock');
  });

  it('leaks no secret: renderer, storage, data folder, log, bridge messages', async () => {
    // Checked on the unlocked Accounts screen, even when the lock step failed half-way.
    if (await accounts.lockScreen.count()) {
      await accounts.submitUnlock(PASSCODE);
      await accounts.lockScreen.waitFor({ state: 'detached' });
    }
    await accounts.card(NAME).waitFor();
    const entry = async <T>(kind: string): Promise<T | undefined> => {
      const text = await getPassword(VAULT_SERVICE, `profile:${profileId}:${kind}`);
      return text === null ? undefined : (JSON.parse(text) as T);
    };
    const secrets = {
      ...(await entry<{ apiSecret: string }>('api'))!,
      partner: await entry<{ clientSecret: string }>('partner'),
      tokens: await entry<{ accessToken: string; refreshToken: string }>('tokens'),
    };
    expect(await getPassword(VAULT_SERVICE, `profile:${profileId}`)).toBeNull();
    expect(secrets.apiSecret).toBe(other.apiSecret);
    expect(secrets.partner?.clientSecret).toBe(other.oauthClientSecret);
    const S: Record<string, string> = {
      apiSecret: other.apiSecret,
      oauthClientSecret: other.oauthClientSecret,
      accessToken: secrets.tokens?.accessToken ?? '',
      refreshToken: secrets.tokens?.refreshToken ?? '',
    };
    for (const [name, value] of Object.entries(S))
      expect(value.length, `${name} is known`).toBeGreaterThanOrEqual(32);
    secretsForLog = S;

    // Positive controls: each place searched does hold what it should (so a 0 means something).
    const canary = `leak-canary-${Date.now()}`;
    // One short string, and one past the 1024th character of a long flat string (V8 names string
    // nodes by their first 1024 characters; longStrings reads those in full). Both are built in the
    // page, so the evaluated source (kept as a script) does not hold them.
    await page.evaluate(
      `window.__leakCanary = ['${canary.slice(0, 5)}', '${canary.slice(5)}'].join('');
       window.__leakCanaryLong = JSON.stringify({
         pad: 'z'.repeat(2000),
         at: ['${canary.slice(0, 5)}', '${canary.slice(5)}-long'].join(''),
       });`,
    );
    console.log(`[accounts.e2e] log canary ${canary}`);

    // The renderer: heap (after GC), DOM, inputs.
    const snapshotText = await heapSnapshot(cdp);
    const snap = JSON.parse(snapshotText) as SnapshotJson;
    const parents = parentsOf(snap);
    const { read: long, unreadable } = await longStrings(cdp, snap, parents);
    // The long strings no object holds are script sources and literals of scripts: each must be
    // found in a script's source (then that source is searched in its place), else it is unknown.
    const sources = [...(await scriptSources(cdp)), ...(await builtScripts())];
    // Snapshot string names drop characters outside the Basic Multilingual Plane (emoji in a
    // library's comments): compare without them.
    const bmp = (text: string) => text.replace(/[\uD800-\uDFFF]/g, '');
    const bmpSources = sources.map(bmp);
    const unknown = unreadable.filter(
      (u) => !bmpSources.some((source) => source.includes(bmp(u.prefix))),
    );
    expect(
      unknown.map((u) => `${JSON.stringify(u.prefix.slice(0, 80))}… held by ${u.holders}`),
      'long heap strings that could not be read',
    ).toEqual([]);
    await page.evaluate('delete window.__leakCanary; delete window.__leakCanaryLong');
    const snapshot = [snapshotText, ...long.map((l) => l.text), ...sources].join('\n');
    const html = await page.content();
    const inputs = JSON.stringify(
      await page.evaluate(
        `[...document.querySelectorAll('input, textarea, select')].map((e) => e.value)`,
      ),
    );
    // Storage and IndexedDB.
    const storage = (await page.evaluate(
      `JSON.stringify({
        local: Object.entries(localStorage),
        session: Object.entries(sessionStorage),
        cookies: document.cookie,
        href: location.href,
        historyState: history.state,
        windowName: window.name,
      })`,
    )) as string;
    const databases = (await page.evaluate(
      `indexedDB.databases().then((list) => JSON.stringify(list))`,
    )) as string;
    expect(JSON.parse(databases)).toEqual([]);
    // The data folder, with pending demo state written first.
    await app.core.demoExchange.flush();
    const files = await readTree(dataDir);
    const fileNames = [...files.keys()].map((p) => p.slice(dataDir.length + 1)).sort();
    expect(fileNames).toEqual(expect.arrayContaining(['demo-exchange.json', 'profiles.json']));
    const folder = [...files.values()].join('\n');
    // The app's log output, everything main sent, and every RPC/SSE body the page received.
    const log = logs.lines.join('');
    const sent = app.sent.join('\n');
    const bodies = (await Promise.all(rpcBodies)).join('\n');
    const sse = sseMessages.join('\n');

    const places: Record<string, string> = {
      heapSnapshot: snapshot,
      domHtml: html,
      inputValues: inputs,
      storage,
      indexedDb: databases,
      dataFolder: folder,
      appLog: log,
      bridgeSent: sent,
      rpcBodies: bodies,
      sseMessages: sse,
    };
    const controls: Record<string, [string, number]> = {
      heapSnapshot: [canary, count(snapshotText, canary)],
      heapLongStrings: [`${canary}-long`, count(snapshot, `${canary}-long`)],
      domHtml: [NAME, count(html, NAME)],
      dataFolder: [NAME, count(folder, NAME)],
      appLog: [canary, count(log, canary)],
      bridgeSent: [NAME, count(sent, NAME)],
      rpcBodies: [NAME, count(bodies, NAME)],
      sseMessages: [NAME, count(sse, NAME)],
    };
    for (const [place, [needle, found]] of Object.entries(controls))
      expect(found, `positive control: ${needle} in ${place}`).toBeGreaterThan(0);

    const table: Record<string, Record<string, number>> = {};
    for (const [place, text] of Object.entries(places)) {
      table[place] = Object.fromEntries(
        Object.entries(S).map(([name, value]) => [name, count(text, value)]),
      );
    }
    const report = {
      heapLongStrings: {
        read: long.length,
        scriptHeld: unreadable.length,
        scripts: sources.length,
      },
      sizes: Object.fromEntries(Object.entries(places).map(([k, v]) => [k, v.length])),
      files: fileNames,
      rpcBodies: rpcBodies.length,
      sseMessages: sseMessages.length,
      sentMessages: app.sent.length,
      logChunks: logs.lines.length,
      counts: table,
    };
    await writeFile('test-results/e2e-accounts-leaks.json', JSON.stringify(report, null, 2));
    const heapFound = Object.entries(table.heapSnapshot!).filter(([, n]) => n > 0);
    const chains = heapFound.map(([name]) => {
      const holders = long.filter((l) => l.text.includes(S[name]!)).map((l) => l.node);
      return `${name}:\n  ${retainers(snap, parents, S[name]!, holders).join('\n  ')}`;
    });
    expect(chains, 'secrets retained in the renderer heap').toEqual([]);
    const zero = Object.fromEntries(
      Object.entries(table).map(([place, row]) => [
        place,
        Object.fromEntries(Object.keys(row).map((name) => [name, 0])),
      ]),
    );
    expect(table).toEqual(zero);
    expect(pageErrors).toEqual([]);
    step('leaks');
  });
});
