import { parseBrNumber } from '@ponte/shared/brazil/numbers';
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
 * What a number field typed as text stores: the number when the text is one, read as
 * Brazilians type numbers ('1.234,56', '1234.56', '30.000'; docs/adr/0077), the text itself
 * otherwise (an expression, or something the validator will point out), '' when empty.
 */
export function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (trimmed.includes('{{')) return text;
  return parseBrNumber(trimmed) ?? text;
}

const shownNumber = new Intl.NumberFormat('pt-BR', {
  maximumFractionDigits: 20,
  useGrouping: false,
});

/** A number param's value as its field shows it: 1.5 as '1,5', 30000 as '30000'. */
export function numberText(value: unknown): string {
  if (typeof value === 'number') {
    const text = shownNumber.format(value);
    return parseBrNumber(text) === value ? text : String(value);
  }
  return value === undefined || value === null ? '' : String(value);
}
