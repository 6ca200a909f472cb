#!/usr/bin/env node
// `npm test`: every check; then what ran and how long each stage took. The checks are the
// package's own scripts, in steps: the checks that read nothing another writes and use one core
// each run side by side (ESLint beside Prettier and the build; the two tsc projects beside knip);
// then the unit and renderer projects; then the E2E project. The two test stages run alone: each
// already uses both cores, and a test run beside another is a slower machine for both, which the
// tests' timeouts should not have to absorb (docs/testing.md). The first check that fails stops
// the others. Each check's output is printed whole when it ends, so two never interleave. The two
// vitest stages also write a JSON report (test-results/), read here for the counts per project.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const RESULTS = 'test-results';
/** What the suites measured, one line each (test/support/figures.ts). */
const FIGURES = join(RESULTS, 'figures.txt');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const windows = process.platform === 'win32';

/** The summary's stages, in order: [stage, its npm scripts, vitest JSON report or undefined]. */
const STAGES = [
  ['lint', ['lint:eslint', 'lint:prettier']],
  ['knip', ['knip']],
  ['typecheck', ['typecheck:node', 'typecheck:web']],
  ['unit + renderer', ['test:unit'], join(RESULTS, 'vitest-unit.json')],
  ['build', ['build']],
  ['e2e', ['test:e2e'], join(RESULTS, 'vitest-e2e.json')],
];
const reportOf = new Map(STAGES.flatMap(([, scripts, report]) => scripts.map((s) => [s, report])));

/** Each lane is a list of steps run one after the other; a step is scripts run side by side. */
const LANES = [
  [
    ['lint:eslint', 'lint:prettier', 'build'],
    ['typecheck:node', 'typecheck:web', 'knip'],
    ['test:unit'],
    ['test:e2e'],
  ],
];

/** script -> { start, end, code } */
const runs = new Map();
const running = new Set();
let failed;

function run(script) {
  const report = reportOf.get(script);
  const args = ['run', '-s', script];
  if (report) {
    rmSync(report, { force: true });
    args.push('--', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  }
  const entry = { start: Date.now(), end: 0, code: undefined };
  runs.set(script, entry);
  return new Promise((resolve) => {
    // Its own process group, so stopping it stops what it started (vitest's workers, Chromium).
    const child = spawn(npm, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: windows,
      detached: !windows,
      env: {
        ...process.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
      },
    });
    running.add(child);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      entry.end = Date.now();
      entry.code = code ?? (signal ? 1 : 0);
      const stopped = failed !== undefined && entry.code !== 0;
      const text = Buffer.concat(output).toString();
      process.stdout.write(
        `\n── ${script}: ${stopped ? 'stopped' : entry.code === 0 ? 'ok' : 'FAILED'} in ${clock(entry.end - entry.start)}\n` +
          (stopped ? '' : text),
      );
      if (entry.code !== 0 && failed === undefined) {
        failed = script;
        for (const other of running) stop(other);
      }
      resolve(entry.code);
    });
  });
}

function stop(child) {
  try {
    if (windows) child.kill();
    else process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function lane(steps) {
  for (const step of steps) {
    if (failed !== undefined) return;
    await Promise.all(step.map(run));
  }
}

/** A vitest file's project, by the include patterns of vitest.config.mts. */
function projectOf(file) {
  if (file.endsWith('.e2e.ts')) return 'e2e';
  if (/[\\/]test[\\/]renderer[\\/]/.test(file)) return 'renderer';
  if (/[\\/]packages[\\/]demo-exchange[\\/]/.test(file)) return 'demo-exchange';
  return 'unit';
}

/** "unit 1,516 passed in 107 files, renderer 531 passed in 66 files" from a vitest JSON report. */
function counts(report) {
  let json;
  try {
    json = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    return 'no report';
  }
  const byProject = new Map();
  for (const file of json.testResults) {
    const project = projectOf(file.name);
    const entry = byProject.get(project) ?? { files: 0, passed: 0, failed: 0, other: 0 };
    entry.files += 1;
    for (const test of file.assertionResults) {
      if (test.status === 'passed') entry.passed += 1;
      else if (test.status === 'failed') entry.failed += 1;
      else entry.other += 1;
    }
    byProject.set(project, entry);
  }
  const n = (value) => value.toLocaleString('en-US');
  return [...byProject]
    .map(
      ([project, c]) =>
        `${project} ${n(c.passed)} passed` +
        (c.failed ? `, ${n(c.failed)} failed` : '') +
        (c.other ? `, ${n(c.other)} not run` : '') +
        ` in ${n(c.files)} files`,
    )
    .join('; ');
}

function clock(ms) {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

mkdirSync(RESULTS, { recursive: true });
rmSync(FIGURES, { force: true });
const started = Date.now();
// Ctrl-C or CI cancelling: stop the checks' process groups too.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    failed ??= signal;
    for (const child of running) stop(child);
  });
await Promise.all(LANES.map(lane));

/** A stage: from its first script's start to its last one's end; failed if one of them failed. */
const width = Math.max(...STAGES.map(([stage]) => stage.length));
const lines = STAGES.map(([stage, scripts, report]) => {
  const mine = scripts.map((script) => runs.get(script));
  const name = stage.padEnd(width);
  if (mine.some((entry) => entry === undefined || entry.code === undefined))
    return `  ${name}  ${'-'.padStart(10)}  not run`;
  const ms = Math.max(...mine.map((e) => e.end)) - Math.min(...mine.map((e) => e.start));
  const ok = mine.every((entry) => entry.code === 0);
  const stopped = !ok && !scripts.includes(failed);
  const result = ok ? 'ok     ' : stopped ? 'stopped' : 'FAILED ';
  return `  ${name}  ${clock(ms).padStart(10)}  ${result}  ${report && !stopped ? counts(report) : ''}`;
});
console.log(
  [
    '',
    failed
      ? `npm test: ${[...STAGES].find(([, scripts]) => scripts.includes(failed))?.[0] ?? failed} FAILED after ${clock(Date.now() - started)}`
      : `npm test: every check passed in ${clock(Date.now() - started)}`,
    ...lines,
    ...(existsSync(FIGURES) ? [`  what the suites measured: ${FIGURES}`] : []),
  ].join('\n'),
);
process.exitCode = failed ? 1 : 0;
