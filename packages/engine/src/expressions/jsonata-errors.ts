import { jsonataMessages } from './jsonata-messages';

/** The fields of the object JSONata throws (not always an `Error`). */
export interface JsonataFailure {
  code: string;
  position?: number;
  token?: unknown;
  value?: unknown;
  message?: string;
  /** The inner failure of `$eval` (D3120, D3121). */
  error?: unknown;
  [field: string]: unknown;
}

export function isJsonataFailure(error: unknown): error is JsonataFailure {
  return (
    !!error &&
    typeof error === 'object' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[SDT]\d{4}$/.test((error as { code: string }).code)
  );
}

/** `$error()` and `$assert()` without a message of their own (D3137, D3141). */
const defaultMessages: Record<string, string> = {
  '$error() function evaluated': 'A função $error() foi chamada',
  '$assert() statement failed': 'A verificação de $assert() falhou',
};

/** A field as `{{name}}` shows it: JSON, and the parser's end token in words. */
function shown(value: unknown): string {
  if (value === '(end)') return 'o fim da expressão';
  return String(JSON.stringify(value));
}

/** The pt-BR text of a failure, without its code and position. */
function textOf(failure: JsonataFailure): string {
  const template = jsonataMessages[failure.code];
  if (template === undefined) return failure.message ?? failure.code;
  const fields: Record<string, unknown> = { ...failure };
  if (isJsonataFailure(failure.error)) fields.value = jsonataErrorText(failure.error);
  if (typeof failure.message === 'string' && failure.message in defaultMessages)
    fields.message = defaultMessages[failure.message];
  return template
    .replace(/\{\{\{([^}]+)\}\}\}/g, (_, name: string) => String(fields[name]))
    .replace(/\{\{([^}]+)\}\}/g, (_, name: string) => shown(fields[name]));
}

/**
 * A JSONata failure as a person reads it: the code, the pt-BR text and where it happened in
 * the expression, `S0202: Esperava ")", mas encontrou "x" (posição 12)`.
 */
export function jsonataErrorText(failure: JsonataFailure): string {
  // `$eval`'s inner failure says where it is in the evaluated text; the outer one would not.
  const where =
    typeof failure.position === 'number' && !isJsonataFailure(failure.error)
      ? ` (posição ${failure.position})`
      : '';
  return `${failure.code}: ${textOf(failure)}${where}`;
}
