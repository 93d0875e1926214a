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

/**
 * A few isolates, each used by one run at a time: a run's memory limit is its own, and a run
 * that must be killed (timeout, abort, memory) takes only its isolate down.
 */
export function createIsolatePool(size: number, memoryMb: number) {
  const idle: PooledIsolate[] = [];
  const waiting: ((isolate: PooledIsolate) => void)[] = [];
  let live = 0;

  const create = (): PooledIsolate => {
    const isolate = new ivm.Isolate({ memoryLimit: memoryMb });
    const compiled = new Map<string, ivm.Script>();
    const user = new Map<string, ivm.Script>();
    live++;
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
  };

  return {
    async acquire(): Promise<PooledIsolate> {
      const ready = idle.pop();
      if (ready) return ready;
      if (live < size) return create();
      return new Promise((resolve) => waiting.push(resolve));
    },
    /** Gives the isolate back, or replaces it when it was disposed. */
    release(pooled: PooledIsolate): void {
      let next = pooled;
      if (pooled.isolate.isDisposed) {
        live--;
        if (!waiting.length) return;
        next = create();
      }
      const waiter = waiting.shift();
      if (waiter) waiter(next);
      else idle.push(next);
    },
    dispose(): void {
      for (const pooled of idle.splice(0)) {
        if (!pooled.isolate.isDisposed) pooled.isolate.dispose();
        live--;
      }
    },
  };
}
