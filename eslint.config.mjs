import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Only these files may import 'electron' (DESIGN.md rule 3). */
export const ELECTRON_IMPORTERS = [
  'src/main/index.ts',
  'src/main/window.ts',
  'src/main/ipc.ts',
  'src/preload/**/*.ts',
];

const ELECTRON_MESSAGE =
  "Only src/main/index.ts, window.ts, ipc.ts and the preload may import 'electron'; keep the rest plain Node.";

const electronBan = {
  'no-restricted-imports': [
    'error',
    {
      paths: [{ name: 'electron', message: ELECTRON_MESSAGE }],
      patterns: [{ group: ['electron/*'], message: ELECTRON_MESSAGE }],
    },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: 'ImportExpression[source.value=/^electron(\\/|$)/]',
      message: ELECTRON_MESSAGE,
    },
    {
      selector: "CallExpression[callee.name='require'][arguments.0.value=/^electron(\\/|$)/]",
      message: ELECTRON_MESSAGE,
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'bench-results/**',
      // Deliberately broken files, linted on purpose by test/lint/*.test.ts.
      'test/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      ...electronBan,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The boot test's stand-ins are CommonJS loaded by `node --require` in place of Electron.
    files: ['test/shell/boot/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ELECTRON_IMPORTERS,
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
);
