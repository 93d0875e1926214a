import type { CustomNodeParamInput } from '@ponte/shared/custom-nodes.schema';
import { limits } from '@ponte/shared/limits';
import type { Schema } from './openapi-document';

/** A param of the panel made from a schema, before it has a name and a position. */
export type Field = Omit<CustomNodeParamInput, 'name' | 'position'> & {
  /** Sent parsed: a text holding JSON, or a select whose values are not texts. */
  json: boolean;
};

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** allOf members folded into one schema (their properties, required and type). */
export function flatSchema(schema: Schema): Schema {
  if (!schema.allOf?.length) return schema;
  const parts = [schema, ...schema.allOf.map(flatSchema)];
  return {
    ...schema,
    type: parts.find((part) => part.type)?.type ?? 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) as Record<
      string,
      Schema
    >,
    required: parts.flatMap((part) => part.required ?? []),
  };
}

/**
 * The schema's one type: 3.1's ['string', 'null'] is 'string'; of oneOf/anyOf alternatives,
 * 'object' when one of them holds JSON (an object or a list), else their one type.
 */
function typeOf(schema: Schema): string {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((item) => item !== 'null');
  if (type) return type;
  if (schema.properties) return 'object';
  const alternatives = (schema.oneOf ?? schema.anyOf ?? []).map(typeOf).filter(Boolean);
  if (alternatives.some((item) => item === 'object' || item === 'array')) return 'object';
  return new Set(alternatives).size === 1 ? alternatives[0]! : '';
}

function enumField(schema: Schema, base: Omit<Field, 'type' | 'json'>): Field | null {
  const values = (schema.enum ?? []).filter(
    (value) => ['string', 'number', 'boolean'].includes(typeof value) && String(value) !== '',
  );
  if (!values.length || values.length > limits.customNodeParamOptionsMax) return null;
  const options = values.map((value) => ({
    label: cut(String(value), 500),
    value: cut(String(value), 500),
  }));
  const fallback = options.some((option) => option.value === base.default_value)
    ? base.default_value
    : '';
  return {
    ...base,
    type: 'select',
    options,
    default_value: fallback,
    json: values.some((value) => typeof value !== 'string'),
  };
}

/**
 * The panel field of a parameter or body property (docs/adr/0137): string → Texto,
 * integer/number → Número, boolean → Sim/Não, enum → Lista de seleção, object/array → Área de
 * texto holding JSON or an expression.
 */
export function fieldOf(
  raw: Schema,
  options: { label: string; required: boolean; description: string },
): Field {
  const schema = flatSchema(raw);
  const type = typeOf(schema);
  const json = type === 'object' || type === 'array';
  const defaultText =
    schema.default === undefined || schema.default === null
      ? ''
      : typeof schema.default === 'string'
        ? schema.default
        : JSON.stringify(schema.default);
  const about = (options.description || schema.description || schema.title || '').trim();
  const description = json ? `${about ? `${about} ` : ''}(JSON ou uma expressão {{ }})` : about;
  const base = {
    label: cut(options.label, 500),
    is_required: options.required,
    default_value: cut(defaultText, limits.customNodeParamTextMax),
    ...(description ? { description: cut(description, limits.customNodeDescriptionMax) } : {}),
  };
  const picked = enumField(schema, base);
  if (picked) return picked;
  if (type === 'integer' || type === 'number') return { ...base, type: 'number', json: false };
  if (type === 'boolean') return { ...base, type: 'boolean', json: false };
  if (json) return { ...base, type: 'textarea', json: true };
  return { ...base, type: 'text', json: false };
}

/** A valid, readable param name for an API's name: accents dropped, other signs as '_'. */
export function paramNameOf(original: string): string {
  const plain = original
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  const named = /^[A-Za-z]/.test(plain) ? plain : `p_${plain}`;
  return named.slice(0, limits.customNodeParamNameMax - 4).replace(/_$/, '') || 'param';
}
