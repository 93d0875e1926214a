import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { listResponseSchema, pageNumberSchema, pageQuerySchema } from './pagination';
import { text } from './text';
import { versionStampSchema } from './versions.schema';

/**
 * Database tables and their records (spec 2: 'Database tables', 'Records list', 'Record
 * editor', §3 Table/Field/Record, §5 'Table structure', §7 'Database tables and records').
 * The API's shapes, shared by the server, the web app and the record nodes.
 */
const m = messages.tables;

export const fieldTypes = [
  'string',
  'longtext',
  'integer',
  'float',
  'boolean',
  'date',
  'datetime',
] as const;
export type FieldType = (typeof fieldTypes)[number];

/** Types whose `length` is required (the editor disables the input for the others). */
export const typesWithLength: readonly FieldType[] = ['string', 'longtext'];

/** A field name is the key of `data`: an identifier, like a variable key. */
export const fieldNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Field names the records' own columns use: a field cannot take them. */
export const reservedFieldNames = ['_id', 'table', 'created_at', 'updated_at'] as const;

/** A field as stored and sent back. `default_value` is kept as typed in the editor (text). */
export const tableFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(fieldTypes),
  length: z.number().int().nullable(),
  default_value: z.string().nullable(),
  is_unique: z.boolean(),
  is_required: z.boolean(),
  position: z.number().int(),
  /**
   * Names the field had before renames (newest first, docs/adr/0069): record writes, filters,
   * sorts and widgets that still use one reach this field. Kept by the server, never sent in a
   * body.
   */
  previous_names: z.array(z.string()).optional(),
});
export type TableField = z.infer<typeof tableFieldSchema>;

export const tableSchema = z.object({
  _id: z.string(),
  name: z.string(),
  group: z.string().nullable(),
  fields: z.array(tableFieldSchema),
  entities_count: z.number().int().min(0),
  apply_default_values_new_fields: z.boolean(),
  workspace_id: z.string(),
  customer_id: z.string(),
  /** The number of its structure's current version (docs/adr/0103); its `ETag` too. */
  version: z.number().int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Table = z.infer<typeof tableSchema>;

/**
 * A field of POST/PUT bodies. The per-field messages of spec 2 §5 need the field's position
 * (N, counted from 1), so the structure rules live in `checkTableStructure`, which the body
 * schema runs over the whole list.
 */
export const tableFieldBodySchema = z
  .object({
    name: text()
      .trim()
      .max(limits.tableFieldNameMax)
      .default('')
      .meta({ pattern: fieldNamePattern.source, not: { enum: [...reservedFieldNames] } }),
    label: text().trim().max(limits.tableFieldLabelMax).default('').meta({ pattern: '\\S' }),
    type: z
      .enum(fieldTypes)
      .or(z.literal(''))
      .default('')
      .meta({ not: { const: '' } }),
    length: z.coerce.number().int().min(1).max(limits.tableFieldLengthMax).nullish(),
    default_value: text().max(limits.tableFieldLengthMax).nullish(),
    is_unique: z.boolean().default(false),
    is_required: z.boolean().default(false),
    position: z.number().int().min(0).optional(),
    /**
     * The stored name of the field this one was loaded as (docs/adr/0069): a different `name`
     * renames it and its values follow. Absent: the field is matched by `name`, or is new.
     */
    previous_name: text().trim().max(limits.tableFieldNameMax).nullish(),
  })
  // `checkTableStructure`'s rules, as the document of the API can say them.
  .meta({
    required: ['name', 'label', 'type'],
    allOf: [
      {
        if: { required: ['type'], properties: { type: { enum: [...typesWithLength] } } },
        then: { required: ['length'], properties: { length: { type: 'integer', minimum: 1 } } },
      },
    ],
  });
export type TableFieldBody = z.input<typeof tableFieldBodySchema>;

/**
 * The errors of spec 2 §5 'Table structure' for a list of fields, in pt-BR, in the order the
 * editor lists them under 'Erros encontrados:'. Empty when the structure is valid.
 */
export function checkTableStructure(fields: z.output<typeof tableFieldBodySchema>[]): string[] {
  const errors: string[] = [];
  if (!fields.length) return [m.atLeastOneField];
  fields.forEach((field, index) => {
    const n = index + 1;
    if (!field.name) errors.push(m.fieldNameRequired(n));
    else if (!fieldNamePattern.test(field.name)) errors.push(m.fieldNamePattern(n));
    else if ((reservedFieldNames as readonly string[]).includes(field.name))
      errors.push(m.fieldNameReserved(n, field.name));
    if (!field.label) errors.push(m.fieldLabelRequired(n));
    if (!field.type) errors.push(m.fieldTypeRequired(n));
    else if (typesWithLength.includes(field.type) && !field.length)
      errors.push(m.fieldLengthRequired(n));
  });
  const seen = new Set<string>();
  const duplicated = new Set<string>();
  for (const { name } of fields) {
    if (!name) continue;
    if (seen.has(name)) duplicated.add(name);
    seen.add(name);
  }
  if (duplicated.size) errors.push(m.duplicateFieldNames([...duplicated].join(', ')));
  const claimed = new Set<string>();
  for (const { previous_name: previous } of fields) {
    if (!previous) continue;
    if (claimed.has(previous)) errors.push(m.duplicatePreviousName(previous));
    claimed.add(previous);
  }
  return errors;
}

const tableFields = {
  name: text({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(limits.tableNameMax, { error: m.nameTooLong }),
  group: text().max(200).nullish(),
  fields: z
    .array(tableFieldBodySchema)
    .max(limits.tableFieldsMax, { error: m.tooManyFields })
    .meta({ minItems: 1 }),
  apply_default_values_new_fields: z.boolean().default(false),
  /**
   * Stored names whose values this save may delete (a removed field, or old values under a
   * name a new field takes): without them such a save answers 409 `field_has_values`.
   */
  confirm_remove_values: z
    .array(text().max(limits.tableFieldNameMax))
    .max(limits.tableFieldsMax * 2)
    .default([]),
};

/** Every error of `checkTableStructure` as an issue of `fields`. */
const structureIssues = (
  body: { fields: z.output<typeof tableFieldBodySchema>[] },
  ctx: z.RefinementCtx,
) => {
  for (const message of checkTableStructure(body.fields))
    ctx.addIssue({ code: 'custom', message, path: ['fields'] });
};

/** POST /api/v1/db/tables. */
export const tableBodySchema = z.object(tableFields).superRefine(structureIssues);
export type TableBody = z.input<typeof tableBodySchema>;

/** PUT /api/v1/db/tables/{id}: the structure, the version it was based on, the message. */
export const tableUpdateBodySchema = z
  .object({ ...tableFields, ...versionStampSchema.shape })
  .superRefine(structureIssues);
export type TableUpdateBody = z.input<typeof tableUpdateBodySchema>;

/** One name whose values a structure save would delete (`details.fields` of the 409). */
export const fieldValuesLossSchema = z.object({
  name: z.string(),
  label: z.string(),
  count: z.number().int().min(0),
  message: z.string(),
});
export type FieldValuesLoss = z.infer<typeof fieldValuesLossSchema>;
export const fieldValuesLossDetailsSchema = z.object({ fields: z.array(fieldValuesLossSchema) });

/** GET /api/v1/db/tables/{id}/fields/{name}/values-count: records holding a value there. */
export const fieldValuesCountSchema = z.object({ count: z.number().int().min(0) });

/** POST /api/v1/db/tables/{id}/duplicate */
export const tableDuplicateBodySchema = z.object({
  name: text({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(limits.tableNameMax, { error: m.nameTooLong }),
});

/** GET /api/v1/db/tables (page, limit, query, group; lookups use limit 1000). */
export const tableListQuerySchema = pageQuerySchema(limits.tablesLookup).extend({
  group: text().max(200).optional(),
});
export const tableListSchema = listResponseSchema(tableSchema);
export type TableList = z.infer<typeof tableListSchema>;

/** A record: values by field name (date `YYYY-MM-DD`, datetime ISO 8601 with offset). */
export const recordValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type RecordValue = z.infer<typeof recordValueSchema>;

export const entitySchema = z.object({
  _id: z.string(),
  table: z.string(),
  data: z.record(z.string(), recordValueSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Entity = z.infer<typeof entitySchema>;

/** POST /api/v1/db/entities ({table, data}); PUT /api/v1/db/entities/{id} ({data}). */
export const entityBodySchema = z.object({
  table: text().max(200),
  data: z.record(text().max(limits.tableFieldNameMax), recordValueSchema),
});
export const entityUpdateBodySchema = z.object({
  table: text().max(200).optional(),
  data: z.record(text().max(limits.tableFieldNameMax), recordValueSchema),
});

/**
 * A filter of one field in the records list: text contains; number and date ranges (`from` /
 * `to`, inclusive, either may be missing); boolean equals.
 */
export const fieldFilterSchema = z.union([
  // Strict, and `{equals}` before the range: a plain object would strip the others' keys, and
  // `{equals: true}` would pass as an empty range (no filter at all).
  z.strictObject({ contains: text().max(500) }),
  z.strictObject({ equals: z.boolean() }),
  z.strictObject({
    from: z.union([z.number(), text().max(40)]).nullish(),
    to: z.union([z.number(), text().max(40)]).nullish(),
  }),
]);
export type FieldFilter = z.infer<typeof fieldFilterSchema>;

/**
 * The `filter` query parameter (JSON) of GET /api/v1/db/entities and the CSV export: the table,
 * the browser's time zone offset in minutes (as `Date.getTimezoneOffset()`), and filters by
 * field name.
 */
export const entityFilterSchema = z.object({
  table: text().max(200),
  timezoneOffset: z.number().int().min(-840).max(840).default(180),
  fields: z.record(text().max(limits.tableFieldNameMax), fieldFilterSchema).default({}),
});
export type EntityFilter = z.infer<typeof entityFilterSchema>;

/** GET /api/v1/db/entities?page&size&filter (size 10, 20, 50 or 100; default 20). */
export const entityListQuerySchema = z.object({
  page: pageNumberSchema,
  size: z.coerce
    .number()
    .int()
    .catch(limits.recordsPageSizeDefault)
    .transform((n) =>
      (limits.recordsPageSizes as readonly number[]).includes(n)
        ? n
        : limits.recordsPageSizeDefault,
    )
    .default(limits.recordsPageSizeDefault),
  filter: text().max(20_000),
});
export const entityListSchema = listResponseSchema(entitySchema);
export type EntityList = z.infer<typeof entityListSchema>;

/** DELETE /api/v1/db/entities/mass */
export const entityMassDeleteBodySchema = z.object({
  ids: z.array(text().max(200)).min(1).max(limits.recordsMassDeleteMax),
});
export const successSchema = z.object({ success: z.boolean() });

/**
 * The formats of the records CSV (docs/adr/0078): `excel`, what Excel and LibreOffice in pt-BR
 * open by double-click (`;`, decimal comma, Sim/Não, dd/MM/yyyy, BOM), the default; `csv`, RFC
 * 4180 with commas, decimal points, true/false and ISO 8601 dates.
 */
export const recordsCsvFormats = ['excel', 'csv'] as const;
export type RecordsCsvFormat = (typeof recordsCsvFormats)[number];

/**
 * GET /api/v1/db/entities/export/{id}/csv?filter&columns&format (columns: comma-separated
 * names; format: excel by default).
 */
export const entityExportQuerySchema = z.object({
  filter: text().max(20_000).optional(),
  columns: text().max(20_000).optional(),
  format: z
    .enum(recordsCsvFormats)
    .default('excel')
    .describe(
      'excel: ";", vírgula decimal, Sim/Não, DD/MM/AAAA, BOM (padrão); csv: RFC 4180 com ","',
    ),
});
export const entityExportSchema = z.object({ data: z.string(), filename: z.string() });
