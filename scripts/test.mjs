#!/usr/bin/env node
// Runs every test project once and ends with the line CI reads: `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, '.test-results');
const outFile = join(outDir, 'vitest.json');
mkdirSync(outDir, { recursive: true });

const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(
  process.execPath,
  [
    vitest,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outFile}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
let skipped = 0;
let postgresSkipped = 0;

/** Skipped tests of the report whose suite title carries `marker`. */
function countSkipped(report, marker) {
  let count = 0;
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const skippedTest = ['pending', 'skipped', 'todo'].includes(test.status);
      if (skippedTest && (test.ancestorTitles ?? []).some((title) => title.includes(marker)))
        count += 1;
    }
  }
  return count;
}
if (existsSync(outFile)) {
  const report = JSON.parse(readFileSync(outFile, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that fails to load has no failed test of its own: count it as one failure.
  if (failed === 0) failed = report.numFailedTestSuites ?? 0;
  postgresSkipped = countSkipped(report, '[PostgreSQL]');
}
const code = run.status ?? 1;
if (code !== 0 && failed === 0) failed = 1;
// Server suites run a PostgreSQL copy only with PONTE_TEST_DATABASE_URL (describeEachDriver).
if (postgresSkipped > 0 && !process.env.PONTE_TEST_DATABASE_URL?.trim()) {
  console.log(
    `PostgreSQL: ${postgresSkipped} testes pulados (defina PONTE_TEST_DATABASE_URL para rodar)`,
  );
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code);
