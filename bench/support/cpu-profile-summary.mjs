// Reads a .cpuprofile (node --cpu-prof) and tells where the time went: self time grouped by
// package or part of the server, and the functions with the most self time.
import { readFileSync } from 'node:fs';

function partOf(url) {
  if (!url) return null;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'Node.js (' + url.slice(5).split('/')[0] + ')';
  if (url.includes('/apps/server/dist/')) return 'Ponte (servidor e engine)';
  return url.replace(/^file:\/\//, '');
}

export function summarise(file, top = 12) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  let all = 0;
  const parts = new Map();
  const functions = new Map();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    all += us;
    const name = callFrame.functionName || '(anônima)';
    const part = partOf(callFrame.url) ?? name; // (idle), (garbage collector), (program)
    parts.set(part, (parts.get(part) ?? 0) + us);
    const key = `${name} — ${part}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([what, us]) => ({ onde: what, '%': ((100 * us) / all).toFixed(1) }));
  return { parts: rank(parts), functions: rank(functions) };
}
