import type ivm from 'isolated-vm';
import type { Sandbox, SandboxKill, SandboxLimits, SandboxRunRequest } from './sandbox';
import { createIsolatePool, type LibraryName, type PooledIsolate } from './isolate-pool';
import {
  prepareContext,
  prepareContextSync,
  runGlobals,
  setGlobalsSync,
  type PreparedContext,
} from './sandbox-context';

export const defaultSandboxLimits: SandboxLimits = {
  timeoutMs: 30_000,
  memoryMb: 128,
  maxOutputBytes: 16 * 1024 * 1024,
};

export interface IsolatedSandboxOptions {
  limits?: Partial<SandboxLimits>;
  /** Isolates running code at once (default 2); one workspace holds at most half of them. */
  poolSize?: number;
  /**
   * Called once for every run killed for its time or memory (the one place where kills are
   * reported: the server records them in its security log).
   */
  onKilled?: (kill: SandboxKill) => void;
  /**
   * Makes each isolate's next context (bootstrap included) while the isolate waits in the pool,
   * on the isolate's thread: less time on the main thread per run, but more CPU in all and fewer
   * runs per second when the CPU is busy (docs/adr/0059), hence off by default. Either way a
   * context serves one run only. The same as `contextsAhead: 1`.
   */
  warmContexts?: boolean;
  /**
   * How many contexts each idle isolate keeps made ahead (default 0, or 1 with `warmContexts`;
   * docs/adr/0126 measured 2 and 3). Each serves one run only.
   */
  contextsAhead?: number;
  /**
   * How a context is made in the run when none was made ahead (default `prepareContextSync`).
   * For measuring other ways only (bench/sandbox-cost.ts).
   */
  prepareInRun?: (pooled: PooledIsolate, globals: [string, ivm.Transferable][]) => PreparedContext;
}

/** Libraries are evaluated only when the code names them: most code pays for none. */
const libraryUse: [LibraryName, RegExp][] = [
  ['buffer', /\bBuffer\b/],
  ['moment', /\bmoment\b/],
  ['axios', /\b(axios|serviceAccount)\b/],
  ['openai', /\bOpenAI\b/],
];

const seconds = (ms: number) => (ms / 1000).toLocaleString('pt-BR');
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024).toLocaleString('pt-BR');

class SandboxError extends Error {
  constructor(
    message: string,
    readonly kill?: SandboxKill['reason'],
  ) {
    super(message);
  }
}

const stoppedMessage = 'Execução interrompida.';

/** What a failed run tells the person: a pt-BR message, and whether the run was killed. */
function explain(error: unknown, isolate: ivm.Isolate, limits: SandboxLimits): SandboxError {
  if (error instanceof SandboxError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (isolate.isDisposed || /memory limit|allocation failed/i.test(message)) {
    if (!isolate.isDisposed) isolate.dispose();
    return new SandboxError(
      `O código excedeu o limite de memória de ${limits.memoryMb} MB.`,
      'memory',
    );
  }
  if (/Script execution timed out/i.test(message)) {
    return new SandboxError(
      `O código excedeu o tempo limite de ${seconds(limits.timeoutMs)} s.`,
      'timeout',
    );
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'SyntaxError') return new SandboxError(`Erro de sintaxe no código: ${message}`);
  return new SandboxError(`Erro no código: ${message}`);
}

/**
 * The code sandbox (docs/adr/0007): user JavaScript runs in a V8 isolate of its own, in a fresh
 * context per run (docs/adr/0059), with a memory limit, a wall-clock limit and an output limit.
 * Nothing of the host crosses in but copied data and opaque references to a few host functions.
 */
export function createIsolatedSandbox(options: IsolatedSandboxOptions = {}): Sandbox {
  const base = { ...defaultSandboxLimits, ...options.limits };
  const ahead = options.contextsAhead ?? (options.warmContexts ? 1 : 0);
  const prepareInRun = options.prepareInRun ?? prepareContextSync;
  /** The contexts each idle isolate has ready for its next runs (docs/adr/0059, 0126). */
  const warm = new WeakMap<PooledIsolate, Promise<PreparedContext | undefined>[]>();
  const pools = new Map<number, ReturnType<typeof createIsolatePool>>();
  const poolFor = (memoryMb: number) => {
    let pool = pools.get(memoryMb);
    if (!pool) {
      pool = createIsolatePool(options.poolSize ?? 4, memoryMb);
      pools.set(memoryMb, pool);
    }
    return pool;
  };

  async function runIn(pooled: PooledIsolate, request: SandboxRunRequest, limits: SandboxLimits) {
    const { isolate } = pooled;
    const warmed = warm.get(pooled)?.shift();
    // A context made for this run alone: ahead of time (while the isolate waited in the pool),
    // or now for the isolate's first run and when no context is made ahead.
    const inputs = runGlobals(request.msg, request.params);
    let prepared: PreparedContext | undefined;
    try {
      prepared = warmed && (await warmed);
      if (prepared) setGlobalsSync(prepared.context, inputs);
      else prepared = prepareInRun(pooled, inputs);
    } catch (error) {
      // An isolate at its memory limit fails here: reported as that run's kill, in pt-BR.
      throw explain(error, isolate, limits);
    }
    const { context, bridges, bind } = prepared;
    bind(request.host);
    const kill = (reason: string, why?: SandboxKill['reason']) => {
      failure ??= new SandboxError(reason, why);
      if (!isolate.isDisposed) isolate.dispose();
    };
    let failure: SandboxError | undefined;
    const timer = setTimeout(
      () => kill(`O código excedeu o tempo limite de ${seconds(limits.timeoutMs)} s.`, 'timeout'),
      limits.timeoutMs,
    );
    const onAbort = () => kill(stoppedMessage);
    request.signal.addEventListener('abort', onAbort);
    try {
      if (request.signal.aborted) throw new SandboxError(stoppedMessage);
      for (const [library, used] of libraryUse) {
        if (used.test(request.code)) pooled.script(library).runSync(context);
      }
      const output = (await pooled.userScript(request.code).run(context, {
        promise: true,
        timeout: limits.timeoutMs,
      })) as string | undefined;
      if (failure) throw failure;
      if (output === undefined) return undefined;
      if (Buffer.byteLength(output) > limits.maxOutputBytes) {
        throw new SandboxError(
          `O resultado do código excede o limite de ${megabytes(limits.maxOutputBytes)} MB.`,
        );
      }
      return JSON.parse(output) as unknown;
    } catch (error) {
      throw failure ?? explain(error, isolate, limits);
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      // Work the code left running (a timer, a request) must not reach the next run: the
      // isolate goes, and the pool makes a new one.
      if (bridges.pending() > 0 && !isolate.isDisposed) isolate.dispose();
      bridges.close();
      // The context served this run only: it is never used again.
      if (!isolate.isDisposed) context.release();
    }
  }

  return {
    async run(request) {
      const limits = { ...base, ...request.limits };
      const pool = poolFor(limits.memoryMb);
      const { workspaceId } = request.scope;
      const pooled = await pool.acquire(workspaceId, request.signal).catch(() => {
        throw new SandboxError(stoppedMessage);
      });
      try {
        return await runIn(pooled, request, limits);
      } catch (error) {
        if (error instanceof SandboxError && error.kill) {
          options.onKilled?.({ scope: request.scope, reason: error.kill, message: error.message });
        }
        throw error;
      } finally {
        // The next runs' contexts are made now, on the isolate's thread, while the isolate
        // waits in the pool; a disposed isolate (killed, or left work running) makes none.
        if (ahead > 0 && !pooled.isolate.isDisposed) {
          const ready = warm.get(pooled) ?? [];
          while (ready.length < ahead) ready.push(prepareContext(pooled).catch(() => undefined));
          warm.set(pooled, ready);
        }
        pool.release(pooled, workspaceId);
      }
    },
    dispose() {
      for (const pool of pools.values()) pool.dispose();
    },
  };
}
