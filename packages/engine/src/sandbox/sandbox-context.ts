import { AsyncResource } from 'node:async_hooks';
import ivm from 'isolated-vm';
import { limits as sharedLimits } from '@ponte/shared/limits';
import { flowDataMessages } from '../kit/flow-data';
import { memoryLimits } from '../ports';
import { createHostBridges, pendingCallsMessage } from './host-bridges';
import type { PooledIsolate } from './isolate-pool';
import type { SandboxHost } from './sandbox';

/**
 * The bounds the lockdown and the bootstrap (runtime/entries/) apply inside each context, before
 * anything crosses to the host; the host checks again. A message in two parts goes around a path.
 */
const isolateLimits = {
  intlObjects: memoryLimits.sandboxIntlObjects,
  segmentedChars: memoryLimits.sandboxSegmentedChars,
  pendingCalls: memoryLimits.sandboxPendingCalls,
  pendingCallsMessage,
  concurrentFetches: memoryLimits.sandboxConcurrentFetches,
  logChars: memoryLimits.sandboxLogChars,
  variableKeyChars: sharedLimits.variableKeyMax,
  flowDataBytes: memoryLimits.flowDataBytes,
  flowDataPathChars: memoryLimits.flowDataPathChars,
  flowDataPathMessage: flowDataMessages.pathChars,
  flowDataBytesMessage: flowDataMessages.bytes('\u0000').split('\u0000'),
};

/**
 * A fresh context with the lockdown and the bootstrap run, for exactly one run. Its bridges reach
 * the run's host once `bind` names it: the context can be made before the run is known.
 */
export interface PreparedContext {
  context: ivm.Context;
  bridges: ReturnType<typeof createHostBridges>;
  bind(host: SandboxHost): void;
}

/**
 * A host whose calls go to the one `bind` names (nothing calls it before: no code ran yet), in
 * the async context of the run that bound it: isolated-vm calls back from its own queue, and
 * what the host does for the code (its requests) belongs to that run (its trace, ADR 0131).
 */
export function hostBoundAtRun() {
  let target: SandboxHost | undefined;
  let run: AsyncResource | undefined;
  const within = <T>(call: (host: SandboxHost) => T): T => {
    if (!target || !run) throw new Error('Execução interrompida.');
    return run.runInAsyncScope(call, undefined, target);
  };
  const host: SandboxHost = {
    getVar: (key) => within((to) => to.getVar(key)),
    getFlowData: (path) => within((to) => to.getFlowData(path)),
    setFlowData: (path, value) => within((to) => to.setFlowData(path, value)),
    log: (level, text) => within((to) => to.log(level, text)),
    fetch: (request) => within((to) => to.fetch(request)),
  };
  return {
    host,
    bind(value: SandboxHost) {
      if (target) throw new Error('A context serves one run only.');
      target = value;
      run = new AsyncResource('PonteSandboxRun');
    },
  };
}

/** The globals the bootstrap reads (and removes) first: the bridges and the limits. */
export function entryGlobals(
  bridges: ReturnType<typeof createHostBridges>,
): [string, ivm.Transferable][] {
  return [
    ...Object.entries(bridges.references).map(([name, reference]): [string, ivm.Transferable] => [
      `$${name}`,
      reference,
    ]),
    ['$limits', new ivm.ExternalCopy(isolateLimits).copyInto()],
  ];
}

/** The globals a run reads: its message and its parameters, copied in. */
export function runGlobals(msg: unknown, params: unknown): [string, ivm.Transferable][] {
  return [
    ['msg', new ivm.ExternalCopy(msg ?? {}).copyInto()],
    ['params', new ivm.ExternalCopy(params ?? {}).copyInto()],
  ];
}

/** Sets `globals` in the context, one synchronous crossing each. */
export function setGlobalsSync(context: ivm.Context, globals: [string, ivm.Transferable][]): void {
  const jail = context.global;
  for (const [name, value] of globals) jail.setSync(name, value);
}

/**
 * Makes the context on the isolate's thread: the main thread only waits for it, three times
 * (the context, its entry globals in one closure, the bootstrap).
 */
export async function prepareContext(pooled: PooledIsolate): Promise<PreparedContext> {
  const context = await pooled.isolate.createContext();
  const runHost = hostBoundAtRun();
  const bridges = createHostBridges(runHost.host);
  try {
    const entries = entryGlobals(bridges);
    const assign = entries.map(([name], at) => `globalThis.${name} = $${at};`).join('\n');
    await context.evalClosure(
      assign,
      entries.map(([, value]) => value),
    );
    await pooled.script('bootstrap').run(context);
  } catch (error) {
    bridges.close();
    if (!pooled.isolate.isDisposed) context.release();
    throw error;
  }
  return { context, bridges, bind: runHost.bind };
}

/**
 * The same, blocking the main thread (the isolate's first run, or no context made ahead): a
 * crossing for the context, one per bridge and for the limits, one for the bootstrap, then one
 * for each of `globals` (the run's message and parameters). Setting them all in one closure
 * saved no CPU (docs/adr/0126): the closure is compiled at each call.
 */
export function prepareContextSync(
  pooled: PooledIsolate,
  globals: [string, ivm.Transferable][] = [],
): PreparedContext {
  const context = pooled.isolate.createContextSync();
  const runHost = hostBoundAtRun();
  const bridges = createHostBridges(runHost.host);
  try {
    const jail = context.global;
    jail.setSync('globalThis', jail.derefInto());
    setGlobalsSync(context, entryGlobals(bridges));
    pooled.script('bootstrap').runSync(context);
    setGlobalsSync(context, globals);
  } catch (error) {
    bridges.close();
    if (!pooled.isolate.isDisposed) context.release();
    throw error;
  }
  return { context, bridges, bind: runHost.bind };
}
