// Engine overhead per node step, in CPU time (process.cpuUsage: every thread, the collector's
// too). Three flows through `engine.execute` with fake ports: webhook → set → respond, webhook →
// code → respond (a stand-in sandbox that hands the message back: the isolate's own cost is
// bench/sandbox-cost.ts's) and 100 set nodes in a line. Each is run with nobody watching the
// nodes live (`watched: () => false`, the server's case when no editor has the flow open) and
// with someone watching; with `--baseline=<folder of another checkout>`, that checkout's engine
// too, bundled at start. With `--tracing`, also traced as the server traces (docs/adr/0131:
// the SDK, an execution span, a span per node run, exported by OTLP/HTTP to a loopback sink in
// a process of its own that answers 200, so its CPU is not counted). Rounds alternate the
// variants (their order rotates); figures are medians over the rounds.
// Usage: node bench/run-ts.mjs bench/engine-overhead.ts [executions per round] [rounds]
//        [--baseline=<dir>] [--tracing]
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createEngine } from '../packages/engine/src/engine.ts';
import { setPath } from '../packages/engine/src/kit/paths.ts';
import { createFakePorts } from '../packages/engine/src/testing/fake-ports.ts';
import type { FlowDocument } from '../packages/shared/src/flow/flow-document.schema.ts';
import { bundleTs } from './support/bundle-ts.mjs';
import { startOtlpSink, tracedVariant, type Traced } from './support/traced-engine.ts';

const [perRound = 300, rounds = 9] = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith('--'))
  .map(Number);
const baselineDir = process.argv.find((arg) => arg.startsWith('--baseline='))?.slice(11);
const tracing = process.argv.includes('--tracing');

type Engine = ReturnType<typeof createEngine>;
type Node = FlowDocument['nodes'][number];

const node = (uid: string, type: string, params: Record<string, unknown> = {}): Node => ({
  uid,
  type,
  position: { x: 0, y: 0 },
  params,
});

function line(nodes: Node[]): FlowDocument {
  const edges = nodes.slice(1).map((target, i) => ({
    id: `e${i}`,
    source: nodes[i]!.uid,
    sourceOutput: 'default',
    target: target.uid,
  }));
  return { version: 1, nodes, edges };
}

const respond = node('r', 'core_respond_webhook', { status: 200, body: '{{ msg.payload }}' });
const flows: Record<string, FlowDocument> = {
  'webhook → set → respond': line([
    node('t', 'core_webhook_trigger', { path: 'pedido', method: 'POST' }),
    node('s', 'core_set', { values: [{ path: 'payload.ok', value: 'sim' }] }),
    respond,
  ]),
  'webhook → code → respond': line([
    node('t', 'core_webhook_trigger', { path: 'pedido', method: 'POST' }),
    node('c', 'core_code', { code: 'msg.payload.ok = true; return msg;' }),
    respond,
  ]),
  '100 × set in a line': line([
    node('t', 'core_manual_trigger'),
    ...Array.from({ length: 100 }, (_, i) =>
      node(`s${i}`, 'core_set', { values: [{ path: `payload.campo${i}`, value: 'valor' }] }),
    ),
  ]),
};

/** Hands the message back, changed as the code says: the engine's side of a code node only. */
const sandbox = {
  run: ({ msg }: { msg: { payload?: Record<string, unknown> } }) =>
    Promise.resolve({ ...msg, payload: { ...msg.payload, ok: true } }),
  dispose: () => undefined,
};

interface EngineModule {
  createEngine: typeof createEngine;
  createFakePorts: typeof createFakePorts;
}

/** The other checkout's engine and fake ports, bundled beside this bench. */
async function loadBaseline(dir: string): Promise<EngineModule> {
  const entry = new URL('./baseline-entry.ts', import.meta.url).pathname;
  const outfile = new URL('./baseline.mjs', import.meta.url).pathname;
  writeFileSync(
    entry,
    `export { createEngine } from '${dir}/packages/engine/src/engine.ts';\n` +
      `export { createFakePorts } from '${dir}/packages/engine/src/testing/fake-ports.ts';\n`,
  );
  await bundleTs(entry, outfile);
  return (await import(pathToFileURL(outfile).href)) as EngineModule;
}

const build = (module: EngineModule): Engine =>
  module.createEngine({ ports: module.createFakePorts(), sandbox }) as Engine;

interface Variant {
  name: string;
  engine: Engine;
  watched: (() => boolean) | undefined;
  traced?: Traced;
}

const current = build({ createEngine, createFakePorts });
const variants: Variant[] = [
  { name: 'nobody watching', engine: current, watched: () => false },
  { name: 'watched', engine: current, watched: () => true },
];
if (baselineDir)
  variants.unshift({
    name: 'baseline',
    engine: build(await loadBaseline(baselineDir)),
    watched: undefined,
  });
const sink = tracing ? await startOtlpSink() : undefined;
if (sink)
  variants.push({
    name: 'traced',
    engine: current,
    watched: () => false,
    traced: await tracedVariant(sink.endpoint),
  });

let events = 0;
let id = 0;
async function execute(variant: Variant, flow: FlowDocument): Promise<void> {
  const trigger = flow.nodes[0]!.uid;
  const executionId = `e${++id}`;
  const options = {
    executionId,
    workspaceId: 'w',
    flowId: 'f',
    flow,
    trigger: { nodeUid: trigger, msg: { payload: { pedido: 42, itens: [1, 2, 3] } } },
    respond: () => undefined,
    onEvent: () => void events++,
    ...(variant.watched ? { watched: variant.watched } : {}),
  };
  const result = variant.traced
    ? await variant.traced(executionId, flow.nodes[0]!.type, options, (traced) =>
        variant.engine.execute(traced),
      )
    : await variant.engine.execute(options);
  if (result.status !== 'success' || result.steps !== flow.nodes.length)
    throw new Error(JSON.stringify(result));
}

/** The same work as the 100 set nodes, by plain calls: clone the message, set the path. */
function plainLine(): void {
  let msg: Record<string, unknown> = { payload: { pedido: 42, itens: [1, 2, 3] } };
  for (let i = 0; i < 100; i++) {
    msg = structuredClone(msg);
    setPath(msg, `payload.campo${i}`, 'valor');
  }
}

const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

for (const flow of Object.values(flows))
  for (const variant of variants) for (let i = 0; i < 50; i++) await execute(variant, flow);

const results: Record<
  string,
  Record<string, { cpu: number[]; wall: number[]; events: number }>
> = {};
for (let round = 0; round < rounds; round++) {
  for (const [flowName, flow] of Object.entries(flows)) {
    const order = variants.map((_, i) => variants[(i + round) % variants.length]!);
    for (const variant of order) {
      const slot = ((results[flowName] ??= {})[variant.name] ??= { cpu: [], wall: [], events: 0 });
      events = 0;
      const cpu = cpuUs();
      const wall = performance.now();
      for (let i = 0; i < perRound; i++) {
        await execute(variant, flow);
        // Traced: the event loop turns between executions, as a server's does between requests,
        // so the exporter's requests and answers are handled (every variant alike).
        if (tracing) await new Promise((resolve) => setImmediate(resolve));
      }
      slot.cpu.push((cpuUs() - cpu) / perRound);
      slot.wall.push(((performance.now() - wall) * 1000) / perRound);
      slot.events = events / perRound;
    }
  }
}

const plain: number[] = [];
for (let round = 0; round < rounds; round++) {
  const cpu = cpuUs();
  for (let i = 0; i < perRound; i++) plainLine();
  plain.push((cpuUs() - cpu) / perRound);
}

const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(' ');
console.log(
  `executions per round: ${perRound}, rounds: ${rounds}, load average at the end: ${load}`,
);
for (const [flowName, byVariant] of Object.entries(results)) {
  const steps = flows[flowName]!.nodes.length;
  console.log(`\n${flowName} (${steps} steps): median µs of CPU`);
  for (const [name, { cpu, wall, events: count }] of Object.entries(byVariant)) {
    const perExecution = median(cpu);
    console.log(
      `  ${name.padEnd(16)} ${perExecution.toFixed(1).padStart(8)} per execution, ` +
        `${(perExecution / steps).toFixed(2).padStart(7)} per step (wall ${(median(wall) / steps).toFixed(2)}), ` +
        `${count} events`,
    );
  }
}
console.log(`\nplain calls for the 100 set nodes: ${(median(plain) / 100).toFixed(2)} µs per step`);
if (sink) {
  let made = 0;
  for (const variant of variants) {
    await variant.traced?.flush();
    made += variant.traced?.made() ?? 0;
  }
  const { received } = await sink.close();
  // The SDK's defaults (a queue of 2048 spans, batches of 512) drop what cannot be sent in time.
  console.log(`spans made: ${made}, received by the collector: ${received}`);
  for (const [flowName, byVariant] of Object.entries(results)) {
    const off = median(byVariant['nobody watching']!.cpu);
    const on = median(byVariant['traced']!.cpu);
    const steps = flows[flowName]!.nodes.length;
    console.log(
      `${flowName}: traced / off ${(on / off).toFixed(2)}, ` +
        `+${((on - off) / steps).toFixed(2)} µs of CPU per step`,
    );
  }
}
