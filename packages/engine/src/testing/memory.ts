import v8 from 'node:v8';
import vm from 'node:vm';

/** V8's collector for tests (`--expose-gc` set at run time reaches new contexts). */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

export interface MemoryMeasure {
  outcome: { value: unknown } | { error: string };
  /** What the process's resident memory grew by (memory outside V8's heap included). */
  grewBy: number;
  /**
   * The most the attempt held at once in JavaScript objects, buffers and external strings,
   * sampled while it runs. Resident memory alone misses what reuses pages an earlier test freed.
   */
  held: number;
}

/**
 * Runs `attempt` and measures this process's memory around it, starting from live memory (the
 * garbage of earlier tests collected first).
 */
export async function measureMemory(attempt: () => Promise<unknown>): Promise<MemoryMeasure> {
  const gc = collector();
  const live = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external;
  };
  gc();
  const rssBefore = process.memoryUsage().rss;
  const liveBefore = live();
  let peak = liveBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, live())), 5);
  const outcome = await attempt()
    .then(
      (value) => ({ value }),
      (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
    )
    .finally(() => clearInterval(sampler));
  return {
    outcome,
    grewBy: process.memoryUsage().rss - rssBefore,
    held: Math.max(peak, live()) - liveBefore,
  };
}
