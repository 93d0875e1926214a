// Cost of one core_code-like call in the sandbox, for several designs side by side in one run
// (docs/adr/0059, docs/adr/0126):
// - "fresh, made in the run, a crossing per global" (the sandbox's default): a fresh context
//   made at the start of each run, each bridge, the limits, msg and params set by a
//   synchronous crossing of their own (about ten);
// - "fresh, made in the run, one crossing" (prototype): the same context, its bridges, limits,
//   msg and params set by one closure;
// - "fresh, made ahead (N per isolate)" (`contextsAhead: N`): a fresh context per run, made with
//   its bootstrap while the isolate waits in the pool, on the isolate's thread, N ready per
//   isolate;
// - "SES, a Compartment per run" (prototype, when `ses` is installed): `lockdown()` once in one
//   context of the isolate, then a new Compartment (its own global object) per run.
// Per design: wall time per call, main-thread time per call (event-loop utilisation), CPU time
// of the whole process per call, and what each isolation probe does (sandbox-isolation.test.ts):
// the state left is not seen (clean), is seen (leaks), or leaving it throws (throws).
// Usage: node bench/run-ts.mjs bench/sandbox-cost.ts [calls=2000] [rounds=20]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type ivm from 'isolated-vm';
import { createIsolatedSandbox } from '../packages/engine/src/sandbox/isolated-sandbox.ts';
import type { PooledIsolate } from '../packages/engine/src/sandbox/isolate-pool.ts';
import { createHostBridges } from '../packages/engine/src/sandbox/host-bridges.ts';
import {
  entryGlobals,
  hostBoundAtRun,
  type PreparedContext,
} from '../packages/engine/src/sandbox/sandbox-context.ts';
import type { SandboxHost } from '../packages/engine/src/sandbox/sandbox.ts';
import type { Message } from '../packages/engine/src/kit/message.ts';
import { createSesRunner, sesSource } from './support/sandbox-ses.ts';

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

/** The context made in the run with one closure setting the bridges, limits, msg and params. */
function prepareInOneCrossing(
  pooled: PooledIsolate,
  globals: [string, ivm.Transferable][],
): PreparedContext {
  const context = pooled.isolate.createContextSync();
  const runHost = hostBoundAtRun();
  const bridges = createHostBridges(runHost.host);
  const all = [...entryGlobals(bridges), ...globals];
  context.evalClosureSync(
    all.map(([name], at) => `globalThis.${name} = $${at};`).join('\n'),
    all.map(([, value]) => value),
  );
  pooled.script('bootstrap').runSync(context);
  return { context, bridges, bind: runHost.bind };
}

function sandboxDesign(
  name: string,
  options: { contextsAhead?: number; oneCrossing?: boolean },
  poolSize = 1,
): Design {
  const sandbox = createIsolatedSandbox({
    poolSize,
    contextsAhead: options.contextsAhead ?? 0,
    ...(options.oneCrossing ? { prepareInRun: prepareInOneCrossing } : {}),
  });
  return {
    name,
    run: (source, msg) =>
      sandbox.run({ code: source, scope, msg, host, signal: new AbortController().signal }),
    dispose: () => sandbox.dispose(),
  };
}

function sesDesign(source: string): Design {
  const runner = createSesRunner(128, source);
  return { name: 'SES, a Compartment per run', run: runner.run, dispose: runner.dispose };
}

/**
 * The probes of sandbox-isolation.test.ts: [what is left, code that leaves it, code that returns
 * what it sees of it]. (Its other three, a host call settling late, a killed run and the second
 * workspace, depend on the pool, not on how a run's scope is made.)
 */
const probes: [string, string, string][] = [
  ['globalThis.x', 'globalThis.segredo = 1;', "return typeof segredo === 'undefined' ? null : 1;"],
  ['var no topo', 'var contador = 41;', "return 'contador' in globalThis;"],
  ['Array.prototype.push', 'Array.prototype.push = () => 42;', 'return [].push(1) === 42;'],
  ['Object.prototype', 'Object.prototype.polluted = 1;', 'return ({}).polluted ?? null;'],
  [
    'protótipo oculto (%IteratorPrototype%)',
    'Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())).segredo = 1;',
    'return Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())).segredo ?? null;',
  ],
  [
    'Object.freeze de um protótipo',
    'Object.freeze(Date.prototype); Object.preventExtensions(globalThis);',
    'return Object.isFrozen(Date.prototype) || !Object.isExtensible(globalThis);',
  ],
  [
    'RegExp.lastMatch',
    "/(\\d+)/.exec('cartão 4111');",
    "return RegExp.lastMatch || RegExp.$1 || (RegExp.input ?? '');",
  ],
  [
    'Error.prepareStackTrace',
    'Error.prepareStackTrace = () => "vazou";',
    'return new Error("x").stack === "vazou";',
  ],
  [
    'closure num built-in',
    'const s = msg.payload; JSON.segredo = () => s;',
    "return typeof JSON.segredo === 'function';",
  ],
  [
    'moment.fn e o locale',
    "moment.fn.segredo = 1; moment.updateLocale('pt-br', { months: 'a_b_c_d_e_f_g_h_i_j_k_l'.split('_') });",
    "return moment.fn.segredo ?? moment(0, 'x').utc().format('MMMM');",
  ],
  [
    'promise pendente',
    'globalThis.p = new Promise((resolve) => { globalThis.resolver = resolve; });',
    "return typeof resolver === 'function' || typeof p !== 'undefined';",
  ],
  [
    'timer pendente',
    'setTimeout(() => { globalThis.tarde = 1; }, 1);',
    'await new Promise((resolve) => setTimeout(resolve, 50)); return typeof tarde;',
  ],
];

type Outcome = 'clean' | 'leaks' | 'throws';
async function isolation(design: Design): Promise<Record<string, Outcome>> {
  const outcomes: Record<string, Outcome> = {};
  const look = (source: string) =>
    design.run(source, { payload: {} }).then(JSON.stringify, (error: Error) => error.message);
  for (const [name, leave, probe] of probes) {
    const clean = await look(probe);
    const threw = await design.run(leave, { payload: { itens: 1 } }).then(
      () => false,
      () => true,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    outcomes[name] = (await look(probe)) !== clean ? 'leaks' : threw ? 'throws' : 'clean';
  }
  return outcomes;
}

/** CPU time of the whole process (every thread: the main one and the isolates'), in ms. */
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** `inFlight` callers at once, each running `source` until `count` calls are made. */
async function measure(design: Design, source: string, count: number, inFlight = 1) {
  let left = count;
  const caller = async () => {
    while (left-- > 0) await design.run(source, { payload: { itens: 21 } });
  };
  const before = performance.eventLoopUtilization();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, caller));
  const elapsed = performance.now() - started;
  return {
    wall: elapsed / count,
    callsPerSecond: (count / elapsed) * 1000,
    main: performance.eventLoopUtilization(before).active / count,
    cpu: cpuMs(process.cpuUsage(cpuBefore)) / count,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return +sorted[Math.floor(sorted.length / 2)].toFixed(3);
};

type Figures = Record<'wall' | 'main' | 'cpu' | 'rate' | 'momentWall' | 'momentCpu', number[]>;
const emptyFigures = (): Figures => ({
  wall: [],
  main: [],
  cpu: [],
  rate: [],
  momentWall: [],
  momentCpu: [],
});

/**
 * The designs take turns (the order flips each round): figures of a busy machine drift, and
 * each design sees the same drift. Medians of the rounds.
 */
async function compare(designs: Design[], rounds: number, inFlight: number, withMoment: boolean) {
  const figures = designs.map(emptyFigures);
  for (const design of designs) {
    await measure(design, code, 100, inFlight);
    if (withMoment) await measure(design, momentCode, 20, inFlight);
  }
  for (let round = 0; round < rounds; round++) {
    const order = designs.map((_, at) => at);
    if (round % 2) order.reverse();
    for (const at of order) {
      const plain = await measure(designs[at], code, Math.ceil(calls / rounds), inFlight);
      figures[at].wall.push(plain.wall);
      figures[at].main.push(plain.main);
      figures[at].cpu.push(plain.cpu);
      figures[at].rate.push(plain.callsPerSecond);
      if (!withMoment) continue;
      const moment = await measure(designs[at], momentCode, Math.ceil(calls / rounds / 10));
      figures[at].momentWall.push(moment.wall);
      figures[at].momentCpu.push(moment.cpu);
    }
  }
  return figures;
}

const rounds = Number(process.argv[3] ?? 20);
const ses = sesSource();
const designs = [
  sandboxDesign('fresh, made in the run, a crossing per global', {}),
  sandboxDesign('fresh, made in the run, one crossing', { oneCrossing: true }),
  sandboxDesign('fresh, made ahead (1 per isolate)', { contextsAhead: 1 }),
  sandboxDesign('fresh, made ahead (2 per isolate)', { contextsAhead: 2 }),
  sandboxDesign('fresh, made ahead (3 per isolate)', { contextsAhead: 3 }),
  ...(ses ? [sesDesign(ses)] : []),
];
const loadBefore = loadavg()[0];
const single = await compare(designs, rounds, 1, true);

// As in the server: callers in flight at once on a pool of isolates (the sandbox designs only:
// the SES prototype has one isolate).
const inFlight = 8;
const poolSize = 4;
const pooled = [
  sandboxDesign('fresh, made in the run, a crossing per global', {}, poolSize),
  sandboxDesign('fresh, made in the run, one crossing', { oneCrossing: true }, poolSize),
  sandboxDesign('fresh, made ahead (1 per isolate)', { contextsAhead: 1 }, poolSize),
  sandboxDesign('fresh, made ahead (2 per isolate)', { contextsAhead: 2 }, poolSize),
];
const loaded = await compare(pooled, rounds, inFlight, false);
const underLoad = pooled.map((design, at) => {
  design.dispose();
  return {
    design: design.name,
    inFlight,
    poolSize,
    callsPerSecond: Math.round(median(loaded[at].rate)),
    mainThreadMsPerCall: median(loaded[at].main),
    cpuMsPerCall: median(loaded[at].cpu),
  };
});

const results = [];
for (const [at, design] of designs.entries()) {
  const probed = await isolation(design);
  design.dispose();
  const figure = single[at];
  results.push({
    design: design.name,
    msPerCall: median(figure.wall),
    mainThreadMsPerCall: median(figure.main),
    cpuMsPerCall: median(figure.cpu),
    msPerCallUsingMoment: median(figure.momentWall),
    cpuMsPerCallUsingMoment: median(figure.momentCpu),
    isolation: probed,
  });
}
const load = [loadBefore, loadavg()[0]].map((value) => +value.toFixed(2));
console.log(
  JSON.stringify(
    { calls, rounds, loadAverage: load, ses: Boolean(ses), results, underLoad },
    null,
    2,
  ),
);
