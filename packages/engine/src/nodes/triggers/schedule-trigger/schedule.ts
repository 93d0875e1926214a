import { Cron } from 'croner';

export const defaultTimezone = 'America/Sao_Paulo';

function timezoneOf(params: Record<string, unknown>): string {
  return String(params.timezone ?? '').trim() || defaultTimezone;
}

function isTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** A pt-BR error for a bad cron or time zone, or null when the schedule is usable. */
export function validateSchedule(params: Record<string, unknown>): string | null {
  const cron = String(params.cron ?? '').trim();
  if (!cron) return 'Informe a expressão cron do agendamento.';
  const timezone = timezoneOf(params);
  if (!isTimezone(timezone)) return `Fuso horário desconhecido: ${timezone}.`;
  try {
    const job = new Cron(cron, { timezone, paused: true });
    const next = job.nextRun();
    job.stop();
    if (!next) return 'A expressão cron nunca dispara.';
    return null;
  } catch {
    return `Expressão cron inválida: "${cron}". Use 5 ou 6 campos (segundos opcionais), ex.: 0 */5 * * * *`;
  }
}

/** The next `count` firing times after `from`, in the schedule's time zone. */
export function nextRuns(params: Record<string, unknown>, from: Date, count: number): Date[] {
  const problem = validateSchedule(params);
  if (problem) throw new Error(problem);
  const job = new Cron(String(params.cron).trim(), { timezone: timezoneOf(params), paused: true });
  try {
    return job.nextRuns(count, from);
  } finally {
    job.stop();
  }
}

const expression = /\{\{[\s\S]*?\}\}/;

/**
 * The node's check on save: an empty cron is the required-param issue's to report, and a value
 * holding an expression is checked when the schedule is armed.
 */
export function checkScheduleParams(params: Record<string, unknown>): string | null {
  const cron = String(params.cron ?? '').trim();
  if (!cron || expression.test(cron) || expression.test(String(params.timezone ?? ''))) return null;
  return validateSchedule(params);
}
