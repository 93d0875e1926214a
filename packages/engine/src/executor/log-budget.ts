import { memoryLimits } from '../ports';

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The line that takes the place of the first one past the limits. */
export const logLimitNotice =
  `A execução passou do limite de ${memoryLimits.executionLogLines.toLocaleString('pt-BR')} ` +
  `linhas ou ${megabytes(memoryLimits.executionLogBytes)} MB de log; ` +
  'as linhas seguintes foram descartadas.';

/** Characters a log message becomes (text as is, anything else as its JSON). */
function sizeOf(message: unknown): number {
  if (typeof message === 'string') return message.length;
  try {
    return JSON.stringify(message)?.length ?? 0;
  } catch {
    return 0;
  }
}

/**
 * An execution's log lines (user and debug) wait in the server's memory until they are
 * written: an execution has a bounded number of them. Past the limits, one notice line takes
 * the place of the first line refused, and the rest are dropped.
 */
export function createLogBudget() {
  let lines = 0;
  let chars = 0;
  let over = false;
  return {
    admit(message: unknown): 'write' | 'notice' | 'drop' {
      if (over) return 'drop';
      if (lines < memoryLimits.executionLogLines && chars < memoryLimits.executionLogBytes) {
        lines++;
        chars += sizeOf(message);
        return 'write';
      }
      over = true;
      return 'notice';
    },
  };
}

export type LogBudget = ReturnType<typeof createLogBudget>;
