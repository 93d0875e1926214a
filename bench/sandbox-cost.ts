// Cost of one core_code-like call in the sandbox, for four designs side by side in one run
// (docs/adr/0059):
// - "fresh, made in the run" (the sandbox's default): a fresh context made at the start of each
//   run;
// - "fresh, made ahead" (`warmContexts: true`): a fresh context per run, made with its bootstrap
//   while the isolate waits in the pool, on the isolate's thread;
// - "reused, fresh scope per call" (prototype): one context per isolate, the code function-scoped,
//   then globalThis and every built-in reachable from it restored from a snapshot;
// - "reused, context per code node" (prototype): one context per code, its function compiled
//   once and called through a reference, then the same restore.
// Per design: wall time per call, main-thread time per call (event-loop utilisation), CPU time
// of the whole process per call, and which state one run leaves to the next (the probes below).
// Usage: node bench/run-ts.mjs bench/sandbox-cost.ts [calls=2000] [rounds=20]
import { performance } from 'node:perf_hooks';
import ivm from 'isolated-vm';
import { createIsolatedSandbox } from '../packages/engine/src/sandbox/isolated-sandbox.ts';
import { createPooledIsolate } from '../packages/engine/src/sandbox/isolate-pool.ts';
import { prepareContextSync } from '../packages/engine/src/sandbox/sandbox-context.ts';
import type { SandboxHost } from '../packages/engine/src/sandbox/sandbox.ts';
import type { Message } from '../packages/engine/src/kit/message.ts';

const calls = Number(process.argv[2] ?? 2000);
const host: SandboxHost = {
  getVar: async () => undefined,
  getFlowData: () => ({}),
  setFlowData: () => undefined,
  log: () => undefined,
  fetch: () => Promise.reject(new Error('sem rede')),
};
const scope = { workspaceId: 'ws-bench', flowId: 'flow-bench', executionId: 'exec-bench' };
const code = 'msg.payload.total = msg.payload.itens * 2; return msg;';
const momentCode = 'return moment(msg.payload.itens, "X").year()';

type Run = (source: string, msg: Message) => Promise<unknown>;
interface Design {
  name: string;
  run: Run;
  dispose(): void;
}

function sandboxDesign(name: string, warmContexts: boolean, poolSize = 1): Design {
  const sandbox = createIsolatedSandbox({ warmContexts, poolSize });
  return {
    name,
    run: (source, msg) =>
      sandbox.run({ code: source, scope, msg, host, signal: new AbortController().signal }),
    dispose: () => sandbox.dispose(),
  };
}

/**
 * Snapshot of globalThis and of every object reachable from it (own properties, accessors,
 * prototypes), taken once; the returned function puts them back and says whether it could
 * (a frozen or non-extensible built-in cannot be undone). It also clears RegExp's last match.
 */
const resetSource = `(() => {
  // Captured first: the code may replace any built-in, and the restore runs after it. Plain
  // index loops, no iterators.
  const { getOwnPropertyDescriptors, getOwnPropertyDescriptor, defineProperty, getPrototypeOf,
    setPrototypeOf, isExtensible } = Object;
  const { ownKeys, deleteProperty, apply } = Reflect;
  const { includes, push } = Array.prototype;
  const exec = RegExp.prototype.exec;
  const seen = new WeakSet();
  const { has: seenHas, add: seenAdd } = WeakSet.prototype;
  const kept = [];
  const queue = [globalThis];
  while (queue.length) {
    const object = queue.pop();
    if (apply(seenHas, seen, [object])) continue;
    apply(seenAdd, seen, [object]);
    const descriptors = getOwnPropertyDescriptors(object);
    const keys = ownKeys(descriptors);
    const proto = getPrototypeOf(object);
    kept.push({ object, descriptors, keys, proto, extensible: isExtensible(object) });
    const next = [proto];
    for (let i = 0; i < keys.length; i++) {
      // Without a prototype: a polluted Object.prototype.get must not change what it says.
      const d = setPrototypeOf(descriptors[keys[i]], null);
      next.push(d.value, d.get, d.set);
    }
    for (let i = 0; i < next.length; i++) {
      const item = next[i];
      if (item && (typeof item === 'object' || typeof item === 'function')) queue.push(item);
    }
  }
  const same = (a, b) =>
    a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable &&
    a.enumerable === b.enumerable && a.configurable === b.configurable;
  const empty = /(?:)/;
  return () => {
    let sound = true;
    for (let k = 0; k < kept.length; k++) {
      const { object, descriptors, keys, proto, extensible } = kept[k];
      if (isExtensible(object) !== extensible) sound = false;
      const now = ownKeys(object);
      for (let i = 0; i < now.length; i++)
        if (!apply(includes, keys, [now[i]]) && !deleteProperty(object, now[i])) sound = false;
      for (let i = 0; i < keys.length; i++) {
        const current = getOwnPropertyDescriptor(object, keys[i]);
        const before = descriptors[keys[i]];
        if (current && same(setPrototypeOf(current, null), before)) continue;
        try { defineProperty(object, keys[i], before); } catch { sound = false; }
      }
      if (getPrototypeOf(object) !== proto) {
        try { setPrototypeOf(object, proto); } catch { sound = false; }
      }
    }
    apply(exec, empty, ['']);
    return sound;
  };
})()`;

interface ReusedContext {
  context: ivm.Context;
  pending(): number;
  reset: ivm.Reference<() => boolean>;
  functions: Map<string, ivm.Reference>;
}

/**
 * The two reuse designs the issue names. A context is dropped (and made again) when the restore
 * says it could not undo a run, or when the run left host calls waiting, as the sandbox does.
 */
function reusedDesign(name: string, perNode: boolean): Design {
  const pooled = createPooledIsolate(128);
  const contexts = new Map<string, ReusedContext>();
  const make = (): ReusedContext => {
    const prepared = prepareContextSync(pooled);
    prepared.bind(host);
    const reset = prepared.context.evalSync(resetSource, { reference: true }) as ivm.Reference<
      () => boolean
    >;
    return {
      context: prepared.context,
      pending: prepared.bridges.pending,
      reset,
      functions: new Map(),
    };
  };
  const run: Run = async (source, msg) => {
    const key = perNode ? source : '';
    let reused = contexts.get(key);
    if (!reused) contexts.set(key, (reused = make()));
    const { context } = reused;
    if (/\bmoment\b/.test(source)) pooled.script('moment').runSync(context);
    let output: string;
    if (perNode) {
      let fn = reused.functions.get(source);
      if (!fn) {
        fn = context.evalSync(
          `(msg, params) => (async function (msg, params) {\n${source}\n})(msg, params)` +
            '.then((result) => JSON.stringify(result === undefined ? msg : result))',
          { reference: true },
        ) as ivm.Reference;
        reused.functions.set(source, fn);
      }
      output = (await fn.apply(undefined, [msg, {}], {
        arguments: { copy: true },
        result: { promise: true },
      })) as string;
    } else {
      const jail = context.global;
      jail.setSync('msg', new ivm.ExternalCopy(msg).copyInto());
      jail.setSync('params', new ivm.ExternalCopy({}).copyInto());
      output = (await pooled.userScript(source).run(context, { promise: true })) as string;
    }
    const sound = reused.reset.applySync(undefined, []);
    if (!sound || reused.pending() > 0) {
      context.release();
      contexts.delete(key);
    }
    return output === undefined ? undefined : JSON.parse(output);
  };
  return { name, run, dispose: () => pooled.isolate.dispose() };
}

/**
 * State a run leaves behind: each probe runs twice as the same code, and says on the second run
 * whether it sees what the first one left (true: it leaked). The first run gets `msg.payload`.
 */
const probes: [string, string, string][] = [
  ['globalThis.x', "typeof segredo !== 'undefined'", 'globalThis.segredo = msg.payload;'],
  ['var no topo', "'contador' in globalThis", 'var contador = 1;'],
  ['Array.prototype.push', '[].push(1) === 42', 'Array.prototype.push = () => 42;'],
  ['Object.prototype', '({}).polluted === 1', 'Object.prototype.polluted = 1;'],
  [
    'protótipo oculto (%IteratorPrototype%)',
    'Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())).segredo === 1',
    'Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())).segredo = 1;',
  ],
  [
    'Object.freeze de um protótipo',
    'Object.isFrozen(Date.prototype)',
    'Object.freeze(Date.prototype);',
  ],
  ['RegExp.lastMatch', "RegExp.lastMatch === '4111'", "/(\\d+)/.exec('cartão 4111');"],
  ['moment.fn', 'moment.fn.segredo === 1', 'moment.fn.segredo = 1;'],
  [
    'closure num built-in',
    "typeof JSON.segredo === 'function'",
    'const s = msg.payload; JSON.segredo = () => s;',
  ],
  [
    'timer pendente',
    "typeof tarde !== 'undefined'",
    'setTimeout(() => { globalThis.tarde = 1; }, 1);',
  ],
];

async function leaks(design: Design): Promise<string[]> {
  const leaked: string[] = [];
  for (const [name, probe, attack] of probes) {
    const source = `const seen = ${probe};\n${attack}\nreturn seen;`;
    await design.run(source, { payload: { itens: 1 } }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if ((await design.run(source, { payload: {} }).catch(() => false)) === true) leaked.push(name);
  }
  return leaked;
}

/** CPU time of the whole process (every thread: the main one and the isolates'), in ms. */
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

async function measure(design: Design, source: string, count: number) {
  const before = performance.eventLoopUtilization();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++) await design.run(source, { payload: { itens: 21 } });
  const wall = (performance.now() - started) / count;
  const main = performance.eventLoopUtilization(before).active / count;
  return { wall, main, cpu: cpuMs(process.cpuUsage(cpuBefore)) / count };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return +sorted[Math.floor(sorted.length / 2)].toFixed(3);
};

// The designs take turns (the order flips each round): figures of a busy machine drift, and
// each design sees the same drift. Medians of the rounds.
const rounds = Number(process.argv[3] ?? 20);
const designs = [
  sandboxDesign('fresh, made in the run', false),
  sandboxDesign('fresh, made ahead', true),
  reusedDesign('reused, fresh scope per call', false),
  reusedDesign('reused, context per code node', true),
];
const figures = designs.map(() => ({
  cold: 0,
  wall: [] as number[],
  main: [] as number[],
  momentWall: [] as number[],
  momentMain: [] as number[],
  cpu: [] as number[],
}));
for (const [at, design] of designs.entries()) {
  const started = performance.now();
  await design.run(code, { payload: { itens: 21 } });
  figures[at].cold = +(performance.now() - started).toFixed(2);
  await measure(design, code, 100);
  await measure(design, momentCode, 20);
}
for (let round = 0; round < rounds; round++) {
  const order = designs.map((_, at) => at);
  if (round % 2) order.reverse();
  for (const at of order) {
    const plain = await measure(designs[at], code, Math.ceil(calls / rounds));
    const withMoment = await measure(designs[at], momentCode, Math.ceil(calls / rounds / 10));
    figures[at].wall.push(plain.wall);
    figures[at].main.push(plain.main);
    figures[at].cpu.push(plain.cpu);
    figures[at].momentWall.push(withMoment.wall);
    figures[at].momentMain.push(withMoment.main);
  }
}
/**
 * As in the server: callers in flight at once on a pool of isolates (the sandbox designs only;
 * the prototypes have one isolate and would interleave runs in one context).
 */
async function concurrent(design: Design, inFlight: number, count: number) {
  let left = count;
  const caller = async () => {
    while (left-- > 0) await design.run(code, { payload: { itens: 21 } });
  };
  const before = performance.eventLoopUtilization();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, caller));
  const elapsed = performance.now() - started;
  return {
    callsPerSecond: Math.round((count / elapsed) * 1000),
    main: performance.eventLoopUtilization(before).active / count,
    cpu: cpuMs(process.cpuUsage(cpuBefore)) / count,
  };
}
const inFlight = 8;
const poolSize = 4;
const pooled = [
  sandboxDesign(`fresh, made in the run (pool of ${poolSize})`, false, poolSize),
  sandboxDesign(`fresh, made ahead (pool of ${poolSize})`, true, poolSize),
];
const pooledFigures = pooled.map(() => ({
  rate: [] as number[],
  main: [] as number[],
  cpu: [] as number[],
}));
for (const design of pooled) await concurrent(design, inFlight, 200);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 ? [1, 0] : [0, 1];
  for (const at of order) {
    const figure = await concurrent(pooled[at], inFlight, Math.ceil(calls / rounds));
    pooledFigures[at].rate.push(figure.callsPerSecond);
    pooledFigures[at].main.push(figure.main);
    pooledFigures[at].cpu.push(figure.cpu);
  }
}
const underLoad = pooled.map((design, at) => {
  design.dispose();
  return {
    design: design.name,
    inFlight,
    callsPerSecond: median(pooledFigures[at].rate),
    mainThreadMsPerCall: median(pooledFigures[at].main),
    cpuMsPerCall: median(pooledFigures[at].cpu),
  };
});

const results = [];
for (const [at, design] of designs.entries()) {
  const leaked = await leaks(design);
  design.dispose();
  const figure = figures[at];
  results.push({
    design: design.name,
    coldMs: figure.cold,
    msPerCall: median(figure.wall),
    mainThreadMsPerCall: median(figure.main),
    cpuMsPerCall: median(figure.cpu),
    msPerCallUsingMoment: median(figure.momentWall),
    mainThreadMsPerCallUsingMoment: median(figure.momentMain),
    leaked,
  });
}
console.log(JSON.stringify({ calls, rounds, results, underLoad }, null, 2));
