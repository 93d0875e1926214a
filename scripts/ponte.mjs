#!/usr/bin/env node
// The `ponte` command. `ponte start` builds what changed, then runs the server in this very
// process (so SIGTERM/SIGINT reach it); the other subcommands run the server's CLI bundle.
import { buildIfStale } from './build-if-stale.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(
    `O Ponte precisa do Node.js 20.19 ou mais novo (encontrado ${process.versions.node}).`,
  );
  process.exit(1);
}

const args = process.argv.slice(2);

function build() {
  try {
    buildIfStale();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (args[0] === 'start') {
  build();
  await import('../apps/server/dist/main.js');
} else {
  build();
  const { runCli } = await import('../apps/server/dist/cli.js');
  process.exitCode = await runCli(args);
}
