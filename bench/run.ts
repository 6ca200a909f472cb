import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  fmtRatio,
  pinSelf,
  renderTable,
  SUITE_BUDGET_MS,
  type BenchContext,
  type BenchSuite,
  type SuiteResult,
} from './support';

/**
 * npm run bench [-- suite-name ...]
 *
 * Runs every suite in bench/suites/*.ts (each exports `suite: BenchSuite`), in name order, on one
 * pinned core; prints a table per suite and writes all numbers to bench-results/latest.json.
 */

const ROOT = resolve(__dirname, '..');
const SUITES_DIR = join(__dirname, 'suites');
const RESULTS = join(ROOT, 'bench-results', 'latest.json');

function commit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

async function loadSuites(only: string[]): Promise<BenchSuite[]> {
  const files = readdirSync(SUITES_DIR)
    .filter((file) => file.endsWith('.ts'))
    .sort();
  const suites: BenchSuite[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(SUITES_DIR, file)).href)) as {
      suite?: BenchSuite;
    };
    if (!module.suite) throw new Error(`bench/suites/${file} does not export \`suite\``);
    if (only.length === 0 || only.includes(module.suite.name)) suites.push(module.suite);
  }
  const unknown = only.filter((name) => !suites.some((s) => s.name === name));
  if (unknown.length) throw new Error(`No such bench suite: ${unknown.join(', ')}`);
  return suites;
}

function print(suite: BenchSuite, result: SuiteResult, seconds: number): void {
  const noisy = result.noisy ?? [];
  const out: string[] = [
    '',
    `== ${suite.title} (${seconds.toFixed(1)} s)${noisy.length ? ' -- NOISY' : ''}`,
  ];
  for (const reason of noisy) out.push(`   noisy: ${reason}`);
  for (const table of result.tables) out.push('', renderTable(table));
  if (result.verdicts.length) {
    out.push('');
    for (const v of result.verdicts) {
      out.push(
        `${v.pass ? 'PASS' : 'FAIL'}${noisy.length ? ' (noisy)' : ''}  ${v.name}: ${fmtRatio(v.ratio)} (target <= ${v.target}x)`,
      );
    }
  }
  if (result.notes.length) {
    out.push('', 'How it was measured:');
    for (const note of result.notes) out.push(`- ${note}`);
  }
  console.log(out.join('\n'));
}

async function main(): Promise<void> {
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const pinning = pinSelf();
  let suiteStarted = 0;
  const context: BenchContext = {
    pinning,
    log: (message) => process.stderr.write(`[bench] ${message}\n`),
    timeUp: () => performance.now() - suiteStarted > SUITE_BUDGET_MS,
  };
  const suites = await loadSuites(only);
  const startedAt = new Date().toISOString();
  const environment = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    commit: commit(),
    pinning,
  };
  console.log(`Exchange Desk bench, ${startedAt}`);
  console.log(
    `node ${environment.node}, ${environment.platform}, ${environment.cpu} x ${environment.cores}` +
      (environment.commit ? `, commit ${environment.commit}` : ''),
  );
  console.log(`CPU pinning: ${pinning.detail}`);

  const results: Record<string, unknown> = {};
  for (const suite of suites) {
    const start = performance.now();
    suiteStarted = start;
    const result = await suite.run(context);
    const seconds = (performance.now() - start) / 1000;
    print(suite, result, seconds);
    results[suite.name] = {
      title: suite.title,
      seconds,
      verdicts: result.verdicts,
      noisy: result.noisy ?? [],
      notes: result.notes,
      data: result.data,
    };
  }

  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    RESULTS,
    `${JSON.stringify({ startedAt, environment, suites: results }, null, 2)}\n`,
  );
  console.log(`\nWrote ${RESULTS}`);
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
