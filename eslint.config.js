// ESLint flat config. Syntax-only typescript-eslint rules (no type information) keep
// `npm run lint` fast; `npm run typecheck` is where types are checked.
import js from '@eslint/js';
import { builtinModules } from 'node:module';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { layerZones } from './eslint/layers.js';
import { housePlugin, issueNumbersAllowlist } from './eslint/no-issue-numbers.js';
import { queryKeysRule } from './eslint/query-keys.js';

/** The project's own rules (eslint/). */
const house = { ...housePlugin, rules: { ...housePlugin.rules, 'query-keys': queryKeysRule } };

/** What only a feature's data-access module (or src/web/lib) imports (docs/conventions.md « Data access »). */
const dataAccessOnly =
  'Server access lives in the feature’s api.ts or <topic>-api.ts (docs/conventions.md « Data access »): import the hook from there.';

/** Node's built-in modules: the shared code runs in the browser too (types may still be imported). */
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

export default defineConfig([
  globalIgnores([
    'dist/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
    'data/',
    'coverage/',
    '.data/',
    '.tmp/',
    'bench/tmp/',
    'bench/.tmp-*',
  ]),
  {
    files: ['**/*.{js,mjs,cjs,ts,mts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding that is intentionally unused.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // French texts hold no-break spaces (docs/decisions/0012-french-typography.md): allowed in
      // strings, templates and JSX text, still refused in code and comments.
      'no-irregular-whitespace': [
        'error',
        { skipStrings: true, skipTemplates: true, skipJSXText: true, skipComments: false, skipRegExps: false },
      ],
    },
  },
  {
    // The React app runs in the browser only.
    files: ['src/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Code shared by both sides, and e2e specs (page.evaluate runs in the browser).
    files: ['src/shared/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // The layering (docs/conventions.md « Layering », docs/decisions/0014-layering-rules.md):
    // what each layer may import, and no import cycles (type-only imports aside).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The domain is shared by features: it holds no route (src/server/features/<name> does).
    files: ['src/server/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'hono', allowTypeImports: true, message: 'Routes live in src/server/features, not in the domain.' },
          ],
        },
      ],
    },
  },
  {
    // Tests run in Node only: tests of the shared code may read fixtures with node:fs and use
    // the server's CSV parser or texts; the server's tests and reliability suite build whole apps.
    files: ['src/**/*.test.ts', 'src/server/test/**', 'src/server/reliability/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // Comments and test titles cite files and decision records, never « issue N »
    // (docs/conventions.md rule 7); eslint/issue-numbers-allowlist.txt lists the files not yet rewritten.
    files: [
      'src/**/*.{js,mjs,ts,tsx}',
      'scripts/**/*.{js,mjs,ts}',
      'e2e/**/*.ts',
      'bench/**/*.{js,mjs,ts}',
      'eslint/**/*.js',
    ],
    ignores: issueNumbersAllowlist(import.meta.dirname),
    plugins: { house },
    rules: { 'house/no-issue-numbers': 'error' },
  },
  {
    // One data-access pattern on the web (docs/conventions.md « Data access »): query keys come from
    // src/web/lib/query-keys.ts; requests and mutations live in a feature's api modules.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/query-keys.ts'],
    plugins: { house },
    rules: { 'house/query-keys': 'error' },
  },
  {
    files: [
      'src/web/features/**/*.{ts,tsx}',
      'src/web/pages/**/*.{ts,tsx}',
      'src/web/layouts/**/*.{ts,tsx}',
      'src/web/shell/**/*.{ts,tsx}',
      'src/web/landing/**/*.{ts,tsx}',
    ],
    ignores: ['src/web/features/*/api.ts', 'src/web/features/*/*-api.ts', 'src/web/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation', 'useInfiniteQuery', 'queryOptions', 'infiniteQueryOptions'],
              message: dataAccessOnly,
            },
          ],
          patterns: [
            { group: ['**/lib/api.ts'], importNames: ['api', 'apiFile', 'apiUpload'], message: dataAccessOnly },
          ],
        },
      ],
    },
  },
  {
    // The shared code runs in the browser: no Node built-in, except as a type.
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            allowTypeImports: true,
            message: 'src/shared runs in the browser too: no Node built-in (a type import is fine).',
          })),
          patterns: [
            {
              group: ['node:*'],
              allowTypeImports: true,
              message: 'src/shared runs in the browser too: no Node built-in (a type import is fine).',
            },
          ],
        },
      ],
    },
  },
]);
