import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { listResponseSchema, pageNumberSchema } from './pagination';
import { text } from './text';
import { versionStampSchema } from './versions.schema';

/**
 * Public forms (spec 2 'Forms', §3 Form and Form field, §4, §5 'Form save', §7 'Forms', §8
 * 'Form', §9; docs/adr/0038). The API's shapes and the save rules, shared by the server, the
 * builder and the public page.
 */
const m = messages.forms;

export const formStatuses = ['draft', 'published'] as const;
export type FormStatus = (typeof formStatuses)[number];

/** Spec 2 §3, in the order the builder offers them. */
export const formFieldTypes = [
  'text',
  'textarea',
  'date',
  'datetime',
  'checkbox',
  'select',
  'radio',
  'multiple_checkbox',
  'multiple_select',
  'upload',
  'hidden',
  'separator',
  'table',
] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

/** Types whose options are a list (manual or from a database table). */
export const optionFieldTypes: readonly FormFieldType[] = [
  'select',
  'radio',
  'multiple_checkbox',
  'multiple_select',
  'table',
];
/** Types that never hold a value a person must give (§4: a change to them clears required). */
export const notRequirableTypes: readonly FormFieldType[] = ['separator', 'table'];

/** Spec 2 §5: masks of text fields ('' for none). */
export const formMasks = [
  '',
  'cpf',
  'cnpj',
  'phone',
  'mobile',
  'date',
  'datetime',
  'time',
  'cep',
  'price_brl',
  'price_usd',
  'custom',
] as const;
export type FormMask = (typeof formMasks)[number];

/** Spec 2 §5: validations of text and textarea fields ('' for none). */
export const formValidations = [
  '',
  'email',
  'cpf',
  'cnpj',
  'telefone_br',
  'celular_br',
  'date_br',
  'datetime_br',
  'time',
  'cep',
  'url',
  'number',
] as const;
export type FormValidation = (typeof formValidations)[number];

/** '' : options typed in the builder; 'database': records of one of the workspace's tables. */
export const formOptionSources = ['', 'database'] as const;
export type FormOptionSource = (typeof formOptionSources)[number];

const shortText = (max: number) => text().max(max).catch('').default('');

/** An option of a list field; for a table field, a column (with its required flag). */
export const formOptionSchema = z.object({
  label: text().max(limits.formLabelMax).default(''),
  value: text().max(limits.formLabelMax).default(''),
  is_required: z.boolean().optional(),
});
export type FormOption = z.infer<typeof formOptionSchema>;

/** A field as the builder edits it and the API keeps it (spec 2 §3 Form field). */
export const formFieldSchema = z.object({
  name: text().max(limits.formLabelMax).default(''),
  label: text().max(limits.formLabelMax).default(''),
  type: z.enum(formFieldTypes),
  default_value: text().max(limits.formTextMax, { error: m.textTooLong }).default(''),
  is_required: z.boolean().default(false),
  mask: z.enum(formMasks).catch('').default(''),
  mask_custom: shortText(100),
  validation: z.enum(formValidations).catch('').default(''),
  upload_multiple: z.boolean().default(false),
  /** Comma list without dots ('pdf, jpg'); '' accepts any extension. */
  upload_extensions: shortText(500),
  /** In Mb (1024 × 1024 bytes). */
  upload_maxsize: z.coerce.number().default(limits.formUploadMaxSizeDefaultMb),
  options: z.array(formOptionSchema).default([]),
  options_source_type: z.enum(formOptionSources).catch('').default(''),
  /** The database table's `_id`. */
  options_source_table: shortText(100),
  options_source_value_field: text().max(200).default('_id'),
  options_source_label_field: shortText(200),
  position: z.number().int().min(0).default(0),
  /** Clamped to 1..100 on save (spec 2 §5). */
  width_percent: z.coerce
    .number()
    .catch(limits.formFieldWidthDefault)
    .transform((n) =>
      Math.min(limits.formFieldWidthMax, Math.max(limits.formFieldWidthMin, Math.round(n))),
    )
    .default(limits.formFieldWidthDefault),
});
export type FormField = z.infer<typeof formFieldSchema>;
export type FormFieldInput = z.input<typeof formFieldSchema>;

/** A new field of a type, with the spec's defaults. */
export function newFormField(type: FormFieldType, position: number): FormField {
  return formFieldSchema.parse({ type, position });
}

/** The form as the API sends it. The PIN itself never leaves the server: `auth_pin_set`. */
export const formSchema = z.object({
  _id: z.string(),
  name: z.string(),
  group: z.string().nullable(),
  status: z.enum(formStatuses),
  fields: z.array(formFieldSchema),
  title: z.string(),
  message: z.string(),
  success_message: z.string(),
  show_back_button: z.boolean(),
  wait_flow_result: z.boolean(),
  require_auth_pin: z.boolean(),
  /** A PIN is stored (it is kept hashed and never sent back). */
  auth_pin_set: z.boolean(),
  /** The consumer: the earliest-created enabled flow whose 'Formulário' trigger names the form. */
  flow_id: z.object({ _id: z.string(), name: z.string() }).nullable(),
  workspace_id: z.string(),
  /** The number of its current version (docs/adr/0103); its `ETag` too. */
  version: z.number().int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Form = z.infer<typeof formSchema>;

/** GET /api/v1/forms: page, limit (10 unless told; list-all up to 1000), query, group. */
export const formListQuerySchema = z.object({
  page: pageNumberSchema,
  limit: z.coerce
    .number()
    .int()
    .catch(limits.formsPageSize)
    .transform((n) => Math.min(limits.formsLookup, Math.max(1, n)))
    .default(limits.formsPageSize),
  query: text().trim().max(200).optional(),
  group: text().max(200).optional(),
});
export const formListSchema = listResponseSchema(formSchema);
export type FormList = z.infer<typeof formListSchema>;

const codePattern = /^[A-Za-z][A-Za-z0-9_]*$/;
const pinPattern = /^[A-Za-z0-9]*$/;
const extensionsPattern = /^\s*\.?[A-Za-z0-9]{1,16}(\s*,\s*\.?[A-Za-z0-9]{1,16})*\s*$/;

/** A field of a body, with the rules of `fieldIssues` the document of the API can say. */
const formFieldBodySchema = formFieldSchema.meta({
  allOf: [
    {
      if: { required: ['type'], properties: { type: { const: 'separator' } } },
      else: {
        required: ['name', 'label'],
        properties: {
          name: { pattern: '^\\s*[A-Za-z][A-Za-z0-9_]*\\s*$', maxLength: limits.formFieldCodeMax },
          label: { pattern: '\\S' },
        },
      },
    },
    {
      if: { required: ['mask'], properties: { mask: { const: 'custom' } } },
      then: { required: ['mask_custom'], properties: { mask_custom: { pattern: '\\S' } } },
    },
    {
      if: { required: ['type'], properties: { type: { const: 'upload' } } },
      then: {
        properties: {
          upload_maxsize: { exclusiveMinimum: 0, maximum: limits.formUploadMaxSizeLimitMb },
          upload_extensions: { pattern: `^\\s*$|${extensionsPattern.source}` },
        },
      },
    },
    {
      if: { required: ['type'], properties: { type: { enum: [...optionFieldTypes] } } },
      then: {
        anyOf: [
          {
            // A table field reads only the table; the others a value and a label column too.
            required: [
              'options_source_type',
              'options_source_table',
              'options_source_value_field',
              'options_source_label_field',
            ],
            properties: {
              options_source_type: { const: 'database' },
              options_source_table: { pattern: '\\S' },
              options_source_value_field: { pattern: '\\S' },
              options_source_label_field: { pattern: '\\S' },
            },
          },
          {
            required: ['options'],
            properties: {
              options: {
                minItems: 1,
                maxItems: limits.formOptionsMax,
                items: {
                  required: ['label', 'value'],
                  properties: { label: { pattern: '\\S' }, value: { pattern: '\\S' } },
                },
              },
            },
          },
        ],
      },
    },
  ],
});

/** What the builder saves; every rule of spec 2 §5 is checked by `formSaveIssues`. */
const formFields = {
  name: text()
    .trim()
    .max(limits.formNameMax, { error: m.nameTooLong })
    .default('')
    .meta({ pattern: '\\S' }),
  group: text().max(200).nullish(),
  status: z.enum(formStatuses).catch('draft').default('draft'),
  fields: z
    .array(formFieldBodySchema)
    .max(limits.formFieldsMax, { error: m.tooManyFields })
    .default([])
    .meta({ minItems: 1 }),
  title: text().max(limits.formTextMax, { error: m.textTooLong }).default(''),
  message: text().max(limits.formTextMax, { error: m.textTooLong }).default(''),
  success_message: text()
    .max(limits.formTextMax, { error: m.textTooLong })
    .default(m.successDefault),
  show_back_button: z.boolean().default(true),
  wait_flow_result: z.boolean().default(false),
  require_auth_pin: z.boolean().default(false),
  /** A new PIN; absent or '' keeps the stored one (cleared when PIN auth is turned off). */
  auth_pin: text().optional().meta({ pattern: pinPattern.source, maxLength: limits.formPinMax }),
};

export interface FormSaveIssue {
  /** `name`, `auth_pin`, or `fields.N.…` (N from 0). */
  path: (string | number)[];
  message: string;
}

/** The issues of one field at index `i` (spec 2 §5). */
function fieldIssues(field: FormFieldInput, i: number, codes: Set<string>): FormSaveIssue[] {
  const n = i + 1;
  const at = (key: string) => ['fields', i, key];
  const issues: FormSaveIssue[] = [];
  if (field.type === 'separator') return issues;
  const code = (field.name ?? '').trim();
  if (!code) issues.push({ path: at('name'), message: m.codeRequired(n) });
  else if (!codePattern.test(code) || code.length > limits.formFieldCodeMax)
    issues.push({ path: at('name'), message: m.codeInvalid(n) });
  else if (codes.has(code.toLowerCase()))
    issues.push({ path: at('name'), message: m.codeTaken(n) });
  codes.add(code.toLowerCase());
  if (!(field.label ?? '').trim()) issues.push({ path: at('label'), message: m.labelRequired(n) });
  if (field.type === 'text' && field.mask === 'custom' && !(field.mask_custom ?? '').trim())
    issues.push({ path: at('mask_custom'), message: m.customMaskRequired(n) });
  if (field.type === 'upload') {
    const size = Number(field.upload_maxsize ?? limits.formUploadMaxSizeDefaultMb);
    if (!Number.isFinite(size) || size <= 0 || size > limits.formUploadMaxSizeLimitMb)
      issues.push({ path: at('upload_maxsize'), message: m.uploadMaxSizeInvalid(n) });
    const extensions = field.upload_extensions ?? '';
    if (extensions.trim() && !extensionsPattern.test(extensions))
      issues.push({ path: at('upload_extensions'), message: m.uploadExtensionsInvalid(n) });
  }
  if (!optionFieldTypes.includes(field.type)) return issues;
  if ((field.options_source_type ?? '') === 'database') {
    if (!(field.options_source_table ?? '').trim())
      issues.push({ path: at('options_source_table'), message: m.sourceTableRequired(n) });
    else if (field.type !== 'table') {
      if (!(field.options_source_value_field ?? '').trim())
        issues.push({ path: at('options_source_value_field'), message: m.sourceValueRequired(n) });
      if (!(field.options_source_label_field ?? '').trim())
        issues.push({ path: at('options_source_label_field'), message: m.sourceLabelRequired(n) });
    }
    return issues;
  }
  const options = field.options ?? [];
  if (!options.length) issues.push({ path: at('options'), message: m.optionsRequired(n) });
  if (options.length > limits.formOptionsMax)
    issues.push({ path: at('options'), message: m.tooManyOptions(n) });
  options.forEach((option, o) => {
    if (!(option.label ?? '').trim() || !(option.value ?? '').trim())
      issues.push({ path: ['fields', i, 'options', o], message: m.optionIncomplete(o + 1, n) });
  });
  return issues;
}

/**
 * Every rule of spec 2 §5 'Form save', in the order a person reads them: the builder shows the
 * first, the server answers 400 with all of them. `pinStored`: the form already has a PIN.
 */
export function formSaveIssues(
  form: {
    name?: string;
    fields?: FormFieldInput[];
    require_auth_pin?: boolean;
    auth_pin?: string | undefined;
  },
  pinStored = false,
): FormSaveIssue[] {
  const issues: FormSaveIssue[] = [];
  if (!(form.name ?? '').trim()) issues.push({ path: ['name'], message: m.nameRequired });
  const fields = form.fields ?? [];
  if (!fields.length) issues.push({ path: ['fields'], message: m.fieldsRequired });
  const codes = new Set<string>();
  fields.forEach((field, i) => issues.push(...fieldIssues(field, i, codes)));
  const pin = form.auth_pin ?? '';
  if (pin.length > limits.formPinMax || !pinPattern.test(pin))
    issues.push({ path: ['auth_pin'], message: m.pinInvalid });
  else if (form.require_auth_pin && !pin && !pinStored)
    issues.push({ path: ['auth_pin'], message: m.pinRequired });
  return issues;
}

/** §4: a field changed to separator or table loses its required flag. */
export function withFieldType(field: FormField, type: FormFieldType): FormField {
  return {
    ...field,
    type,
    is_required: notRequirableTypes.includes(type) ? false : field.is_required,
  };
}

/** The fields in their saved order: positions renumbered 0..n-1, required cleared (§4). */
export function normaliseFormFields(fields: FormField[]): FormField[] {
  return fields.map((field, position) => ({
    ...field,
    name: field.name.trim(),
    is_required: notRequirableTypes.includes(field.type) ? false : field.is_required,
    position,
  }));
}

/** What the document of the API says of a form's body beyond its fields' own rules. */
const formBodyRules = {
  required: ['name', 'fields'],
  allOf: [
    {
      if: { required: ['require_auth_pin'], properties: { require_auth_pin: { const: true } } },
      then: { required: ['auth_pin'], properties: { auth_pin: { minLength: 1 } } },
    },
  ],
};

/**
 * POST /api/v1/forms (the server also checks `formSaveIssues`, with the stored PIN). A PIN is
 * asked for when the form requires one (an update may omit it to keep the stored one).
 */
export const formBodySchema = z.object(formFields).meta(formBodyRules);
export type FormBody = z.input<typeof formBodySchema>;
export type FormBodyParsed = z.output<typeof formBodySchema>;

/** PUT /api/v1/forms/{id}: the form, the version it was based on and the change's message. */
export const formUpdateBodySchema = z
  .object({ ...formFields, ...versionStampSchema.shape })
  .meta(formBodyRules);
export type FormUpdateBody = z.input<typeof formUpdateBodySchema>;
export type FormUpdateBodyParsed = z.output<typeof formUpdateBodySchema>;

/**
 * The export file `{slug}.form.json` (spec 2 §9): the form without `_id`, version, group, the
 * server's fields and the PIN (which never leaves the server). An import reads the same shape
 * and drops whatever else it holds.
 */
export const formFileSchema = z.object({
  name: text().max(limits.formNameMax).default(''),
  status: z.enum(formStatuses).catch('draft').default('draft'),
  fields: z.array(formFieldSchema).max(limits.formFieldsMax),
  title: text().max(limits.formTextMax).default(''),
  message: text().max(limits.formTextMax).default(''),
  success_message: text().max(limits.formTextMax).default(m.successDefault),
  show_back_button: z.boolean().default(true),
  wait_flow_result: z.boolean().default(false),
  require_auth_pin: z.boolean().default(false),
});
export type FormFile = z.infer<typeof formFileSchema>;

/** The public side of a field: no database source, its options resolved (at most 100 records). */
export const publicFormFieldSchema = formFieldSchema
  .omit({
    options_source_type: true,
    options_source_table: true,
    options_source_value_field: true,
    options_source_label_field: true,
  })
  .extend({ options: z.array(formOptionSchema) });
export type PublicFormField = z.infer<typeof publicFormFieldSchema>;

/**
 * GET /engine/forms/{id}/definition. A form with PIN answers `locked: true` with its title
 * only until the PIN comes in the `x-ponte-form-pin` header. `preview`: a draft shown to a
 * signed-in member of its workspace. `message` and `success_message` are sanitised HTML.
 */
export const publicFormSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  success_message: z.string(),
  show_back_button: z.boolean(),
  wait_flow_result: z.boolean(),
  require_auth_pin: z.boolean(),
  locked: z.boolean(),
  preview: z.boolean(),
  fields: z.array(publicFormFieldSchema),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

/** The header that carries the PIN to the definition and the submit routes. */
export const formPinHeader = 'x-ponte-form-pin';

/**
 * POST /engine/forms/{id}/submit, multipart, in this order: `values` (a JSON object: field code
 * → value), then one part per file named by its upload field's code. The PIN travels in
 * `x-ponte-form-pin`. Values by type: text, textarea, hidden, select, radio → string; date →
 * 'AAAA-MM-DD'; datetime → 'AAAA-MM-DDTHH:mm'; checkbox → boolean; multiple_checkbox,
 * multiple_select → string[]; table → rows, each an object of column value → string.
 */
export const formSubmitValuesSchema = z.record(z.string(), z.unknown());
export type FormSubmitValues = z.infer<typeof formSubmitValuesSchema>;

/**
 * What an accepted submission answers (200). `sent`: the flow started; `result`: what the flow
 * answered through "Responder webhook" (or its last message) when the form waits; `error`: the
 * flow failed; `timeout`: it did not answer within the time limit. Refusals answer the error
 * body: 400 `form_invalid` with `details` [{field: code, message}], 401 `form_pin`, 404, 413,
 * 429.
 */
export const formSubmitAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('sent') }),
  z.object({ outcome: z.literal('result'), result: z.unknown() }),
  z.object({ outcome: z.literal('error'), message: z.string() }),
  z.object({ outcome: z.literal('timeout'), message: z.string() }),
]);
export type FormSubmitAnswer = z.infer<typeof formSubmitAnswerSchema>;
