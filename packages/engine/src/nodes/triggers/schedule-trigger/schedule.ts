import { Cron } from 'croner';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import { scheduleDayAllows, scheduleDaysProblem } from './schedule-days';

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

/** A pt-BR error for a bad cron, time zone or 'Dias', or null when the schedule is usable. */
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
  } catch {
    return `Expressão cron inválida: "${cron}". Use 5 ou 6 campos (segundos opcionais), ex.: 0 */5 * * * *`;
  }
  return scheduleDaysProblem(params);
}

/**
 * How many days a search for the next run of 'Somente dias úteis' may pass over: a schedule
 * whose days never come ends the search.
 */
const maxRefusedDays = 800;

/**
 * How far, in months, a search for the next run of 'No N-ésimo dia útil' goes: a month without
 * its N-th business day is skipped, and N = 23 in São Paulo waits up to 26 months (November 2025
 * to December 2027), more than `maxRefusedDays`.
 */
export const nthBusinessSearchMonths = 36;

/** The instant the search stops: `nthBusinessSearchMonths` after `from` for an N-th day. */
function searchEnd(params: Record<string, unknown>, from: Date): number {
  if (String(params.days ?? '').trim() !== 'nth_business') return Infinity;
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + nthBusinessSearchMonths);
  return end.getTime();
}

/**
 * The next `count` firing times after `from`, in the schedule's time zone, on the days its
 * 'Dias' allows (with the workspace's holidays given; the preview passes none). A refused day
 * is passed over whole: the search goes on from the next midnight. Fewer (none) when the days
 * do not come within the search's bound.
 */
export function nextRuns(
  params: Record<string, unknown>,
  from: Date,
  count: number,
  workspaceHolidays: readonly WorkspaceHoliday[] = [],
): Date[] {
  const problem = validateSchedule(params);
  if (problem) throw new Error(problem);
  const timezone = timezoneOf(params);
  const job = new Cron(String(params.cron).trim(), { timezone, paused: true });
  const midnight = new Cron('0 0 0 * * *', { timezone, paused: true });
  const end = searchEnd(params, from);
  const refusedCap = end === Infinity ? maxRefusedDays : Infinity;
  try {
    const runs: Date[] = [];
    let after = from;
    for (let refused = 0; runs.length < count && refused <= refusedCap;) {
      const next = job.nextRun(after);
      if (!next || next.getTime() > end) break;
      if (scheduleDayAllows(params, next, workspaceHolidays)) {
        runs.push(next);
        after = next;
        continue;
      }
      refused += 1;
      const dayEnd = midnight.nextRun(next);
      if (!dayEnd) break;
      after = new Date(dayEnd.getTime() - 1000);
    }
    return runs;
  } finally {
    job.stop();
    midnight.stop();
  }
}

const expression = /\{\{[\s\S]*?\}\}/;

/**
 * The node's check on save: an empty cron is the required-param issue's to report, and a value
 * holding an expression is checked when the schedule is armed.
 */
export function checkScheduleParams(params: Record<string, unknown>): string | null {
  const cron = String(params.cron ?? '').trim();
  const texts = [cron, params.timezone, params.place, params.nth_business_day];
  if (!cron || texts.some((text) => expression.test(String(text ?? '')))) return null;
  return validateSchedule(params);
}
