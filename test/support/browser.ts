import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Download, type Page } from 'playwright-core';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

/** A system Chromium: $CHROMIUM_PATH, else /usr/bin/chromium, else an installed Chrome. */
export function chromiumPath(): string {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv) return fromEnv;
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found: set CHROMIUM_PATH, or install one (Debian/Ubuntu: apt-get install chromium).',
    );
  }
  return found;
}

/** Headless Chromium's flags, in tests and benches: no GPU, no QUIC, no background traffic. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium every E2E file opens its pages in (test/support/browserServer.ts). */
    chromiumEndpoint?: string;
  }
}

/**
 * A fresh, empty browser context (no cookies, storage or cache of any other) with no background
 * traffic. In the E2E run it is a context of the one Chromium the run started (browserServer.ts),
 * so a file or a dark-theme check does not start a browser of its own; elsewhere (a script, a
 * single file run without the global setup) it is a Chromium of its own with a fresh profile.
 */
export async function launchBrowser(
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<Browser> {
  const contextOptions = {
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: 1280, height: 800 },
  } as const;
  const endpoint = await providedEndpoint();
  if (endpoint) {
    const browser = await chromium.connect(endpoint);
    const context = await browser.newContext(contextOptions);
    return {
      context,
      async close() {
        await context.close();
        await browser.close();
      },
    };
  }
  const userDataDir = await mkdtemp(join(tmpdir(), 'desk-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    ...contextOptions,
    args: [...CHROMIUM_ARGS],
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The E2E run's shared Chromium, when this runs inside it. */
async function providedEndpoint(): Promise<string | undefined> {
  if (!process.env['VITEST']) return undefined;
  const { inject } = await import('vitest');
  return inject('chromiumEndpoint');
}

/**
 * The text of a file the page downloaded. Saved through the browser connection (saveAs), since a
 * shared browser keeps its downloads on its own side.
 */
export async function downloadedText(download: Download): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'desk-download-'));
  try {
    const file = join(dir, 'download');
    await download.saveAs(file);
    return await readFile(file, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Collects the page's uncaught errors and console errors (a spec expects none at its end). */
export function pageErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
