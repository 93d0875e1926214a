import { availableParallelism, totalmem } from 'node:os';
import type { SystemStatus } from '@ponte/shared/live.schema';

/** Samples closer than this reuse the last CPU figure (many screens ask every second). */
const minSampleMs = 500;

/**
 * The process's memory and CPU (spec 2 §3 System status). `cpuUsage` is the percent of all
 * cores the process used since the previous sample, 0–100.
 */
export function createSystemStatusSampler(clock: () => number = () => performance.now()) {
  const cores = availableParallelism();
  let last = { at: clock(), usage: process.cpuUsage() };
  let cpuUsage = 0;

  return (): SystemStatus => {
    const at = clock();
    const elapsedMs = at - last.at;
    if (elapsedMs >= minSampleMs) {
      const usage = process.cpuUsage();
      const usedMs = (usage.user - last.usage.user + usage.system - last.usage.system) / 1000;
      cpuUsage = Math.min(100, Math.max(0, (usedMs / elapsedMs / cores) * 100));
      cpuUsage = Math.round(cpuUsage * 10) / 10;
      last = { at, usage };
    }
    return {
      rss: process.memoryUsage.rss(),
      totalMemory: totalmem(),
      cpuUsage,
      cpuCores: cores,
    };
  };
}
