// ESLint flat config. Syntax-only typescript-eslint rules (no type information) keep
// `npm run lint` fast; `npm run typecheck` is where types are checked.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true, skipComments: false, skipRegExps: false }],
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
]);
