import type { FlowDocument } from './flow-document.schema';

/**
 * What a flow says it takes when another flow, an AI agent or an MCP client starts it: the
 * 'Entradas' of its 'Chamado por outro flow' trigger (docs/ai.md). Each becomes a property of
 * `msg.payload` and of the JSON Schema a model fills.
 */
export interface DeclaredInput {
  name: string;
  type: DeclaredInputType;
  description: string;
  required: boolean;
}

export const declaredInputTypes = ['string', 'number', 'boolean', 'object', 'array'] as const;
export type DeclaredInputType = (typeof declaredInputTypes)[number];

/** The trigger whose `inputs` param declares them. */
export const declaringTrigger = 'core_flow_trigger';

/** A name a model and a JSON path can both use: letters, digits and `_`, not starting by a digit. */
export const declaredInputName = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The rows of a trigger's `inputs` param, read leniently (blank rows skipped). */
export function readDeclaredInputs(rows: unknown): DeclaredInput[] {
  if (!Array.isArray(rows)) return [];
  const inputs: DeclaredInput[] = [];
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue;
    const record = row as Record<string, unknown>;
    const name = textOf(record.name);
    if (!name) continue;
    const type = (declaredInputTypes as readonly string[]).includes(String(record.type))
      ? (record.type as DeclaredInputType)
      : 'string';
    inputs.push({
      name,
      type,
      description: textOf(record.description),
      required: record.required === true || record.required === 'true',
    });
  }
  return inputs;
}

/** What is wrong with the rows, in pt-BR, or null. */
export function declaredInputsProblem(rows: unknown): string | null {
  const seen = new Set<string>();
  for (const input of readDeclaredInputs(rows)) {
    if (!declaredInputName.test(input.name))
      return `A entrada "${input.name}" deve ter só letras sem acento, números e _ (sem começar por número).`;
    if (seen.has(input.name)) return `A entrada "${input.name}" aparece duas vezes.`;
    seen.add(input.name);
  }
  return null;
}

/** The declared inputs of a flow's first 'Chamado por outro flow' trigger, or null if it has none. */
export function declaredInputsOf(flow: FlowDocument): DeclaredInput[] | null {
  const trigger = flow.nodes.find((node) => node.type === declaringTrigger && !node.disabled);
  if (!trigger) return null;
  return readDeclaredInputs(trigger.params.inputs);
}

/** A JSON Schema (draft 2020-12 subset every model provider accepts) of the inputs as an object. */
export function declaredInputsJsonSchema(inputs: readonly DeclaredInput[]): {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: boolean;
} {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const input of inputs) {
    properties[input.name] = {
      type: input.type,
      ...(input.description ? { description: input.description } : {}),
    };
  }
  return {
    type: 'object',
    properties,
    required: inputs.filter((input) => input.required).map((input) => input.name),
    additionalProperties: false,
  };
}

const typeOfValue = (value: unknown): DeclaredInputType | 'null' =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as DeclaredInputType);

const typeNames: Record<DeclaredInputType, string> = {
  string: 'texto',
  number: 'número',
  boolean: 'sim/não',
  object: 'objeto',
  array: 'lista',
};

/**
 * What is wrong with the arguments a caller (an MCP client, a model) sent for the inputs, in
 * pt-BR, or null: a required one missing, or one of another type. Arguments not declared pass.
 */
export function declaredArgumentsProblem(
  inputs: readonly DeclaredInput[],
  args: Record<string, unknown>,
): string | null {
  for (const input of inputs) {
    const value = args[input.name];
    if (value === undefined || value === null) {
      if (input.required) return `O argumento "${input.name}" é obrigatório.`;
      continue;
    }
    if (typeOfValue(value) !== input.type)
      return `O argumento "${input.name}" deve ser ${typeNames[input.type]}.`;
  }
  return null;
}
