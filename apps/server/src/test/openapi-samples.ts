/**
 * Values a JSON Schema of the OpenAPI document accepts, built from the schema alone, as a
 * client generated from the document would send them. The sampler reads every keyword it meets
 * and throws on one it does not know, so what it returns is valid by the document: a refusal by
 * the server is then a gap between the document and the server's rules.
 */
export type JsonSchema = Record<string, unknown>;

/** `minimal`: required properties only; `full`: every property. */
export type SampleMode = 'minimal' | 'full';

/** Keywords that say nothing about which values are valid, or that the sampler honours. */
const understood = new Set([
  ...['type', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems'],
  ...['minLength', 'maxLength', 'pattern', 'format', 'enum', 'const', 'default', 'anyOf'],
  ...['oneOf', 'allOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
  ...['description', 'title', 'examples', '$schema', 'propertyNames', 'readOnly', 'writeOnly'],
  ...['deprecated', 'id', '$id', 'not', 'if', 'then', 'else'],
]);

/** Texts tried, in order, against a string's pattern and lengths (`#` becomes a number). */
const candidateTexts = [
  'Exemplo #',
  'exemplo_#',
  'widget-#',
  'Exemplo 1',
  'pessoa-#@exemplo.com.br',
  'https://exemplo.com.br/caminho',
  '2026-11-28T10:00:00Z',
  '2026-11-28',
  '#1a2b3c',
  '0 8 * * *',
  'data:image/png;base64,iVBORw0KGgo=',
  '1',
  'a',
  'exemplo.com.br',
  '503',
];

const formatTexts: Record<string, string> = {
  email: 'pessoa-#@exemplo.com.br',
  uri: 'https://exemplo.com.br/caminho',
  url: 'https://exemplo.com.br/caminho',
  'date-time': '2026-11-28T10:00:00Z',
  date: '2026-11-28',
  uuid: '3f2c9a4e-8b1d-4c7e-9f60-2a5b8d1e4c73',
};

export class UnsampledSchemaError extends Error {}

/** Whether a `not` made of `const` or `enum` refuses `value`. */
function refusedBy(not: JsonSchema | undefined, value: unknown): boolean {
  if (!not) return false;
  if ('const' in not) return not.const === value;
  if (Array.isArray(not.enum)) return not.enum.includes(value);
  throw new UnsampledSchemaError(`not ${JSON.stringify(not)}`);
}

function fitLength(value: string, schema: JsonSchema): string | null {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? Infinity;
  let fitted = value;
  while (fitted.length < min) fitted += value.at(-1) ?? 'a';
  if (fitted.length > max) fitted = fitted.slice(0, max);
  if (fitted.length < min) return null;
  if (schema.pattern && !new RegExp(schema.pattern as string, 'u').test(fitted)) return null;
  return fitted;
}

function sampleString(schema: JsonSchema, unique: () => number): string {
  const format = schema.format as string | undefined;
  if (format && !(format in formatTexts)) throw new UnsampledSchemaError(`format ${format}`);
  const seeds = format ? [formatTexts[format]!] : candidateTexts;
  for (const seed of seeds) {
    // Numbered, so that two names or keys sent in a row never collide.
    const fitted = fitLength(seed.replace('#', String(unique())), schema);
    if (fitted !== null && !refusedBy(schema.not as JsonSchema | undefined, fitted)) return fitted;
  }
  throw new UnsampledSchemaError(`no text fits ${JSON.stringify(schema)}`);
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  let value: number;
  if (typeof schema.minimum === 'number') value = schema.minimum;
  else if (typeof schema.exclusiveMinimum === 'number') value = schema.exclusiveMinimum + step;
  else value = 1;
  if (typeof schema.maximum === 'number') value = Math.min(value, schema.maximum);
  if (typeof schema.exclusiveMaximum === 'number') {
    value = Math.min(value, schema.exclusiveMaximum - step);
  }
  return integer ? Math.ceil(value) : value;
}

function firstType(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return (type as string[]).find((t) => t !== 'null') ?? 'null';
  return type as string | undefined;
}

/** Values chosen by the caller for properties of these names, at any depth. */
export type Given = Record<string, unknown>;

/**
 * A value valid by `schema`; throws UnsampledSchemaError when it cannot tell one. A property
 * named in `given` takes the given value, and the schema's conditions read it.
 */
export function sampleOf(
  schema: JsonSchema,
  mode: SampleMode,
  unique: () => number,
  given: Given = {},
): unknown {
  for (const key of Object.keys(schema)) {
    if (!understood.has(key)) throw new UnsampledSchemaError(`keyword ${key}`);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as JsonSchema[] | undefined;
    // An object's `anyOf` of rules is met by its first rule (see sampleObject).
    if (!options || firstType(schema) === 'object') continue;
    for (const option of options.filter((o) => o.type !== 'null').concat(options)) {
      const value = sampleOf(option, mode, unique, given);
      if (!refusedBy(schema.not as JsonSchema | undefined, value)) return value;
    }
    throw new UnsampledSchemaError(`no option of ${JSON.stringify(schema)}`);
  }
  if (schema.allOf && firstType(schema) !== 'object') {
    throw new UnsampledSchemaError(`allOf ${JSON.stringify(schema.allOf)}`);
  }
  switch (firstType(schema)) {
    case 'object':
    case undefined:
      return sampleObject(schema, mode, unique, given);
    case 'array': {
      const count = Math.max((schema.minItems as number | undefined) ?? 0, mode === 'full' ? 1 : 0);
      const items = (schema.items as JsonSchema | undefined) ?? {};
      return Array.from({ length: Math.min(count, (schema.maxItems as number) ?? count) }, () =>
        sampleOf(items, mode, unique, given),
      );
    }
    case 'string':
      return sampleString(schema, unique);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      throw new UnsampledSchemaError(`type ${String(schema.type)}`);
  }
}

/** A schema with a rule's keywords added (to its non-null option when it has some), deeply. */
function narrowed(base: JsonSchema, rule: JsonSchema): JsonSchema {
  const options = (base.anyOf ?? base.oneOf) as JsonSchema[] | undefined;
  const chosen = options ? (options.find((option) => option.type !== 'null') ?? options[0]!) : base;
  const merged: JsonSchema = { ...chosen, ...rule };
  const baseProperties = chosen.properties as Record<string, JsonSchema> | undefined;
  const ruleProperties = rule.properties as Record<string, JsonSchema> | undefined;
  if (baseProperties && ruleProperties) {
    merged.properties = { ...baseProperties };
    for (const [name, property] of Object.entries(ruleProperties)) {
      (merged.properties as Record<string, JsonSchema>)[name] = narrowed(
        baseProperties[name] ?? {},
        property,
      );
    }
  }
  if (chosen.items && rule.items) {
    merged.items = narrowed(chosen.items as JsonSchema, rule.items as JsonSchema);
  }
  if (chosen.required && rule.required) {
    merged.required = [...new Set([...(chosen.required as []), ...(rule.required as [])])];
  }
  return merged;
}

/** Whether `value` meets an `if` made of `required` and `const`/`enum` properties. */
function meets(condition: JsonSchema, value: Record<string, unknown>): boolean {
  for (const key of Object.keys(condition)) {
    if (key !== 'required' && key !== 'properties') throw new UnsampledSchemaError(`if ${key}`);
  }
  const required = (condition.required as string[] | undefined) ?? [];
  if (required.some((name) => !(name in value))) return false;
  const properties = (condition.properties as Record<string, JsonSchema> | undefined) ?? {};
  return Object.entries(properties).every(([name, rule]) => {
    if (!(name in value)) return true;
    if ('const' in rule) return value[name] === rule.const;
    if (Array.isArray(rule.enum)) return rule.enum.includes(value[name]);
    throw new UnsampledSchemaError(`if property ${JSON.stringify(rule)}`);
  });
}

function sampleObject(schema: JsonSchema, mode: SampleMode, unique: () => number, given: Given) {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const value: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (mode === 'minimal' && !required.has(name)) continue;
    value[name] = name in given ? given[name] : sampleOf(property, mode, unique, given);
  }
  // `allOf` of rules and of `if`/`then`/`else`: each rule the value meets adds its own; of an
  // `anyOf` of rules, the first.
  const rules = [...((schema.allOf as JsonSchema[] | undefined) ?? [])];
  const anyOf = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (anyOf) rules.push(anyOf[0]!);
  for (const part of rules) {
    const branch = (
      part.if ? (meets(part.if as JsonSchema, value) ? part.then : part.else) : part
    ) as JsonSchema | undefined;
    if (!branch) continue;
    for (const key of Object.keys(branch)) {
      if (key === 'anyOf') rules.push((branch.anyOf as JsonSchema[])[0]!);
      else if (key !== 'required' && key !== 'properties') {
        throw new UnsampledSchemaError(`rule ${key}`);
      }
    }
    const extra = (branch.properties as Record<string, JsonSchema> | undefined) ?? {};
    const needed = new Set((branch.required as string[] | undefined) ?? []);
    for (const [name, rule] of Object.entries(extra)) {
      if ((!(name in value) && !needed.has(name)) || name in given) continue;
      value[name] = sampleOf(narrowed(properties[name] ?? {}, rule), mode, unique, given);
    }
    for (const name of needed) {
      value[name] ??=
        name in given ? given[name] : sampleOf(properties[name] ?? {}, mode, unique, given);
    }
  }
  return value;
}
