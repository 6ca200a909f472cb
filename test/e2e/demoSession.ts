import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';
import { Client, type Answer } from '@exchange-desk/demo-exchange/testing';
import { launchBrowser, type Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { ShellPage } from './pages/shell';

/**
 * One E2E file's session on the built-in demo exchange: the web host on a fresh data folder (the
 * demo with its control endpoint and frozen prices), a page open with auto-refresh off, and a second
 * client signing REST calls with the same key (as another program of the user would), with the
 * demo's request log to show what was sent.
 */
export interface DemoSession {
  app: App;
  browser: Browser;
  page: Page;
  /** The second client (public calls, the demo's control endpoint). */
  client: Client;
  /** A signed POST with the demo profile's key. */
  post<T = Record<string, unknown>>(
    path: string,
    fields: Record<string, unknown>,
  ): Promise<Answer<T>>;
  /** The last entry of the demo's request log (0: none). */
  lastLogId(): number;
  /** REST requests to `path` since the log entry `since`. */
  sentTo(path: string, since: number): number;
  stop(): Promise<void>;
}

/**
 * `statusIntervalMs`: how often main checks the exchange on its own (a test that steers the
 * checks through `exchange.checkNow` sets it long, so no check comes from the clock).
 */
export async function startDemoSession(
  name: string,
  options: { statusIntervalMs?: number } = {},
): Promise<DemoSession> {
  const dataDir = await mkdtemp(join(tmpdir(), `desk-e2e-${name}-`));
  const app = await startApp({
    dataDir,
    demoExchange: { control: true, freezePrices: true },
    ...options,
  });
  const second = new Client(app.core.demoExchange);
  const browser = await launchBrowser();
  const page = await browser.context.newPage();
  // What the page said while it started: told when it does not start.
  const said: string[] = [];
  const started = Date.now();
  const note = (line: string) => said.push(`${Date.now() - started} ms ${line}`);
  const pending = new Map<Request, number>();
  const notes = {
    request: (r: Request) => pending.set(r, Date.now() - started),
    requestfinished: (r: Request) => pending.delete(r),
    console: (m: ConsoleMessage) => note(`console.${m.type()}: ${m.text()}`),
    pageerror: (e: Error) => note(`page error: ${e.message}`),
    requestfailed: (r: Request) => {
      pending.delete(r);
      note(`request failed: ${r.url()} ${r.failure()?.errorText}`);
    },
    response: (r: Response) => {
      if (!r.ok()) note(`${r.status()} ${r.url()}`);
    },
  };
  for (const [name, listener] of Object.entries(notes))
    page.on(name as 'console', listener as never);
  try {
    await page.goto(app.host.pageUrl);
    await new ShellPage(page).setting('Auto-refresh', '0');
  } catch (error) {
    for (const [r, at] of pending) note(`no answer to ${r.method()} ${r.url()} (sent at ${at} ms)`);
    const shown = await page
      .evaluate<string>('document.body.innerHTML.slice(0, 2000)')
      .catch((e: unknown) => String(e));
    await browser.close();
    await app.stop();
    throw new Error(
      `The app did not start on the demo (${String(error)}).\nThe page showed: ${shown}\n` +
        `It said:\n${said.join('\n') || '(nothing)'}`,
      { cause: error },
    );
  } finally {
    for (const [name, listener] of Object.entries(notes))
      page.off(name as 'console', listener as never);
  }
  const log = app.core.demoExchange;
  return {
    app,
    browser,
    page,
    client: second,
    post: (path, fields) => second.post(path, fields, { key: log.apiKey, secret: log.apiSecret }),
    lastLogId: () => log.requestLog().at(-1)?.id ?? 0,
    sentTo: (path, since) => log.requestLog(since).filter((entry) => entry.path === path).length,
    async stop() {
      await browser.close();
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What main answered a channel with, as the page's bridge received it. */
interface RpcAnswer<T> {
  ok: boolean;
  value: T;
  error?: { code: string };
}

/** Runs `action` on `page` and answers what main answered `channel` with, ok or not. */
export async function rpcAnswer<T>(
  page: Page,
  channel: string,
  action: () => Promise<unknown>,
): Promise<RpcAnswer<T>> {
  const answered = page.waitForResponse((r) => r.url().endsWith(`/rpc/${channel}`), {
    timeout: 60_000,
  });
  await action();
  return (await (await answered).json()) as RpcAnswer<T>;
}

/** Runs `action` on `page` and answers the value main answered `channel` with: it must be ok. */
export async function okAnswer<T>(
  page: Page,
  channel: string,
  action: () => Promise<unknown>,
): Promise<T> {
  const body = await rpcAnswer<T>(page, channel, action);
  expect(body.ok, JSON.stringify(body.error)).toBe(true);
  return body.value;
}
