import ivm from 'isolated-vm';
import { librarySources } from './runtime/libraries.generated';

export type LibraryName = 'buffer' | 'moment' | 'axios' | 'openai';

/** An isolate with the bootstrap and the libraries compiled once (run per context). */
export interface PooledIsolate {
  isolate: ivm.Isolate;
  script(name: 'bootstrap' | LibraryName): ivm.Script;
  /** User code wrapped as the body of an async function, compiled once per isolate. */
  userScript(code: string): ivm.Script;
}

/** Compiled user scripts kept per isolate (the same flows run again and again). */
const userScriptsKept = 200;

export function wrapUserCode(code: string): string {
  return (
    `(async function (msg, params) {\n${code}\n})(globalThis.msg, globalThis.params)` +
    // No return: msg goes on as the code left it (`msg.payload.x = 1` is enough).
    `.then((result) => JSON.stringify(result === undefined ? globalThis.msg : result))`
  );
}

/** A new isolate whose bootstrap, libraries and user scripts are compiled on first use. */
export function createPooledIsolate(memoryMb: number): PooledIsolate {
  const isolate = new ivm.Isolate({ memoryLimit: memoryMb });
  const compiled = new Map<string, ivm.Script>();
  const user = new Map<string, ivm.Script>();
  return {
    isolate,
    userScript(code) {
      let script = user.get(code);
      if (script) {
        // Most recently used last: the oldest goes first when the map is full.
        user.delete(code);
      } else {
        script = isolate.compileScriptSync(wrapUserCode(code), { filename: 'codigo.js' });
        if (user.size >= userScriptsKept) {
          const oldest = user.keys().next().value as string;
          user.get(oldest)?.release();
          user.delete(oldest);
        }
      }
      user.set(code, script);
      return script;
    },
    script(name) {
      let script = compiled.get(name);
      if (!script) {
        script = isolate.compileScriptSync(librarySources[name], { filename: `ponte:${name}` });
        compiled.set(name, script);
      }
      return script;
    },
  };
}

/** One run waiting for an isolate, in its workspace's queue. */
interface Waiter {
  resolve(isolate: PooledIsolate): void;
}

/** The most isolates one workspace holds at once: half the pool, at least one. */
export function perWorkspaceCap(size: number): number {
  return Math.max(1, Math.ceil(size / 2));
}

/**
 * A few isolates, each used by one run at a time: a run's memory limit is its own, and a run
 * that must be killed (timeout, abort, memory) takes only its isolate down.
 *
 * Shared fairly between workspaces (docs/adr/0020): one workspace holds at most
 * `perWorkspaceCap(size)` isolates, so with two or more isolates another workspace always
 * finds one that this workspace cannot take; runs wait in one queue per workspace, and a freed
 * isolate goes to the next workspace in turn (round-robin), not to the oldest run overall.
 */
export function createIsolatePool(size: number, memoryMb: number) {
  const cap = perWorkspaceCap(size);
  const idle: PooledIsolate[] = [];
  /** Waiting runs per workspace; the map's order is the round-robin turn. */
  const queues = new Map<string, Waiter[]>();
  const holding = new Map<string, number>();
  let live = 0;

  const create = (): PooledIsolate => {
    live++;
    return createPooledIsolate(memoryMb);
  };

  const held = (workspaceId: string) => holding.get(workspaceId) ?? 0;
  const hold = (workspaceId: string, delta: number) => {
    const count = held(workspaceId) + delta;
    if (count > 0) holding.set(workspaceId, count);
    else holding.delete(workspaceId);
  };
  const free = () => idle.length > 0 || live < size;
  const take = (workspaceId: string): PooledIsolate => {
    hold(workspaceId, 1);
    return idle.pop() ?? create();
  };

  /** Hands free isolates to waiting runs, one workspace after the other. */
  const dispatch = () => {
    let progressed = true;
    while (free() && progressed) {
      progressed = false;
      for (const [workspaceId, queue] of queues) {
        if (held(workspaceId) >= cap) continue;
        const waiter = queue.shift()!;
        // This workspace's turn is used: it goes to the back of the line.
        queues.delete(workspaceId);
        if (queue.length) queues.set(workspaceId, queue);
        waiter.resolve(take(workspaceId));
        progressed = true;
        break;
      }
    }
  };

  return {
    /** An isolate for a run of the workspace; waits its turn, gives up when `signal` aborts. */
    acquire(workspaceId: string, signal?: AbortSignal): Promise<PooledIsolate> {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      if (free() && held(workspaceId) < cap && !queues.has(workspaceId))
        return Promise.resolve(take(workspaceId));
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          const queue = queues.get(workspaceId);
          const at = queue?.indexOf(waiter) ?? -1;
          if (queue && at >= 0) {
            queue.splice(at, 1);
            if (!queue.length) queues.delete(workspaceId);
          }
          reject(signal?.reason as Error);
        };
        const waiter: Waiter = {
          resolve: (isolate) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(isolate);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const queue = queues.get(workspaceId) ?? [];
        queue.push(waiter);
        queues.set(workspaceId, queue);
      });
    },
    /** Gives the isolate back (or drops it when it was disposed) and serves the next run. */
    release(pooled: PooledIsolate, workspaceId: string): void {
      hold(workspaceId, -1);
      if (pooled.isolate.isDisposed) live--;
      else idle.push(pooled);
      dispatch();
    },
    /** Isolates held per workspace right now (for tests and status). */
    holding: () => Object.fromEntries(holding),
    dispose(): void {
      for (const pooled of idle.splice(0)) {
        if (!pooled.isolate.isDisposed) pooled.isolate.dispose();
        live--;
      }
    },
  };
}
