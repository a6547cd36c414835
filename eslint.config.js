// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Import boundaries: the engine is pure, the server never reaches into the web runtime. */
const webOrServer = [
  '**/web/**',
  '**/server/**',
  'react',
  'react-dom',
  'react-*',
  'antd',
  'node:*',
  'fs',
  'path',
  'http',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'tests/openapi-client/**',
      'node_modules/**',
      'data/**',
      'reports/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: webOrServer,
              message: 'src/engine is pure: no web, server, React, DOM or Node imports.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The engine does no I/O: return a call effect instead.' },
        { name: 'window', message: 'The engine knows no DOM.' },
        { name: 'document', message: 'The engine knows no DOM.' },
        { name: 'process', message: 'The engine knows no Node.' },
      ],
    },
  },
  {
    files: ['src/linter/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/web/**', '**/server/**', 'react', 'antd'],
              message: 'The linter uses only the engine and the schemas.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/web/**', 'react', 'react-dom', 'antd'],
              message: 'src/server never imports the web runtime: share through src/engine or schemas/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/linter/**', 'node:*'],
              message: 'src/web never imports the server or the linter.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
