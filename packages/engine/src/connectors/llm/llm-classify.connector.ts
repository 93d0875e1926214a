import { nodeManifestSchema } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import { defineNode, type NodeDefinition, type ParamSpecInput } from '../../kit/define-node';
import {
  llmAccountParams,
  llmMaskParam,
  llmModelOptions,
  llmTuningParams,
  openLlm,
  textOf,
} from './llm-call';
import { compileSchema, type SchemaCheck } from './llm-json';

const m = messages.llm;
const label = 'Classificar texto';
/** The node's own output when no class fits; a class cannot take its name (nor `error`). */
const otherOutput = 'other';
const reservedOutputs = [otherOutput, 'error'];

const params = {
  ...llmAccountParams,
  text: {
    type: 'textarea',
    label: 'Texto',
    required: true,
    placeholder: '{{ msg.payload.mensagem }}',
    description: 'O texto a classificar. Aceita expressões {{ }}.',
  },
  classes: {
    type: 'table-params',
    label: 'Classes',
    required: true,
    description: 'A descrição diz ao modelo o que pertence à classe.',
    columns: [
      { key: 'name', label: 'Classe', type: 'text' },
      { key: 'description', label: 'Descrição', type: 'text' },
    ],
  },
  instructions: {
    type: 'textarea',
    label: 'Instruções adicionais',
    description: 'O que mais o modelo deve considerar ao classificar (opcional).',
  },
  multiple: {
    type: 'boolean',
    label: 'Permitir mais de uma classe',
    default: false,
    description: 'A mensagem sai por cada classe escolhida.',
  },
  ...llmTuningParams(0),
  ...llmMaskParam,
} satisfies Record<string, ParamSpecInput>;

type ClassRow = { name: string; description: string };

/** The classes' rows as saved: a pt-BR problem for a name that cannot be an output. */
function classesProblem(rows: unknown): string | null {
  if (!Array.isArray(rows) || rows.length === 0) return m.classesRequired;
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const raw = (row as Record<string, unknown> | null)?.name;
    const name = textOf(raw);
    if (!name) return m.classNameRequired(index + 1);
    if (name.includes('{{')) return m.classNameExpression(index + 1);
    if (reservedOutputs.includes(name)) return m.classNameReserved(name);
    if (seen.has(name)) return m.classNameTwice(name);
    seen.add(name);
  }
  return null;
}

function classesOf(rows: unknown): ClassRow[] {
  const problem = classesProblem(rows);
  if (problem) throw new Error(problem);
  return (rows as Record<string, unknown>[]).map((row) => ({
    name: textOf(row.name),
    description: textOf(row.description),
  }));
}

/** The JSON Schema of an answer: the chosen classes among the node's, and why. */
function answerSchema(classes: ClassRow[], multiple: boolean): string {
  return JSON.stringify({
    type: 'object',
    properties: {
      classes: {
        type: 'array',
        items: { type: 'string', enum: classes.map((row) => row.name) },
        ...(multiple ? {} : { maxItems: 1 }),
      },
      motivo: { type: 'string' },
    },
    required: ['classes'],
  });
}

/**
 * The answer's check: a class the node does not have is named (the model reads it in the
 * retry, the person in the failure); the rest by the schema.
 */
function answerCheck(classes: ClassRow[], schema: string): SchemaCheck {
  const bySchema = compileSchema(schema)!;
  const names = classes.map((row) => row.name);
  return (value) => {
    const answered = (value as { classes?: unknown } | null)?.classes;
    const unknown = Array.isArray(answered)
      ? answered.find((name) => typeof name === 'string' && !names.includes(name))
      : undefined;
    if (typeof unknown === 'string') return m.classUnknown(unknown, names.join(', '));
    return bySchema(value);
  };
}

/** What the model is told: the classes with their descriptions, how many, and when none fits. */
function systemOf(classes: ClassRow[], multiple: boolean, instructions: string): string {
  const list = classes
    .map((row) => `- "${row.name}"${row.description ? `: ${row.description}` : ''}`)
    .join('\n');
  return [
    `Classifique o texto do usuário em ${multiple ? 'todas as classes que se aplicam' : 'uma só classe'}, entre estas:\n${list}`,
    'Se nenhuma classe servir, responda com a lista de classes vazia. Use os nomes das classes exatamente como estão escritos e diga o motivo em uma frase.',
    instructions,
    'Formato: {"classes": ["<classe>"], "motivo": "<uma frase>"}',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const node = defineNode({
  type: 'svc_llm_classify',
  version: 1,
  category: 'ai',
  label,
  description:
    'Pede a um modelo de linguagem a classe de um texto e segue pela saída da classe; senão, por "Outros".',
  icon: 'tags',
  params,
  outputs: { [otherOutput]: { label: 'Outros' } },
  dynamicOutputs: { param: 'classes', key: 'name' },
  checkParams: (raw) => classesProblem(raw.classes),
  async run({ params: raw, input, ports, scope, signal, log }) {
    const text = textOf(raw.text);
    if (!text) throw new Error(m.textRequired);
    const classes = classesOf(raw.classes);
    const multiple = raw.multiple === true;
    const llm = await openLlm(label, raw as Record<string, unknown>, { ports, scope, signal, log });
    const schema = answerSchema(classes, multiple);
    const hidden = classes.map((row) => ({ ...row, description: llm.hide(row.description) }));
    const answer = (await llm.askJson({
      system: systemOf(hidden, multiple, llm.hide(textOf(raw.instructions))),
      message: llm.hide(text),
      schema,
      check: answerCheck(classes, schema),
      rejected: m.classificationRejected,
    })) as { classes: string[]; motivo?: string };
    const chosen = [...new Set(answer.classes)];
    const motivo = textOf(answer.motivo);
    const report = llm.report();
    const messageOn = (output: string) => ({
      output,
      msg: {
        ...input,
        classificacao: { classes: [...chosen], ...(motivo ? { motivo } : {}) },
        llm: report,
      },
    });
    return chosen.length ? chosen.map(messageOn) : messageOn(otherOutput);
  },
});

/**
 * 'Classificar texto' (docs/ai.md, docs/adr/0096): one output per class of its table, like
 * the switch's rules; the model's answer checked against the classes and asked again once.
 */
export const llmClassifyConnector: NodeDefinition = {
  ...node,
  manifest: nodeManifestSchema.parse(node.manifest),
  lookupOptions: (name, request) => llmModelOptions(label, name, request),
};
