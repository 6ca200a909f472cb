#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first that fails; then what ran and how long
// each stage took. The stages are the package's own scripts (lint, knip, typecheck, test:unit,
// build, test:e2e); the two vitest stages also write a JSON report (test-results/), read here for
// the counts per project.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const RESULTS = 'test-results';
/** What the suites measured, one line each (test/support/figures.ts). */
const FIGURES = join(RESULTS, 'figures.txt');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** [stage, npm script, vitest JSON report or undefined] */
const STAGES = [
  ['lint', 'lint'],
  ['knip', 'knip'],
  ['typecheck', 'typecheck'],
  ['unit + renderer', 'test:unit', join(RESULTS, 'vitest-unit.json')],
  ['build', 'build'],
  ['e2e', 'test:e2e', join(RESULTS, 'vitest-e2e.json')],
];

function run(script, report) {
  const args = ['run', '-s', script];
  if (report) {
    rmSync(report, { force: true });
    args.push('--', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  }
  return new Promise((resolve) => {
    const child = spawn(npm, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
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

const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

mkdirSync(RESULTS, { recursive: true });
rmSync(FIGURES, { force: true });
const started = Date.now();
const done = [];
let failed;
for (const [stage, script, report] of STAGES) {
  const t0 = Date.now();
  const code = await run(script, report);
  done.push({ stage, ms: Date.now() - t0, ok: code === 0, detail: report ? counts(report) : '' });
  if (code !== 0) {
    failed = stage;
    break;
  }
}

const width = Math.max(...STAGES.map(([stage]) => stage.length));
const lines = done.map(
  ({ stage, ms, ok, detail }) =>
    `  ${stage.padEnd(width)}  ${clock(ms).padStart(10)}  ${ok ? 'ok    ' : 'FAILED'}  ${detail}`,
);
for (const [stage] of STAGES.slice(done.length))
  lines.push(`  ${stage.padEnd(width)}  ${'-'.padStart(10)}  not run`);
console.log(
  [
    '',
    failed
      ? `npm test: ${failed} FAILED after ${clock(Date.now() - started)}`
      : `npm test: every check passed in ${clock(Date.now() - started)}`,
    ...lines,
    ...(existsSync(FIGURES) ? [`  what the suites measured: ${FIGURES}`] : []),
  ].join('\n'),
);
process.exitCode = failed ? 1 : 0;
