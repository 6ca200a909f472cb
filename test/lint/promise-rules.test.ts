import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Rule 12 (docs/architecture.md): a promise is never dropped by accident, a callback that expects
 * nothing gets no promise, and a switch over a union covers every member. The project's real
 * ESLint config checks it with the types, at error, and no file turns it off.
 */
const RULES = [
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
  '@typescript-eslint/switch-exhaustiveness-check',
];

const eslint = new ESLint({ cwd: process.cwd() });

async function typedErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(process.cwd(), filePath) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages
    .filter((m) => m.severity === 2 && RULES.includes(m.ruleId ?? ''))
    .map((m) => m.ruleId!)
    .sort();
}

const BROKEN = `
type Side = 'buy' | 'sell';
async function load(): Promise<void> {}
export function all(side: Side, onClick: (run: () => void) => void): number {
  load();
  onClick(async () => {});
  switch (side) {
    case 'buy':
      return 1;
  }
  return 0;
}
`;

const KEPT = `
type Side = 'buy' | 'sell';
async function load(): Promise<void> {}
export async function all(side: Side, onClick: (run: () => void) => void): Promise<number> {
  await load();
  onClick(() => void load());
  switch (side) {
    case 'buy':
      return 1;
    case 'sell':
      return 2;
  }
}
`;

describe('type-checked promise and switch rules', () => {
  // TypeScript builds each project's program on its first file (seconds idle, far longer on a busy
  // machine): built once here, where a slow machine waits rather than fails a test.
  beforeAll(async () => {
    await typedErrors(KEPT, 'src/main/lib/nextTurn.ts');
    await typedErrors(KEPT, 'src/renderer/lib/remote.ts');
  }, 300_000);

  it.each([
    'src/main/lib/nextTurn.ts',
    'src/renderer/lib/remote.ts',
    'packages/demo-exchange/src/cli.ts',
    'test/support/virtualClock.ts',
  ])('refuses a dropped promise, a misused one and a partial switch in %s', async (file) => {
    expect(await typedErrors(BROKEN, file)).toEqual([...RULES].sort());
  });

  it('accepts awaited, voided and exhaustive code', async () => {
    expect(await typedErrors(KEPT, 'src/main/lib/nextTurn.ts')).toEqual([]);
  });

  it('is never disabled in a tracked file', () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.cjs'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    // Written in two pieces so that this file does not match itself.
    const comment = new RegExp(
      `eslint-${'disable'}[^\\n]*(${RULES.map((r) => r.split('/')[1]).join('|')})`,
    );
    const disabling = files.filter((file) => comment.test(readFileSync(file, 'utf8')));
    expect(disabling).toEqual([]);
  });
});
