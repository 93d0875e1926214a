// The Node flags `npm start` gives the server (package.json is their one source), so that
// benches and browser journeys run the server as users do.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
export const nodeFlags = manifest.scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
