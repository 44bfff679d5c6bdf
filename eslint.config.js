// npm run lint (and a step of npm test, with --max-warnings 0): ESLint with typescript-eslint's type-aware
// rules where they find real bugs, and the React hooks rules for the ui. No formatting or style rules:
// the code's layout is the house style's business, not the linter's.
//
// Type information: parserOptions.projectService, so each file is checked by the tsconfig.json that
// owns it (packages, workflows, apps/api, ui, test/bench, test/browser). The specs beside the code and
// the api e2e, reliability and support files belong to no package tsconfig (the builds leave them out):
// they get tsconfig.specs.json, the program that type-checks them in npm test.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const specFiles = [
  'packages/*/src/**/*.spec.ts',
  'packages/*/src/**/*.test.ts',
  'workflows/src/**/*.spec.ts',
  'workflows/src/testing/workflow-table.ts',
  'apps/*/src/**/*.spec.ts',
  'test/api-e2e/**/*.ts',
  'test/reliability/**/*.ts',
  'test/support/**/*.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.reports/**',
      '**/.scratch/**',
      'data/**',
      'test/browser/screenshots/**',
    ],
  },
  // The bug-finding core of ESLint (undefined names, unreachable code, duplicate keys, ...).
  js.configs.recommended,
  // typescript-eslint's recommended set, type-aware. Its rules that are on stay on unless turned off below.
  ...tseslint.configs.recommendedTypeChecked,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // On (from the recommended set), because each finds real bugs:
      //  no-floating-promises: a promise nobody awaits loses its rejection (an unhandled rejection, a
      //   test that ends before its assertion ran). react-router's navigate returns a promise only in
      //   data-router mode and never rejects: calling it is safe to leave unawaited.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      //  no-misused-promises: an async function where a void callback is expected (an event handler,
      //   forEach) runs unawaited and its failure goes nowhere; a promise in a condition is always true.
      //  await-thenable: awaiting a non-promise is a mistake about what the call returns.
      //  no-unsafe-assignment/-member-access/-call/-argument/-return: `any` switches type-checking off
      //   silently; on for the product code and its specs (turned off below for suites reading replies
      //   typed `any` by their libraries).
      //  no-unnecessary-type-assertion: an assertion the compiler does not need hides the real type (and
      //   goes stale when the type changes); fixed automatically by --fix.
      // Unused names are bugs or leftovers; `_name` and `...rest` siblings are the house idiom for
      // "dropped on purpose".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Off, with the reason:
      //  require-await: an async function without await is how the code returns a promise to an
      //   interface that wants one (providers, fakes); not a bug.
      '@typescript-eslint/require-await': 'off',
      //  only-throw-error: deliberate here: react-admin's auth provider contract rejects with plain
      //   objects ({ redirectTo }), and rethrowing a caught `unknown` is correct.
      '@typescript-eslint/only-throw-error': 'off',
      //  unbound-method: a method passed as a value loses its `this`. A function that never reads
      //   `this` and is passed around (a lock's release, the harness's rawSql and peers, the SMTP
      //   stand-in's close, the benches' cpuMs and undo) is declared as a function-typed property, which
      //   says so.
      '@typescript-eslint/unbound-method': 'error',
      //  no-redundant-type-constituents: `KnownCode | string` is written on purpose, to document the
      //   known values while accepting others.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      //  no-base-to-string: String() of a value that may be an object writes "[object Object]". Loosely
      //   typed values (log entries, event data, form values, query text) are narrowed first or go
      //   through asText (@binaan/contracts: a scalar as text, JSON for anything else).
      '@typescript-eslint/no-base-to-string': 'error',
      //  no-useless-assignment: flags `let x = fallback; try { x = parse() } catch { x = fallback }`,
      //   a readable idiom, never a bug here.
      'no-useless-assignment': 'off',
    },
  },
  {
    files: specFiles,
    languageOptions: {
      parserOptions: { projectService: false, project: './tsconfig.specs.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // The api e2e suites read supertest's `res.body` and the browser suites Playwright's `response.json()`,
    // both typed `any` by their libraries (over 550 reads): typing each reply by hand would rewrite the
    // suites and check nothing the assertions do not; the OpenAPI e2e validates the replies against the
    // schema instead. test/support wraps those replies for both; the benchmarks, run by hand, read worker
    // messages and JSON the same way.
    files: ['test/api-e2e/**/*.ts', 'test/browser/**/*.ts', 'test/bench/**/*.ts', 'test/support/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Playwright reads a test's fixtures from its destructured first parameter: `async ({}, testInfo)`
    // is how a fixture asks for none.
    files: ['test/browser/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['ui/src/**/*.{ts,tsx}', 'ui/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // A hook called conditionally or in a loop breaks React's state order: always a bug.
      'react-hooks/rules-of-hooks': 'error',
      // An effect or callback that reads a value it does not list runs with a stale one. (The plugin's
      // React Compiler rules are left off: they ask for compiler-friendly code, not bug fixes.)
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Plain JavaScript (this file, jest.config.js, infra scripts): no type information to use.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
