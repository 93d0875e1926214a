// Engine overhead per node step: a 100-node linear flow of core_set, compared in the same run
// with the same work done by plain function calls (clone the message, set the path).
// Usage: npx tsx bench/engine-overhead.ts [runs]
import { createEngine } from '../packages/engine/src/engine.ts';
import { setPath } from '../packages/engine/src/kit/paths.ts';
import { createFakePorts } from '../packages/engine/src/testing/fake-ports.ts';
import type { FlowDocument } from '../packages/shared/src/flow/flow-document.schema.ts';

const runs = Number(process.argv[2] ?? 300);
const steps = 100;

const nodes = [
  { uid: 't', type: 'core_manual_trigger', position: { x: 0, y: 0 }, params: {} },
  ...Array.from({ length: steps }, (_, i) => ({
    uid: `s${i}`,
    type: 'core_set',
    position: { x: (i + 1) * 100, y: 0 },
    params: { values: [{ path: `payload.campo${i}`, value: 'valor' }] },
  })),
];
const flow: FlowDocument = {
  version: 1,
  nodes,
  edges: nodes.slice(1).map((node, i) => ({
    id: `e${i}`,
    source: nodes[i]!.uid,
    sourceOutput: 'default',
    target: node.uid,
  })),
};

const engine = createEngine({
  ports: createFakePorts(),
  sandbox: { run: () => Promise.reject(new Error('sem sandbox')), dispose: () => undefined },
});

async function engineRun(i: number) {
  const result = await engine.execute({
    executionId: `e${i}`,
    workspaceId: 'w',
    flowId: 'f',
    flow,
    trigger: { nodeUid: 't', msg: { payload: {} } },
    onEvent: () => undefined,
  });
  if (result.status !== 'success' || result.steps !== steps + 1)
    throw new Error(JSON.stringify(result));
}

function plainRun() {
  let msg: Record<string, unknown> = { payload: {} };
  for (let i = 0; i < steps; i++) {
    msg = structuredClone(msg);
    setPath(msg, `payload.campo${i}`, 'valor');
  }
  if (Object.keys(msg.payload as object).length !== steps) throw new Error('plain run wrong');
}

for (let i = 0; i < 30; i++) {
  await engineRun(i);
  plainRun();
}
let started = performance.now();
for (let i = 0; i < runs; i++) await engineRun(i);
const engineMs = performance.now() - started;
started = performance.now();
for (let i = 0; i < runs; i++) plainRun();
const plainMs = performance.now() - started;

const perStepEngineUs = (engineMs * 1000) / (runs * (steps + 1));
const perStepPlainUs = (plainMs * 1000) / (runs * steps);
console.log(
  JSON.stringify(
    {
      runs,
      stepsPerRun: steps + 1,
      engineMsPerRun: +(engineMs / runs).toFixed(3),
      plainMsPerRun: +(plainMs / runs).toFixed(3),
      engineUsPerStep: +perStepEngineUs.toFixed(2),
      plainUsPerStep: +perStepPlainUs.toFixed(2),
      overheadUsPerStep: +(perStepEngineUs - perStepPlainUs).toFixed(2),
    },
    null,
    2,
  ),
);
