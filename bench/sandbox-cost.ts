// Cost of one core_code-like call in the sandbox: cold (first call, new isolate) and warm.
// Usage: npx tsx bench/sandbox-cost.ts [calls]
import { createIsolatedSandbox } from '../packages/engine/src/sandbox/isolated-sandbox.ts';
import type { SandboxHost } from '../packages/engine/src/sandbox/sandbox.ts';

const calls = Number(process.argv[2] ?? 2000);
const host: SandboxHost = {
  getVar: async () => undefined,
  getFlowData: () => ({}),
  setFlowData: () => undefined,
  log: () => undefined,
  fetch: () => Promise.reject(new Error('sem rede')),
};
const code = 'msg.payload.total = msg.payload.itens * 2; return msg;';
const run = (sandbox: ReturnType<typeof createIsolatedSandbox>, source = code) =>
  sandbox.run({
    code: source,
    msg: { payload: { itens: 21 } },
    host,
    signal: new AbortController().signal,
  });

const sandbox = createIsolatedSandbox();
let started = performance.now();
await run(sandbox);
const coldMs = performance.now() - started;
for (let i = 0; i < 100; i++) await run(sandbox);
started = performance.now();
for (let i = 0; i < calls; i++) await run(sandbox);
const warmMs = (performance.now() - started) / calls;
started = performance.now();
for (let i = 0; i < 200; i++) await run(sandbox, 'return moment(msg.payload.itens, "X").year()');
const momentMs = (performance.now() - started) / 200;
sandbox.dispose();
console.log(
  JSON.stringify(
    {
      calls,
      coldMs: +coldMs.toFixed(2),
      warmMsPerCall: +warmMs.toFixed(3),
      warmMsPerCallUsingMoment: +momentMs.toFixed(3),
    },
    null,
    2,
  ),
);
