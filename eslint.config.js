import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Layer rule (STYLE.md): the web app never imports the server.
      'no-restricted-imports': ['error', { patterns: ['**/apps/server/**', '@portal/server*'] }],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '@portal/web*'] }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      // Shared code runs in both the browser and Node: no imports from the apps, no Node built-ins.
      'no-restricted-imports': [
        'error',
        { patterns: ['**/apps/**', '@portal/server*', '@portal/web*', 'node:*'] },
      ],
    },
  },
  {
    files: [
      'scripts/**/*.mjs',
      'apps/*/scripts/**/*.mjs',
      '**/*.config.{js,ts}',
      'apps/server/build.mjs',
    ],
    rules: { 'no-console': 'off' },
  },
);
