import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import localSql from './tools/eslint/no-sql-outside-repositories.js';
import { webBoundaries } from './tools/eslint/web-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.tmp/**',
      // planted faults the rules' own tests expect them to find
      'tools/eslint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // fastify handlers are async by contract, with or without an await inside
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // a file this long is asking to be split by sub-resource; every line counts, as `wc -l` counts
    files: ['{apps,packages,e2e,tools,bench}/**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // SQL only in repositories (and the migration runner and client in db/)
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.repository.ts', 'apps/server/src/db/**', '**/*.test.ts'],
    plugins: { 'local-sql': localSql },
    rules: { 'local-sql/no-sql-outside-repositories': 'error' },
  },
  {
    // features do not import each other or app/; lib/ and components/ import neither
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...webBoundaries(path.join(import.meta.dirname, 'apps/web/src')),
  },
  {
    // command-line tools print their results
    files: ['bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
