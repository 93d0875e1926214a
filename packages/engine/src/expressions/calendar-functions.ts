import type jsonata from 'jsonata';
import {
  addBusinessDays,
  holidaysOn,
  isBusinessDay,
  nextBusinessDay,
  nthBusinessDay,
} from '@ponte/shared/brazil/calendar/calendar';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import { ExpressionError } from './limits';

/**
 * The business-day functions of expressions (docs/brasil.md, "Dias úteis e feriados"):
 * `$diaUtil`, `$proximoDiaUtil`, `$somarDiasUteis`, `$nDiaUtil` and `$feriado`, over
 * `@ponte/shared/brazil/calendar/calendar`. The workspace's own holidays come from the
 * evaluation's input (`ExpressionData.holidays`, read from the root frame, so the compiled
 * expression stays shared): asked only when one of these functions runs, once per loader.
 */
type Focus = { environment: { base: { lookup(name: string): unknown } } };

const loads = new WeakMap<() => Promise<WorkspaceHoliday[]>, Promise<WorkspaceHoliday[]>>();

function workspaceHolidays(self: unknown): Promise<WorkspaceHoliday[]> {
  const root = (self as Focus).environment.base.lookup('$') as
    { holidays?: () => Promise<WorkspaceHoliday[]> } | undefined;
  const load = root?.holidays;
  if (typeof load !== 'function') return Promise.resolve([]);
  let pending = loads.get(load);
  if (!pending) {
    pending = load().catch((error: unknown) => {
      loads.delete(load);
      throw error;
    });
    loads.set(load, pending);
  }
  return pending;
}

/**
 * Runs a calendar function; its pt-BR error says which function it was, the workspace's
 * holidays that could not be read included.
 */
async function calendarCall<T>(
  self: unknown,
  name: string,
  run: (extra: WorkspaceHoliday[]) => T,
): Promise<T> {
  let extra: WorkspaceHoliday[];
  try {
    extra = await workspaceHolidays(self);
  } catch (error) {
    throw new ExpressionError(
      `$${name}: não foi possível ler os feriados do workspace: ${(error as Error).message}`,
    );
  }
  try {
    return run(extra);
  } catch (error) {
    throw new ExpressionError(`$${name}: ${(error as Error).message}`);
  }
}

const place = (uf: unknown) => (uf === undefined || uf === null ? 'BR' : String(uf));

function diaUtil(this: unknown, date: unknown, uf: unknown) {
  if (date === undefined) return undefined;
  return calendarCall(this, 'diaUtil', (extra) => isBusinessDay(date, place(uf), extra));
}

function proximoDiaUtil(this: unknown, date: unknown, uf: unknown) {
  if (date === undefined) return undefined;
  return calendarCall(this, 'proximoDiaUtil', (extra) => nextBusinessDay(date, place(uf), extra));
}

function somarDiasUteis(this: unknown, date: unknown, n: unknown, uf: unknown) {
  if (date === undefined) return undefined;
  return calendarCall(this, 'somarDiasUteis', (extra) =>
    addBusinessDays(date, n, place(uf), extra),
  );
}

function nDiaUtil(this: unknown, month: unknown, n: unknown, uf: unknown) {
  if (month === undefined) return undefined;
  return calendarCall(this, 'nDiaUtil', (extra) => nthBusinessDay(month, n, place(uf), extra));
}

/** The name of the holiday that closes the day, the list when more than one, or nothing. */
function feriado(this: unknown, date: unknown, uf: unknown) {
  if (date === undefined) return undefined;
  return calendarCall(this, 'feriado', (extra) => {
    const names = holidaysOn(date, place(uf), extra)
      .filter((holiday) => holiday.closes !== false)
      .map((holiday) => holiday.name);
    return names.length > 1 ? names : names[0];
  });
}

/** Puts the calendar functions in a compiled expression. */
export function registerCalendarFunctions(compiled: jsonata.Expression): void {
  compiled.registerFunction('diaUtil', diaUtil, '<xs?:b>');
  compiled.registerFunction('proximoDiaUtil', proximoDiaUtil, '<xs?:s>');
  compiled.registerFunction('somarDiasUteis', somarDiasUteis, '<xxs?:s>');
  compiled.registerFunction('nDiaUtil', nDiaUtil, '<xxs?:s>');
  compiled.registerFunction('feriado', feriado, '<xs?:x>');
}
