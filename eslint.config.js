import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Boundaries checked by lint (decision 042): no import cycles, repositories private to their
// module, modules through each other's services only, the domain below the HTTP edges, the two
// edges apart, web features apart, the packages below the apps. Paths are compared after
// resolution, so `@portal/shared/x` counts as packages/shared/src/x/index.ts.
const root = import.meta.dirname;
const SERVER = 'apps/server/src';
const MODULES = `${SERVER}/modules`;
const FEATURES = 'apps/web/src/features';
const CONSOLE_FEATURES = 'apps/console/src/features';
/** The folders under `dir`, read at lint time: a new module or feature is covered at once. */
const folders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** Every server file that is not inside a module folder (jobs, db, seed, providers, http, tests). */
const OUTSIDE_MODULES = [
  `${SERVER}/!(modules)/**`,
  `${SERVER}/*`,
  `${MODULES}/*`,
  'apps/server/test/**',
  'apps/server/*',
  'bench/**',
  'e2e/**',
  'scripts/**',
];
const boundaryZones = [
  // A repository is private to its module: outside the modules nobody imports one...
  {
    target: OUTSIDE_MODULES,
    from: `${MODULES}/*/*.repository.ts`,
    message: "A repository is private to its module: call that module's service.",
  },
  // ...and a module reaches another module only through its *.service.ts.
  ...folders(MODULES).map((name) => ({
    target: `${MODULES}/${name}/**`,
    from: `${MODULES}/!(${name})/**`,
    except: [`**/${MODULES}/*/*.service.ts`],
    message: "A module uses another module only through that module's *.service.ts.",
  })),
  // The domain does not know the HTTP edge. Tests in a module may drive the edge (route tests
  // through inject stay beside their module's service tests), so *.test.ts files are not targets.
  {
    target: `${MODULES}/**/!(*.test).ts`,
    from: `${SERVER}/http/**`,
    message:
      'The domain does not know the HTTP edge: the edge imports services, never the reverse.',
  },
  // The parents' edge and the staff edge share the domain, not each other.
  {
    target: `${SERVER}/http/parents/**`,
    from: `${SERVER}/http/ops/**`,
    message: "The parents' edge and the staff edge do not import each other.",
  },
  {
    target: `${SERVER}/http/ops/**`,
    from: `${SERVER}/http/parents/**`,
    message: "The parents' edge and the staff edge do not import each other.",
  },
  // Web: a feature never imports another feature (compose them in app/, or promote the piece
  // to components/ or packages/web-kit).
  ...folders(FEATURES).map((name) => ({
    target: `${FEATURES}/${name}/**`,
    from: `${FEATURES}/!(${name})/**`,
    message:
      'A feature does not import another feature: compose them in app/ or promote the piece.',
  })),
  ...folders(CONSOLE_FEATURES).map((name) => ({
    target: `${CONSOLE_FEATURES}/${name}/**`,
    from: `${CONSOLE_FEATURES}/!(${name})/**`,
    message:
      'A console feature does not import another feature: compose them in app/ or promote the piece.',
  })),
  // The two browser apps share packages/web-kit, never each other's code.
  {
    target: 'apps/console/**',
    from: 'apps/web/**',
    message: 'The console never imports apps/web.',
  },
  {
    target: 'apps/web/**',
    from: 'apps/console/**',
    message: 'apps/web never imports the console.',
  },
  {
    target: 'packages/web-kit/**',
    from: 'apps/**',
    message: 'packages/web-kit is used by the apps and never imports them.',
  },
  {
    target: 'packages/shared/**',
    from: ['apps/**', 'packages/web-kit/**'],
    message: 'packages/shared imports neither the apps nor packages/web-kit.',
  },
];

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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/apps/server/**',
            '@portal/server*',
            '**/apps/console/**',
            '@portal/console*',
            // The staff matrix and messages are the console's: the parents' pages never carry them.
            '@portal/shared/staff',
          ],
        },
      ],
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The console never imports the server nor the parents' app (STYLE.md).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/apps/server/**',
            '@portal/server*',
            '**/apps/web/**',
            '@portal/web',
            '@portal/web/*',
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/apps/web/**', '**/apps/console/**', '@portal/web*', '@portal/console*'],
          // The server translates with the staff messages added (lib/catalogue.ts).
          paths: [
            {
              name: '@portal/shared/i18n',
              importNames: ['translate', 'isMessageKey', 'MESSAGES'],
              message: 'Import it from lib/catalogue.ts, which adds the staff messages.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/lib/catalogue.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/apps/web/**', '**/apps/console/**', '@portal/web*', '@portal/console*'] },
      ],
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
  {
    // The apps and packages, and what reaches into them from outside (e2e, bench, scripts).
    files: [
      'apps/**/*.{ts,tsx}',
      'packages/**/*.{ts,tsx}',
      'e2e/**/*.ts',
      'bench/**/*.{ts,mjs}',
      'scripts/**/*.mjs',
    ],
    plugins: { 'import-x': importX },
    settings: {
      // Without TypeScript extensions here no-cycle would not follow .ts files at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Type-only imports are erased at run time and are not followed (import-x's rule).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
);
