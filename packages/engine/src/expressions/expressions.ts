import jsonata from 'jsonata';
import { evaluateWithin, guard } from './budget';
import { guardFunctions, nativesReady } from './guarded-functions';
import { ExpressionError, ExpressionLimitError, expressionLimits } from './limits';
import { LinearRegExp, withLinearRegExp } from './linear-regex';

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
}

const pattern = /\{\{([\s\S]*?)\}\}/g;
const whole = /^\s*\{\{([\s\S]*?)\}\}\s*$/;
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
      throw new ExpressionError(describe(error));
    }
    guard(compiled);
    guardFunctions(compiled);
    if (cache.size >= cacheMax) cache.delete(cache.keys().next().value as string);
    cache.set(expression, compiled);
  }
  return compiled;
}

function describe(error: unknown): string {
  if (error instanceof ExpressionError) return error.message;
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

export function hasExpression(text: string): boolean {
  return /\{\{[\s\S]*?\}\}/.test(text);
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
  const single = whole.exec(text);
  if (single && !single[1]!.includes('{{')) return evaluate(single[1]!, data);
  if (!hasExpression(text)) return text;
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(last, match.index));
    parts.push(stringify(await evaluate(match[1]!, data)));
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts.join('');
}
