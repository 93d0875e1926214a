#!/usr/bin/env node
// `npm start`: builds what changed, then runs Ponte in this process.
import { buildIfStale } from './build-if-stale.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(
    `O Ponte precisa do Node.js 20.19 ou mais novo (encontrado ${process.versions.node}).`,
  );
  process.exit(1);
}

try {
  buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import('../apps/server/dist/main.js');
