import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Only these files may import 'electron' (docs/architecture.md, rule 3). */
export const ELECTRON_IMPORTERS = [
  'src/main/index.ts',
  'src/main/shell/**/*.ts',
  'src/preload/**/*.ts',
];

const ELECTRON_MESSAGE =
  "Only src/main/index.ts, src/main/shell/ and the preload may import 'electron'; keep the rest plain Node.";

const electronPaths = [{ name: 'electron', message: ELECTRON_MESSAGE }];
const electronPatterns = [{ group: ['electron/*'], message: ELECTRON_MESSAGE }];
const electronSyntax = [
  {
    selector: 'ImportExpression[source.value=/^electron(\\/|$)/]',
    message: ELECTRON_MESSAGE,
  },
  {
    selector: "CallExpression[callee.name='require'][arguments.0.value=/^electron(\\/|$)/]",
    message: ELECTRON_MESSAGE,
  },
];

/** no-restricted-imports / no-restricted-syntax with the electron ban plus `extra` (one config per file). */
const restrict = ({ patterns = [], syntax = [] } = {}) => ({
  'no-restricted-imports': [
    'error',
    { paths: electronPaths, patterns: [...electronPatterns, ...patterns] },
  ],
  'no-restricted-syntax': ['error', ...electronSyntax, ...syntax],
});

const electronBan = restrict();

/** The renderer's layers (docs/architecture.md, rule 8). */
const RENDERER_NO_MAIN = {
  regex: '^(\\.\\./){2,}main/',
  message: 'The renderer never imports src/main: go through the bridge (a store).',
};
const ONLY_STORES_CALL_THE_BRIDGE = {
  regex: '(^|/)lib/desk$|^\\./desk$',
  message: 'Only stores call the bridge (features/<screen>/*Store.ts): call a store action.',
};
const NO_WINDOW_DESK = {
  selector: "MemberExpression[object.name='window'][property.name='desk']",
  message: 'Only stores call the bridge (features/<screen>/*Store.ts): call a store action.',
};
const SHARED_NOT_FEATURES = {
  regex: '(^|/)features/',
  message: 'lib/ and components/ never import a feature: move the shared piece here instead.',
};
const FEATURE_PUBLIC_ONLY = {
  regex: '^\\.\\./[^./][^/]*/',
  message: "Another screen's internals: import its public index ('../<feature>') instead.",
};

/**
 * Which features each feature may import (through its index): features use each other one way
 * only (docs/architecture.md, Layout). A new use is declared here; the rule below refuses an
 * import this table does not declare, and one whose feature imports the importer back (through
 * any chain of this table), so a cycle between features cannot be declared either.
 */
export const FEATURE_USES = {
  accounts: ['lock'],
  alerts: [],
  chart: ['status'],
  earn: [],
  live: ['alerts', 'chart', 'lock', 'orders', 'overview', 'trade', 'transfers'],
  lock: [],
  mining: ['accounts'],
  orders: ['accounts', 'trade'],
  overview: ['mining', 'receive', 'trade', 'transfer', 'convert'],
  settings: ['overview', 'shell'],
  shell: ['accounts', 'lock', 'status'],
  status: [],
  trade: ['accounts', 'alerts', 'chart', 'status', 'transfer'],
  transfers: ['receive'],
  receive: [],
  transfer: [],
  convert: [],
  taxes: [],
};

/** `to` is reached from `from` through the uses of `table` (one or more steps). */
function uses(table, from, to, seen = new Set()) {
  for (const next of table[from] ?? []) {
    if (next === to) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    if (uses(table, next, to, seen)) return true;
  }
  return false;
}

/**
 * desk/feature-imports: a file of src/renderer/features/<from>/ imports another feature only as
 * FEATURE_USES (the rule's option) declares, and never one that uses <from> back. Static imports,
 * re-exports and import() alike.
 */
const featureImports = {
  meta: {
    type: 'problem',
    schema: [
      { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    ],
  },
  create(context) {
    const table = context.options[0] ?? {};
    const from = /src\/renderer\/features\/([^/]+)\//.exec(
      context.filename.replaceAll('\\', '/'),
    )?.[1];
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      const to = typeof source === 'string' ? /^\.\.\/([^./][^/]*)/.exec(source)?.[1] : undefined;
      if (!to || to === from) return;
      if (uses(table, to, from)) {
        context.report({
          node,
          message: `features/${from} may not import features/${to}: ${to} imports ${from} back (directly or through other features, FEATURE_USES in eslint.config.mjs). Move the shared piece to lib/ or components/, or into the one feature that owns it.`,
        });
      } else if (!(table[from] ?? []).includes(to)) {
        context.report({
          node,
          message: `features/${from} imports features/${to}, which FEATURE_USES in eslint.config.mjs does not declare: add it there (no feature may import one that imports it back).`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
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
    // The hook rules everywhere React code is; the React Compiler's rules (two thirds of the lint
    // run's time) on the app's own components, not on the tests that render them.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: restrict({
      patterns: [RENDERER_NO_MAIN, ONLY_STORES_CALL_THE_BRIDGE],
      syntax: [NO_WINDOW_DESK],
    }),
  },
  {
    files: ['src/renderer/lib/**/*.{ts,tsx}', 'src/renderer/components/**/*.{ts,tsx}'],
    rules: restrict({
      patterns: [RENDERER_NO_MAIN, ONLY_STORES_CALL_THE_BRIDGE, SHARED_NOT_FEATURES],
      syntax: [NO_WINDOW_DESK],
    }),
  },
  {
    files: ['src/renderer/features/**/*.{ts,tsx}'],
    rules: restrict({
      patterns: [RENDERER_NO_MAIN, ONLY_STORES_CALL_THE_BRIDGE, FEATURE_PUBLIC_ONLY],
      syntax: [NO_WINDOW_DESK],
    }),
  },
  {
    // Stores are where the bridge is called (and lib/desk.ts builds it).
    files: ['src/renderer/features/**/*Store.ts', 'src/renderer/lib/desk.ts'],
    rules: restrict({ patterns: [RENDERER_NO_MAIN, FEATURE_PUBLIC_ONLY] }),
  },
  {
    files: ['src/renderer/features/**/*.{ts,tsx}'],
    plugins: { desk: { rules: { 'feature-imports': featureImports } } },
    rules: { 'desk/feature-imports': ['error', FEATURE_USES] },
  },
  {
    // The demo exchange is a package of its own: the app hands it what it needs (log, writer).
    files: ['packages/demo-exchange/src/**/*.ts'],
    rules: restrict({
      patterns: [
        {
          regex: '^(\\.\\./)+(src|test|bench|scripts)/|^exchange-desk(/|$)',
          message:
            'The demo exchange imports nothing from the app: take it as an option (startDemoExchange).',
        },
      ],
    }),
  },
  {
    // Promises are awaited, handed on or voided on purpose, and a switch over a union covers every
    // member: checked with the types (rule 12, docs/architecture.md); no disable comment for these.
    files: [
      'src/**/*.{ts,tsx}',
      'packages/demo-exchange/src/**/*.ts',
      'test/**/*.{ts,tsx}',
      'packages/demo-exchange/test/**/*.ts',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
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
