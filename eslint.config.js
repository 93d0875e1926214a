import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { countingTypeImports } from './scripts/no-cycle-counting-types.js';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/** STYLE.md §3: features do not import each other. */
/**
 * The one exception: the connector editor writes its handler in the flow editor's own Monaco
 * editor (one editor, one Monaco setup, one set of sandbox typings).
 */
const sharedFeatureParts = { 'custom-nodes': ['./flow-editor/code-editor'] };

const featureZones = features.map((name) => ({
  target: `./${featuresDir}/${name}`,
  from: `./${featuresDir}`,
  except: [`./${name}`, ...(sharedFeatureParts[name] ?? [])],
  message: 'Uma feature não importa outra: mova o que é comum para components/ ou lib/.',
}));

/** import-x, whose `no-cycle` also follows `import type` (docs/adr/0086). */
const importXPlugin = {
  ...importX,
  rules: { ...importX.rules, 'no-cycle': countingTypeImports(importX.rules['no-cycle']) },
};

const nodeOnly = [
  'fs',
  'node:fs',
  'fs/promises',
  'node:fs/promises',
  'child_process',
  'node:child_process',
  'pg',
  'fastify',
  '@electric-sql/pglite',
  'drizzle-orm',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.test-results/**',
      'apps/server/drizzle/**',
      'e2e/screenshots/**',
      'packages/engine/src/sandbox/runtime/libraries.generated.ts',
      '.scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importXPlugin },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Follows the workspace packages' symlinks to their files, so that a cycle through
      // `@ponte/*` is seen as one.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
      // The files import-x reads to follow imports (no-cycle); it reads only .js without this.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // The workspace packages are ours: no-cycle's ignoreExternal must still follow them.
      'import-x/internal-regex': '^@ponte/',
    },
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // No import cycle in the apps and packages, through type imports and `@ponte/*` too
  // (docs/adr/0086).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['scripts/**', 'bench/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  // STYLE.md §4: a function is read at once; a longer one is split by responsibility.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  // A React component's body is mostly JSX: 100 lines would force a rewrite of many
  // components at once, so .tsx gets a looser limit that still stops the next god component.
  {
    files: ['**/*.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 250, skipBlankLines: true, skipComments: true }],
    },
  },
  // Test suites are one describe callback by nature.
  {
    files: ['**/*.test.{ts,tsx}', '**/*.contract.ts', '**/test/**', 'e2e/**', 'bench/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|imask$|validator/lib/[A-Za-z]+\\.js$|\\.{1,2}/|vitest$).*',
              message:
                'shared depende apenas de zod, e os formulários de imask e validator (máscaras e validações dos dois lados).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeOnly.map((name) => ({
            name,
            message: 'O engine não tem HTTP, SQL nem sistema de arquivos: use uma porta.',
          })),
          patterns: [
            {
              group: ['@ponte/server*', '@ponte/web*'],
              message: 'O engine não depende do server nem do web.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'O engine não lê process.env: receba por parâmetro.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ponte/engine*', '@ponte/server*'],
              message: 'O web não importa engine nem server.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web',
              from: ['./apps/server', './packages/engine'],
              message: 'O web não importa engine nem server.',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
);
