import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectEslint } from './projectEslint';

/**
 * The demo exchange is a package of its own (packages/demo-exchange): its sources import nothing
 * from the app. The project's ESLint config refuses such an import, and every import its sources
 * make today stays inside the package or names a published module.
 */
const PACKAGE = resolve('packages/demo-exchange');
const eslint = projectEslint();

async function restricted(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: resolve(process.cwd(), filePath) });
  expect(result!.messages.filter((m) => /ignored/i.test(m.message) || m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('the demo exchange package', () => {
  it.each([
    ["import { log } from '../../../src/main/lib/log';", 'packages/demo-exchange/src/server.ts'],
    ["import { D } from '../../../../src/shared/decimal';", 'packages/demo-exchange/src/ws/x.ts'],
    ["import { x } from '../../../test/support/ports';", 'packages/demo-exchange/src/cli.ts'],
    ["import { x } from 'exchange-desk/src/main/core/core';", 'packages/demo-exchange/src/cli.ts'],
  ])('refuses an import of the app: %s', async (line, file) => {
    expect(await restricted(`${line}\nexport const y = 1;\n`, file)).toEqual([
      expect.stringContaining('imports nothing from the app'),
    ]);
  });

  it('allows its own modules and published packages', async () => {
    const code =
      "import { Engine } from './engine';\nimport WebSocket from 'ws';\nexport const e = [Engine, WebSocket];\n";
    expect(await restricted(code, 'packages/demo-exchange/src/server.ts')).toEqual([]);
  });

  it('imports nothing from outside itself in any of its sources', () => {
    const outside: string[] = [];
    for (const file of sources(join(PACKAGE, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/from\s+'([^']+)'/g)) {
        if (!spec!.startsWith('.')) continue;
        const target = resolve(dirname(file), spec!);
        if (relative(PACKAGE, target).startsWith('..'))
          outside.push(`${relative(PACKAGE, file)}: ${spec}`);
      }
    }
    expect(sources(join(PACKAGE, 'src')).length).toBeGreaterThan(20);
    expect(outside).toEqual([]);
  });
});
