import ivm from 'isolated-vm';
import type { Sandbox, SandboxKill, SandboxLimits, SandboxRunRequest } from './sandbox';
import { createIsolatePool, type LibraryName, type PooledIsolate } from './isolate-pool';
import { createHostBridges, pendingCallsMessage } from './host-bridges';
import { limits as sharedLimits } from '@ponte/shared/limits';
import { flowDataMessages } from '../kit/flow-data';
import { memoryLimits } from '../ports';

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

/** The bounds the lockdown (runtime/entries/lockdown.js) applies inside each context. */
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
 * The code sandbox (docs/adr/0007): user JavaScript runs in a V8 isolate of its own, in a fresh
 * context per run, with a memory limit, a wall-clock limit and an output limit. Nothing of the
 * host crosses in but copied data and opaque references to a few host functions.
 */
export function createIsolatedSandbox(options: IsolatedSandboxOptions = {}): Sandbox {
  const base = { ...defaultSandboxLimits, ...options.limits };
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
    const context = isolate.createContextSync();
    const bridges = createHostBridges(request.host);
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
      const jail = context.global;
      jail.setSync('globalThis', jail.derefInto());
      for (const [name, reference] of Object.entries(bridges.references))
        jail.setSync(`$${name}`, reference);
      // Read (and removed) by the lockdown, the first thing the bootstrap runs.
      jail.setSync('$limits', new ivm.ExternalCopy(isolateLimits).copyInto());
      pooled.script('bootstrap').runSync(context);
      for (const [library, used] of libraryUse) {
        if (used.test(request.code)) pooled.script(library).runSync(context);
      }
      jail.setSync('msg', new ivm.ExternalCopy(request.msg ?? {}).copyInto());
      jail.setSync('params', new ivm.ExternalCopy(request.params ?? {}).copyInto());
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
        pool.release(pooled, workspaceId);
      }
    },
    dispose() {
      for (const pool of pools.values()) pool.dispose();
    },
  };
}
