import { readFileSync, readdirSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const webSource = new URL('./apps/web/src/', import.meta.url);

/**
 * The web test files that replace modules with `vi.mock`: they run each with a module registry
 * of its own. The others share one per worker, so React, Mantine and the app's modules are
 * imported once instead of once per file (docs/adr/0094).
 */
const webFilesMockingModules = readdirSync(webSource, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => readFileSync(new URL(file, webSource), 'utf8').includes('vi.mock('))
  .map((file) => file.split('\\').join('/'));

/**
 * One runner for everything `npm test` runs: unit and integration tests of each package, the
 * checks of the repository as a whole, and the browser journeys in e2e/ (which need a built app
 * and Debian's Chromium).
 */
export default defineConfig({
  test: {
    // Two files at a time, also on 2 cores (Vitest's default there is one: the run went serial,
    // docs/adr/0105): most of a file's time is spent waiting on PostgreSQL, Redis or Chromium.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          environment: 'node',
        },
      },
      {
        test: {
          name: 'engine',
          root: './packages/engine',
          environment: 'node',
          passWithNoTests: true,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          // One embedded PostgreSQL for the run; each test database is a copy of a template.
          globalSetup: ['./src/test/embedded-test-server.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          isolate: false,
          exclude: [...configDefaults.exclude, ...webFilesMockingModules],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web-mocks', include: webFilesMockingModules },
      },
      {
        // Rules over the repository as a whole: the lint config (no import cycle, docs/adr/0086)
        // and the READMEs' maps against the tree.
        test: {
          name: 'repository',
          root: './scripts',
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
