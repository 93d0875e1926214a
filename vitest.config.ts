import { readFileSync, readdirSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const webSource = new URL('./apps/web/src/', import.meta.url);
const engineSource = new URL('./packages/engine/src/', import.meta.url);
const serverSource = new URL('./apps/server/src/', import.meta.url);

/**
 * The test files under `source` that replace modules with `vi.mock`: they run each with a module
 * registry of its own. The others share one per worker, so React, Mantine, the engine and the
 * app's modules are imported once instead of once per file (docs/adr/0094).
 */
function filesMockingModules(source: URL, marks: RegExp = /vi\.mock\(/): string[] {
  return readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => marks.test(readFileSync(new URL(file, source), 'utf8')))
    .map((file) => file.split('\\').join('/'));
}
const webFilesMockingModules = filesMockingModules(webSource);
const engineFilesMockingModules = filesMockingModules(engineSource).map((file) => `src/${file}`);
/**
 * Server test files that change what the process shares (modules, environment variables,
 * globals, timers): each runs alone in a fresh module registry.
 */
const serverFilesChangingTheProcess = filesMockingModules(
  serverSource,
  /vi\.(mock|doMock|stubEnv|stubGlobal|resetModules|useFakeTimers)\(|process\.env(\.[A-Z_]+|\[[^\]]+\]) *=[^=]|delete process\.env/,
).map((file) => `src/${file}`);

/** The server's tests: one embedded PostgreSQL per project, each test database a template's copy. */
const serverProject = {
  root: './apps/server',
  environment: 'node',
  globalSetup: ['./src/test/embedded-test-server.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

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
          isolate: false,
          exclude: [...configDefaults.exclude, ...engineFilesMockingModules],
        },
      },
      {
        test: {
          name: 'engine-mocks',
          root: './packages/engine',
          environment: 'node',
          include: engineFilesMockingModules,
        },
      },
      {
        test: {
          ...serverProject,
          name: 'server',
          isolate: false,
          exclude: [...configDefaults.exclude, ...serverFilesChangingTheProcess],
        },
      },
      {
        test: { ...serverProject, name: 'server-isolated', include: serverFilesChangingTheProcess },
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
          // A journey shares two cores with the other lane (docs/adr/0134): a step that waited
          // past its timeout runs once more; one that fails twice fails the run.
          retry: 1,
        },
      },
    ],
  },
});
