import { z } from 'zod';
import { nodeOnErrorSchema } from './node-on-error';

/**
 * What the library endpoint serves for each node type: everything of a node definition but
 * its `run`. The editor builds its palette and parameter forms from it; the validator checks
 * flows against it.
 */
/** 'brazil': the Brazilian building blocks (Pix, boleto, NF-e), actions the palette puts together. */
export const nodeCategories = ['trigger', 'action', 'flow_control', 'ai', 'brazil'] as const;
export type NodeCategory = (typeof nodeCategories)[number];

/** How every picture of a flow tells categories apart (Mantine teal, blue, orange, violet, green 6). */
export const nodeCategoryColours: Record<NodeCategory, string> = {
  trigger: '#12b886',
  action: '#228be6',
  flow_control: '#fd7e14',
  ai: '#7950f2',
  brazil: '#40c057',
};

export const codeLanguages = [
  'json',
  'xml',
  'javascript',
  'html',
  'css',
  'plaintext',
  'sql',
  'python',
] as const;

/** Reference pickers: the editor fills them from the API; the value is the referenced `_id`. */
export const referenceKinds = ['service_account', 'flow', 'table', 'queue', 'form'] as const;

const optionSchema = z.object({ label: z.string(), value: z.string() });

const paramBase = {
  label: z.string(),
  description: z.string().optional(),
  placeholder: z.string().optional(),
  required: z.boolean().optional(),
  /**
   * Shown, checked and resolved only while each named `select` param of the node holds one of
   * the values (its default when empty): a service connector's operation picks its own params.
   */
  showWhen: z.record(z.string(), z.array(z.string())).optional(),
  /**
   * A picker fed through the node's account (docs/adr/0092): the connector's lookup `name`,
   * asked with the current values of the params in `dependsOn` (a list picked after its
   * board). The value stays the param's own: typed, picked or an expression.
   */
  lookup: z.object({ name: z.string(), dependsOn: z.array(z.string()).optional() }).optional(),
};

const tableColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'select', 'boolean']).default('text'),
  options: z.array(optionSchema).optional(),
});
export type TableColumn = z.infer<typeof tableColumnSchema>;

export const paramSpecSchema = z.discriminatedUnion('type', [
  z.object({
    ...paramBase,
    type: z.literal('text'),
    default: z.string().optional(),
    /** 'any': a param holding one whole `{{ }}` expression keeps the value's type. */
    valueType: z.enum(['string', 'any']).optional(),
  }),
  z.object({
    ...paramBase,
    type: z.literal('textarea'),
    default: z.string().optional(),
    valueType: z.enum(['string', 'any']).optional(),
  }),
  z.object({
    ...paramBase,
    type: z.literal('select'),
    options: z.array(optionSchema),
    default: z.string().optional(),
  }),
  z.object({
    ...paramBase,
    type: z.literal('code-editor'),
    language: z.enum(codeLanguages),
    default: z.string().optional(),
  }),
  z.object({
    ...paramBase,
    type: z.literal('table-params'),
    columns: z.array(tableColumnSchema).min(1),
    default: z.array(z.record(z.string(), z.unknown())).optional(),
  }),
  z.object({
    ...paramBase,
    type: z.literal('number'),
    default: z.number().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
  }),
  z.object({ ...paramBase, type: z.literal('boolean'), default: z.boolean().optional() }),
  z.object({
    ...paramBase,
    type: z.enum(referenceKinds),
    /** For service accounts: the accepted auth types (empty or absent: any). */
    accepts: z.array(z.string()).optional(),
  }),
]);
export type ParamSpec = z.infer<typeof paramSpecSchema>;

/** One option of a picker fed by a connector's lookup. */
export const lookupOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** A second line: an id, a type, the list's board. */
  description: z.string().optional(),
});
export type LookupOption = z.infer<typeof lookupOptionSchema>;

/** POST /engine/lookups: a picker's options for a node being edited. */
export const lookupBodySchema = z.object({
  type: z.string().min(1).max(200),
  version: z.number().int().positive().optional(),
  lookup: z.string().min(1).max(100),
  service_account: z.string().min(1, { error: 'Escolha a conta de serviço.' }).max(100),
  /** The node's params as the panel holds them (those the picker depends on are used). */
  params: z.record(z.string(), z.unknown()).default({}),
});
export type LookupBody = z.infer<typeof lookupBodySchema>;

export const lookupAnswerSchema = z.object({ items: z.array(lookupOptionSchema) });

/** Whether a param is shown (and used) with the node's saved params (`showWhen`). */
export function paramShown(
  specs: Record<string, ParamSpec>,
  spec: ParamSpec,
  params: Record<string, unknown>,
): boolean {
  if (!spec.showWhen) return true;
  return Object.entries(spec.showWhen).every(([name, values]) => {
    const given = params[name];
    const other = specs[name];
    const value =
      given === undefined || given === null || given === ''
        ? other && 'default' in other
          ? other.default
          : undefined
        : given;
    return typeof value === 'string' && values.includes(value);
  });
}
export type ParamKind = ParamSpec['type'];

export const outputSpecSchema = z.object({ label: z.string() });

export const nodeManifestSchema = z.object({
  type: z.string().min(1),
  version: z.number().int().positive(),
  category: z.enum(nodeCategories),
  label: z.string(),
  description: z.string(),
  /** A Tabler icon name (e.g. 'webhook'), drawn by the editor. */
  icon: z.string(),
  params: z.record(z.string(), paramSpecSchema),
  /**
   * Named outputs. Every node also has the implicit output `error` (a failure goes there when
   * it is connected). `dynamicOutputs` names a table param whose rows add one output each,
   * named by the row's `key` column (the switch's rules).
   */
  outputs: z.record(z.string(), outputSpecSchema),
  dynamicOutputs: z.object({ param: z.string(), key: z.string() }).optional(),
  /**
   * A service trigger whose address Ponte registers at the service itself when the flow is
   * enabled (docs/adr/0091): the panel says so instead of asking the person to inform it.
   */
  registersHook: z.boolean().optional(),
  /**
   * The 'Em caso de erro' a new node of this type starts with (docs/adr/0110): HTTP Request
   * tries 429 and 503 again, honouring `Retry-After`.
   */
  onErrorDefault: nodeOnErrorSchema.optional(),
  /** Deprecated types stay runnable but a flow using them cannot be saved (spec 1 §8). */
  deprecated: z.boolean().optional(),
  /**
   * False while the area the node needs does not exist (node-availability.ts): the palette
   * shows it disabled with `unavailableReason`, the validator and the engine refuse it.
   */
  available: z.boolean().optional(),
  unavailableReason: z.string().optional(),
  /**
   * A custom connector of the workspace (docs/adr/0041): its `_id`, its image (a data URL) and
   * service name. The palette lists these in their own category. A disabled or removed one is
   * `available: false` with the reason naming it (issue `connector_unavailable`).
   */
  custom: z
    .object({ id: z.string(), image: z.string().optional(), service_name: z.string().optional() })
    .optional(),
});
export type NodeManifest = z.infer<typeof nodeManifestSchema>;

/**
 * `nodes`: the newest version of every type (the palette). `olderVersions`: the versions still
 * registered below the newest, so that nodes pinned to them in existing flows keep their panel.
 */
export const nodeLibrarySchema = z.object({
  nodes: z.array(nodeManifestSchema),
  olderVersions: z.array(nodeManifestSchema).default([]),
});
export type NodeLibrary = z.infer<typeof nodeLibrarySchema>;
