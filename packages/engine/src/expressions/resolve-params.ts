import { parseBrNumber } from '@ponte/shared/brazil/numbers';
import { paramShown, type ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import {
  ExpressionError,
  ExpressionLimitError,
  resolveTemplate,
  stringify,
  type ExpressionData,
} from './expressions';

export class ParamError extends Error {
  /** True when an expression of the param could not be read at all (ExpressionError's). */
  readonly unreadable: boolean;

  constructor(message: string, options: { unreadable?: boolean } = {}) {
    super(message);
    this.name = 'ParamError';
    this.unreadable = options.unreadable ?? false;
  }
}

/** Code is code: JavaScript and Python params are never read as templates. */
export function takesExpressions(spec: ParamSpec): boolean {
  if (spec.type === 'code-editor') {
    return spec.language !== 'javascript' && spec.language !== 'python';
  }
  return true;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

async function resolveValue(
  name: string,
  spec: ParamSpec,
  raw: unknown,
  data: ExpressionData,
): Promise<unknown> {
  if (typeof raw !== 'string' || !takesExpressions(spec)) return raw;
  try {
    return await resolveTemplate(raw, data);
  } catch (error) {
    if (error instanceof ExpressionLimitError) throw new ParamError(error.forParam(name));
    const detail = error instanceof ExpressionError ? error.message : String(error);
    const unreadable = error instanceof ExpressionError && error.unreadable;
    throw new ParamError(`Expressão inválida no parâmetro "${name}": ${detail}`, { unreadable });
  }
}

/** A number as a program writes it ('10.500', '1e-7'): what data from an API holds. */
const programNumber = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * The number a param holds. Text a person typed is read as Brazilians type numbers: '1.000' is
 * a thousand (docs/adr/0077). Text an expression produced comes from data, where a dot is a
 * decimal point ('10.500' from an API is ten and a half); a comma still makes it Brazilian.
 */
function numberOf(value: unknown, fromExpression: boolean): number | null {
  if (typeof value === 'number') return value;
  const text = stringify(value);
  if (fromExpression && programNumber.test(text)) return Number(text);
  return parseBrNumber(text);
}

function coerce(name: string, spec: ParamSpec, value: unknown, fromExpression = false): unknown {
  switch (spec.type) {
    case 'number': {
      const number = numberOf(value, fromExpression);
      if (number === null || !Number.isFinite(number)) {
        throw new ParamError(`O parâmetro "${name}" deve ser um número.`);
      }
      if (spec.min !== undefined && number < spec.min) {
        throw new ParamError(`O parâmetro "${name}" deve ser no mínimo ${spec.min}.`);
      }
      if (spec.max !== undefined && number > spec.max) {
        throw new ParamError(`O parâmetro "${name}" deve ser no máximo ${spec.max}.`);
      }
      return number;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return ['true', '1', 'sim', 'yes'].includes(stringify(value).trim().toLowerCase());
    case 'text':
    case 'textarea':
      return spec.valueType === 'any' ? value : stringify(value);
    case 'table-params':
      if (!Array.isArray(value)) throw new ParamError(`O parâmetro "${name}" deve ser uma tabela.`);
      return value;
    default:
      return stringify(value);
  }
}

async function resolveTable(
  name: string,
  spec: Extract<ParamSpec, { type: 'table-params' }>,
  rows: unknown,
  data: ExpressionData,
): Promise<unknown> {
  if (!Array.isArray(rows)) return rows;
  const resolved: Record<string, unknown>[] = [];
  for (const [index, row] of rows.entries()) {
    const out: Record<string, unknown> = {};
    const cells = (row ?? {}) as Record<string, unknown>;
    for (const column of spec.columns) {
      const cell = cells[column.key];
      out[column.key] =
        typeof cell === 'string' && column.type === 'text'
          ? await resolveValue(
              `${name}[${index + 1}].${column.key}`,
              { ...spec, type: 'text', valueType: 'any' } as ParamSpec,
              cell,
              data,
            )
          : cell;
    }
    resolved.push(out);
  }
  return resolved;
}

function holdsExpression(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{{');
  if (Array.isArray(value)) return value.some(holdsExpression);
  if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
  return false;
}

const staticParams = new WeakMap<object, Record<string, unknown>>();

/**
 * Like `resolveParams`, but params without any `{{ }}` are resolved once per node object and
 * reused (frozen): most params are plain values, and a flow runs the same nodes many times.
 */
export async function resolveNodeParams(
  specs: Record<string, ParamSpec>,
  raw: Record<string, unknown>,
  data: ExpressionData,
): Promise<Record<string, unknown>> {
  const cached = staticParams.get(raw);
  if (cached) return cached;
  const resolved = await resolveParams(specs, raw, data);
  const sources = Object.entries(specs).map(([name, spec]) =>
    isEmpty(raw[name]) && 'default' in spec ? spec.default : raw[name],
  );
  if (!holdsExpression(sources)) staticParams.set(raw, deepFreeze(resolved));
  return resolved;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * The node's params as `run` sees them: defaults filled in, expressions evaluated, values
 * coerced to their kind. A required param left empty fails the node with a message naming it.
 */
export async function resolveParams(
  specs: Record<string, ParamSpec>,
  raw: Record<string, unknown>,
  data: ExpressionData,
  literal?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = {};
  const given = literal ? { ...raw, ...literal } : raw;
  for (const [name, spec] of Object.entries(specs)) {
    if (!paramShown(specs, spec, given)) continue;
    // A value an agent's model gave is data, never a template (docs/adr/0099).
    const isLiteral = literal !== undefined && Object.hasOwn(literal, name);
    const source = isEmpty(given[name]) && 'default' in spec ? spec.default : given[name];
    const value = isLiteral
      ? source
      : spec.type === 'table-params'
        ? await resolveTable(name, spec, source, data)
        : await resolveValue(name, spec, source, data);
    if (
      isEmpty(value) ||
      (spec.type === 'table-params' && Array.isArray(value) && !value.length && spec.required)
    ) {
      if (spec.required) {
        throw new ParamError(
          `O parâmetro obrigatório "${spec.label}" (${name}) não foi preenchido.`,
        );
      }
      continue;
    }
    params[name] = coerce(name, spec, value, isLiteral || holdsExpression(source));
  }
  return params;
}
