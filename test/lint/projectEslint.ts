import { ESLint } from 'eslint';

/**
 * The project's real ESLint config, for linting text at paths that need not exist. The
 * type-checked rules (rule 12) need a file TypeScript's project knows, so they are left out here
 * and tested on real files in promise-rules.test.ts; every other rule is the config's own.
 */
export function projectEslint(options: { ignore?: boolean } = {}): ESLint {
  return new ESLint({
    cwd: process.cwd(),
    ...options,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
        '@typescript-eslint/switch-exhaustiveness-check': 'off',
      },
    },
  });
}
