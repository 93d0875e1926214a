import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';

const expressionPattern = /\{\{[\s\S]*?\}\}/;

/** Whether a value holds a `{{ … }}` expression the engine evaluates before the node runs. */
export function hasExpression(value: unknown): value is string {
  return typeof value === 'string' && expressionPattern.test(value);
}

/** Code is code: the engine never reads JavaScript or Python params as templates. */
export function takesExpressions(spec: ParamSpec): boolean {
  if (spec.type === 'code-editor')
    return spec.language !== 'javascript' && spec.language !== 'python';
  return spec.type === 'text' || spec.type === 'textarea' || spec.type === 'number';
}

/**
 * What a number field typed as text stores: the number when the text is one, the text itself
 * otherwise (an expression, or something the validator will point out), '' when empty.
 */
export function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (trimmed.includes('{{')) return text;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : text;
}
