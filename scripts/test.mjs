#!/usr/bin/env node
// Runs every test project once and ends with the line CI reads: `N passed, N failed, N skipped`.
//
// Without arguments the browser journeys (project e2e, one file at a time) run in a lane of their
// own beside the other projects (two files at a time), in a second Vitest process: Vitest puts a
// project without file parallelism in a group that starts only once every other file has ended
// (docs/adr/0134). With arguments (a file, `--project x`…), one Vitest process runs them as asked.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, '.test-results');
mkdirSync(outDir, { recursive: true });

const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const lanes =
  process.argv.length > 2
    ? [{ name: 'vitest', args: process.argv.slice(2) }]
    : [
        { name: 'vitest', args: ['--project', '!e2e'] },
        { name: 'vitest-e2e', args: ['--project', 'e2e'] },
      ];

/** One Vitest process; resolves with its exit code. */
function runLane({ name, args }) {
  const outFile = join(outDir, `${name}.json`);
  rmSync(outFile, { force: true });
  const child = spawn(
    process.execPath,
    [
      vitest,
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outFile}`,
      ...args,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const codes = await Promise.all(lanes.map(runLane));

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

/** The first lines of a failure's message, without colours, paths of this machine or stack. */
function reason(test) {
  const message = (test.failureMessages ?? [])[0] ?? '';
  return stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim() && !/^\s+at /.test(line))
    .slice(0, 4)
    .map((line) => `      ${line.replaceAll(root, '').slice(0, 300)}`);
}

/**
 * `file › suite › test` of every failed test of the report, each with the first lines of its
 * message, and files that failed to load.
 */
function failures(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = file.name ? file.name.replace(root, '') : '?';
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      lines.push(
        `${name} › ${[...(test.ancestorTitles ?? []), test.title].join(' › ')}`,
        ...reason(test),
      );
    if (failedTests.length === 0 && file.status === 'failed')
      lines.push(`${name} (${(file.message ?? 'falhou ao carregar').split('\n')[0]})`);
  }
  return lines;
}

const failedLines = [];
let passed = 0;
let failed = 0;
let skipped = 0;
let postgresSkipped = 0;
lanes.forEach((lane, index) => {
  const outFile = join(outDir, `${lane.name}.json`);
  let laneFailed = 0;
  if (existsSync(outFile)) {
    const report = JSON.parse(readFileSync(outFile, 'utf8'));
    passed += report.numPassedTests ?? 0;
    laneFailed = report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A file that fails to load has no failed test of its own: count it as one failure.
    if (laneFailed === 0) laneFailed = report.numFailedTestSuites ?? 0;
    postgresSkipped += countSkipped(report, '[PostgreSQL]');
    failedLines.push(...failures(report));
  }
  if (codes[index] !== 0 && laneFailed === 0) laneFailed = 1;
  failed += laneFailed;
});
// Server suites run a PostgreSQL copy only with PONTE_TEST_DATABASE_URL (describeEachDriver).
if (postgresSkipped > 0 && !process.env.PONTE_TEST_DATABASE_URL?.trim()) {
  console.log(
    `PostgreSQL: ${postgresSkipped} testes pulados (defina PONTE_TEST_DATABASE_URL para rodar)`,
  );
}
// The failures again at the end, where a log cut to its last lines still shows them.
if (failedLines.length > 0) {
  console.log('\nFalharam:');
  for (const line of failedLines) console.log(line.startsWith(' ') ? line : `  ✗ ${line}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(codes.find((code) => code !== 0) ?? 0);
