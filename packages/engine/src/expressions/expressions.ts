import jsonata from 'jsonata';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import { evaluateWithin, guard } from './budget';
import { registerDocumentFunctions } from './document-functions';
import { registerCalendarFunctions } from './calendar-functions';
import { guardFunctions, nativesReady } from './guarded-functions';
import { ExpressionError, ExpressionLimitError, expressionLimits } from './limits';
import { LinearRegExp, withLinearRegExp } from './linear-regex';
import { isJsonataFailure, jsonataErrorText } from './jsonata-errors';
import { scanTemplate } from './template-scan';

export { ExpressionError, ExpressionLimitError } from './limits';

/**
 * `{{ … }}` expressions in params, evaluated with JSONata over `{msg, flow, vars}`. No
 * JavaScript runs here: JSONata is an interpreter of its own language. Every evaluation is
 * bounded in time, depth and size, and gives the event loop a turn every few milliseconds;
 * regular expressions match in linear time (ADR 0018).
 */
export interface ExpressionData {
  msg: unknown;
  flow: unknown;
  vars: Record<string, string>;
  /**
   * The workspace's own holidays, for the business-day functions (`$diaUtil`…): asked only
   * when an expression calls one of them, at most once per execution (docs/brasil.md).
   */
  holidays?: () => Promise<WorkspaceHoliday[]>;
}

const cache = new Map<string, ReturnType<typeof jsonata>>();
const cacheMax = 1000;

function compile(expression: string): ReturnType<typeof jsonata> {
  let compiled = cache.get(expression);
  if (!compiled) {
    try {
      // The parser builds regex literals and function signatures with `new RegExp`: RE2 too,
      // and an unsupported pattern fails here, at compile time.
      compiled = withLinearRegExp(() =>
        jsonata(expression, {
          RegexEngine: LinearRegExp as unknown as RegExpConstructor,
          sequence: expressionLimits.items,
        }),
      );
    } catch (error) {
      throw new ExpressionError(describe(error), { unreadable: true });
    }
    guard(compiled);
    guardFunctions(compiled);
    registerDocumentFunctions(compiled);
    registerCalendarFunctions(compiled);
    if (cache.size >= cacheMax) cache.delete(cache.keys().next().value as string);
    cache.set(expression, compiled);
  }
  return compiled;
}

/** A failure in pt-BR: ours as they are, JSONata's with their code (`jsonata-errors.ts`). */
function describe(error: unknown): string {
  if (error instanceof ExpressionError) return error.message;
  if (isJsonataFailure(error)) return jsonataErrorText(error);
  if (error && typeof error === 'object' && 'message' in error) {
    const { message, position } = error as { message: string; position?: number };
    return position === undefined ? message : `${message} (posição ${position})`;
  }
  return String(error);
}

/** Evaluates one JSONata expression (without the braces). */
export async function evaluate(expression: string, data: ExpressionData): Promise<unknown> {
  const compiled = compile(expression.trim());
  await nativesReady();
  try {
    return normalise(await evaluateWithin(compiled, data));
  } catch (error) {
    if (error instanceof ExpressionLimitError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    // JSONata's own size guards: a sequence over `sequence` items, a range over 1e7.
    if (code === 'D2015' || code === 'D2014') throw new ExpressionLimitError('items');
    throw new ExpressionError(describe(error));
  }
}

/** JSONata returns arrays tagged with a `sequence` flag; give plain JSON back. */
function normalise(value: unknown): unknown {
  if (value === undefined || value === null || typeof value !== 'object') return value;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

export function stringify(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Resolves a string that may hold expressions. A string that is one whole expression keeps
 * the value's type; otherwise every expression is replaced by its text.
 */
export async function resolveTemplate(text: string, data: ExpressionData): Promise<unknown> {
  if (!text.includes('{{')) return text;
  const parts = scanTemplate(text);
  const expressions = parts.filter((part) => 'expression' in part);
  if (!expressions.length) return text;
  const blank = parts.every((part) => 'expression' in part || !part.text.trim());
  if (expressions.length === 1 && blank) return evaluate(expressions[0]!.expression, data);
  const out: string[] = [];
  for (const part of parts)
    out.push('text' in part ? part.text : stringify(await evaluate(part.expression, data)));
  return out.join('');
}

/**
 * Parses every expression of a text without evaluating it: the pt-BR reason of the first one
 * JSONata cannot read (with its code and position), or null. A flow is checked with it when
 * saved, so a template that cannot be read is said then and there.
 */
export function templateProblem(text: string): string | null {
  if (!text.includes('{{')) return null;
  for (const part of scanTemplate(text)) {
    if (!('expression' in part)) continue;
    try {
      compile(part.expression.trim());
    } catch (error) {
      return describe(error);
    }
  }
  return null;
}
