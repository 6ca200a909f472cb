// `npm run dev` without Electron: the renderer's dev server exactly as electron-vite starts it
// (vite serving src/renderer with the React plugin, from electron.vite.config.ts), every response
// given the headers main's session gives it (appFiles.ts `sessionResponseHeaders`, which window.ts
// applies to the default session), in headless Chromium. The page's calls go to the web host, as
// the preload's would go to main.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { resolveConfig } from 'electron-vite';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResponseHeaders, type ResponseHeaders } from '../../src/main/page/appFiles';
import { launchBrowser, pageErrorsOf, type Browser } from '../support/browser';
import { startApp, type App } from '../support/webhost';
import { OverviewPage } from '../e2e/pages/overview';

let server: ViteDevServer;
let app: App;
let browser: Browser;
/** The paths whose responses main's session gave a CSP header. */
const withCsp: string[] = [];

/**
 * Main's session in front of the dev server: each response's headers, as they leave, become what
 * `sessionResponseHeaders` makes of them (Electron's `onHeadersReceived` sees them the same way).
 */
function mainSession(): Plugin {
  const apply = (req: IncomingMessage, res: ServerResponse, extra: OutgoingHttpHeaders) => {
    const given: ResponseHeaders = {};
    for (const [name, value] of Object.entries({ ...res.getHeaders(), ...extra })) {
      if (value !== undefined) given[name] = [value].flat().map(String);
    }
    const url = `http://${req.headers.host}${req.url ?? '/'}`;
    const headers = sessionResponseHeaders(url, given);
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    for (const [name, values] of Object.entries(headers)) res.setHeader(name, values);
    if (headers['Content-Security-Policy']) withCsp.push(req.url ?? '/');
  };
  return {
    name: 'test:main-session',
    configureServer(dev) {
      dev.middlewares.use((req, res, next) => {
        const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
        res.writeHead = ((status: number, ...rest: unknown[]) => {
          const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object');
          const reason = rest.find((r): r is string => typeof r === 'string');
          apply(req, res, headers ?? {});
          return reason === undefined ? writeHead(status) : writeHead(status, reason);
        }) as typeof res.writeHead;
        next();
      });
    },
  };
}

beforeAll(async () => {
  app = await startApp();
  const config = await resolveConfig({ root: process.cwd() }, 'serve', 'development');
  const renderer = config.config?.renderer;
  if (!renderer) throw new Error('electron.vite.config.ts has no renderer');
  server = await createServer({
    ...renderer,
    plugins: [mainSession(), ...(renderer.plugins ?? [])],
    server: {
      host: '127.0.0.1',
      port: 0,
      // The page's calls and events, as the preload would carry them to main.
      proxy: { '/rpc': app.host.url, '/events': app.host.url },
    },
    logLevel: 'warn',
  });
  await server.listen();
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await app?.stop();
});

describe('npm run dev: the dev server page under main’s session', () => {
  it('renders the Overview: main’s CSP header stays off the dev server’s responses', async () => {
    const tab = await browser.context.newPage();
    const errors = pageErrorsOf(tab);
    await tab.goto(`${server.resolvedUrls!.local[0]}#token=${app.host.token}`);
    const overview = new OverviewPage(tab);
    try {
      await overview.total.filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
    } catch (error) {
      throw new Error(`the Overview did not render; the page said: ${errors.join('\n')}`, {
        cause: error,
      });
    }
    await overview.rows.first().waitFor();
    expect(await overview.totalText()).toMatch(/^[\d,]+\.\d+ USDT$/);
    expect(withCsp).toEqual([]);
    expect(errors).toEqual([]);
    await tab.close();
  });
});
