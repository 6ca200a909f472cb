import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectEslint } from './projectEslint';

/**
 * Architecture rule 3 (docs/architecture.md): only src/main/index.ts, the shell folder
 * (src/main/shell/) and the preload may import 'electron'.
 * These tests run the project's real ESLint config (eslint.config.mjs) to prove the rule bites.
 */

const RULE = 'no-restricted-imports';
const FIXTURE = 'test/lint/fixtures/forbidden-electron-import.ts';

const eslint = projectEslint();

async function electronErrors(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: resolve(process.cwd(), filePath) });
  expect(result).toBeDefined();
  // A file the config ignores would come back with a lone "File ignored" warning and prove nothing.
  const ignored = result!.messages.filter((message) => /ignored/i.test(message.message));
  expect(ignored).toEqual([]);
  // A parse error would also hide the rule.
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
  return result!.messages.filter((message) => message.ruleId === RULE && message.severity === 2);
}

const valueImport = "import { app } from 'electron';\n\nexport const name = app.getName();\n";

describe("the 'electron' import ban", () => {
  it.each([
    'src/main/services/foo.ts',
    'src/main/services/status.ts',
    'src/main/core/handlers.ts',
    'src/main/core/binder.ts',
    'src/main/page/security.ts',
    'src/main/page/webHost.ts',
    'src/main/lib/log.ts',
    'src/main/shellish.ts',
    'src/main/core/shell/window.ts',
    'src/main/index.test.ts',
    'src/renderer/App.tsx',
    'src/renderer/lib/bridge.ts',
    'src/shared/x.ts',
    'src/shared/contract.ts',
  ])('refuses it in %s', async (filePath) => {
    const errors = await electronErrors(valueImport, filePath);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain('electron');
    expect(errors[0]!.line).toBe(1);
  });

  it.each([
    'src/main/index.ts',
    'src/main/shell/window.ts',
    'src/main/shell/ipc.ts',
    'src/main/shell/tray/icon.ts',
    'src/preload/index.ts',
    'src/preload/nested/bridge.ts',
  ])('allows it in %s', async (filePath) => {
    await expect(electronErrors(valueImport, filePath)).resolves.toEqual([]);
  });

  it.each([
    [
      'a type-only import',
      "import type { WebContents } from 'electron';\nexport type W = WebContents;\n",
    ],
    ['a namespace import', "import * as electron from 'electron';\nexport const e = electron;\n"],
    ['a re-export', "export { app } from 'electron';\n"],
    ['a side-effect import', "import 'electron';\n"],
  ])('refuses %s outside the allowed files', async (_label, code) => {
    await expect(electronErrors(code, 'src/main/services/foo.ts')).resolves.toHaveLength(1);
    await expect(electronErrors(code, 'src/main/shell/window.ts')).resolves.toEqual([]);
  });

  it.each([
    [
      'a subpath import',
      "import { app } from 'electron/main';\nexport const a = app;\n",
      'no-restricted-imports',
    ],
    ['a dynamic import', "export const load = () => import('electron');\n", 'no-restricted-syntax'],
    [
      'a require call',
      "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const e = require('electron/common');\n",
      'no-restricted-syntax',
    ],
  ])('refuses %s outside the allowed files, and allows it inside', async (_label, code, rule) => {
    const lint = async (filePath: string) => {
      const [result] = await eslint.lintText(code, { filePath: resolve(process.cwd(), filePath) });
      return result!.messages.filter((m) => m.ruleId === rule && m.severity === 2);
    };
    await expect(lint('src/main/services/foo.ts')).resolves.toHaveLength(1);
    await expect(lint('src/main/shell/ipc.ts')).resolves.toEqual([]);
  });

  it('leaves other modules alone', async () => {
    const code = "import { join } from 'node:path';\n\nexport const p = join('a', 'b');\n";
    await expect(electronErrors(code, 'src/main/services/foo.ts')).resolves.toEqual([]);
  });

  it('does not confuse a look-alike path with an allowed one', async () => {
    await expect(electronErrors(valueImport, 'src/main/services/window.ts')).resolves.toHaveLength(
      1,
    );
    await expect(
      electronErrors(valueImport, 'src/renderer/preload/index.ts'),
    ).resolves.toHaveLength(1);
  });
});

describe('the lint fixture', () => {
  it('is skipped by the project lint', async () => {
    await expect(eslint.isPathIgnored(resolve(process.cwd(), FIXTURE))).resolves.toBe(true);
  });

  it('fails the rule when linted on purpose', async () => {
    const linter = projectEslint({ ignore: false });
    const results = await linter.lintFiles([FIXTURE]);
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result!.filePath).toBe(resolve(process.cwd(), FIXTURE));
    expect(result!.errorCount).toBeGreaterThan(0);
    const errors = result!.messages.filter(
      (message) => message.ruleId === RULE && message.severity === 2,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(
      /Only src\/main\/index\.ts, src\/main\/shell\/ and the preload/,
    );
  });
});
