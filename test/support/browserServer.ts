import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './browser';

/**
 * The E2E project's global setup: one headless Chromium for the whole run. Each file (and each
 * dark-theme check) opens its own context in it (launchBrowser), so the run starts Chromium once
 * instead of once per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
