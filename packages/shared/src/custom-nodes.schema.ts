import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { listResponseSchema, pageNumberSchema } from './pagination';
import { httpSigningTypes, isHttpSigningType } from './service-account-hosts';
import { text } from './text';
import { versionStampSchema } from './versions.schema';

/**
 * Custom connectors (spec 2 'Custom connectors', §3 Custom connector and Param, §4, §5
 * 'Connector', §7, §8, §9; docs/adr/0041): the API's shapes and the save rules, shared by the
 * server, the editor and the engine.
 */
const m = messages.customNodes;

/** Spec 2 §3. The editor offers only `custom_code`; the server refuses `http_request` (no runner). */
export const customNodeExecutionTypes = ['custom_code', 'http_request'] as const;
export type CustomNodeExecutionType = (typeof customNodeExecutionTypes)[number];

/**
 * Spec 2 §3 Param types, in the order the editor offers them, plus `service_account` (beyond
 * the spec, docs/adr/0041): a picker of the workspace's HTTP service accounts, the only way a
 * handler reaches one (`serviceAccount(name)` in the sandbox; the secret never enters it).
 */
export const customNodeParamTypes = [
  'text',
  'textarea',
  'select',
  'code-editor',
  'table-params',
  'service_account',
  'number',
  'boolean',
] as const;
export type CustomNodeParamType = (typeof customNodeParamTypes)[number];

/** Types whose rows of options the editor shows. */
export const customNodeOptionTypes: readonly CustomNodeParamType[] = ['select'];
/** Types whose columns the editor shows. */
export const customNodeColumnTypes: readonly CustomNodeParamType[] = ['table-params'];

const labelText = () => text().max(500).default('');

export const customNodeParamOptionSchema = z.object({
  label: labelText(),
  value: labelText(),
});
export type CustomNodeParamOption = z.infer<typeof customNodeParamOptionSchema>;

/** Spec 2 §3: a table-params column (its type is always text). */
export const customNodeParamColumnSchema = z.object({
  key: labelText(),
  label: labelText(),
  type: z.literal('text').catch('text').default('text'),
});
export type CustomNodeParamColumn = z.infer<typeof customNodeParamColumnSchema>;

/** Spec 2 §3 Param. `name` is what the handler reads (`params.<name>`). */
export const customNodeParamSchema = z.object({
  name: labelText(),
  label: labelText(),
  type: z.enum(customNodeParamTypes),
  default_value: text().max(limits.customNodeParamTextMax).default(''),
  is_required: z.boolean().default(false),
  options: z.array(customNodeParamOptionSchema).max(limits.customNodeParamOptionsMax).default([]),
  columns: z.array(customNodeParamColumnSchema).max(limits.customNodeParamOptionsMax).default([]),
  position: z.number().int().min(0).default(0),
  // Beyond the spec (docs/adr/0137), optional so that rows, versions and files saved before
  // them compare and export as they were.
  /** A line under the field in the node panel. */
  description: text().max(limits.customNodeDescriptionMax).optional(),
  /** Shown only while each named select param holds one of the values (ParamSpec `showWhen`). */
  show_when: z
    .record(text().max(limits.customNodeParamNameMax), z.array(labelText()).max(200))
    .optional(),
  /** service_account: the account types the picker offers (absent or empty: every HTTP one). */
  accepts: z
    .array(
      text()
        .max(100)
        .meta({ enum: [...httpSigningTypes] }),
    )
    .max(50)
    .optional(),
});
export type CustomNodeParam = z.infer<typeof customNodeParamSchema>;
export type CustomNodeParamInput = z.input<typeof customNodeParamSchema>;

/** A new param of a type at a position, with the schema's defaults. */
export function newCustomNodeParam(type: CustomNodeParamType, position: number): CustomNodeParam {
  return customNodeParamSchema.parse({ type, position });
}

/**
 * The handler the editor starts with (spec 2: "a default handler template is pre-filled; the
 * handler receives a message and params and returns a result").
 */
export const defaultHandlerCode = `// handler recebe msg (a mensagem que chegou ao conector) e params (os parâmetros
// preenchidos no painel do fluxo, já com as expressões {{ }} resolvidas).
// O que ele retornar segue para o próximo conector: um objeto é a nova mensagem;
// outro valor vira msg.payload; sem return, msg segue como está.
// Disponíveis: getVar, getFlowData, setFlowData, toSlug, jsonStringify, moment, axios,
// OpenAI, Buffer, console.log e serviceAccount('parametro') para as contas de serviço.
async function handler(msg, params) {
  return {
    ...msg,
    payload: { ...msg.payload, recebido_em: moment().format() },
  };
}
`;

/** The connector as the API sends it (spec 2 §3; `version` and `group` beyond it). */
export const customNodeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  service_name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** A data URL, or '' without image. */
  imageData: z.string(),
  execution_type: z.enum(customNodeExecutionTypes),
  code_execution_content: z.string(),
  params: z.array(customNodeParamSchema),
  group: z.string().nullable(),
  /** Goes up by one each time a save changes the params or the handler (docs/adr/0041). */
  version: z.number().int().positive(),
  /**
   * The number of its current saved version (docs/adr/0104): goes up at every save; its `ETag`,
   * what an update gives back as `revision` or `If-Match`.
   */
  revision: z.number().int().positive(),
  /** The node type flows record: `custom_<_id>`. */
  node_type: z.string(),
  workspace_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomNode = z.infer<typeof customNodeSchema>;

/** GET /api/v1/custom-nodes: page, limit (10 unless told; list-all up to 1000), query, group. */
export const customNodeListQuerySchema = z.object({
  page: pageNumberSchema,
  limit: z.coerce
    .number()
    .int()
    .catch(limits.customNodesPageSize)
    .transform((n) => Math.min(limits.customNodesLookup, Math.max(1, n)))
    .default(limits.customNodesPageSize),
  query: text().trim().max(200).optional(),
  /** A group id, or 'none' for connectors without a group. */
  group: text().max(200).optional(),
});
export const customNodeListSchema = listResponseSchema(customNodeSchema);
export type CustomNodeList = z.infer<typeof customNodeListSchema>;

const paramNamePattern = /^[A-Za-z][A-Za-z0-9_]*$/;
const imagePattern = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*$/;

/** A param of a body, with the rules of `paramIssues` the document of the API can say. */
const customNodeParamBodySchema = customNodeParamSchema.meta({
  required: ['name', 'label', 'type'],
  allOf: [
    {
      properties: {
        name: {
          pattern: '^\\s*[A-Za-z][A-Za-z0-9_]*\\s*$',
          maxLength: limits.customNodeParamNameMax,
        },
        label: { pattern: '\\S' },
      },
    },
    {
      if: { required: ['type'], properties: { type: { enum: [...customNodeOptionTypes] } } },
      then: {
        required: ['options'],
        properties: {
          options: {
            minItems: 1,
            items: {
              required: ['label', 'value'],
              properties: { label: { pattern: '\\S' }, value: { pattern: '\\S' } },
            },
          },
        },
      },
    },
    {
      if: { required: ['type'], properties: { type: { enum: [...customNodeColumnTypes] } } },
      then: {
        required: ['columns'],
        properties: {
          columns: {
            minItems: 1,
            items: {
              required: ['key', 'label'],
              properties: { key: { pattern: '\\S' }, label: { pattern: '\\S' } },
            },
          },
        },
      },
    },
  ],
});

/** What the editor saves (POST, PUT); every rule is checked by `customNodeSaveIssues`. */
export const customNodeBodySchema = z
  .object({
    // The rules of `customNodeSaveIssues` the document of the API can say.
    name: text().trim().default('').meta({ pattern: '\\S', maxLength: limits.customNodeNameMax }),
    service_name: text().trim().default('').meta({ maxLength: limits.customNodeNameMax }),
    description: text()
      .trim()
      .default('')
      .meta({ pattern: '\\S', maxLength: limits.customNodeDescriptionMax }),
    enabled: z.boolean().default(true),
    imageData: text()
      .default('')
      .meta({ pattern: `^$|${imagePattern.source}`, maxLength: limits.customNodeImageMax }),
    execution_type: z
      .enum(customNodeExecutionTypes)
      .default('custom_code')
      .meta({ enum: ['custom_code'] }),
    code_execution_content: text()
      .default(defaultHandlerCode)
      .meta({ pattern: '\\S', maxLength: limits.customNodeCodeMax }),
    params: z
      .array(customNodeParamBodySchema)
      .default([])
      .meta({ maxItems: limits.customNodeParamsMax }),
    group: text().max(200).nullish(),
  })
  .meta({ required: ['name', 'description'] });
export type CustomNodeBody = z.infer<typeof customNodeBodySchema>;

/**
 * PUT /api/v1/custom-nodes/{id}: the body with the saved version it was based on (`revision`, or
 * `If-Match`; 409 when another save came first) and 'Descreva a alteração' (docs/adr/0104).
 */
export const customNodeUpdateBodySchema = customNodeBodySchema
  .extend({
    revision: versionStampSchema.shape.version,
    version_message: versionStampSchema.shape.version_message,
  })
  .meta({ required: ['name', 'description'] });
export type CustomNodeUpdateBody = z.infer<typeof customNodeUpdateBodySchema>;
export type CustomNodeBodyInput = z.input<typeof customNodeBodySchema>;

/**
 * The exported file `{slug}.connector.json` (spec 2 §9): the definition without `_id`, group,
 * version, workspace and dates. An import reads the same shape (unknown keys are ignored).
 */
export const customNodeFileSchema = customNodeBodySchema.omit({ group: true });
export type CustomNodeFile = z.infer<typeof customNodeFileSchema>;

export interface CustomNodeSaveIssue {
  /** `name`, `description`, `imageData`, `execution_type`, `code_execution_content`, or `params.N.…`. */
  path: (string | number)[];
  message: string;
}

/** `show_when` names select params of the connector and their values; `accepts` HTTP account types. */
function paramLinkIssues(
  param: CustomNodeParamInput,
  i: number,
  params: CustomNodeParamInput[],
): CustomNodeSaveIssue[] {
  const n = i + 1;
  const issues: CustomNodeSaveIssue[] = [];
  for (const [name, values] of Object.entries(param.show_when ?? {})) {
    const target = params.find((other) => (other.name ?? '').trim() === name);
    if (!target || target.type !== 'select' || target === param)
      issues.push({ path: ['params', i, 'show_when'], message: m.paramShowWhenUnknown(n, name) });
    else if (!values.every((value) => (target.options ?? []).some((o) => o.value === value)))
      issues.push({ path: ['params', i, 'show_when'], message: m.paramShowWhenValue(n, name) });
  }
  const accepts = param.type === 'service_account' ? (param.accepts ?? []) : [];
  if (accepts.some((type) => !isHttpSigningType(type)))
    issues.push({ path: ['params', i, 'accepts'], message: m.paramAcceptsInvalid(n) });
  return issues;
}

function paramIssues(param: CustomNodeParamInput, i: number, names: Set<string>) {
  const n = i + 1;
  const at = (...keys: (string | number)[]) => ['params', i, ...keys];
  const issues: CustomNodeSaveIssue[] = [];
  const name = (param.name ?? '').trim();
  if (!name) issues.push({ path: at('name'), message: m.paramNameRequired(n) });
  else if (!paramNamePattern.test(name) || name.length > limits.customNodeParamNameMax)
    issues.push({ path: at('name'), message: m.paramNameInvalid(n) });
  else if (names.has(name)) issues.push({ path: at('name'), message: m.paramNameTaken(n) });
  names.add(name);
  if (!(param.label ?? '').trim())
    issues.push({ path: at('label'), message: m.paramLabelRequired(n) });
  if (customNodeOptionTypes.includes(param.type)) {
    const options = param.options ?? [];
    if (!options.length) issues.push({ path: at('options'), message: m.paramOptionsRequired(n) });
    options.forEach((option, o) => {
      if (!(option.label ?? '').trim() || !(option.value ?? '').trim())
        issues.push({ path: at('options', o), message: m.paramOptionIncomplete(o + 1, n) });
    });
  }
  if (customNodeColumnTypes.includes(param.type)) {
    const columns = param.columns ?? [];
    if (!columns.length) issues.push({ path: at('columns'), message: m.paramColumnsRequired(n) });
    const keys = new Set<string>();
    columns.forEach((column, c) => {
      const key = (column.key ?? '').trim();
      if (!key || !(column.label ?? '').trim())
        issues.push({ path: at('columns', c), message: m.paramColumnIncomplete(c + 1, n) });
      else if (keys.has(key))
        issues.push({ path: at('columns', c), message: m.paramColumnKeyTaken(c + 1, n) });
      keys.add(key);
    });
  }
  return issues;
}

/**
 * Every rule of spec 2 §5 'Connector' (and the ones beyond it), in the order a person reads
 * them: the editor shows the first, the server answers 400 with all of them.
 */
export function customNodeSaveIssues(body: CustomNodeBodyInput): CustomNodeSaveIssue[] {
  const issues: CustomNodeSaveIssue[] = [];
  const name = (body.name ?? '').trim();
  if (!name) issues.push({ path: ['name'], message: m.nameRequired });
  else if (name.length > limits.customNodeNameMax)
    issues.push({ path: ['name'], message: m.nameTooLong });
  if ((body.service_name ?? '').trim().length > limits.customNodeNameMax)
    issues.push({ path: ['service_name'], message: m.serviceNameTooLong });
  const description = (body.description ?? '').trim();
  if (!description) issues.push({ path: ['description'], message: m.descriptionRequired });
  else if (description.length > limits.customNodeDescriptionMax)
    issues.push({ path: ['description'], message: m.descriptionTooLong });
  const image = body.imageData ?? '';
  if (image.length > limits.customNodeImageMax)
    issues.push({ path: ['imageData'], message: m.imageTooLarge });
  else if (image && !imagePattern.test(image))
    issues.push({ path: ['imageData'], message: m.imageInvalid });
  if ((body.execution_type ?? 'custom_code') !== 'custom_code')
    issues.push({ path: ['execution_type'], message: m.executionTypeUnavailable });
  const code = body.code_execution_content ?? defaultHandlerCode;
  if (!code.trim()) issues.push({ path: ['code_execution_content'], message: m.codeRequired });
  else if (code.length > limits.customNodeCodeMax)
    issues.push({ path: ['code_execution_content'], message: m.codeTooLong });
  const params = body.params ?? [];
  if (params.length > limits.customNodeParamsMax)
    issues.push({ path: ['params'], message: m.tooManyParams });
  const names = new Set<string>();
  params.forEach((param, i) => issues.push(...paramIssues(param, i, names)));
  params.forEach((param, i) => issues.push(...paramLinkIssues(param, i, params)));
  return issues;
}

/** Params in the order of their positions, renumbered 0..n-1 (what a save keeps). */
export function orderedParams(params: CustomNodeParam[]): CustomNodeParam[] {
  return params
    .map((param, index) => ({ param, index }))
    .sort((a, b) => a.param.position - b.param.position || a.index - b.index)
    .map(({ param }, position) => ({ ...param, name: param.name.trim(), position }));
}

/** The node type flows record for a connector; the reverse gives the connector's `_id`. */
export const customNodeTypePrefix = 'custom_';
export const customNodeType = (id: string): string => `${customNodeTypePrefix}${id}`;
export function customNodeIdOf(type: string): string | null {
  return type.startsWith(customNodeTypePrefix) ? type.slice(customNodeTypePrefix.length) : null;
}

/** A slug of the name plus `.connector.json` (spec 2 §9). */
export const customNodeFileSuffix = '.connector.json';

/**
 * POST /api/v1/custom-nodes/test (beyond the spec): runs a handler as the editor holds it, not
 * saved, with a sample message and param values, in the same sandbox as flows.
 */
export const customNodeTestBodySchema = z.object({
  code_execution_content: text().max(limits.customNodeCodeMax, { error: m.codeTooLong }),
  params: z.array(customNodeParamSchema).max(limits.customNodeParamsMax).default([]),
  /** Values by param name; `{{ }}` expressions are resolved against `msg` as in a flow. */
  values: z.record(z.string(), z.unknown()).default({}),
  msg: z.record(z.string(), z.unknown()).default({ payload: {} }),
});
export type CustomNodeTestBody = z.infer<typeof customNodeTestBodySchema>;

export const customNodeTestLogSchema = z.object({
  level: z.string(),
  message: z.string(),
});

/** `ok`: what the next connector would receive; otherwise the pt-BR error. Always the logs and time. */
export const customNodeTestResultSchema = z.object({
  ok: z.boolean(),
  msg: z.unknown().optional(),
  error: z.string().optional(),
  logs: z.array(customNodeTestLogSchema),
  /** Milliseconds the handler ran, measured on the server. */
  duration_ms: z.number(),
});
export type CustomNodeTestResult = z.infer<typeof customNodeTestResultSchema>;
