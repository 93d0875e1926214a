import { ExpressionError, ExpressionLimitError } from '../../expressions/limits';
import { ParamError } from '../../expressions/resolve-params';

/** How a condition's value is read: JSONata-like, empty things are false. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

/**
 * A condition param may be written as `{{ expr }}` (already resolved to its value) or as a
 * bare JSONata expression (a string, evaluated here).
 */
export async function conditionValue(
  param: string,
  value: unknown,
  evaluate: (expression: string) => Promise<unknown>,
): Promise<unknown> {
  if (typeof value !== 'string') return value;
  try {
    return await evaluate(value);
  } catch (error) {
    if (error instanceof ExpressionLimitError) throw new Error(error.forParam(param));
    const detail = error instanceof Error ? error.message : String(error);
    const unreadable = error instanceof ExpressionError && error.unreadable;
    throw new ParamError(`Expressão inválida no parâmetro "${param}": ${detail}`, { unreadable });
  }
}
