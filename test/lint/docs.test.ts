import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The README is a front door and the docs behind it say the rest; comments cite only what the
 * repository has: "rule N" resolves to a numbered rule of docs/architecture.md, and no file outside
 * the repository (a design note or a spec folder beside it) is cited.
 */
const tracked = (...paths: string[]) =>
  execFileSync('git', ['ls-files', ...paths], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

describe('the docs', () => {
  it('a README of at most 200 lines, and the pages behind it', () => {
    expect(readFileSync('README.md', 'utf8').split('\n').length).toBeLessThanOrEqual(200);
    for (const page of [
      'user-guide',
      'architecture',
      'testing',
      'benchmarks',
      'packaging',
      'demo-exchange',
      'api-v4-notes',
    ])
      expect(existsSync(`docs/${page}.md`), page).toBe(true);
  });

  it('every "rule N" in the code is a numbered rule of docs/architecture.md', () => {
    const architecture = readFileSync('docs/architecture.md', 'utf8');
    const rules = new Set(
      [...architecture.split('## Rules')[1]!.matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1])),
    );
    expect(rules.size).toBeGreaterThanOrEqual(11);
    const cited: string[] = [];
    for (const file of tracked(
      'src',
      'test',
      'scripts',
      'bench',
      'packages',
      'eslint.config.mjs',
    )) {
      if (!/\.(ts|tsx|mts|mjs|cjs)$/.test(file)) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/\brules? (\d+)(?: and (\d+))?/g)) {
        for (const n of [m[1], m[2]].filter(Boolean))
          if (!rules.has(Number(n))) cited.push(`${file}: rule ${n}`);
      }
    }
    expect(cited).toEqual([]);
  });

  it('no code cites a file outside the repository', () => {
    const outside = /DESIGN\.md|DESIGN rule|shared\/spec|spec\/reference/;
    const citing = tracked('src', 'test', 'scripts', 'bench', 'packages')
      .filter((file) => file !== 'test/lint/docs.test.ts')
      .filter((file) => outside.test(readFileSync(file, 'utf8')));
    expect(citing).toEqual([]);
  });
});
