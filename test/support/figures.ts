import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Where the suites write what they measured (memory growth, counts per mode, sizes, axe's findings),
 * one line each: a passing run prints nothing of its tests, so the figures go to a file that `npm
 * test` names at its end. Test output is silenced for passing tests (vitest.config.mts).
 */
export const FIGURES_FILE = resolve('test-results/figures.txt');

export function figure(text: string): void {
  mkdirSync(dirname(FIGURES_FILE), { recursive: true });
  appendFileSync(FIGURES_FILE, `${new Date().toISOString()} ${text.trimEnd()}\n`);
}
