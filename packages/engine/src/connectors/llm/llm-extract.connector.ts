import { messages } from '@ponte/shared/messages';
import { defineNode, type NodeDefinition, type ParamSpecInput } from '../../kit/define-node';
import { llmAccountParams, llmMaskParam, llmNode, llmTuningParams } from './llm-call';
import { compileSchema } from './llm-json';
import {
  namedRows,
  openTextStep,
  rowNamesProblem,
  stepInstructionsParam,
  stepTextParam,
  type RowNaming,
} from './llm-text-step';

const m = messages.llm;
const label = 'Extrair dados';

/** Each field type: its name in the table, what the model is told, its JSON Schema. */
const fieldTypes = {
  text: { label: 'texto', said: 'texto', schema: { type: 'string' } },
  number: { label: 'número', said: 'número JSON, sem aspas', schema: { type: 'number' } },
  boolean: { label: 'sim/não', said: 'true ou false', schema: { type: 'boolean' } },
  date: {
    label: 'data',
    said: 'data no formato AAAA-MM-DD (YYYY-MM-DD)',
    schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  },
  list: {
    label: 'lista de textos',
    said: 'lista de textos',
    schema: { type: 'array', items: { type: 'string' } },
  },
} as const;
type FieldType = keyof typeof fieldTypes;

const params = {
  ...llmAccountParams,
  ...stepTextParam('O texto de onde tirar os dados. Aceita expressões {{ }}.'),
  fields: {
    type: 'table-params',
    label: 'Campos',
    required: true,
    description:
      'Cada campo vira uma chave de msg.payload; a descrição diz ao modelo o que procurar. Um campo opcional que o texto não traz vem null.',
    columns: [
      { key: 'name', label: 'Campo', type: 'text' },
      {
        key: 'type',
        label: 'Tipo',
        type: 'select',
        options: Object.entries(fieldTypes).map(([value, type]) => ({ label: type.label, value })),
      },
      { key: 'description', label: 'Descrição', type: 'text' },
      { key: 'required', label: 'Obrigatório', type: 'boolean' },
    ],
  },
  ...stepInstructionsParam('O que mais o modelo deve considerar ao extrair (opcional).'),
  ...llmTuningParams(0),
  ...llmMaskParam,
} satisfies Record<string, ParamSpecInput>;

type Field = { name: string; type: FieldType; description: string; required: boolean };

const fieldNaming: RowNaming = {
  none: m.fieldsRequired,
  unnamed: m.fieldNameRequired,
  expression: m.fieldNameExpression,
  twice: m.fieldNameTwice,
};

/** The fields of the table, a type left empty read as text. */
function fieldsOf(rows: unknown): Field[] {
  return namedRows(rows, fieldNaming).map((row) => ({
    name: row.name,
    type: (Object.hasOwn(fieldTypes, String(row.type)) ? row.type : 'text') as FieldType,
    description: row.description,
    required: row.required === true || row.required === 'true',
  }));
}

/** The answer's JSON Schema: an optional field may be null or left out; a required one not. */
function answerSchema(fields: Field[]): string {
  const properties = Object.fromEntries(
    fields.map((field) => {
      const schema = fieldTypes[field.type].schema;
      return [field.name, field.required ? schema : { anyOf: [schema, { type: 'null' }] }];
    }),
  );
  const required = fields.filter((field) => field.required).map((field) => field.name);
  return JSON.stringify({ type: 'object', properties, required });
}

/** What the model is told: each field with its type, whether it must be there, and what it is. */
function systemOf(fields: Field[], instructions: string): string {
  const list = fields
    .map((field) => {
      const kind = `${fieldTypes[field.type].said}, ${field.required ? 'obrigatório' : 'opcional'}`;
      return `- "${field.name}" (${kind})${field.description ? `: ${field.description}` : ''}`;
    })
    .join('\n');
  return [
    `Extraia do texto do usuário estes campos, cada um numa chave do JSON com o nome exato:\n${list}`,
    'Use null num campo opcional que o texto não traz. Não invente valores. Datas no formato AAAA-MM-DD (YYYY-MM-DD).',
    instructions,
  ]
    .filter(Boolean)
    .join('\n\n');
}

const node = defineNode({
  type: 'svc_llm_extract',
  version: 1,
  category: 'ai',
  label,
  description:
    'Pede a um modelo de linguagem os campos que você define, tirados de um texto, e os entrega em msg.payload.',
  icon: 'list-details',
  params,
  outputs: { default: { label: 'Saída' } },
  checkParams: (raw) => rowNamesProblem(raw.fields, fieldNaming),
  async run({ params: raw, input, ports, scope, signal, log }) {
    const fields = fieldsOf(raw.fields);
    const { llm, message, instructions } = await openTextStep(label, raw, {
      ports,
      scope,
      signal,
      log,
    });
    const schema = answerSchema(fields);
    const hidden = fields.map((field) => ({ ...field, description: llm.hide(field.description) }));
    const answer = (await llm.askJson({
      system: systemOf(hidden, instructions),
      message,
      schema,
      check: compileSchema(schema),
      rejected: m.extractionRejected,
    })) as Record<string, unknown>;
    // Only the fields asked, in their order; one the model left out comes as null.
    const payload = Object.fromEntries(
      fields.map((field) => [field.name, answer[field.name] ?? null]),
    );
    return { output: 'default', msg: { ...input, payload, llm: llm.report() } };
  },
});

/**
 * 'Extrair dados' (docs/ai.md, docs/adr/0096): the fields of its table asked as a JSON
 * Schema, the answer checked and asked again once, its masked values put back.
 */
export const llmExtractConnector: NodeDefinition = llmNode(label, node);
