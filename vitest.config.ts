import { defineConfig } from 'vitest/config';

/**
 * One runner for everything `npm test` runs: unit and integration tests of each package, the
 * checks of the repository as a whole, and the browser journeys in e2e/ (which need a built app
 * and Debian's Chromium).
 */
export default defineConfig({
  test: {
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
      './apps/web/vite.config.ts',
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
