import { Cron } from 'croner';
import { limits } from '../limits';

/**
 * Checks of node params that a param's kind cannot say (a cron expression, a time zone, a
 * wait's range): the validator runs them when a flow is saved or checked, and the engine when
 * a value comes from an expression. Each answers a pt-BR problem, or null when usable.
 */
export type ParamRule = (params: Record<string, unknown>) => string | null;

export const defaultTimezone = 'America/Sao_Paulo';

const expression = /\{\{[\s\S]*?\}\}/;
const isExpression = (value: unknown) => typeof value === 'string' && expression.test(value);

export function scheduleTimezone(params: Record<string, unknown>): string {
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
  const timezone = scheduleTimezone(params);
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

export const delayUnitMs: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000 };

/** The wait of the Aguardar node in ms, or a pt-BR problem. */
export function delayMs(amount: unknown, unit: unknown): number | string {
  const factor = delayUnitMs[String(unit ?? 's')];
  if (factor === undefined) return `Unidade de tempo desconhecida: ${String(unit)}.`;
  const number = typeof amount === 'number' ? amount : Number(String(amount ?? '').trim());
  if (!Number.isFinite(number) || number < 0)
    return 'A quantidade deve ser um número maior ou igual a zero.';
  const ms = number * factor;
  if (ms > limits.delayMaxMs)
    return `O tempo de espera deve ser de no máximo ${limits.delayMaxMs / 86_400_000} dias.`;
  return ms;
}

function validateDelay(params: Record<string, unknown>): string | null {
  if (isExpression(params.amount) || params.amount === undefined || params.amount === '')
    return null;
  const ms = delayMs(params.amount, params.unit);
  return typeof ms === 'string' ? ms : null;
}

function validateScheduleParams(params: Record<string, unknown>): string | null {
  if (isExpression(params.cron) || isExpression(params.timezone)) return null;
  if (String(params.cron ?? '').trim() === '') return null; // the required-param issue says it
  return validateSchedule(params);
}

/** The rules by node type. */
export const nodeParamRules: Record<string, ParamRule> = {
  core_schedule_trigger: validateScheduleParams,
  core_delay: validateDelay,
};
